import {
  notificationPreferenceLabels,
  notificationPreferenceSections,
  type NotificationActivityType,
} from "@parley/contracts";

/**
 * The preferences page's form as a JSON schema with `x-control` labels, in the shape of Vanilla's
 * `GET /notification-preferences/schema`: notifications → group → activity type → {popup, email}.
 */
export function preferencesSchema() {
  const activity = (type: NotificationActivityType) => ({
    type: "object",
    "x-control": notificationPreferenceLabels[type],
    properties: { popup: { type: "boolean" }, email: { type: "boolean" } },
  });
  const group = (label: string, types: readonly NotificationActivityType[]) => ({
    type: "object",
    "x-control": { label, description: null },
    properties: Object.fromEntries(types.map((type) => [type, activity(type)])),
  });
  const { label, description, groups } = notificationPreferenceSections;
  return {
    type: "object",
    properties: {
      notifications: {
        type: "object",
        "x-control": { label, description },
        properties: Object.fromEntries(
          Object.entries(groups).map(([id, section]) => [id, group(section.label, section.types)]),
        ),
      },
    },
  };
}
