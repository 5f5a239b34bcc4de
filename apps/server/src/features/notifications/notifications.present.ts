import type { Notification } from "@parley/contracts";
import { toRfc3339 } from "../../platform/dates.ts";
import { censorHtml, censorText } from "../../platform/render/index.ts";
import { letterAvatarPath } from "../../platform/render/letter-avatar.ts";
import type { ListedNotification } from "./notifications.repo.ts";

/** Why a member is told, by activity type (Vanilla's `reason`). */
const reasons: Record<string, string> = {
  DiscussionComment: "mine",
  BookmarkComment: "bookmark",
  ParticipateComment: "participated",
  Mention: "mention",
  Quote: "quote",
  Reaction: "mine",
  ConversationMessage: "participant",
  GroupInvite: "group",
  GroupApply: "group",
  GroupApproved: "group",
  DataExport: "mine",
  PostApproved: "mine",
  PostRejected: "mine",
  Warning: "mine",
};

const defaultPhotoPath = "/images/default-avatar.svg";

/** Absolute when the site address is given; site-relative (for the live-event log) when it is "". */
const absolute = (origin: string, url: string) => (url.startsWith("/") ? `${origin}${url}` : url);

export function presentNotification(
  row: ListedNotification,
  origin: string,
  discussion?: { discussionID: number; name: string; url: string; categoryID: number },
): Notification {
  const url = absolute(origin, row.url);
  return {
    notificationID: row.notificationID,
    // The sentence names the discussion: its censored words masked, as the discussion shows them.
    body: censorHtml(row.body),
    // The actor's photo, else their letter avatar; a notification with no actor shows the silhouette.
    photoUrl: absolute(
      origin,
      row.actorPhotoUrl ?? (row.actorName === null ? defaultPhotoPath : letterAvatarPath(row.actorName)),
    ),
    url,
    recordUrl: url,
    recordType: row.recordType,
    recordID: row.recordID,
    discussionID: row.discussionID,
    ...(discussion
      ? { discussion: { ...discussion, name: censorText(discussion.name), url: absolute(origin, discussion.url) } }
      : {}),
    activityType: row.activityType,
    reason: reasons[row.activityType] ?? "",
    count: row.count,
    dateInserted: toRfc3339(row.dateInserted),
    dateUpdated: toRfc3339(row.dateUpdated),
    read: row.read === 1,
  };
}

/** A site-relative notification (as logged for replay) made absolute for one stream's site address. */
export function withOrigin(notification: Notification, origin: string): Notification {
  return {
    ...notification,
    url: absolute(origin, notification.url),
    recordUrl: absolute(origin, notification.recordUrl),
    photoUrl: notification.photoUrl === null ? null : absolute(origin, notification.photoUrl),
    ...(notification.discussion
      ? { discussion: { ...notification.discussion, url: absolute(origin, notification.discussion.url) } }
      : {}),
  };
}
