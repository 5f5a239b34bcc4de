import { createHmac } from "node:crypto";
import { webhookPingEvent, webhooksLimits } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import { safeFetch, SafeFetchError, type SafeFetchResult } from "../../platform/http/safe-fetch.ts";
import type { WebhookDeliveryRow, WebhookRow, WebhooksRepo } from "./webhooks.repo.ts";

/** The job that sends due deliveries (every process runs it; the claim makes each attempt once). */
export const WEBHOOKS_JOB = "webhooks.deliver";
export const WEBHOOKS_JOB_EVERY_MS = 60_000;
/** How long a claim holds a delivery: longer than a send may take (a crashed sender's claim runs out). */
const LEASE_MS = 2 * 60_000;
const SEND_TIMEOUT_MS = 10_000;
const BATCH = 20;

/** `sha256=` and the hex HMAC-SHA256 of the raw body under the webhook's secret (`X-Parley-Signature`). */
const signBody = (secret: string, body: string) =>
  `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;

/** The headers of a delivery's POST. */
const deliveryHeaders = (webhook: WebhookRow, delivery: WebhookDeliveryRow) => ({
  "content-type": "application/json",
  "x-parley-event": delivery.event,
  "x-parley-delivery": delivery.deliveryID,
  "x-parley-signature": signBody(webhook.secret, delivery.body),
});

type Outcome =
  | { kind: "delivered"; result: SafeFetchResult; ms: number }
  | { kind: "retry" | "give-up"; result: SafeFetchResult | null; ms: number; error: string };

/** What an answer or a failure means: 2xx delivered; network trouble, 5xx and 429 retried; the rest given up. */
function outcomeOf(webhook: WebhookRow, result: SafeFetchResult | SafeFetchError, ms: number): Outcome {
  if (result instanceof SafeFetchError) {
    const retried = result.reason === "network" || result.reason === "timeout" || result.reason === "unresolved";
    return { kind: retried ? "retry" : "give-up", result: null, ms, error: result.message };
  }
  if (result.url !== webhook.url)
    return { kind: "give-up", result, ms, error: `The address redirected to ${result.url}; register that address.` };
  if (result.status >= 200 && result.status < 300) return { kind: "delivered", result, ms };
  const retried = result.status >= 500 || result.status === 429;
  return { kind: retried ? "retry" : "give-up", result, ms, error: `The address answered ${result.status}.` };
}

/**
 * Sends due deliveries: each is claimed first (so two processes never send the same attempt), POSTed through
 * `safeFetch` (private, loopback and link-local addresses refused at each hop), and its answer recorded (status,
 * time, the body's first 1 KB). A failure the receiver may get over (network, time-out, 5xx, 429) is retried after
 * the next back-off delay until the attempts run out; a delivery given up counts against its webhook, which is
 * disabled after `disableAfterFailures` in a row. A delivery that succeeds resets the count.
 */
export function createWebhookSender(deps: {
  repo: WebhooksRepo;
  platform: Platform;
  allowedHosts: () => Promise<string[]>;
}) {
  const { repo, platform } = deps;
  const { clock } = platform;

  async function giveUp(webhook: WebhookRow, delivery: WebhookDeliveryRow): Promise<void> {
    if (delivery.event === webhookPingEvent) return;
    const failures = await repo.countFailure(webhook.webhookID);
    if (failures < webhooksLimits.disableAfterFailures) return;
    await repo.disable(
      webhook.webhookID,
      `Disabled after ${failures} deliveries in a row failed (the last: ${delivery.deliveryID}).`,
      clock.nowIso(),
    );
  }

  async function attempt(delivery: WebhookDeliveryRow, leaseUntil: string): Promise<void> {
    const webhook = await repo.find(delivery.webhookID);
    if (!webhook) return;
    const attempts = delivery.attempts + 1;
    if (webhook.status === "disabled" && delivery.event !== webhookPingEvent) {
      await repo.finishAttempt(delivery.deliveryID, leaseUntil, {
        status: "failed",
        error: "The webhook is disabled.",
        dateNextAttempt: null,
      });
      return;
    }
    const started = performance.now();
    let answer: SafeFetchResult | SafeFetchError;
    try {
      answer = await safeFetch(webhook.url, {
        method: "POST",
        headers: deliveryHeaders(webhook, delivery),
        body: delivery.body,
        accept: ["*/*"],
        readErrors: true,
        maxBytes: webhooksLimits.responseBodyMaxBytes,
        maxRedirects: 3,
        timeoutMs: SEND_TIMEOUT_MS,
        allowedHosts: await deps.allowedHosts(),
      });
    } catch (error) {
      answer = error instanceof SafeFetchError ? error : new SafeFetchError("network", String(error));
    }
    const outcome = outcomeOf(webhook, answer, Math.round(performance.now() - started));
    const now = clock.now();
    const delay = webhooksLimits.retryDelaysMs[attempts - 1];
    const retry = outcome.kind === "retry" && attempts < webhooksLimits.maxAttempts && delay !== undefined;
    const next = retry ? new Date(now.getTime() + delay) : null;
    const kept = await repo.finishAttempt(delivery.deliveryID, leaseUntil, {
      status: outcome.kind === "delivered" ? "delivered" : retry ? "retrying" : "failed",
      attempts,
      responseCode: outcome.result?.status ?? null,
      responseTimeMs: outcome.ms,
      responseBody: outcome.result?.body ?? null,
      error: outcome.kind === "delivered" ? null : outcome.error.slice(0, 500),
      dateLastAttempt: now.toISOString(),
      dateNextAttempt: next?.toISOString() ?? null,
    });
    if (!kept) return;
    if (outcome.kind === "delivered") {
      if (webhook.failureCount > 0 && delivery.event !== webhookPingEvent)
        await repo.update(webhook.webhookID, { failureCount: 0 });
    } else if (next) platform.jobs.wakeAt(WEBHOOKS_JOB, next);
    else await giveUp(webhook, delivery);
  }

  return {
    /** The job: claims and sends every due delivery; answers how many it attempted. */
    async sendDue(): Promise<number> {
      let sent = 0;
      for (;;) {
        const now = clock.now();
        const leaseUntil = new Date(now.getTime() + LEASE_MS).toISOString();
        const claimed = await repo.claimDue(now.toISOString(), leaseUntil, BATCH);
        for (const delivery of claimed) {
          await attempt(delivery, leaseUntil);
          sent += 1;
        }
        if (claimed.length < BATCH) return sent;
      }
    },
  };
}
