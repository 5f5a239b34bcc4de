import { useId, useLayoutEffect, useRef, type RefObject } from "react";
import type { Editor } from "slate";
import { t } from "../../../lib/i18n.ts";
import { cssVars, px } from "../../../ui/css.ts";
import styles from "../mentions/MentionList.module.css";
import { useCaretSuggestions } from "../suggestions/useCaretSuggestions.ts";
import { loadEmoji, searchEmoji, type EmojiEntry } from "./emojiData.ts";
import { insertShortcodeEmoji, shortcodeTargetAt, type ShortcodeTarget } from "./emojiText.ts";

/** Suggestions shown at once. */
const SHOWN = 8;
const LIST_WIDTH = 260;

/** An option's id, for `aria-activedescendant`. */
const optionId = (listId: string, index: number) => `${listId}-${index}`;

/**
 * `:shortcode:` completion for the rich editor, as the mention suggestions work: typing `:smi` suggests 😄 smile
 * and others, the editing area keeping the focus (arrows move the highlight, Enter or Tab choose, Escape closes).
 * The emoji data is fetched the first time a shortcode is typed.
 */
export function useEmojiShortcodes(editor: Editor, container: RefObject<HTMLElement | null>) {
  const listId = `${useId()}-emoji`;
  const list = useRef<HTMLUListElement>(null);
  const suggestions = useCaretSuggestions<ShortcodeTarget, EmojiEntry>(editor, container, {
    targetAt: shortcodeTargetAt,
    find: (target, show) => {
      loadEmoji().then(
        (all) => show(searchEmoji(all, target.query, SHOWN)),
        () => undefined, // Offline: no suggestions, the text stays as typed.
      );
    },
    insert: (into, target, entry) => insertShortcodeEmoji(into, target, entry.emoji),
    listWidth: LIST_WIDTH,
  });
  const { open, position } = suggestions;

  useLayoutEffect(() => {
    const option = open ? list.current?.children[open.active] : undefined;
    if (option instanceof HTMLElement) option.scrollIntoView?.({ block: "nearest" });
  }, [open]);

  return {
    update: suggestions.update,
    onKeyDown: suggestions.onKeyDown,
    controls: open ? listId : undefined,
    activeDescendant: open ? optionId(listId, open.active) : undefined,
    list: open ? (
      <ul
        ref={list}
        id={listId}
        role="listbox"
        aria-label={t("Emoji suggestions")}
        className={styles.list}
        style={cssVars({
          "--mention-list-width": px(LIST_WIDTH),
          "--mention-list-top": px(position.top),
          "--mention-list-left": px(position.left),
        })}
      >
        {open.items.map((entry, index) => (
          <li
            key={entry.emoji}
            id={optionId(listId, index)}
            role="option"
            aria-selected={index === open.active}
            aria-label={`${entry.label} :${entry.shortcodes[0] ?? ""}:`}
            className={styles.option}
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => suggestions.highlight(index)}
            onClick={() => suggestions.choose(entry)}
          >
            <span aria-hidden="true">{entry.emoji}</span>
            <span className={styles.name}>:{entry.shortcodes[0] ?? entry.label}:</span>
          </li>
        ))}
      </ul>
    ) : null,
  };
}
