import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "react-aria-components";
import { t } from "../../../lib/i18n.ts";
import editorStyles from "../RichEditor.module.css";
import { loadEmoji, searchEmoji, type EmojiEntry } from "./emojiData.ts";
import styles from "./EmojiPicker.module.css";

/** Emoji a row of the grid holds (the arrow keys move by a row up and down). */
const EMOJI_COLUMNS = 8;
/** Emoji shown at once (the search narrows them). */
const SHOWN = 160;

export interface EmojiPickerProps {
  onChoose: (emoji: string) => void;
  onClose: () => void;
}

/**
 * The toolbar's emoji picker, inline under the toolbar like the link panel (a chunk of its own, with its data):
 * a search box that keeps the focus and a grid of emoji as a listbox it controls. The arrow keys move the
 * highlight (left and right by one, up and down by a row), Enter inserts it, Escape closes; each emoji is named by
 * its CLDR name for screen readers.
 */
export function EmojiPicker({ onChoose, onClose }: EmojiPickerProps) {
  const [all, setAll] = useState<EmojiEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const id = useId();
  const listId = `${id}-list`;
  const grid = useRef<HTMLUListElement>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    loadEmoji().then(
      (loaded) => {
        if (live) setAll(loaded);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    input.current?.focus();
    return () => {
      live = false;
    };
  }, []);

  const shown = all ? searchEmoji(all, query.replace(/:/g, ""), SHOWN) : [];
  const current = shown[Math.min(active, shown.length - 1)];

  useLayoutEffect(() => {
    const option = grid.current?.children[active];
    if (option instanceof HTMLElement) option.scrollIntoView?.({ block: "nearest" });
  }, [active]);

  const move = (step: number) => {
    if (!shown.length) return;
    setActive(Math.min(Math.max(0, active + step), shown.length - 1));
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case "ArrowRight":
        move(1);
        break;
      case "ArrowLeft":
        move(-1);
        break;
      case "ArrowDown":
        move(EMOJI_COLUMNS);
        break;
      case "ArrowUp":
        move(-EMOJI_COLUMNS);
        break;
      case "Home":
        setActive(0);
        break;
      case "End":
        setActive(Math.max(0, shown.length - 1));
        break;
      case "Enter":
        if (current) onChoose(current.emoji);
        break;
      case "Escape":
        onClose();
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <div className={styles.picker} role="group" aria-label={t("Emoji")}>
      <div className={styles.search}>
        <label htmlFor={`${id}-search`} className={`${editorStyles.linkLabel} ${styles.searchLabel}`}>
          {t("Search emoji")}
        </label>
        <input
          ref={input}
          id={`${id}-search`}
          type="search"
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-activedescendant={current ? `${listId}-${active}` : undefined}
          aria-autocomplete="list"
          autoComplete="off"
          className={editorStyles.linkInput}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setActive(0);
          }}
          onKeyDown={handleKeyDown}
        />
        <Button className={editorStyles.panelButton} onPress={onClose}>
          {t("Close")}
        </Button>
      </div>
      <p className={styles.status} role="status">
        {failed
          ? t("The emoji could not be loaded.")
          : !all
            ? t("Loading…")
            : shown.length === 0
              ? t("No emoji found.")
              : current
                ? `${current.emoji} ${current.label}${current.shortcodes[0] ? ` :${current.shortcodes[0]}:` : ""}`
                : ""}
      </p>
      <ul ref={grid} id={listId} role="listbox" aria-label={t("Emoji")} className={styles.grid}>
        {shown.map((entry, index) => (
          <li
            key={entry.emoji}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            aria-label={entry.label}
            title={entry.shortcodes[0] ? `${entry.label} :${entry.shortcodes[0]}:` : entry.label}
            className={styles.option}
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => {
              if (index !== active) setActive(index);
            }}
            onClick={() => onChoose(entry.emoji)}
          >
            {entry.emoji}
          </li>
        ))}
      </ul>
    </div>
  );
}
