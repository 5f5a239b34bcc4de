import { keepPreviousData } from "@tanstack/react-query";
import { useQuery } from "../../../lib/query.ts";
import { useState, type KeyboardEvent } from "react";
import type { Key } from "react-aria-components";
import { limits } from "@parley/contracts/limits";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { ChipsComboBox } from "../../../ui/forms/ChipsComboBox.tsx";
import { splitTagNames, tagSearchQuery } from "./postForm.queries.ts";
import { useDebouncedValue } from "./useDebouncedValue.ts";

/** A tag of the new post: an existing one (with its id) or a new name. */
export interface ChosenTag {
  tagID: number | null;
  name: string;
}

export interface TagsComboBoxProps {
  /** Tags chosen already (the names typed before the picker loaded, or echoed by the form). */
  initial: ChosenTag[];
  hint: string;
  /** The server's message about the tags. */
  error?: string | undefined;
}

const NEW_TAG = "new-tag";
const keyOf = (tag: ChosenTag) => (tag.tagID === null ? `new:${tag.name.toLowerCase()}` : `tag:${tag.tagID}`);
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

interface Suggestion {
  key: string;
  tagID: number | null;
  name: string;
}

/**
 * The tags of a new discussion: suggestions from `GET /tags?query=` (100 ms after the typing
 * stops), or a new name (the 'New tag' option, Enter, or a comma). Chosen tags are chips that can
 * be removed; they are posted as hidden `tagIDs` (existing) and `newTagNames` (new) inputs.
 */
export function TagsComboBox({ initial, hint, error }: TagsComboBoxProps) {
  const api = useApi();
  const [chosen, setChosen] = useState<ChosenTag[]>(initial);
  const [inputValue, setInputValue] = useState("");
  const typed = inputValue.trim();
  const query = useDebouncedValue(typed, limits.timing.tagSearchDebounceMs);
  const { data: found = [] } = useQuery({
    ...tagSearchQuery(api, query),
    enabled: query !== "",
    placeholderData: keepPreviousData,
  });

  const isChosen = (tag: ChosenTag) =>
    chosen.some((other) => (tag.tagID !== null && other.tagID === tag.tagID) || sameName(other.name, tag.name));
  const existing = query === "" || typed === "" ? [] : found.filter((tag) => !isChosen(tag));
  const suggestions: Suggestion[] = existing.map((tag) => ({
    key: `tag:${tag.tagID}`,
    tagID: tag.tagID,
    name: tag.name,
  }));
  if (typed && !isChosen({ tagID: null, name: typed }) && !existing.some((tag) => sameName(tag.name, typed)))
    suggestions.push({ key: NEW_TAG, tagID: null, name: typed });

  const add = (tags: ChosenTag[]) => {
    setChosen((current) => {
      const next = [...current];
      for (const tag of tags) {
        const clash = (other: ChosenTag) =>
          (tag.tagID !== null && other.tagID === tag.tagID) || sameName(other.name, tag.name);
        if (!next.some(clash)) next.push(tag);
      }
      return next;
    });
    setInputValue("");
  };

  /** An existing tag's exact name counts as that tag; any other name is new. */
  const byName = (name: string): ChosenTag => {
    const match = found.find((tag) => sameName(tag.name, name));
    return match ? { tagID: match.tagID, name: match.name } : { tagID: null, name };
  };

  const handleSelect = (key: Key) => {
    const suggestion = suggestions.find((item) => item.key === key);
    if (suggestion) add([{ tagID: suggestion.tagID, name: suggestion.name }]);
  };

  const handleInputChange = (value: string) => {
    if (!value.includes(",")) return setInputValue(value);
    // A comma ends a name, as in the plain comma-separated field.
    const parts = value.split(",");
    const rest = parts.pop() ?? "";
    add(splitTagNames(parts.join(",")).map(byName));
    setInputValue(rest.trimStart());
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter with no suggestion highlighted takes the typed name, and does not send the form.
    if (event.key !== "Enter" || !typed || event.currentTarget.getAttribute("aria-activedescendant")) return;
    event.preventDefault();
    add([byName(typed)]);
  };

  const handleRemove = (keys: Set<Key>) => setChosen((current) => current.filter((tag) => !keys.has(keyOf(tag))));

  return (
    <ChipsComboBox<Suggestion>
      label={t("Tags")}
      items={suggestions}
      itemKey={(suggestion) => suggestion.key}
      itemText={(suggestion) => suggestion.name}
      renderItem={(suggestion) =>
        suggestion.tagID === null ? t("New tag: {name}", { name: suggestion.name }) : suggestion.name
      }
      inputValue={inputValue}
      onInputChange={handleInputChange}
      onSelect={handleSelect}
      // React Aria builds the list one render after the text changes: without this the first
      // letter typed would not open it (there is always an option once something is typed).
      allowsEmptyCollection={typed !== ""}
      onKeyDown={handleKeyDown}
      chips={chosen.map((tag) => ({ id: keyOf(tag), name: tag.name }))}
      chipsLabel={t("Chosen tags")}
      onRemove={handleRemove}
      hint={hint}
      error={error}
    >
      {chosen.map((tag) =>
        tag.tagID === null ? (
          <input key={keyOf(tag)} type="hidden" name="newTagNames" value={tag.name} />
        ) : (
          <input key={keyOf(tag)} type="hidden" name="tagIDs" value={tag.tagID} />
        ),
      )}
    </ChipsComboBox>
  );
}
