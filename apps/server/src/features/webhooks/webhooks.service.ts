import { randomBytes, randomUUID } from "node:crypto";
import {
  webhookMessages,
  webhookPingEvent,
  webhooksLimits,
  type Webhook,
  type WebhookDeliveriesQuery,
  type WebhookDelivery,
  type WebhookDeliveryDetails,
  type WebhookPatch,
  type WebhookPost,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { fieldError, notFound, validationFailed } from "../../platform/errors.ts";
import { offsetOf } from "../../platform/http/pagination.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { checkFetchable, SafeFetchError } from "../../platform/http/safe-fetch.ts";
import { WEBHOOKS_JOB } from "./webhooks.deliver.ts";
import { enqueue } from "./webhooks.enqueue.ts";
import { webhooksPolicy } from "./webhooks.policy.ts";
import { presentDelivery, presentDeliveryDetails, presentWebhook } from "./webhooks.present.ts";
import type { WebhooksRepo } from "./webhooks.repo.ts";

export interface WebhooksDeps {
  repo: WebhooksRepo;
  platform: Platform;
  /** `webhooks.allowedHosts`: hosts reached even when they resolve to private addresses (and over http). */
  allowedHosts: () => Promise<string[]>;
}

/**
 * `/webhooks`: site managers register, change and delete webhooks, read their deliveries, ping them and send a
 * delivery again. Every operation asks `site.manage` first. An address must be https (http only to an allowed
 * host) and must not resolve to a private, loopback or link-local address; the sender checks again at each send.
 */
export function createWebhooksService(deps: WebhooksDeps) {
  const { repo, platform } = deps;
  const { clock } = platform;

  const load = async (webhookID: number) => {
    const row = await repo.find(webhookID);
    if (!row) throw notFound("Webhook");
    return row;
  };

  /** 422 on `url` unless it is an address the sender may POST to. */
  async function checkUrl(url: string): Promise<void> {
    const allowed = await deps.allowedHosts();
    let parsed: URL | null = null;
    try {
      parsed = new URL(url);
    } catch {
      parsed = null;
    }
    const host = parsed?.hostname.toLowerCase().replace(/^\[|\]$/g, "") ?? "";
    const secure = parsed?.protocol === "https:" || (parsed?.protocol === "http:" && allowed.includes(host));
    if (!parsed || !secure) throw validationFailed([fieldError("url", "invalid", webhookMessages.urlInvalid, 422)]);
    try {
      await checkFetchable(url, allowed);
    } catch (error) {
      if (!(error instanceof SafeFetchError)) throw error;
      const message =
        error.reason === "unresolved"
          ? webhookMessages.urlUnresolved
          : error.reason === "forbiddenAddress"
            ? webhookMessages.urlPrivate
            : webhookMessages.urlInvalid;
      throw validationFailed([fieldError("url", "invalid", message, 422)]);
    }
  }

  /** Sends due deliveries now (the ping's and a redelivery's answer shows the result). */
  const sendNow = () => platform.jobs.runNow(WEBHOOKS_JOB);

  return {
    async list(viewer: Viewer): Promise<Webhook[]> {
      requireAccess(viewer, webhooksPolicy.canManage);
      return (await repo.list()).map((row) => presentWebhook(row));
    },

    async get(webhookID: number, viewer: Viewer): Promise<Webhook> {
      requireAccess(viewer, webhooksPolicy.canManage);
      return presentWebhook(await load(webhookID));
    },

    /** The answer carries the whole secret, the only time it is shown. */
    async create(body: WebhookPost, context: RequestContext): Promise<Webhook> {
      requireAccess(context.viewer, webhooksPolicy.canManage);
      await checkUrl(body.url);
      const now = clock.nowIso();
      const webhookID = await repo.insert({
        name: body.name.trim(),
        url: body.url,
        events: JSON.stringify(body.events),
        secret: body.secret ?? randomBytes(24).toString("base64url"),
        status: body.status ?? "active",
        insertUserID: context.viewer.userID,
        dateInserted: now,
        updateUserID: null,
        dateUpdated: null,
        dateDisabled: body.status === "disabled" ? now : null,
        disabledReason: null,
      });
      return presentWebhook((await repo.find(webhookID))!, true);
    },

    /** Only the fields given change; `status: "active"` re-enables it (its failure count starts again). */
    async update(webhookID: number, body: WebhookPatch, context: RequestContext): Promise<Webhook> {
      requireAccess(context.viewer, webhooksPolicy.canManage);
      const row = await load(webhookID);
      if (body.url !== undefined && body.url !== row.url) await checkUrl(body.url);
      const now = clock.nowIso();
      const enabling = body.status === "active" && row.status === "disabled";
      const disabling = body.status === "disabled" && row.status === "active";
      await repo.update(webhookID, {
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.url !== undefined ? { url: body.url } : {}),
        ...(body.events !== undefined ? { events: JSON.stringify(body.events) } : {}),
        ...(body.secret !== undefined ? { secret: body.secret } : {}),
        ...(enabling ? { status: "active", failureCount: 0, dateDisabled: null, disabledReason: null } : {}),
        ...(disabling ? { status: "disabled", dateDisabled: now, disabledReason: "Disabled by a site manager." } : {}),
        updateUserID: context.viewer.userID,
        dateUpdated: now,
      });
      return presentWebhook((await repo.find(webhookID))!, body.secret !== undefined);
    },

    /**
     * `POST /webhooks/{id}/rotate-secret`: a new generated secret replaces the old one at once (the old one signs
     * nothing more); the answer carries the whole new secret, the only time it is shown.
     */
    async rotateSecret(webhookID: number, context: RequestContext): Promise<Webhook> {
      requireAccess(context.viewer, webhooksPolicy.canManage);
      await load(webhookID);
      await repo.update(webhookID, {
        secret: randomBytes(24).toString("base64url"),
        updateUserID: context.viewer.userID,
        dateUpdated: clock.nowIso(),
      });
      return presentWebhook((await repo.find(webhookID))!, true);
    },

    async remove(webhookID: number, viewer: Viewer): Promise<void> {
      requireAccess(viewer, webhooksPolicy.canManage);
      await load(webhookID);
      await platform.db.transaction().execute((trx) => repo.withTransaction(trx).remove(webhookID));
    },

    async deliveries(webhookID: number, query: WebhookDeliveriesQuery, viewer: Viewer) {
      requireAccess(viewer, webhooksPolicy.canManage);
      await load(webhookID);
      const limit = query.limit ?? webhooksLimits.deliveriesPerPage;
      const page = query.page ?? 1;
      const [rows, total] = await Promise.all([
        repo.deliveries(webhookID, offsetOf(page, limit), limit),
        repo.countDeliveries(webhookID),
      ]);
      return { items: rows.map(presentDelivery), page, limit, total };
    },

    async delivery(webhookID: number, deliveryID: string, viewer: Viewer): Promise<WebhookDeliveryDetails> {
      requireAccess(viewer, webhooksPolicy.canManage);
      const row = await repo.findDelivery(webhookID, deliveryID);
      if (!row) throw notFound("Delivery");
      return presentDeliveryDetails(row);
    },

    /** A test delivery (event `ping`, the webhook itself as its record), sent at once, even to a disabled one. */
    async ping(webhookID: number, viewer: Viewer): Promise<WebhookDelivery> {
      requireAccess(viewer, webhooksPolicy.canManage);
      const row = await load(webhookID);
      const [deliveryID] = await enqueue({ repo, platform }, [row], {
        event: webhookPingEvent,
        recordType: null,
        recordID: null,
        record: presentWebhook(row),
      });
      await sendNow();
      return presentDelivery((await repo.findDelivery(webhookID, deliveryID!))!);
    },

    /** The same body again as a new delivery (its own ID and date), sent at once. */
    async redeliver(webhookID: number, deliveryID: string, viewer: Viewer): Promise<WebhookDelivery> {
      requireAccess(viewer, webhooksPolicy.canManage);
      await load(webhookID);
      const original = await repo.findDelivery(webhookID, deliveryID);
      if (!original) throw notFound("Delivery");
      const body = JSON.parse(original.body) as Record<string, unknown>;
      const now = clock.nowIso();
      const copyID = randomUUID();
      await repo.insertDeliveries([
        {
          deliveryID: copyID,
          webhookID,
          event: original.event,
          recordType: original.recordType,
          recordID: original.recordID,
          body: JSON.stringify({ ...body, deliveryID: copyID, dateInserted: now }),
          status: "pending",
          dateInserted: now,
          dateNextAttempt: now,
        },
      ]);
      await sendNow();
      return presentDelivery((await repo.findDelivery(webhookID, copyID))!);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
