import { useState } from "react";
import type { Key } from "react-aria-components";
import { t } from "../../../lib/i18n.ts";
import { ChipsComboBox, OptionTrail } from "../../../ui/forms/ChipsComboBox.tsx";

/** A category the search can be narrowed to, with its parents' names ("Help & Support" for Troubleshooting). */
export interface CategoryChoice {
  categoryID: number;
  name: string;
  trail: string;
}

export interface CategoryChipsProps {
  options: CategoryChoice[];
  chosen: number[];
  onChange: (chosen: number[]) => void;
  hint: string;
}

/**
 * The search page's category filter once the page runs (loaded on demand): type to narrow the
 * categories, choose several, each chosen one a chip with a Remove button. The form's `categoryIDs`
 * inputs are the caller's (one hidden input per chosen category).
 */
export function CategoryChips({ options, chosen, onChange, hint }: CategoryChipsProps) {
  const [inputValue, setInputValue] = useState("");
  const typed = inputValue.trim().toLowerCase();
  const byID = new Map(options.map((option) => [option.categoryID, option]));
  const items = options.filter(
    (option) =>
      !chosen.includes(option.categoryID) &&
      (!typed || option.name.toLowerCase().includes(typed) || option.trail.toLowerCase().includes(typed)),
  );

  const handleSelect = (key: Key) => {
    if (typeof key !== "number") return;
    onChange([...chosen, key]);
    setInputValue("");
  };

  return (
    <ChipsComboBox<CategoryChoice>
      label={t("Categories")}
      labelHidden
      items={items}
      itemKey={(option) => option.categoryID}
      itemText={(option) => option.name}
      renderItem={(option) => (
        <>
          <span>{option.name}</span>
          {option.trail ? <OptionTrail>{option.trail}</OptionTrail> : null}
        </>
      )}
      inputValue={inputValue}
      onInputChange={setInputValue}
      onSelect={handleSelect}
      chips={chosen.map((id) => ({ id, name: byID.get(id)?.name ?? String(id) }))}
      chipsLabel={t("Chosen categories")}
      onRemove={(keys) => onChange(chosen.filter((id) => !keys.has(id)))}
      hint={hint}
      placeholder={t("Choose categories…")}
      emptyState={t("No matching categories.")}
      openOnFocus
    />
  );
}
