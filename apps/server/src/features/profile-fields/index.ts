import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import { createProfileFieldsRepo } from "./profile-fields.repo.ts";
import { profileFieldsRoutes } from "./profile-fields.routes.ts";
import { createProfileFieldsService, type ProfileFieldsService } from "./profile-fields.service.ts";

export { checkShape } from "./profile-fields.service.ts";

export type { ProfileFieldsService };
/** A custom field's value checked against its definition (post fields check theirs the same way). */
export { checkValue, missingError } from "./profile-fields.values.ts";

/**
 * Custom profile fields (issue 29, Vanilla's profile fields). Made before users, whose records expand
 * `profileFields` and whose deletion clears a member's values; routes come with `registerProfileFields`.
 */
export function createProfileFields(platform: Platform): ProfileFieldsService {
  return createProfileFieldsService({ repo: createProfileFieldsRepo(platform.db), platform });
}

export async function registerProfileFields(app: FastifyInstance, service: ProfileFieldsService): Promise<void> {
  await app.register(profileFieldsRoutes, { prefix: "/api/v2", service });
}
