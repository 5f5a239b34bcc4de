import type { KnowledgeBase, KnowledgeCategory } from "@parley/contracts";
import { formValue } from "../../lib/forms.ts";

/** The article editor's fields, as posted. */
export interface ArticleFormValues {
  name: string;
  body: string;
  knowledgeCategoryID: string;
}

export const readArticleForm = (form: FormData): ArticleFormValues => ({
  name: formValue(form, "name"),
  body: formValue(form, "body"),
  knowledgeCategoryID: formValue(form, "knowledgeCategoryID"),
});

/** The editor's own checks before the API's: a title, a body and a category. */
export function articleFormErrors(
  values: ArticleFormValues,
  messages: { name: string; body: string; knowledgeCategoryID: string },
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.name.trim()) errors["name"] = messages.name;
  if (!/^[1-9]\d*$/.test(values.knowledgeCategoryID)) errors["knowledgeCategoryID"] = messages.knowledgeCategoryID;
  if (!values.body.trim()) errors["body"] = messages.body;
  return errors;
}

/**
 * The format to save a body in. The plain text area (no JavaScript) posts `markdown`; an article whose
 * source is a rich2 document and comes back still one (edited as its JSON) stays rich2.
 */
export function savedFormat(posted: string, sourceFormat: string, body: string): string {
  if (sourceFormat !== "rich2" || posted === "rich2") return posted || sourceFormat || "markdown";
  try {
    const parsed: unknown = JSON.parse(body);
    return Array.isArray(parsed) &&
      parsed.length > 0 &&
      parsed.every((node) => typeof node === "object" && node !== null && "children" in node)
      ? "rich2"
      : posted || "markdown";
  } catch {
    return posted || "markdown";
  }
}

/**
 * The category select's options: every category below a base's root, named with its parents
 * (`Your Account › Passwords`), sorted by that name (a category then its subcategories); the base's name first when several bases are listed.
 */
export function categoryOptions(
  categories: readonly KnowledgeCategory[],
  bases: readonly Pick<KnowledgeBase, "knowledgeBaseID" | "name" | "rootCategoryID">[] = [],
): Array<{ value: string; label: string }> {
  const byID = new Map(categories.map((category) => [category.knowledgeCategoryID, category]));
  const roots = new Set(bases.map((base) => base.rootCategoryID));
  const isRoot = (category: KnowledgeCategory) => category.parentID === -1 || roots.has(category.knowledgeCategoryID);
  const baseName = new Map(bases.map((base) => [base.knowledgeBaseID, base.name]));
  const labelOf = (category: KnowledgeCategory): string[] => {
    const names: string[] = [];
    const seen = new Set<number>();
    let current: KnowledgeCategory | undefined = category;
    while (current && !isRoot(current) && !seen.has(current.knowledgeCategoryID)) {
      seen.add(current.knowledgeCategoryID);
      names.unshift(current.name);
      current = byID.get(current.parentID);
    }
    return names;
  };
  const showBase = new Set(categories.map((category) => category.knowledgeBaseID)).size > 1;
  return categories
    .filter((category) => !isRoot(category))
    .map((category) => {
      const names = labelOf(category);
      const prefix = showBase ? baseName.get(category.knowledgeBaseID) : undefined;
      return {
        value: String(category.knowledgeCategoryID),
        label: [...(prefix ? [prefix] : []), ...names].join(" › "),
      };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}
