import type { FastifyInstance } from "fastify";
import { attachmentsLimits } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import { allowedHostsOf } from "../../platform/site-config.ts";
import { createAttachmentsRepo } from "./attachments.repo.ts";
import { attachmentsRoutes } from "./attachments.routes.ts";
import {
  createAttachmentsService,
  type AttachmentRecordBatchChecks,
  type AttachmentRecordLoaders,
} from "./attachments.service.ts";
import { createTicketClient } from "./ticket.client.ts";

export type { AttachmentRecordBatchChecks, AttachmentRecordLoaders } from "./attachments.service.ts";

/**
 * Attachments (issue 40, item 3; docs/features/attachments.md): outside records attached to posts, here tickets
 * made through a generic ticket integration a site manager points at any JSON HTTP API with address and body
 * templates; staff see them on the post, moderators create and refresh them.
 */
export async function registerAttachments(
  app: FastifyInstance,
  platform: Platform,
  deps: { records: AttachmentRecordLoaders; readable?: AttachmentRecordBatchChecks },
): Promise<void> {
  const repo = createAttachmentsRepo(platform.db);
  const allowedHosts = async () => allowedHostsOf(await platform.siteConfig.get("attachments.allowedHosts"));
  const client = createTicketClient({ allowedHosts });
  const refreshLimiter = platform.limiter("attachments-refresh", attachmentsLimits.refreshPerMinute, 60_000);
  const service = createAttachmentsService({
    repo,
    platform,
    records: deps.records,
    ...(deps.readable ? { readable: deps.readable } : {}),
    client,
    refreshLimiter,
    allowedHosts,
  });
  await app.register(attachmentsRoutes, { prefix: "/api/v2", service });
}
