import type { Notification } from "@parley/contracts";
import { Link } from "react-router";
import { t } from "../../../lib/i18n.ts";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { UserPhoto } from "../../../ui/user-photo/UserPhoto.tsx";
import { sitePath } from "../notifications.urls.ts";
import styles from "./NotificationList.module.css";

/**
 * Notifications as links to their records: the actor's photo, the sentence (server HTML with only
 * `<b>` for names and titles), when, and a dot while unread. Following one marks it read.
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
  return (
    <ul className={styles.list} aria-labelledby={labelledBy}>
      {items.map((item) => (
        <li key={item.notificationID} className={styles.item} data-read={item.read ? "true" : "false"}>
          <Link
            className={styles.link}
            to={sitePath(item.url)}
            data-notification-id={item.notificationID}
            onClick={() => {
              if (!item.read) onRead?.(item.notificationID);
            }}
          >
            <UserPhoto name="" photoUrl={item.photoUrl} size="medium" decorative className={styles.photo} />
            <span className={styles.text}>
              <span className={styles.body} dangerouslySetInnerHTML={{ __html: item.body }} />
              <DateTime className={styles.date} date={item.dateUpdated} />
            </span>
            {item.read ? null : (
              <span className={styles.unread}>
                <span className="visually-hidden">{t("Unread")}</span>
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
