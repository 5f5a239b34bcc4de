import { Type, type Static } from "typebox";
import { DateTime, Nullable } from "./common.ts";
import { Limit, PageOrFirst } from "./pagination.ts";
import { webhookEvents, webhooksLimits } from "./webhooks-constants.ts";

/*
 * Webhooks (issue 39, item 4; the shapes of Vanilla's cloud webhooks add-on where known, Discourse's behaviour
 * otherwise): addresses a site manager registers for events, each event POSTed there as JSON signed with the
 * webhook's secret (`X-Parley-Signature: sha256=<hex HMAC-SHA256 of the raw body>`), retried with back-off, and
 * logged as deliveries.
 */

export * from "./webhooks-constants.ts";

export const WebhookEventName = Type.Enum(webhookEvents);
export const webhookStatuses = ["active", "disabled"] as const;
export type WebhookStatus = (typeof webhookStatuses)[number];

export const Webhook = Type.Object({
  webhookID: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  events: Type.Array(WebhookEventName),
  status: Type.Enum(webhookStatuses),
  secret: Type.String({
    description: "Write-only: answered whole only by the POST that set it, masked (`••••` + its last 4) otherwise.",
  }),
  failureCount: Type.Integer({ description: "Consecutive deliveries given up since the last one that succeeded." }),
  dateInserted: DateTime,
  insertUserID: Type.Integer(),
  dateUpdated: Nullable(DateTime),
  updateUserID: Nullable(Type.Integer()),
  dateDisabled: Nullable(DateTime),
  disabledReason: Nullable(Type.String()),
});
export type Webhook = Static<typeof Webhook>;

const fields = {
  name: Type.String({ minLength: 1, maxLength: webhooksLimits.nameMaxLength }),
  url: Type.String({ minLength: 1, maxLength: webhooksLimits.urlMaxLength }),
  events: Type.Array(WebhookEventName, { minItems: 1, maxItems: webhookEvents.length, uniqueItems: true }),
  secret: Type.String({
    minLength: webhooksLimits.secretMinLength,
    maxLength: webhooksLimits.secretMaxLength,
    description: "Generated when not given.",
  }),
  status: Type.Enum(webhookStatuses, {
    description: "`active` re-enables a disabled webhook (its failure count starts again).",
  }),
};

export const WebhookPost = Type.Object(
  {
    name: fields.name,
    url: fields.url,
    events: fields.events,
    secret: Type.Optional(fields.secret),
    status: Type.Optional(fields.status),
  },
  { additionalProperties: false },
);
export type WebhookPost = Static<typeof WebhookPost>;

export const WebhookPatch = Type.Partial(Type.Object(fields), { additionalProperties: false });
export type WebhookPatch = Static<typeof WebhookPatch>;

export const webhookDeliveryStatuses = ["pending", "retrying", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

export const WebhookDelivery = Type.Object({
  deliveryID: Type.String(),
  webhookID: Type.Integer(),
  event: Type.String(),
  recordType: Nullable(Type.String()),
  recordID: Nullable(Type.Integer()),
  status: Type.Enum(webhookDeliveryStatuses),
  attempts: Type.Integer(),
  responseCode: Nullable(Type.Integer()),
  responseTimeMs: Nullable(Type.Integer()),
  responseBody: Nullable(
    Type.String({ description: `The answer's first ${webhooksLimits.responseBodyMaxBytes} bytes.` }),
  ),
  error: Nullable(Type.String()),
  dateInserted: DateTime,
  dateLastAttempt: Nullable(DateTime),
  dateNextAttempt: Nullable(DateTime),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

/** One delivery with the exact body it sends (signed as is). */
export const WebhookDeliveryDetails = Type.Intersect([WebhookDelivery, Type.Object({ body: Type.String() })]);
export type WebhookDeliveryDetails = Static<typeof WebhookDeliveryDetails>;

export const WebhookDeliveriesQuery = Type.Object(
  { page: Type.Optional(PageOrFirst), limit: Type.Optional(Limit(100, webhooksLimits.deliveriesPerPage)) },
  { additionalProperties: false },
);
export type WebhookDeliveriesQuery = Static<typeof WebhookDeliveriesQuery>;

export const WebhookIDParams = Type.Object({ webhookID: Type.Integer({ minimum: 1 }) });
export const WebhookDeliveryParams = Type.Object({
  webhookID: Type.Integer({ minimum: 1 }),
  deliveryID: Type.String({ minLength: 1, maxLength: 40 }),
});
