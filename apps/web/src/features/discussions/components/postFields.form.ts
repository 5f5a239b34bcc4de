import type { PostField } from "@parley/contracts";

/*
 * The new-post form's post fields as posted (the post types add-on), apart from their controls (`PostFieldInputs`),
 * for the new-post action.
 */

/** The form name of a post field's value: `postMeta.<postFieldID>`, as the API names its errors. */
export const postMetaName = (postFieldID: string) => `postMeta.${postFieldID}`;

/** The form's values of a post type's fields: what the API's `postMeta` takes, and what to show again if refused. */
export function readPostMeta(form: FormData, fields: readonly PostField[]) {
  const postMeta: Record<string, unknown> = {};
  const values: Record<string, string> = {};
  for (const field of fields) {
    const name = postMetaName(field.postFieldID);
    if (field.formType === "checkbox") {
      const checked = form.has(name);
      values[name] = checked ? "1" : "";
      postMeta[field.postFieldID] = checked;
      continue;
    }
    const raw = form.get(name);
    const text = typeof raw === "string" ? raw.trim() : "";
    values[name] = text;
    if (text === "") continue;
    postMeta[field.postFieldID] = field.formType === "dropdown" && field.dataType === "number" ? Number(text) : text;
  }
  return { postMeta, values };
}
