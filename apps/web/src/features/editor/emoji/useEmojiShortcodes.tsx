import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { Point, type Editor } from "slate";
import { ReactEditor } from "slate-react";
import { t } from "../../../lib/i18n.ts";
import { cssVars, px } from "../../../ui/css.ts";
import styles from "../mentions/MentionList.module.css";
import { loadEmoji, searchEmoji, type EmojiEntry } from "./emojiData.ts";
import { insertShortcodeEmoji, shortcodeTargetAt, type ShortcodeTarget } from "./emojiText.ts";

/** Suggestions shown at once. */
const SHOWN = 8;
const LIST_WIDTH = 260;

interface Suggestions {
  target: ShortcodeTarget;
  emoji: EmojiEntry[];
  active: number;
}

const sameStart = (a: ShortcodeTarget | null, b: ShortcodeTarget | null) =>
  a !== null && b !== null && Point.equals(a.range.anchor, b.range.anchor);

/** An option's id, for `aria-activedescendant`. */
const optionId = (listId: string, index: number) => `${listId}-${index}`;

/**
 * `:shortcode:` completion for the rich editor, as the mention suggestions work: typing `:smi` suggests 😄 smile
 * and others, the editing area keeping the focus (arrows move the highlight, Enter or Tab choose, Escape closes).
 * The emoji data is fetched the first time a shortcode is typed.
 */
export function useEmojiShortcodes(editor: Editor, container: RefObject<HTMLElement | null>) {
  const listId = `${useId()}-emoji`;
  const [open, setOpen] = useState<Suggestions | null>(null);
  const [position, setPosition] = useState({ top: 0, left: 0 });
  const dismissed = useRef<ShortcodeTarget | null>(null);
  const latest = useRef<ShortcodeTarget | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );

  const update = () => {
    const target = shortcodeTargetAt(editor);
    latest.current = target;
    if (!target || sameStart(target, dismissed.current)) {
      if (!target) dismissed.current = null;
      setOpen(null);
      return;
    }
    dismissed.current = null;
    loadEmoji().then(
      (all) => {
        // Only the shortcode still being typed when the data came.
        if (!live.current || latest.current !== target) return;
        const emoji = searchEmoji(all, target.query, SHOWN);
        setOpen(emoji.length ? { target, emoji, active: 0 } : null);
      },
      () => undefined, // Offline: no suggestions, the text stays as typed.
    );
  };

  useLayoutEffect(() => {
    const box = container.current;
    if (!open || !box) return;
    try {
      const rects = ReactEditor.toDOMRange(editor, open.target.range).getClientRects();
      const caret = rects[rects.length - 1];
      if (!caret) return;
      const outer = box.getBoundingClientRect();
      const maxLeft = Math.max(0, outer.width - LIST_WIDTH);
      setPosition({ top: caret.bottom - outer.top + 4, left: Math.min(Math.max(0, caret.left - outer.left), maxLeft) });
    } catch {
      // Not in the DOM yet: the list stays where it was.
    }
  }, [editor, open, container]);

  useLayoutEffect(() => {
    const option = open ? list.current?.children[open.active] : undefined;
    if (option instanceof HTMLElement) option.scrollIntoView?.({ block: "nearest" });
  }, [open]);

  const choose = (entry: EmojiEntry) => {
    if (!open) return;
    insertShortcodeEmoji(editor, open.target, entry.emoji);
    setOpen(null);
    ReactEditor.focus(editor);
  };

  /** Handles the list's keys; true when the event was the list's. */
  const onKeyDown = (event: KeyboardEvent<HTMLElement>): boolean => {
    if (!open || event.nativeEvent.isComposing) return false;
    const count = open.emoji.length;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        const step = event.key === "ArrowDown" ? 1 : -1;
        setOpen({ ...open, active: (open.active + step + count) % count });
        break;
      }
      case "Enter":
      case "Tab": {
        const entry = open.emoji[open.active];
        if (!entry) return false;
        choose(entry);
        break;
      }
      case "Escape":
        dismissed.current = open.target;
        setOpen(null);
        break;
      default:
        return false;
    }
    event.preventDefault();
    return true;
  };

  return {
    update,
    onKeyDown,
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
        {open.emoji.map((entry, index) => (
          <li
            key={entry.emoji}
            id={optionId(listId, index)}
            role="option"
            aria-selected={index === open.active}
            aria-label={`${entry.label} :${entry.shortcodes[0] ?? ""}:`}
            className={styles.option}
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => {
              if (index !== open.active) setOpen({ ...open, active: index });
            }}
            onClick={() => choose(entry)}
          >
            <span aria-hidden="true">{entry.emoji}</span>
            <span className={styles.name}>:{entry.shortcodes[0] ?? entry.label}:</span>
          </li>
        ))}
      </ul>
    ) : null,
  };
}
