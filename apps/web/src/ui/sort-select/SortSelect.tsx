import { useId } from "react";
import { useNavigate } from "react-router";
import { t } from "../../lib/i18n.ts";
import { useHydrated } from "../hydrated.ts";
import styles from "./SortSelect.module.css";

export interface SortOption<T extends string> {
  sort: T;
  label: string;
}

interface SortSelectProps<T extends string> {
  options: ReadonlyArray<SortOption<T>>;
  current: T;
  /** The address of the first page in another order; the default order is left out of it (spec §2). */
  href: (sort: T) => string;
  /** The path a plain form GET goes to (the first page, no `/p{n}`). */
  action: string;
  label?: string;
  /** The query parameter (default `sort`); for another one the select's label and button are `label`. */
  name?: string;
  /** The other query parameters a plain form GET keeps (empty and 'all' values left out). */
  hidden?: Record<string, string | number | null>;
}

/**
 * The sort choice as a select synced to `?sort` (spec §2): choosing navigates at once once the page
 * has hydrated; without JavaScript it is a GET form with a Sort button.
 */
export function SortSelect<T extends string>({
  options,
  current,
  href,
  action,
  label,
  name = "sort",
  hidden = {},
}: SortSelectProps<T>) {
  const id = useId();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  return (
    <form method="get" action={action} className={styles.sort} aria-label={label ?? t("Sort by")}>
      {Object.entries(hidden).map(([key, value]) =>
        value && value !== "all" ? <input key={key} type="hidden" name={key} value={value} /> : null,
      )}
      <label htmlFor={id}>{name === "sort" ? t("Sort by") : label}</label>
      <select
        id={id}
        name={name}
        className={styles.select}
        value={current}
        onChange={(event) => {
          void navigate(href(event.target.value as T));
        }}
      >
        {options.map((option) => (
          <option key={option.sort} value={option.sort}>
            {t(option.label)}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className={styles.submit}>
          {name === "sort" ? t("Sort") : label}
        </button>
      )}
    </form>
  );
}
