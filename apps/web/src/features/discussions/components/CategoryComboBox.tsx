import { keepPreviousData } from "@tanstack/react-query";
import { useQuery } from "../../../lib/query.ts";
import { useState } from "react";
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text, type Key } from "react-aria-components";
import { limits } from "@parley/contracts/limits";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { formStyles } from "../../../ui/forms/Form.tsx";
import { categorySearchQuery, type CategorySuggestion } from "./postForm.queries.ts";
import { useDebouncedValue } from "./useDebouncedValue.ts";
import styles from "./PostForm.module.css";
import chips from "../../../ui/forms/ChipsComboBox.module.css";
import { ChevronDownIcon } from "../../../ui/icons/icons.tsx";

export interface ChosenCategory {
  categoryID: number;
  name: string;
}

export interface CategoryComboBoxProps {
  /** The category chosen already (from the URL or the form's echoed value). */
  initial: ChosenCategory | null;
  /** The server's message about the field. */
  error?: string | undefined;
  /** Told about every change of the choice. */
  onChange?: (chosen: ChosenCategory | null) => void;
}

/** The trail between Home and the category itself, e.g. "Help & Support" for Troubleshooting. */
const parentTrail = (suggestion: CategorySuggestion): string =>
  (suggestion.breadcrumbs ?? [])
    .slice(1, -1)
    .map((crumb) => crumb.name)
    .join(" › ");

const ChevronIcon = () => <ChevronDownIcon size={16} />;

/**
 * The category of a new discussion, chosen by name: suggestions from `GET /categories/search`
 * (100 ms after the typing stops, only where the member can post), each with its trail. The choice
 * is posted as `categoryID` from a hidden input. An empty text, or the chosen name, lists them all.
 */
export function CategoryComboBox({ initial, error, onChange }: CategoryComboBoxProps) {
  const api = useApi();
  const [chosen, setChosen] = useState(initial);
  const [inputValue, setInputValue] = useState(initial?.name ?? "");
  const typed = inputValue === (chosen?.name ?? "") ? "" : inputValue.trim();
  const query = useDebouncedValue(typed, limits.timing.categorySearchDebounceMs);
  const { data: suggestions = [] } = useQuery({
    ...categorySearchQuery(api, query),
    placeholderData: keepPreviousData,
  });

  const choose = (next: ChosenCategory | null) => {
    setChosen(next);
    setInputValue(next?.name ?? "");
    onChange?.(next);
  };

  const handleSelectionChange = (key: Key | null) => {
    const found = suggestions.find((suggestion) => suggestion.categoryID === key);
    // A null key is React Aria closing the list without a new pick (blur, Escape): the text goes back to the choice.
    if (!found) return setInputValue(chosen?.name ?? "");
    choose({ categoryID: found.categoryID, name: found.name });
  };

  const handleInputChange = (value: string) => {
    setInputValue(value);
    if (value === "" && chosen) choose(null);
  };

  return (
    <>
      <ComboBox
        className={styles.field}
        items={suggestions}
        inputValue={inputValue}
        onInputChange={handleInputChange}
        selectedKey={chosen?.categoryID ?? null}
        onSelectionChange={handleSelectionChange}
        allowsEmptyCollection
        isInvalid={error ? true : undefined}
      >
        <Label className={formStyles.label}>{t("Category")}</Label>
        <div className={styles.inputRow}>
          <Input className={formStyles.input} placeholder={t("Choose a category")} />
          <Button className={styles.toggle}>
            <ChevronIcon />
          </Button>
        </div>
        {error ? (
          <Text slot="errorMessage" className={formStyles.error}>
            {error}
          </Text>
        ) : null}
        <Popover className={chips.popover} placement="bottom start">
          <ListBox<CategorySuggestion>
            className={chips.listBox}
            renderEmptyState={() => <p className={styles.empty}>{t("No categories found.")}</p>}
          >
            {(suggestion) => {
              const trail = parentTrail(suggestion);
              return (
                // Named by all it shows (name and trail), so the name includes the visible text.
                <ListBoxItem
                  id={suggestion.categoryID}
                  textValue={suggestion.name}
                  className={`${chips.option} ${styles.option}`}
                >
                  <span className={styles.optionName}>{suggestion.name}</span>
                  {trail ? <span className={styles.trail}>{trail}</span> : null}
                </ListBoxItem>
              );
            }}
          </ListBox>
        </Popover>
      </ComboBox>
      <input type="hidden" name="categoryID" value={chosen?.categoryID ?? ""} />
    </>
  );
}
