import { useState } from "react";
import {
  Button,
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Tag,
  TagGroup,
  TagList,
  Text,
  type Key,
} from "react-aria-components";
import { t } from "../../../lib/i18n.ts";
import styles from "./CategoryChips.module.css";
import chips from "../../../ui/forms/Chips.module.css";
import { CloseIcon } from "../../../ui/icons/icons.tsx";

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

  const handleSelectionChange = (key: Key | null) => {
    if (typeof key !== "number") return;
    onChange([...chosen, key]);
    setInputValue("");
  };

  const handleRemove = (keys: Set<Key>) => onChange(chosen.filter((id) => !keys.has(id)));

  return (
    <div className={styles.picker}>
      <ComboBox
        className={styles.field}
        items={items}
        inputValue={inputValue}
        onInputChange={setInputValue}
        selectedKey={null}
        onSelectionChange={handleSelectionChange}
        menuTrigger="focus"
      >
        <Label className="visually-hidden">{t("Categories")}</Label>
        <Input className={styles.input} placeholder={t("Choose categories…")} />
        <Text slot="description" className={styles.hint}>
          {hint}
        </Text>
        <Popover className={styles.popover} placement="bottom start">
          <ListBox<CategoryChoice>
            className={styles.listBox}
            renderEmptyState={() => <p className={styles.empty}>{t("No matching categories.")}</p>}
          >
            {(option) => (
              <ListBoxItem id={option.categoryID} textValue={option.name} className={styles.option}>
                <span>{option.name}</span>
                {option.trail ? <span className={styles.trail}>{option.trail}</span> : null}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      {chosen.length ? (
        <TagGroup aria-label={t("Chosen categories")} onRemove={handleRemove}>
          <TagList
            className={chips.tagList}
            items={chosen.map((id) => ({ id, name: byID.get(id)?.name ?? String(id) }))}
          >
            {(tag) => (
              <Tag id={tag.id} textValue={tag.name} className={chips.tag}>
                {tag.name}
                <Button slot="remove" className={chips.remove} aria-label={t("Remove")}>
                  <CloseIcon size={12} />
                </Button>
              </Tag>
            )}
          </TagList>
        </TagGroup>
      ) : null}
    </div>
  );
}
