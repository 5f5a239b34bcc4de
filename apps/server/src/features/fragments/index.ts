import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";
import type { Platform } from "../../platform/context.ts";
import { createFragmentsRepo } from "./fragments.repo.ts";
import { fragmentsRoutes } from "./fragments.routes.ts";
import { createFragmentsService, type FragmentsServiceOptions } from "./fragments.service.ts";

/**
 * `/api/v2/fragments` (Vanilla's dashboard-fragments.yml, issue 38): administrators' own widgets, their code in
 * revisions (drafts, the active one, past ones), served to pages only inside a sandboxed frame.
 */
export async function registerFragments(
  app: FastifyInstance,
  platform: Platform,
  deps: { fragmentViews: FragmentsServiceOptions["fragmentViews"] },
): Promise<void> {
  const service = createFragmentsService({
    fragmentViews: deps.fragmentViews,
    db: platform.db,
    repo: createFragmentsRepo(platform.db),
    clock: platform.clock,
    events: platform.events,
  });
  await app.register(fragmentsRoutes, { prefix: "/api/v2", service });
}

/**
 * A fragment's active revision as a page places it (the layouts' `react.customFragment`, Vanilla's fragment
 * implementation): its code's and frame's addresses and its CSS; null when there is no such fragment or it has no
 * active revision yet.
 */
export function createFragmentImpls(db: Kysely<DB>) {
  const repo = createFragmentsRepo(db);
  return async (fragmentUUID: string, origin: string) => {
    const row = await repo.findByStatus(fragmentUUID, "active");
    if (!row) return null;
    const base = `${origin}/api/v2/fragments/${row.fragmentUUID}`;
    const revision = `fragmentRevisionUUID=${row.fragmentRevisionUUID}`;
    return {
      fragmentUUID: row.fragmentUUID,
      fragmentRevisionUUID: row.fragmentRevisionUUID,
      jsUrl: `${base}/js?${revision}`,
      cssUrl: `${base}/css?${revision}`,
      css: row.css,
      frameUrl: `${base}/frame?${revision}`,
    };
  };
}
