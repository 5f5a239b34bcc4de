import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import { createExports, EXPORTS_JOB, type ExportSection } from "./privacy.exports.ts";
import { createPrivacyRepo } from "./privacy.repo.ts";
import { privacyRoutes } from "./privacy.routes.ts";

export { EXPORTS_JOB, type ExportSection } from "./privacy.exports.ts";

/**
 * A member's privacy (issue 29, item 3): "Download my data" under /api/v2/users/me/export(s). Archives are
 * kept in `<dataDir>/exports`, outside what is served. Deleting one's account is the users feature's.
 */
export async function registerPrivacy(
  app: FastifyInstance,
  platform: Platform,
  sections: readonly ExportSection[],
): Promise<void> {
  const exports = createExports({
    repo: createPrivacyRepo(platform.db, platform.database.dialect),
    platform,
    sections,
    exportsDir: path.join(platform.config.dataDir, "exports"),
  });
  platform.jobs.register(EXPORTS_JOB, () => exports.run(), { everyMs: 60_000 });
  await app.register(privacyRoutes, { prefix: "/api/v2", exports });
}
