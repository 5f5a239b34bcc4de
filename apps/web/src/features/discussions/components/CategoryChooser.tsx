import { useState } from "react";
import type { CategoryTreeItem } from "@parley/contracts";
import { t } from "../../../lib/i18n.ts";
import { formStyles } from "../../../ui/forms/Form.tsx";
import { usePostFormParts } from "./postFormParts.ts";

interface CategoryOption {
  categoryID: number;
  name: string;
  depth: number;
  /** Groups of categories and headings take no discussions. */
  disabled: boolean;
}

/** The category tree in order, each with its depth. */
function flatten(tree: CategoryTreeItem[], depth = 0): CategoryOption[] {
  return tree.flatMap((category) => [
    {
      categoryID: category.categoryID,
      name: category.name,
      depth,
      disabled: category.displayAs === "categories" || category.displayAs === "heading",
    },
    ...flatten(category.children ?? [], depth + 1),
  ]);
}

export interface CategoryChooserProps {
  /** The visible category tree (the page's loader has it). */
  tree: CategoryTreeItem[];
  /** The chosen category's id, or "". */
  defaultValue: string;
  error?: string | undefined;
  /** The chosen category's id as it changes (the post types follow it). */
  onChange?: (categoryID: string) => void;
}

/**
 * The new discussion's category, posted as `categoryID`: on the server and without JavaScript a
 * `<select>` of the tree (groups disabled, children indented); once the page runs, a combobox that
 * searches categories by name (`CategoryComboBox`, loaded on demand). A choice made in the select
 * before it loads is kept.
 */
export function CategoryChooser({ tree, defaultValue, error, onChange }: CategoryChooserProps) {
  const parts = usePostFormParts();
  const [value, setValue] = useState(defaultValue);
  const options = flatten(tree);

  if (parts) {
    const current = options.find((option) => String(option.categoryID) === value && !option.disabled);
    return (
      <div className={formStyles.field}>
        <parts.CategoryComboBox
          initial={current ? { categoryID: current.categoryID, name: current.name } : null}
          error={error}
          onChange={(chosen) => onChange?.(String(chosen?.categoryID ?? ""))}
        />
      </div>
    );
  }

  return (
    <div className={formStyles.field}>
      <label htmlFor="discussion-category" className={formStyles.label}>
        {t("Category")}
      </label>
      <select
        id="discussion-category"
        name="categoryID"
        className={formStyles.input}
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          onChange?.(event.currentTarget.value);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "discussion-category-error" : undefined}
      >
        <option value="">{t("Choose a category")}</option>
        {options.map((option) => (
          <option key={option.categoryID} value={option.categoryID} disabled={option.disabled}>
            {`${"— ".repeat(option.depth)}${option.name}`}
          </option>
        ))}
      </select>
      {error ? (
        <p id="discussion-category-error" className={formStyles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
