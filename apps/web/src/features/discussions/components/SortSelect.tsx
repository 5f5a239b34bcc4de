import { useId } from "react";
import { useNavigate } from "react-router";
import { t } from "../../../lib/i18n.ts";
import { useHydrated } from "../../../ui/hydrated.ts";
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
}

/**
 * The sort choice as a select synced to `?sort` (spec §2): choosing navigates at once once the page
 * has hydrated; without JavaScript it is a GET form with a Sort button.
 */
export function SortSelect<T extends string>({ options, current, href, action, label }: SortSelectProps<T>) {
  const id = useId();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  return (
    <form method="get" action={action} className={styles.sort} aria-label={label ?? t("Sort by")}>
      <label htmlFor={id}>{t("Sort by")}</label>
      <select
        id={id}
        name="sort"
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
          {t("Sort")}
        </button>
      )}
    </form>
  );
}
