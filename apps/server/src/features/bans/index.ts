import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import { createAddressBook } from "./bans.addresses.ts";
import type { UserFragments } from "./bans.deps.ts";
import { createBansRepo } from "./bans.repo.ts";
import { bansRoutes } from "./bans.routes.ts";
import { createBansService } from "./bans.service.ts";

/**
 * Bans by rule (issue 30, Vanilla's Ban Rules): `/api/v2/ban-rules`, the check registration and sign-in pass
 * (`platform.admission`), and a member's IP addresses for moderators (`/users/{id}/ip-addresses`).
 */
export async function registerBans(app: FastifyInstance, platform: Platform, deps: { users: UserFragments }) {
  const service = createBansService({ repo: createBansRepo(platform.db), platform, clock: platform.clock });
  platform.admission.use(service.admission);
  const addressesOf = createAddressBook({
    db: platform.db,
    users: deps.users,
    addressRules: (ips) => service.addressRules(ips),
  });
  await app.register(bansRoutes, { prefix: "/api/v2", service, addressesOf });
}
