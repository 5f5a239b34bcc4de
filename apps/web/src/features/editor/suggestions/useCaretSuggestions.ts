import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { Point, type BaseRange, type Editor } from "slate";
import { ReactEditor } from "slate-react";

/** What is being completed: the text from its trigger (`@`, `:`) to the caret. */
export interface CaretTarget {
  range: BaseRange;
}

export interface OpenSuggestions<T extends CaretTarget, I> {
  target: T;
  items: I[];
  active: number;
}

interface CaretSuggestionsOptions<T extends CaretTarget, I> {
  /** The text being completed at the caret, or null. */
  targetAt: (editor: Editor) => T | null;
  /** Looks the suggestions up and shows them (maybe later; only those of the text still typed are shown). */
  find: (target: T, show: (items: I[]) => void) => void;
  /** Stops a lookup under way (on closing; the caller stops its own lookups when it unmounts). */
  cancel?: () => void;
  /** Replaces the target with the chosen item. */
  insert: (editor: Editor, target: T, item: I) => void;
  /** The list's width in pixels: it is kept inside `container`. */
  listWidth: number;
}

/** Whether two targets start at the same place (Escape closed that one). */
const sameStart = (a: CaretTarget | null, b: CaretTarget | null) =>
  a !== null && b !== null && Point.equals(a.range.anchor, b.range.anchor);

/**
 * Suggestions at the caret of the rich editor, as the mention and `:shortcode:` completions both work: the list
 * follows what is typed, sits under the caret inside `container`, and the editing area keeps the focus: arrows move
 * the highlight, Enter or Tab choose, Escape closes it until another one is typed. Keys that finish an input
 * method's composition are never the list's.
 */
export function useCaretSuggestions<T extends CaretTarget, I>(
  editor: Editor,
  container: RefObject<HTMLElement | null>,
  options: CaretSuggestionsOptions<T, I>,
) {
  const { targetAt, find, cancel, insert, listWidth } = options;
  const [open, setOpen] = useState<OpenSuggestions<T, I> | null>(null);
  const [position, setPosition] = useState({ top: 0, left: 0 });
  /** The target Escape closed: it stays closed until another one is typed. */
  const dismissed = useRef<T | null>(null);
  /** The target typed last: an answer for an older one is not shown. */
  const latest = useRef<T | null>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const close = () => {
    cancel?.();
    setOpen(null);
  };

  /** After every change of the document or the caret. */
  const update = () => {
    const target = targetAt(editor);
    latest.current = target;
    if (!target || sameStart(target, dismissed.current)) {
      if (!target) dismissed.current = null;
      close();
      return;
    }
    dismissed.current = null;
    // Until the answer comes, the list shown so far chooses for the text typed now.
    setOpen((shown) => (shown ? { ...shown, target } : null));
    find(target, (items) => {
      if (!live.current || latest.current !== target) return;
      setOpen(items.length > 0 ? { target, items, active: 0 } : null);
    });
  };

  useLayoutEffect(() => {
    const box = container.current;
    if (!open || !box) return;
    try {
      const range = ReactEditor.toDOMRange(editor, open.target.range);
      // The line the caret is on (a range across a line break has a rect per line).
      const rects = range.getClientRects();
      const caret = rects[rects.length - 1] ?? range.getBoundingClientRect();
      const outer = box.getBoundingClientRect();
      const maxLeft = Math.max(0, outer.width - listWidth);
      setPosition({ top: caret.bottom - outer.top + 4, left: Math.min(Math.max(0, caret.left - outer.left), maxLeft) });
    } catch {
      // The range is not in the DOM yet: the list stays where it was.
    }
  }, [editor, open, container, listWidth]);

  const choose = (item: I) => {
    if (!open) return;
    insert(editor, open.target, item);
    close();
    ReactEditor.focus(editor);
  };

  /** Handles the list's keys; true when the event was the list's. */
  const onKeyDown = (event: KeyboardEvent<HTMLElement>): boolean => {
    if (!open || event.nativeEvent.isComposing) return false;
    const count = open.items.length;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        const step = event.key === "ArrowDown" ? 1 : -1;
        setOpen({ ...open, active: (open.active + step + count) % count });
        break;
      }
      case "Enter":
      case "Tab": {
        const item = open.items[open.active];
        if (item === undefined) return false;
        choose(item);
        break;
      }
      case "Escape":
        dismissed.current = open.target;
        close();
        break;
      default:
        return false;
    }
    event.preventDefault();
    return true;
  };

  /** Highlights an item (the pointer over it). */
  const highlight = (index: number) => {
    if (open && index !== open.active) setOpen({ ...open, active: index });
  };

  return { open, position, update, onKeyDown, choose, highlight };
}
