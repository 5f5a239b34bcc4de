import type { Notification } from "@parley/contracts";
import { useQueryClient } from "@tanstack/react-query";
import type { MouseEvent, ReactNode } from "react";
import { useNavigate } from "react-router";
import { isPlainClick } from "../../../lib/clicks.ts";
import { t } from "../../../lib/i18n.ts";
import { RecordList } from "../../../ui/record-list/RecordList.tsx";
import { refreshDiscussion } from "../../discussions/index.ts";
import {
  groupNotifications,
  groupSentence,
  groupTarget,
  sentenceMarks,
  type NotificationGroup,
} from "../notifications.groups.ts";
import { sitePath } from "../notifications.urls.ts";

/** A grouped sentence with the actor's name and the title in bold, as the server's own sentences have them. */
function GroupTitle({ group, sentence }: { group: NotificationGroup; sentence: string }) {
  const parts: ReactNode[] = [];
  const pattern = new RegExp(`[${sentenceMarks.actor}${sentenceMarks.title}]`, "g");
  let at = 0;
  for (const match of sentence.matchAll(pattern)) {
    parts.push(sentence.slice(at, match.index));
    parts.push(<b key={match.index}>{match[0] === sentenceMarks.actor ? (group.actors[0] ?? "") : group.title}</b>);
    at = match.index + 1;
  }
  parts.push(sentence.slice(at));
  return <span>{parts}</span>;
}

/**
 * Notifications as links to their records, grouped (`groupNotifications`: several comments in one
 * discussion, several reactions to one post are one row, 'Alice and 3 others commented on …'): the
 * newest actor's photo, the sentence (the server's HTML with only `<b>` for a single one), when, and a dot
 * while any of the row is unread. Following a row marks all of it read; it leads to its first unread post,
 * and a post's discussion is refreshed first, so the page shows it. `compact` rows fit more in a dropdown.
 */
export function NotificationList({
  items,
  onRead,
  labelledBy,
  compact = false,
}: {
  items: Notification[];
  /** A link was followed: the unread notifications it stands for (not called when all are read). */
  onRead?: (notificationIDs: number[]) => void;
  labelledBy?: string | undefined;
  compact?: boolean;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const handleFollow = (event: MouseEvent<HTMLAnchorElement>, group: NotificationGroup, target: Notification) => {
    const unread = group.members.filter((member) => !member.read).map((member) => member.notificationID);
    if (unread.length) onRead?.(unread);
    // A new tab or window (modifier keys, other buttons) loads the page itself.
    if (target.discussionID === null || !isPlainClick(event)) return;
    event.preventDefault();
    void refreshDiscussion(queryClient, target.discussionID)
      .catch(() => undefined)
      .then(() => navigate(sitePath(target.url)));
  };
  return (
    <RecordList
      labelledBy={labelledBy}
      compact={compact}
      entries={groupNotifications(items).map((group) => {
        const newest = group.members[0]!;
        const target = groupTarget(group);
        const sentence = groupSentence(group);
        return {
          key: group.key,
          to: sitePath(target.url),
          photoUrl: newest.photoUrl,
          title: sentence ? (
            <GroupTitle group={group} sentence={sentence} />
          ) : (
            <span dangerouslySetInnerHTML={{ __html: newest.body }} />
          ),
          date: newest.dateUpdated,
          unread: group.unread,
          unreadLabel: t("Unread"),
          itemData: { "data-read": group.unread ? "false" : "true", "data-members": group.members.length },
          linkData: { "data-notification-id": newest.notificationID },
          onClick: (event) => handleFollow(event, group, target),
        };
      })}
    />
  );
}
