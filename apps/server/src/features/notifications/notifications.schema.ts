import { notificationPreferenceLabels, type NotificationActivityType } from "@parley/contracts";

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
  const group = (label: string, types: Array<NotificationActivityType>) => ({
    type: "object",
    "x-control": { label, description: null },
    properties: Object.fromEntries(types.map((type) => [type, activity(type)])),
  });
  return {
    type: "object",
    properties: {
      notifications: {
        type: "object",
        "x-control": {
          label: "Notifications",
          description: "Choose to be notified by notification popup or email.",
        },
        properties: {
          followedPosts: group("Posts", ["DiscussionComment", "BookmarkComment", "ParticipateComment"]),
          myPosts: group("Mentions, quotes and reactions", ["Mention", "Quote", "Reaction"]),
          conversations: group("Messages", ["ConversationMessage"]),
          groups: group("Groups", ["GroupInvite", "GroupApply", "GroupApproved"]),
          account: group("Account", ["DataExport", "PostApproved", "PostRejected", "Warning"]),
        },
      },
    },
  };
}
