import type { Conversation } from "@parley/contracts";
import { conversationPath } from "@parley/contracts/conversations-constants";
import { Link } from "react-router";
import { t } from "../../../lib/i18n.ts";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { UserPhoto } from "../../../ui/user-photo/UserPhoto.tsx";
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
    <ul className={styles.list} aria-labelledby={labelledBy}>
      {items.map((item) => {
        const photo = photoOf(item, viewerID);
        const others = otherParticipants(item, viewerID);
        return (
          <li
            key={item.conversationID}
            className={styles.item}
            data-unread={item.unread ? "true" : "false"}
            data-conversation-id={item.conversationID}
          >
            <Link className={styles.link} to={conversationPath(item.conversationID)}>
              <UserPhoto name="" photoUrl={photo?.photoUrl ?? null} size="medium" decorative className={styles.photo} />
              <span className={styles.text}>
                <span className={styles.name}>{item.name}</span>
                {others && others !== item.name ? (
                  <span className={styles.participants}>{t("With {names}", { names: others })}</span>
                ) : null}
                {item.excerpt ? <span className={styles.excerpt}>{item.excerpt}</span> : null}
                <DateTime className={styles.date} date={item.dateUpdated} />
              </span>
              {item.unread ? (
                <span className={styles.unread}>
                  <span className="visually-hidden">
                    {t("Unread messages: {count}", { count: String(item.countUnread ?? 1) })}
                  </span>
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
