import { randomUUID } from "node:crypto";
import type { WebhookEvent } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import type { EventMap } from "../../platform/events.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { WEBHOOKS_JOB } from "./webhooks.deliver.ts";
import type { WebhookRow, WebhooksRepo } from "./webhooks.repo.ts";

/** The records a webhook's payload carries, as their features' GETs answer them. */
type WebhookRecordType = "discussion" | "comment" | "user" | "report";
/** Each record type's GET, given the system's context (its owner's service, through its index.ts). */
export type WebhookRecordLoaders = Record<WebhookRecordType, (id: number, context: RequestContext) => Promise<unknown>>;

/** An event ready to enqueue: what it is, its record, and the webhooks that get it. */
export interface WebhookPayload {
  event: string;
  recordType: WebhookRecordType | null;
  recordID: number | null;
  record: unknown;
}

/** A delivery's body: the envelope, then the record. Its exact bytes are what is signed. */
const deliveryBody = (payload: WebhookPayload, webhookID: number, deliveryID: string, dateInserted: string) =>
  JSON.stringify({
    event: payload.event,
    webhookID,
    deliveryID,
    dateInserted,
    recordType: payload.recordType,
    recordID: payload.recordID,
    record: payload.record,
  });

/** The domain events webhooks listen to, the webhook event each one is, and its record. */
const sources = {
  "discussion.created": { event: "discussion.created", type: "discussion", id: (p) => p.discussionID },
  "discussion.updated": { event: "discussion.updated", type: "discussion", id: (p) => p.discussionID },
  "discussion.deleted": { event: "discussion.deleted", type: "discussion", id: (p) => p.discussionID, gone: true },
  "comment.created": { event: "comment.created", type: "comment", id: (p) => p.commentID },
  "comment.updated": { event: "comment.updated", type: "comment", id: (p) => p.commentID },
  "comment.deleted": { event: "comment.deleted", type: "comment", id: (p) => p.commentID, gone: true },
  "user.created": { event: "user.registered", type: "user", id: (p) => p.userID },
  "user.banned": { event: "user.banned", type: "user", id: (p) => p.userID },
  "report.created": { event: "report.created", type: "report", id: (p) => p.reportID },
} satisfies {
  [K in keyof EventMap]?: {
    event: WebhookEvent;
    type: WebhookRecordType;
    id: (payload: EventMap[K]) => number;
    /** The record is gone when the event comes: the payload carries the event's own fields. */
    gone?: true;
  };
};

/**
 * Turns domain events into deliveries: for each event some active webhook subscribes to, the record is read once
 * as the system sees it (an administrator's view: private categories included) and a pending delivery row is
 * written per webhook, then the job is woken. The events are emitted after their write commits, so the rows are
 * written right after it, not in its transaction (see docs/features/webhooks.md: a crash between the two loses
 * that event's deliveries).
 */
export function listenForWebhookEvents(deps: {
  repo: WebhooksRepo;
  platform: Platform;
  records: WebhookRecordLoaders;
  systemContext: () => Promise<RequestContext>;
}): void {
  const { repo, platform } = deps;

  async function record(type: WebhookRecordType, id: number, fallback: unknown, gone: boolean): Promise<unknown> {
    if (gone) return fallback;
    try {
      return JSON.parse(JSON.stringify(await deps.records[type](id, await deps.systemContext()))) as unknown;
    } catch {
      // Gone (or hidden) again before we read it: the event's own fields still say what happened.
      return fallback;
    }
  }

  const listen = <K extends keyof typeof sources>(name: K) => {
    const source = sources[name] as {
      event: WebhookEvent;
      type: WebhookRecordType;
      id: (payload: EventMap[K]) => number;
    };
    const gone = "gone" in sources[name];
    platform.events.on(name, async (payload) => {
      const webhooks = (await repo.active()).filter((row) =>
        (JSON.parse(row.events) as string[]).includes(source.event),
      );
      if (!webhooks.length) return;
      const recordID = source.id(payload);
      await enqueue(deps, webhooks, {
        event: source.event,
        recordType: source.type,
        recordID,
        record: await record(source.type, recordID, payload, gone),
      });
    });
  };
  for (const name of Object.keys(sources) as (keyof typeof sources)[]) listen(name);
}

/** Writes one pending delivery per webhook and wakes the job; answers the deliveries' IDs, by webhook. */
export async function enqueue(
  deps: { repo: WebhooksRepo; platform: Platform },
  webhooks: WebhookRow[],
  payload: WebhookPayload,
): Promise<string[]> {
  const now = deps.platform.clock.nowIso();
  const rows = webhooks.map((webhook) => {
    const deliveryID = randomUUID();
    return {
      deliveryID,
      webhookID: webhook.webhookID,
      event: payload.event,
      recordType: payload.recordType,
      recordID: payload.recordID,
      body: deliveryBody(payload, webhook.webhookID, deliveryID, now),
      status: "pending" as const,
      dateInserted: now,
      dateNextAttempt: now,
    };
  });
  await deps.repo.insertDeliveries(rows);
  deps.platform.jobs.wakeAt(WEBHOOKS_JOB, new Date(now));
  return rows.map((row) => row.deliveryID);
}
