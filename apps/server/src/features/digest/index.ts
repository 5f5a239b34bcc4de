import type { FastifyInstance } from "fastify";
import type { UnsubscribeTopic } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import type { CategoryDirectory } from "../categories/index.ts";
import { digestPreferenceKey } from "../notifications/index.ts";
import { createDigestBackfill } from "./digest.backfill.ts";
import { createDigestRepo } from "./digest.repo.ts";
import { digestRoutes } from "./digest.routes.ts";
import { createDigestService, DIGEST_JOB, DIGEST_JOB_EVERY_MS } from "./digest.service.ts";

/**
 * The weekly e-mail digest (issue 39, docs/features/digest.md): the `emailDigest` job sends each opted-in
 * member (`DigestEnabled` in their notification preferences) the best new discussions they may read, once per
 * digest however many processes run; site managers see its dates, preview it and send it now or to an address.
 * Site managers may also opt in, in batches, every recent member who never chose (`POST /digest/backfill-optin`).
 * Its unsubscribe link is the notifications' signed one, so the notifications' unsubscribe routes turn it off.
 */
export async function registerDigest(
  app: FastifyInstance,
  platform: Platform,
  deps: {
    categories: CategoryDirectory;
    unsubscribeToken: (userID: number, topic: UnsubscribeTopic) => Promise<string>;
  },
): Promise<void> {
  const onError = (error: unknown) => console.error("Digest:", error);
  const repo = createDigestRepo(platform.db, digestPreferenceKey);
  const backfill = createDigestBackfill({ repo, platform });
  platform.longRunner.register(backfill.action);
  const service = createDigestService({
    repo,
    platform,
    categories: deps.categories,
    unsubscribeToken: deps.unsubscribeToken,
    onError,
  });
  platform.jobs.register(DIGEST_JOB, async () => void (await service.runDue()), { everyMs: DIGEST_JOB_EVERY_MS });
  const sending = new Set<Promise<unknown>>();
  app.addHook("onClose", async () => {
    while (sending.size) await Promise.all([...sending]);
  });
  await app.register(digestRoutes, {
    prefix: "/api/v2",
    service,
    backfill,
    tests: platform.limiter("emails-send-test-digest", 5, 60_000),
    track: (promise) => {
      const tracked = promise.catch(onError).finally(() => sending.delete(tracked));
      sending.add(tracked);
    },
  });
}
