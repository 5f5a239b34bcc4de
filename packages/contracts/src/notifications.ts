import { Type, type Static } from "typebox";
import { DateTime, Expand, Nullable } from "./common.ts";
import { notificationActivityTypes } from "./notifications-constants.ts";
import { Limit, Page } from "./pagination.ts";

export * from "./notifications-constants.ts";

/** The discussion a notification is about (`expand=discussion`). */
export const NotificationDiscussionFragment = Type.Object({
  discussionID: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  categoryID: Type.Integer(),
});

/** A notification (reference §6, `dashboard-notifications.yml`). `body` is HTML with only `<b>` tags. */
export const Notification = Type.Object(
  {
    notificationID: Type.Integer(),
    body: Type.String({ description: "HTML; only <b> tags, names and titles escaped." }),
    photoUrl: Nullable(Type.String()),
    url: Type.String({ description: "The record the notification is about." }),
    recordUrl: Type.String(),
    recordType: Type.String(),
    recordID: Type.Integer(),
    discussionID: Nullable(Type.Integer()),
    discussion: Type.Optional(NotificationDiscussionFragment),
    activityType: Type.String(),
    reason: Type.String(),
    count: Type.Integer({ description: "How many events were grouped into this one (reactions to one post)." }),
    dateInserted: DateTime,
    dateUpdated: DateTime,
    read: Type.Boolean(),
  },
  { $id: "Notification" },
);
export type Notification = Static<typeof Notification>;

export const NotificationListQuery = Type.Object({
  page: Type.Optional(Page),
  limit: Type.Optional(Limit(100, 30)),
  shouldBatch: Type.Optional(Type.Boolean()),
  expand: Type.Optional(Expand),
});
export type NotificationListQuery = Static<typeof NotificationListQuery>;

export const NotificationGetQuery = Type.Object({ expand: Type.Optional(Expand) });

/** `{read: true}`: only marking read is allowed (Vanilla's enum). */
export const NotificationPatch = Type.Object({ read: Type.Literal(true) });

const Preference = Type.Object({ popup: Type.Boolean(), email: Type.Boolean() });
const PreferencePatch = Type.Partial(Preference);

/** Per activity type, in-app (`popup`) and `email`; and the e-mail digest's opt-in (`DigestEnabled`, e-mail only). */
export const NotificationPreferences = Type.Object({
  ...(Object.fromEntries(notificationActivityTypes.map((type) => [type, Preference])) as Record<
    (typeof notificationActivityTypes)[number],
    typeof Preference
  >),
  DigestEnabled: Type.Object({ email: Type.Boolean() }),
});
export type NotificationPreferences = Static<typeof NotificationPreferences>;

export const NotificationPreferencesPatch = Type.Partial(
  Type.Object({
    ...(Object.fromEntries(notificationActivityTypes.map((type) => [type, PreferencePatch])) as Record<
      (typeof notificationActivityTypes)[number],
      typeof PreferencePatch
    >),
    DigestEnabled: Type.Object({ email: Type.Boolean() }, { additionalProperties: false }),
  }),
  { additionalProperties: false },
);
export type NotificationPreferencesPatch = Static<typeof NotificationPreferencesPatch>;

export const NotificationPreferencesParams = Type.Object({
  id: Type.Union([Type.Integer(), Type.Literal("$me")], { description: "A userID or `$me`." }),
});

/** POST /unsubscribe/{token}'s answer (`dashboard-unsubscribe.yml`): the preferences now off. */
export const UnsubscribeResult = Type.Object({
  preferences: Type.Array(Type.Object({ preference: Type.String(), enabled: Type.String() })),
});
export type UnsubscribeResult = Static<typeof UnsubscribeResult>;

/**
 * `PATCH /unsubscribe/{token}`: the e-mail and pop-up preferences of the token's activity (`Email.<type>`,
 * `Popup.<type>`) turned on ("1") or off ("0"), from the unsubscribe page.
 */
export const UnsubscribePatch = Type.Object({
  preferences: Type.Array(
    Type.Object({
      preference: Type.String({ minLength: 1, maxLength: 100 }),
      enabled: Type.Union([Type.Literal("0"), Type.Literal("1"), Type.Boolean()]),
    }),
    { minItems: 1, maxItems: 2 },
  ),
});
export type UnsubscribePatch = Static<typeof UnsubscribePatch>;

export const UnsubscribeParams = Type.Object({ token: Type.String({ minLength: 10, maxLength: 500 }) });

export const LiveStreamQuery = Type.Object({
  discussionID: Type.Optional(Type.Integer({ minimum: 1, description: "Also stream this discussion's new comments." })),
});

export const sharedNotificationSchemas = [Notification];
