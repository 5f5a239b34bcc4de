import type { Notification } from "@parley/contracts";
import { useQueryClient } from "@tanstack/react-query";
import type { MouseEvent } from "react";
import { useNavigate } from "react-router";
import { isPlainClick } from "../../../lib/clicks.ts";
import { t } from "../../../lib/i18n.ts";
import { RecordList } from "../../../ui/record-list/RecordList.tsx";
import { refreshDiscussion } from "../../discussions/index.ts";
import { sitePath } from "../notifications.urls.ts";

/**
 * Notifications as links to their records: the actor's photo, the sentence (server HTML with only
 * `<b>` for names and titles), when, and a dot while unread. Following one marks it read; a post's
 * discussion is refreshed first, so the page shows the post the notification is about.
 */
export function NotificationList({
  items,
  onRead,
  labelledBy,
}: {
  items: Notification[];
  /** A link was followed (not called for read notifications). */
  onRead?: (notificationID: number) => void;
  labelledBy?: string;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const handleFollow = (event: MouseEvent<HTMLAnchorElement>, item: Notification) => {
    if (!item.read) onRead?.(item.notificationID);
    // A new tab or window (modifier keys, other buttons) loads the page itself.
    if (item.discussionID === null || !isPlainClick(event)) return;
    event.preventDefault();
    const discussionID = item.discussionID;
    void refreshDiscussion(queryClient, discussionID)
      .catch(() => undefined)
      .then(() => navigate(sitePath(item.url)));
  };
  return (
    <RecordList
      labelledBy={labelledBy}
      entries={items.map((item) => ({
        key: item.notificationID,
        to: sitePath(item.url),
        photoUrl: item.photoUrl,
        title: <span dangerouslySetInnerHTML={{ __html: item.body }} />,
        date: item.dateUpdated,
        unread: !item.read,
        unreadLabel: t("Unread"),
        itemData: { "data-read": item.read ? "true" : "false" },
        linkData: { "data-notification-id": item.notificationID },
        onClick: (event) => handleFollow(event, item),
      }))}
    />
  );
}
