import { useQuery } from "../../../lib/query.ts";
import { useState } from "react";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { TextField } from "../../../ui/forms/Form.tsx";
import { splitTagNames, taggingEnabledQuery } from "./postForm.queries.ts";
import { usePostFormParts } from "./postFormParts.ts";

export interface TagsInputProps {
  /** Tag names, comma-separated (what the form sent back). */
  defaultValue: string;
  error?: string | undefined;
  /**
   * On the edit form: a hidden `tagsField` says the tags were shown, so that an empty field (or a picker
   * with no chips, which posts nothing) removes the discussion's tags rather than leaving them.
   */
  editing?: boolean;
}

/**
 * The new discussion's tags, when the site has tagging on: on the server and without JavaScript a
 * text field `tags` of comma-separated names; once the page runs, a picker with suggestions and
 * removable chips (`TagsComboBox`, loaded on demand), taking over what was typed.
 */
export function TagsInput({ defaultValue, error, editing = false }: TagsInputProps) {
  const api = useApi();
  const { data: enabled = false } = useQuery(taggingEnabledQuery(api));
  const parts = usePostFormParts();
  const [text, setText] = useState(defaultValue);
  if (!enabled) return null;
  const hint = t("Separate tags with commas.");
  const marker = editing ? <input type="hidden" name="tagsField" value="1" /> : null;

  if (parts)
    return (
      <>
        {marker}
        <parts.TagsComboBox
          initial={splitTagNames(text).map((name) => ({ tagID: null, name }))}
          hint={hint}
          error={error}
        />
      </>
    );
  return (
    <>
      {marker}
      <TextField
        label={t("Tags")}
        name="tags"
        id="discussion-tags"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        hint={hint}
        error={error}
        autoComplete="off"
      />
    </>
  );
}
