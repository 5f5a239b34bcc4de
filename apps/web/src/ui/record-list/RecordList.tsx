import type { MouseEvent, ReactNode } from "react";
import { Link } from "react-router";
import { DateTime } from "../date/DateTime.tsx";
import { UserPhoto } from "../user-photo/UserPhoto.tsx";
import styles from "./RecordList.module.css";

type DataAttributes = Record<`data-${string}`, string | number>;

/** One row of a record list: a link to the record with a photo, its lines, when, and whether it is unread. */
export interface RecordListEntry {
  key: string | number;
  to: string;
  photoUrl: string | null;
  /** The first line (underlined with the link's hover and focus). */
  title: ReactNode;
  /** Lines under the title (participants, an excerpt). */
  details?: ReactNode;
  date: string;
  unread: boolean;
  /** What the unread dot says to screen readers. */
  unreadLabel: string;
  /** More attributes for the item (`data-*`, for tests and styles). */
  itemData?: DataAttributes;
  linkData?: DataAttributes;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/**
 * Records as links, one a row, as the title bar's dropdowns and their pages show them (notifications,
 * conversations): the photo, the lines, the date, and a dot while unread. Every item carries
 * `data-unread`. `compact` rows (tighter, smaller photos) fit more in a dropdown.
 */
export function RecordList({
  entries,
  labelledBy,
  compact = false,
}: {
  entries: RecordListEntry[];
  labelledBy?: string | undefined;
  /** Tighter rows with smaller photos, for a dropdown. */
  compact?: boolean;
}) {
  return (
    <ul className={compact ? `${styles.list} ${styles.compact}` : styles.list} aria-labelledby={labelledBy}>
      {entries.map((entry) => (
        <li key={entry.key} className={styles.item} data-unread={entry.unread ? "true" : "false"} {...entry.itemData}>
          <Link className={styles.link} to={entry.to} onClick={entry.onClick} {...entry.linkData}>
            <UserPhoto
              name=""
              photoUrl={entry.photoUrl}
              size={compact ? "small" : "medium"}
              decorative
              className={styles.photo}
            />
            <span className={styles.text}>
              <span className={styles.title}>{entry.title}</span>
              {entry.details}
              <DateTime className={styles.date} date={entry.date} />
            </span>
            {entry.unread ? (
              <span className={styles.unread}>
                <span className="visually-hidden">{entry.unreadLabel}</span>
              </span>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
