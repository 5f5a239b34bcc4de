import { msg } from "./i18n.ts";

/*
 * Webhooks (issue 39, item 4) without TypeBox, for the dashboard: the events a webhook may subscribe to, with
 * their labels, and the limits both sides check.
 */

/** The events a webhook may subscribe to, in the order the dashboard lists them. */
export const webhookEvents = [
  "discussion.created",
  "discussion.updated",
  "discussion.deleted",
  "comment.created",
  "comment.updated",
  "comment.deleted",
  "user.registered",
  "user.banned",
  "report.created",
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

/** The event of a test delivery (`POST /webhooks/{id}/ping`); no webhook subscribes to it. */
export const webhookPingEvent = "ping";

export const webhookEventLabels: Record<WebhookEvent, string> = {
  "discussion.created": msg("Discussion created"),
  "discussion.updated": msg("Discussion updated"),
  "discussion.deleted": msg("Discussion deleted"),
  "comment.created": msg("Comment created"),
  "comment.updated": msg("Comment updated"),
  "comment.deleted": msg("Comment deleted"),
  "user.registered": msg("User registered"),
  "user.banned": msg("User banned"),
  "report.created": msg("Report filed"),
};

export const webhooksLimits = {
  nameMaxLength: 100,
  urlMaxLength: 500,
  secretMinLength: 16,
  secretMaxLength: 200,
  /** Attempts a delivery gets before it is given up. */
  maxAttempts: 6,
  /** Consecutive failed deliveries (given up) after which the webhook is disabled. */
  disableAfterFailures: 5,
  /** Wait before each retry, by the attempt that failed (1st failed: 1 min, … 5th failed: 12 h). */
  retryDelaysMs: [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000, 12 * 60 * 60_000],
  /** Bytes of an answer's body kept in the delivery log. */
  responseBodyMaxBytes: 1024,
  deliveriesPerPage: 30,
  /** Days a finished delivery (delivered or given up) stays in the log; the `webhooks.prune` job deletes older. */
  deliveryRetentionDays: 30,
} as const;

export const webhookMessages = {
  urlInvalid: msg("The URL must be an https address."),
  urlPrivate: msg("The URL's host resolves to a private or local address."),
  urlUnresolved: msg("The URL's host does not resolve."),
  eventsEmpty: msg("Choose at least one event."),
} as const;

/** The dashboard's webhooks page, and one webhook's page (its settings and delivery log). */
export const webhooksPagePath = "/dashboard/webhooks";
export const webhookPagePath = (webhookID: number) => `${webhooksPagePath}/${webhookID}`;
