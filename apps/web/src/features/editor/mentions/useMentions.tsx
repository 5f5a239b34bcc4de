import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from "react";
import { Point, type Editor } from "slate";
import { ReactEditor } from "slate-react";
import { limits } from "@parley/contracts/limits";
import type { ApiClient } from "../../../lib/api.ts";
import { MentionList, mentionOptionId } from "./MentionList.tsx";
import { createMentionLookup, type MentionUser } from "./mentionLookup.ts";
import { mentionUsersFetcher } from "./mentions.api.ts";
import { insertMention, mentionTargetAt, type MentionTarget } from "./mentionText.ts";

interface Suggestions {
  target: MentionTarget;
  users: MentionUser[];
  active: number;
}

/** Whether two mentions start at the same `@` (Escape closed that one). */
const sameStart = (a: MentionTarget | null, b: MentionTarget | null) =>
  a !== null && b !== null && Point.equals(a.range.anchor, b.range.anchor);

/**
 * Mention autocomplete for the rich editor: typing `@` and part of a name suggests members (spec §4, §7),
 * the editing area keeping the focus and describing the list (`aria-controls`, `aria-activedescendant`).
 * `container` is the positioned box the list is placed in.
 */
export function useMentions(editor: Editor, api: ApiClient, container: RefObject<HTMLElement | null>) {
  const listId = `${useId()}-mentions`;
  const lookup = useMemo(() => createMentionLookup(mentionUsersFetcher(api)), [api]);
  const [open, setOpen] = useState<Suggestions | null>(null);
  const [position, setPosition] = useState({ top: 0, left: 0 });
  /** The mention Escape closed: it stays closed until another one is typed. */
  const dismissed = useRef<MentionTarget | null>(null);

  useEffect(() => () => lookup.cancel(), [lookup]);

  const close = () => {
    lookup.cancel();
    setOpen(null);
  };

  /** After every change of the document or the caret. */
  const update = () => {
    const target = mentionTargetAt(editor);
    if (!target || sameStart(target, dismissed.current)) {
      if (!target) dismissed.current = null;
      close();
      return;
    }
    dismissed.current = null;
    // Until the answer comes, the list shown so far chooses for the text typed now.
    setOpen((shown) => (shown ? { ...shown, target } : null));
    lookup.lookup(target.query, (result) => {
      const users = result.status === "success" ? result.users : [];
      setOpen(users.length > 0 ? { target, users, active: 0 } : null);
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
      const maxLeft = Math.max(0, outer.width - limits.mentions.listWidth);
      setPosition({ top: caret.bottom - outer.top + 4, left: Math.min(Math.max(0, caret.left - outer.left), maxLeft) });
    } catch {
      // The range is not in the DOM yet: the list stays where it was.
    }
  }, [editor, open, container]);

  const choose = (user: MentionUser) => {
    if (!open) return;
    insertMention(editor, open.target, user.name);
    close();
    ReactEditor.focus(editor);
  };

  /** Handles the list's keys; true when the event was the list's. */
  const onKeyDown = (event: KeyboardEvent<HTMLElement>): boolean => {
    // Keys that finish an input method's composition are not the list's.
    if (!open || event.nativeEvent.isComposing) return false;
    const count = open.users.length;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        const step = event.key === "ArrowDown" ? 1 : -1;
        setOpen({ ...open, active: (open.active + step + count) % count });
        break;
      }
      case "Enter":
      case "Tab": {
        const user = open.users[open.active];
        if (!user) return false;
        choose(user);
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

  const activeUser = open ? open.users[open.active] : undefined;
  return {
    update,
    onKeyDown,
    /** The editing area's ARIA attributes. */
    editableProps: {
      "aria-haspopup": "listbox" as const,
      "aria-autocomplete": "list" as const,
      "aria-controls": open ? listId : undefined,
      "aria-activedescendant": activeUser ? mentionOptionId(listId, activeUser) : undefined,
    },
    list: open ? (
      <MentionList
        id={listId}
        users={open.users}
        activeIndex={open.active}
        position={position}
        onChoose={choose}
        onHighlight={(index) => setOpen({ ...open, active: index })}
      />
    ) : null,
  };
}
