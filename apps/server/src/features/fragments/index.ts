import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import { createFragmentsRepo } from "./fragments.repo.ts";
import { fragmentsRoutes } from "./fragments.routes.ts";
import { createFragmentsService } from "./fragments.service.ts";

/**
 * `/api/v2/fragments` (Vanilla's dashboard-fragments.yml, issue 38): administrators' own widgets, their code in
 * revisions (drafts, the active one, past ones), served to pages only inside a sandboxed frame.
 */
export async function registerFragments(app: FastifyInstance, platform: Platform): Promise<void> {
  const service = createFragmentsService({
    db: platform.db,
    repo: createFragmentsRepo(platform.db),
    clock: platform.clock,
    events: platform.events,
  });
  await app.register(fragmentsRoutes, { prefix: "/api/v2", service });
}
