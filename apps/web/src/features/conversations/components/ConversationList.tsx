import type { Conversation } from "@parley/contracts";
import { conversationPath } from "@parley/contracts/conversations-constants";
import { t } from "../../../lib/i18n.ts";
import { RecordList } from "../../../ui/record-list/RecordList.tsx";
import styles from "./ConversationList.module.css";

/** Whose photo stands for a conversation: the latest other writer, else another participant. */
function photoOf(conversation: Conversation, viewerID: number) {
  const last = conversation.lastMessage?.insertUser;
  if (last && last.userID !== viewerID) return last;
  const other = conversation.participants.find((p) => p.userID !== viewerID && p.status === "participating");
  return other?.user ?? last ?? conversation.participants[0]?.user;
}

/** The participants besides the viewer, by name. */
export const otherParticipants = (conversation: Conversation, viewerID: number) =>
  conversation.participants
    .filter((p) => p.userID !== viewerID && p.status === "participating")
    .map((p) => p.user?.name ?? "")
    .filter(Boolean)
    .join(", ");

/**
 * Conversations as links to them: a photo, the name and participants, the latest message's excerpt,
 * when, and a dot with the unread count while unread (the Messages dropdown and `/messages`).
 */
export function ConversationList({
  items,
  viewerID,
  labelledBy,
}: {
  items: Conversation[];
  viewerID: number;
  labelledBy?: string;
}) {
  return (
    <RecordList
      labelledBy={labelledBy}
      entries={items.map((item) => {
        const others = otherParticipants(item, viewerID);
        return {
          key: item.conversationID,
          to: conversationPath(item.conversationID),
          photoUrl: photoOf(item, viewerID)?.photoUrl ?? null,
          title: <span className={styles.name}>{item.name}</span>,
          details: (
            <>
              {others && others !== item.name ? (
                <span className={styles.participants}>{t("With {names}", { names: others })}</span>
              ) : null}
              {item.excerpt ? <span className={styles.excerpt}>{item.excerpt}</span> : null}
            </>
          ),
          date: item.dateUpdated,
          unread: Boolean(item.unread),
          unreadLabel: t("Unread messages: {count}", { count: String(item.countUnread ?? 1) }),
          itemData: { "data-conversation-id": item.conversationID },
        };
      })}
    />
  );
}
