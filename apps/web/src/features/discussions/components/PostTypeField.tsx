import type { CategoryTreeItem } from "@parley/contracts";
import { allowedTypesOf } from "@parley/contracts/categories-constants";
import { t } from "../../../lib/i18n.ts";
import { SelectField } from "../../../ui/forms/Form.tsx";

/** The category of this id in the tree, at any depth. */
const find = (tree: CategoryTreeItem[], id: string): CategoryTreeItem | undefined => {
  for (const category of tree) {
    const found = String(category.categoryID) === id ? category : find(category.children ?? [], id);
    if (found) return found;
  }
  return undefined;
};

/**
 * The new discussion's type, posted as `type`: the types the chosen category takes (every type before one is chosen).
 * Rendered on the server with the category the page starts with; the server refuses any other. Questions only
 * while the QnA add-on is on.
 */
export function PostTypeField({
  tree,
  categoryID,
  defaultValue,
  error,
  questions = true,
  ideas = true,
  polls = true,
}: {
  tree: CategoryTreeItem[];
  categoryID: string;
  defaultValue: string | undefined;
  error: string | undefined;
  /** Whether the site takes questions (the QnA add-on); off, the type is not offered. */
  questions?: boolean;
  /** Whether the site takes ideas (the ideation add-on); off, the type is not offered. */
  ideas?: boolean;
  /** Whether the site takes polls (the polls add-on); off, the type is not offered. */
  polls?: boolean;
}) {
  const labels: Record<string, string> = {
    discussion: t("Discussion"),
    question: t("Question"),
    idea: t("Idea"),
    poll: t("Poll"),
  };
  const types = allowedTypesOf(find(tree, categoryID) ?? {}).filter(
    (type) => (questions || type !== "question") && (ideas || type !== "idea") && (polls || type !== "poll"),
  );
  return (
    <SelectField
      key={`${types.join()}:${defaultValue ?? ""}`}
      label={t("Type")}
      name="type"
      defaultValue={defaultValue}
      options={types.map((type) => ({ value: type, label: labels[type] ?? type }))}
      error={error}
    />
  );
}
