import { Type, type Static } from "typebox";
import { DateTime, Nullable } from "./common.ts";
import { EmailSendTest } from "./emails.ts";

/** A digest and how many members it went (or goes) to. */
const DigestDate = Type.Object({
  dateScheduled: DateTime,
  totalSubscribers: Nullable(Type.Integer({ minimum: 0 })),
});

/**
 * `GET /digest/delivery-dates`: the last digests sent (at most 5), the one scheduled next and the ones after (by
 * the schedule's settings, whether or not the digest is on).
 */
export const DigestDeliveryDates = Type.Object({
  sent: Type.Array(DigestDate, { maxItems: 5 }),
  scheduled: DigestDate,
  upcoming: Type.Array(DateTime),
});
export type DigestDeliveryDates = Static<typeof DigestDeliveryDates>;

/** `POST /emails/send-test-digest` (Vanilla's): the digest of a member, sent to an address (never to them). */
export const EmailSendTestDigest = Type.Object(
  {
    destinationAddress: EmailSendTest.properties.destinationAddress,
    destinationUserID: Type.Integer({ minimum: 1, description: "The member whose digest it is." }),
    deliveryDate: Type.Optional(DateTime),
    from: EmailSendTest.properties.from,
  },
  { additionalProperties: false },
);
export type EmailSendTestDigest = Static<typeof EmailSendTestDigest>;

/** `POST /emails/send-digest-internal`'s answer: the date of the digest sent now. */
export const EmailSendDigestInternalResult = Type.Object({ dateScheduled: DateTime });

/** `GET /digest/preview`: a member's digest as it would go now (administrators). */
export const DigestPreviewQuery = Type.Object(
  { userID: Type.Optional(Type.Integer({ minimum: 1 })), deliveryDate: Type.Optional(DateTime) },
  { additionalProperties: false },
);
export type DigestPreviewQuery = Static<typeof DigestPreviewQuery>;

export const DigestPreview = Type.Object({
  userID: Type.Integer(),
  dateScheduled: DateTime,
  subject: Type.String(),
  text: Type.String(),
  html: Type.String(),
  discussionIDs: Type.Array(Type.Integer()),
});
export type DigestPreview = Static<typeof DigestPreview>;

/** `POST /digest/backfill-optin` (Vanilla's): the members last active since this date who never chose are opted in. */
export const DigestBackfillOptIn = Type.Object(
  {
    dateLastActive: Type.String({
      description:
        "YYYY-MM-DD. Members last active on or after this date who have not set their digest preference are opted in.",
      examples: ["2018-03-20"],
    }),
  },
  { additionalProperties: false },
);
export type DigestBackfillOptIn = Static<typeof DigestBackfillOptIn>;
