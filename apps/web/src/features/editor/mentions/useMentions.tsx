import { useEffect, useId, useMemo, type RefObject } from "react";
import type { Editor } from "slate";
import { limits } from "@parley/contracts/limits";
import type { ApiClient } from "../../../lib/api.ts";
import { useCaretSuggestions } from "../suggestions/useCaretSuggestions.ts";
import { MentionList, mentionOptionId } from "./MentionList.tsx";
import { createMentionLookup, type MentionUser } from "./mentionLookup.ts";
import { mentionUsersFetcher } from "./mentions.api.ts";
import { insertMention, mentionTargetAt, type MentionTarget } from "./mentionText.ts";

/**
 * Mention autocomplete for the rich editor: typing `@` and part of a name suggests members (spec §4, §7),
 * the editing area keeping the focus and describing the list (`aria-controls`, `aria-activedescendant`).
 * `container` is the positioned box the list is placed in.
 */
export function useMentions(editor: Editor, api: ApiClient, container: RefObject<HTMLElement | null>) {
  const listId = `${useId()}-mentions`;
  const lookup = useMemo(() => createMentionLookup(mentionUsersFetcher(api)), [api]);
  useEffect(() => () => lookup.cancel(), [lookup]);
  const suggestions = useCaretSuggestions<MentionTarget, MentionUser>(editor, container, {
    targetAt: mentionTargetAt,
    find: (target, show) =>
      lookup.lookup(target.query, (result) => show(result.status === "success" ? result.users : [])),
    cancel: lookup.cancel,
    insert: (into, target, user) => insertMention(into, target, user.name),
    listWidth: limits.mentions.listWidth,
  });
  const { open } = suggestions;
  const activeUser = open ? open.items[open.active] : undefined;
  return {
    update: suggestions.update,
    onKeyDown: suggestions.onKeyDown,
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
        users={open.items}
        activeIndex={open.active}
        position={suggestions.position}
        onChoose={suggestions.choose}
        onHighlight={suggestions.highlight}
      />
    ) : null,
  };
}
