import { notificationActivityTypes, type NotificationActivityType } from "@parley/contracts/notifications-constants";
import type { PreferencesSchemaNode } from "./notifications.api.ts";

interface PreferenceRow {
  type: NotificationActivityType;
  label: string;
  description: string | null;
}

export interface PreferenceGroup {
  id: string;
  label: string;
  rows: PreferenceRow[];
}

const isActivityType = (key: string): key is NotificationActivityType =>
  (notificationActivityTypes as readonly string[]).includes(key);

/**
 * The preferences page's groups and rows from `GET /notification-preferences/schema`
 * (notifications → group → activity type, labels in `x-control`); unknown types are skipped.
 */
export function preferenceGroups(schema: PreferencesSchemaNode): PreferenceGroup[] {
  const groups = schema.properties?.["notifications"]?.properties ?? {};
  return Object.entries(groups).map(([id, group]) => ({
    id,
    label: group["x-control"]?.label ?? id,
    rows: Object.entries(group.properties ?? {}).flatMap(([type, node]) =>
      isActivityType(type)
        ? [{ type, label: node["x-control"]?.label ?? type, description: node["x-control"]?.description ?? null }]
        : [],
    ),
  }));
}

/** The form's field for one activity and channel: `Mention.popup`, `Mention.email`. */
export const preferenceField = (type: NotificationActivityType, channel: "popup" | "email") => `${type}.${channel}`;

/** The form's field for the e-mail digest's opt-in (`DigestEnabled`, e-mail only). */
export const digestField = "DigestEnabled.email";
