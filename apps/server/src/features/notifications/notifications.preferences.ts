import {
  defaultNotificationPreferences,
  digestPreference,
  notificationActivityTypes,
  notificationPreferenceKey,
  type NotificationActivityType,
  type NotificationPreference,
  type NotificationPreferences,
  type NotificationPreferencesPatch,
  type UnsubscribeTopic,
} from "@parley/contracts";
import { sql, type Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";
import type { NotificationsRepo } from "./notifications.repo.ts";

export const isActivityType = (value: string): value is NotificationActivityType =>
  (notificationActivityTypes as readonly string[]).includes(value);

/** What an unsubscribe link may name: an activity type, or the e-mail digest. */
export const isUnsubscribeTopic = (value: string): value is UnsubscribeTopic =>
  value === digestPreference || isActivityType(value);

/** The stored key of the digest's opt-in (`Email.DigestEnabled`); off unless the member turned it on. */
export const digestPreferenceKey = notificationPreferenceKey("email", digestPreference);

/**
 * Opts these members into the digest (the digest's backfill, in the caller's transaction): only those not
 * deleted and last active on or after `since`, and only where no value is stored, so a member's own "no" (or
 * "yes") is never written over, however a concurrent change and this insert interleave (the primary key).
 */
export async function optInToDigest(db: Kysely<DB>, userIDs: number[], since: string): Promise<void> {
  if (!userIDs.length) return;
  await db
    .insertInto("notificationPreferences")
    .columns(["userID", "preference", "value"])
    .expression(
      db
        .selectFrom("users")
        .select(["userID", sql.lit(digestPreferenceKey).as("preference"), sql.lit(1).as("value")])
        .where("userID", "in", userIDs)
        .where("deleted", "=", 0)
        .where("dateLastActive", ">=", since),
    )
    .onConflict((oc) => oc.columns(["userID", "preference"]).doNothing())
    .execute();
}

/** A member's stored values (`Popup.Mention` → 0/1) over the defaults. */
function resolvePreferences(stored: Map<string, number> | undefined): NotificationPreferences {
  const out = { DigestEnabled: { email: stored?.get(digestPreferenceKey) === 1 } } as NotificationPreferences;
  for (const type of notificationActivityTypes) {
    const defaults = defaultNotificationPreferences[type];
    const popup = stored?.get(notificationPreferenceKey("popup", type));
    const email = stored?.get(notificationPreferenceKey("email", type));
    out[type] = {
      popup: popup === undefined ? defaults.popup : popup === 1,
      email: email === undefined ? defaults.email : email === 1,
    };
  }
  return out;
}

/** Preferences read and written per member. */
export function createPreferences(repo: NotificationsRepo) {
  return {
    /** Whether the member exists (another member's preferences are asked for by id). */
    async memberExists(userID: number): Promise<boolean> {
      return (await repo.userName(userID)) !== undefined;
    },

    async of(userID: number): Promise<NotificationPreferences> {
      return resolvePreferences((await repo.preferencesOf([userID])).get(userID));
    },

    /** Several members' preferences in one query. */
    async ofMany(userIDs: number[]): Promise<Map<number, NotificationPreferences>> {
      const stored = await repo.preferencesOf(userIDs);
      return new Map(userIDs.map((userID) => [userID, resolvePreferences(stored.get(userID))]));
    },

    async patch(userID: number, patch: NotificationPreferencesPatch): Promise<NotificationPreferences> {
      const values: Array<{ preference: string; value: number }> = [];
      if (patch.DigestEnabled)
        values.push({ preference: digestPreferenceKey, value: patch.DigestEnabled.email ? 1 : 0 });
      for (const [type, change] of Object.entries(patch) as Array<[string, Partial<NotificationPreference>]>) {
        if (!isActivityType(type) || !change) continue;
        if (change.popup !== undefined)
          values.push({ preference: notificationPreferenceKey("popup", type), value: change.popup ? 1 : 0 });
        if (change.email !== undefined)
          values.push({ preference: notificationPreferenceKey("email", type), value: change.email ? 1 : 0 });
      }
      await repo.transaction((scoped) => scoped.setPreferences(userID, values));
      return this.of(userID);
    },
  };
}

export type Preferences = ReturnType<typeof createPreferences>;
