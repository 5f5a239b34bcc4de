import path from "node:path";
import type { FastifyInstance } from "fastify";
import { sharedMediaSchemas } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import type { RecordAccess } from "./media.manage.ts";
import { createMediaRepo } from "./media.repo.ts";
import { mediaRoutes } from "./media.routes.ts";
import { createMediaService, UPLOAD_WINDOW_MS, UPLOADS_PER_WINDOW, type MediaService } from "./media.service.ts";

export type { MediaService };
export type { RecordAccess } from "./media.manage.ts";
export type { GeneratedImage } from "./media.service.ts";
export { sniffImage } from "./media.images.ts";

/** Uploads: /api/v2/media, and the stored files under /uploads (kept in `platform.storage`: the disk or a bucket). */
export async function registerMedia(
  app: FastifyInstance,
  platform: Platform,
  records: RecordAccess,
): Promise<MediaService> {
  for (const schema of sharedMediaSchemas) app.addSchema(schema);
  const service = createMediaService({
    repo: createMediaRepo(platform.db),
    siteConfig: platform.siteConfig,
    storage: platform.storage,
    scratchDir: path.join(platform.config.dataDir, "incoming"),
    limiter: platform.limiter("media-upload", UPLOADS_PER_WINDOW, UPLOAD_WINDOW_MS),
    clock: platform.clock,
    records,
  });
  await app.register(mediaRoutes, { service });
  return service;
}
export { importedMediaPaths, insertImportedMedia, type ImportedFile } from "./media.import.ts";
