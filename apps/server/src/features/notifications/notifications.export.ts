import type { Kysely } from "kysely";
import {
  defaultNotificationPreferences,
  notificationActivityTypes,
  notificationPreferenceKey,
} from "@parley/contracts";
import type { DB } from "../../platform/db/schema.ts";

/** "Download my data": a member's notification preferences, each activity type's popup and e-mail, defaults filled in. */
export async function exportMemberNotificationPreferences(db: Kysely<DB>, userID: number) {
  const rows = await db
    .selectFrom("notificationPreferences")
    .select(["preference", "value"])
    .where("userID", "=", userID)
    .execute();
  const stored = new Map(rows.map((row) => [row.preference, row.value === 1]));
  return Object.fromEntries(
    notificationActivityTypes.map((type) => [
      type,
      {
        popup: stored.get(notificationPreferenceKey("popup", type)) ?? defaultNotificationPreferences[type].popup,
        email: stored.get(notificationPreferenceKey("email", type)) ?? defaultNotificationPreferences[type].email,
      },
    ]),
  );
}
