import type { KeyboardEvent, ReactNode } from "react";
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
import { t } from "../../lib/i18n.ts";
import { CloseIcon } from "../icons/icons.tsx";
import formStyles from "./Form.module.css";
import chipStyles from "./Chips.module.css";
import styles from "./ChipsComboBox.module.css";

/** A chosen value shown as a chip: its key (what removing it reports) and its name. */
interface Chip {
  id: Key;
  name: string;
}

export interface ChipsComboBoxProps<T extends object> {
  label: string;
  /** Keeps the label for assistive technology only (the page names the field another way). */
  labelHidden?: boolean;
  /** The options offered for what is typed (the caller filters them). */
  items: T[];
  itemKey: (item: T) => Key;
  itemText: (item: T) => string;
  /** What an option shows (its text by default). */
  renderItem?: (item: T) => ReactNode;
  inputValue: string;
  onInputChange: (value: string) => void;
  /** An option was chosen (by its key); the caller adds its chip and usually empties the text. */
  onSelect: (key: Key) => void;
  chips: Chip[];
  /** The chips' group's accessible name ("Chosen tags"). */
  chipsLabel: string;
  onRemove: (keys: Set<Key>) => void;
  hint?: string | undefined;
  error?: string | undefined;
  placeholder?: string | undefined;
  /** Shown in the list when no option matches (the list stays closed without it). */
  emptyState?: string | undefined;
  /** Open the list on focus (a short list of choices) rather than on typing. */
  openOnFocus?: boolean;
  /** Let the list open with no option yet (React Aria builds it one render after the text changes). */
  allowsEmptyCollection?: boolean;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** After the chips: the form's hidden inputs for the chosen values, say. */
  children?: ReactNode;
}

/**
 * A labelled combo box whose choices become removable chips (React Aria's ComboBox and TagGroup): type to
 * narrow the options, choose one with the keyboard or the pointer, remove a chip with its Remove button or
 * Backspace/Delete. The tags of a new discussion and the search page's categories use it.
 */
export function ChipsComboBox<T extends object>({
  label,
  labelHidden = false,
  items,
  itemKey,
  itemText,
  renderItem,
  inputValue,
  onInputChange,
  onSelect,
  chips,
  chipsLabel,
  onRemove,
  hint,
  error,
  placeholder,
  emptyState,
  openOnFocus = false,
  allowsEmptyCollection,
  onKeyDown,
  children,
}: ChipsComboBoxProps<T>) {
  return (
    <div className={styles.picker}>
      <ComboBox
        className={styles.field}
        items={items}
        inputValue={inputValue}
        onInputChange={onInputChange}
        selectedKey={null}
        onSelectionChange={(key) => {
          if (key !== null) onSelect(key);
        }}
        {...(openOnFocus ? { menuTrigger: "focus" as const } : {})}
        {...(allowsEmptyCollection !== undefined ? { allowsEmptyCollection } : {})}
        isInvalid={error ? true : undefined}
      >
        <Label className={labelHidden ? "visually-hidden" : formStyles.label}>{label}</Label>
        <Input className={formStyles.input} placeholder={placeholder} onKeyDown={onKeyDown} />
        {hint ? (
          <Text slot="description" className={formStyles.hint}>
            {hint}
          </Text>
        ) : null}
        {error ? (
          <Text slot="errorMessage" className={formStyles.error}>
            {error}
          </Text>
        ) : null}
        <Popover className={styles.popover} placement="bottom start">
          <ListBox<T>
            className={styles.listBox}
            {...(emptyState ? { renderEmptyState: () => <p className={styles.empty}>{emptyState}</p> } : {})}
          >
            {(item) => (
              <ListBoxItem id={itemKey(item)} textValue={itemText(item)} className={styles.option}>
                {renderItem ? renderItem(item) : itemText(item)}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      {chips.length ? (
        <TagGroup aria-label={chipsLabel} onRemove={onRemove}>
          <TagList className={chipStyles.tagList} items={chips}>
            {(chip) => (
              <Tag id={chip.id} textValue={chip.name} className={chipStyles.tag}>
                {chip.name}
                {/* Named "Remove" + the chip's name (React Aria labels it by itself and its tag). */}
                <Button slot="remove" className={chipStyles.remove} aria-label={t("Remove")}>
                  <CloseIcon size={12} />
                </Button>
              </Tag>
            )}
          </TagList>
        </TagGroup>
      ) : null}
      {children}
    </div>
  );
}

/** An option's secondary line (a category's parents), muted under its name. */
export function OptionTrail({ children }: { children: ReactNode }) {
  return <span className={styles.trail}>{children}</span>;
}
