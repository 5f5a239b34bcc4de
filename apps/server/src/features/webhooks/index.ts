import type { FastifyInstance } from "fastify";
import { webhooksLimits } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { allowedHostsOf } from "../../platform/site-config.ts";
import { createWebhookSender, WEBHOOKS_JOB, WEBHOOKS_JOB_EVERY_MS } from "./webhooks.deliver.ts";
import { listenForWebhookEvents, type WebhookRecordLoaders } from "./webhooks.enqueue.ts";
import { createWebhooksRepo } from "./webhooks.repo.ts";
import { webhooksRoutes } from "./webhooks.routes.ts";
import { createWebhooksService } from "./webhooks.service.ts";

export { WEBHOOKS_JOB } from "./webhooks.deliver.ts";

/** The job that deletes finished deliveries older than `webhooksLimits.deliveryRetentionDays` (every 6 hours). */
export const WEBHOOKS_PRUNE_JOB = "webhooks.prune";
const WEBHOOKS_PRUNE_EVERY_MS = 6 * 60 * 60_000;
export type { WebhookRecordLoaders } from "./webhooks.enqueue.ts";

/**
 * Webhooks (issue 39, item 4; docs/features/webhooks.md): site managers register addresses for events; each
 * event is written as a delivery per subscribed webhook right after its write, and the `webhooks.deliver` job
 * POSTs it signed (HMAC-SHA256), retrying with back-off and disabling a webhook after repeated failure.
 */
export async function registerWebhooks(
  app: FastifyInstance,
  platform: Platform,
  deps: {
    /** Each record type's GET (its owner's service). */
    records: WebhookRecordLoaders;
    /** The system account (made on first use). */
    systemUserID: () => Promise<number>;
  },
): Promise<void> {
  const repo = createWebhooksRepo(platform.db, platform.database.dialect);
  const allowedHosts = async () => allowedHostsOf(await platform.siteConfig.get("webhooks.allowedHosts"));
  // The system as a viewer: its own account with an administrator's rights (webhooks are the site's, and see
  // what the site holds, private categories included).
  const systemContext = async (): Promise<RequestContext> => {
    const user = await repo.user(await deps.systemUserID());
    const viewer = await platform.sessions.viewerFor({ ...user, isAdmin: 1 }, "cookie", null);
    return { viewer, origin: platform.config.publicUrl, ip: "127.0.0.1" };
  };
  listenForWebhookEvents({ repo, platform, records: deps.records, systemContext });
  const sender = createWebhookSender({ repo, platform, allowedHosts });
  platform.jobs.register(WEBHOOKS_JOB, async () => void (await sender.sendDue()), { everyMs: WEBHOOKS_JOB_EVERY_MS });
  // The delivery log keeps each finished delivery for a while (pending and retrying ones stay until they finish).
  platform.jobs.register(
    WEBHOOKS_PRUNE_JOB,
    async () => {
      const before = new Date(platform.clock.nowMs() - webhooksLimits.deliveryRetentionDays * 24 * 60 * 60_000);
      await repo.pruneDeliveries(before.toISOString());
    },
    { everyMs: WEBHOOKS_PRUNE_EVERY_MS },
  );
  const service = createWebhooksService({ repo, platform, allowedHosts });
  await app.register(webhooksRoutes, { prefix: "/api/v2", service });
}
