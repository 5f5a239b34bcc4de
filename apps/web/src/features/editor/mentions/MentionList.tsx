import { useLayoutEffect, useRef } from "react";
import { limits } from "@parley/contracts/limits";
import { t } from "../../../lib/i18n.ts";
import { cssVars, px } from "../../../ui/css.ts";
import { UserPhoto } from "../../../ui/user-photo/UserPhoto.tsx";
import type { MentionUser } from "./mentionLookup.ts";
import styles from "./MentionList.module.css";

export interface MentionListProps {
  /** The listbox's id (the editing area's `aria-controls`). */
  id: string;
  users: MentionUser[];
  /** The highlighted option (the editing area's `aria-activedescendant`). */
  activeIndex: number;
  /** Where to show it, relative to the editor's box. */
  position: { top: number; left: number };
  onChoose: (user: MentionUser) => void;
  onHighlight: (index: number) => void;
}

/** The id of an option, for `aria-activedescendant`. */
export const mentionOptionId = (listId: string, user: MentionUser) => `${listId}-user-${user.userID}`;

/**
 * The suggestion list of a mention being typed: an ARIA listbox driven from the editing area, which keeps
 * the focus (arrows move the highlight, Enter or Tab choose, Escape closes). A pointer press chooses too,
 * without taking the focus from the text.
 */
export function MentionList({ id, users, activeIndex, position, onChoose, onHighlight }: MentionListProps) {
  const list = useRef<HTMLUListElement>(null);
  // The highlighted option stays in view as the arrows move through a long list.
  useLayoutEffect(() => {
    const option = list.current?.children[activeIndex];
    if (option instanceof HTMLElement) option.scrollIntoView?.({ block: "nearest" });
  }, [activeIndex]);
  return (
    <ul
      ref={list}
      id={id}
      role="listbox"
      aria-label={t("Mention suggestions")}
      className={styles.list}
      style={cssVars({
        "--mention-list-width": px(limits.mentions.listWidth),
        "--mention-list-top": px(position.top),
        "--mention-list-left": px(position.left),
      })}
    >
      {users.map((user, index) => (
        <li
          key={user.userID}
          id={mentionOptionId(id, user)}
          role="option"
          aria-selected={index === activeIndex}
          className={styles.option}
          onMouseDown={(event) => event.preventDefault()}
          onMouseMove={() => {
            if (index !== activeIndex) onHighlight(index);
          }}
          onClick={() => onChoose(user)}
        >
          <UserPhoto name={user.name} photoUrl={user.photoUrl} size="xsmall" decorative />
          <span className={styles.name}>{user.name}</span>
        </li>
      ))}
    </ul>
  );
}
