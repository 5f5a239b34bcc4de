import type { Webhook, WebhookDelivery, WebhookDeliveryDetails } from "@parley/contracts";
import { toRfc3339 } from "../../platform/dates.ts";
import type { WebhookDeliveryRow, WebhookRow } from "./webhooks.repo.ts";

const date = (value: string | null) => (value === null ? null : toRfc3339(value));

/** A secret as answers show it after its creation: its last 4 characters. */
const maskSecret = (secret: string) => `••••${secret.slice(-4)}`;

/** A row → the API's record; the secret masked unless `revealSecret` (the answer to the POST that set it). */
export function presentWebhook(row: WebhookRow, revealSecret = false): Webhook {
  return {
    webhookID: row.webhookID,
    name: row.name,
    url: row.url,
    events: JSON.parse(row.events) as Webhook["events"],
    status: row.status,
    secret: revealSecret ? row.secret : maskSecret(row.secret),
    failureCount: row.failureCount,
    dateInserted: toRfc3339(row.dateInserted),
    insertUserID: row.insertUserID,
    dateUpdated: date(row.dateUpdated),
    updateUserID: row.updateUserID,
    dateDisabled: date(row.dateDisabled),
    disabledReason: row.disabledReason,
  };
}

export function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    deliveryID: row.deliveryID,
    webhookID: row.webhookID,
    event: row.event,
    recordType: row.recordType,
    recordID: row.recordID,
    status: row.status,
    attempts: row.attempts,
    responseCode: row.responseCode,
    responseTimeMs: row.responseTimeMs,
    responseBody: row.responseBody,
    error: row.error,
    dateInserted: toRfc3339(row.dateInserted),
    dateLastAttempt: date(row.dateLastAttempt),
    dateNextAttempt: date(row.dateNextAttempt),
  };
}

export const presentDeliveryDetails = (row: WebhookDeliveryRow): WebhookDeliveryDetails => ({
  ...presentDelivery(row),
  body: row.body,
});
