import type { KnowledgeBasePost, KnowledgeCategory } from "@parley/contracts";
import type { KnowledgeBaseViewType, KnowledgeSort } from "@parley/contracts/knowledge-constants";

/** The base form's fields, as posted (their names are the API's). */
const baseFields = ["name", "description", "urlCode", "viewType", "sortArticles", "icon", "bannerImage"] as const;

/**
 * A posted base form as the API's body, and the values to show again. An unknown view type or sort is left for the
 * API to refuse beside its field.
 */
export function baseFromForm(form: FormData): { body: KnowledgeBasePost; values: Record<string, string> } {
  const values: Record<string, string> = {};
  for (const field of baseFields) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value : "";
  }
  const body: KnowledgeBasePost = {
    name: values["name"]!.trim(),
    description: values["description"]!.trim(),
    urlCode: values["urlCode"]!.trim(),
    viewType: values["viewType"] as KnowledgeBaseViewType,
    // None chosen: the API's default for the type (a guide by hand, a help centre newest first).
    ...(values["sortArticles"] ? { sortArticles: values["sortArticles"] as KnowledgeSort } : {}),
    icon: values["icon"]!.trim(),
    bannerImage: values["bannerImage"]!.trim(),
  };
  return { body, values };
}

/** A category in the dashboard's tree: its children in the readers' order, and how deep it sits (1 at the top). */
export interface CategoryNode {
  category: KnowledgeCategory;
  depth: number;
  children: CategoryNode[];
}

/** The readers' order of sibling categories: hand-set `sort` (unsorted last), then name. */
const compareCategories = (a: KnowledgeCategory, b: KnowledgeCategory) =>
  (a.sort ?? Number.MAX_SAFE_INTEGER) - (b.sort ?? Number.MAX_SAFE_INTEGER) || a.name.localeCompare(b.name);

/** A base's categories as a tree under its root category (the root itself left out). */
export function categoryTree(categories: readonly KnowledgeCategory[], rootCategoryID: number): CategoryNode[] {
  const byParent = new Map<number, KnowledgeCategory[]>();
  for (const category of categories) {
    if (category.knowledgeCategoryID === category.parentID) continue;
    byParent.set(category.parentID, [...(byParent.get(category.parentID) ?? []), category]);
  }
  const seen = new Set<number>();
  const build = (parentID: number, depth: number): CategoryNode[] =>
    [...(byParent.get(parentID) ?? [])]
      .sort(compareCategories)
      .filter((category) => !seen.has(category.knowledgeCategoryID))
      .map((category) => {
        seen.add(category.knowledgeCategoryID);
        return { category, depth, children: build(category.knowledgeCategoryID, depth + 1) };
      });
  return build(rootCategoryID, 1);
}

/** The tree depth first, for the parent select. */
export function flattenTree(tree: readonly CategoryNode[]): CategoryNode[] {
  return tree.flatMap((node) => [node, ...flattenTree(node.children)]);
}

/**
 * Moving a category one place up or down among its siblings: the `sort` each sibling then needs (its new place), only
 * those that change. Empty when it cannot move that way.
 */
export function moveSorts(
  siblings: readonly KnowledgeCategory[],
  knowledgeCategoryID: number,
  direction: "up" | "down",
): Array<{ knowledgeCategoryID: number; sort: number }> {
  const ordered = [...siblings].sort(compareCategories);
  const from = ordered.findIndex((category) => category.knowledgeCategoryID === knowledgeCategoryID);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ordered.length) return [];
  [ordered[from], ordered[to]] = [ordered[to]!, ordered[from]!];
  return ordered.flatMap((category, index) =>
    category.sort === index ? [] : [{ knowledgeCategoryID: category.knowledgeCategoryID, sort: index }],
  );
}
