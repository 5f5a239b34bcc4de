import type { CategoryTreeItem } from "@parley/contracts";
import type { ComponentType, CSSProperties, ReactNode } from "react";
import { Form } from "react-router";
import { currentLocale, t } from "../../../../lib/i18n.ts";
import { TransientKeyField } from "../../../../lib/session.tsx";
import { ButtonLink, buttonLook } from "../../../../ui/button/Button.tsx";
import { categoryDeletePath, categoryEditPath } from "../../categories.dashboard.paths.ts";
import { movePlace, treeEntries, type CategoryMove, type TreeEntry } from "../../categories.tree.ts";
import styles from "./CategoriesDashboard.module.css";

/** What wraps each row: nothing on the server; the drag handle and drop target once hydrated. */
export type RowFrame = ComponentType<{ entry: TreeEntry; children: ReactNode }>;

const PlainFrame: RowFrame = ({ children }) => children;

const moveLabels = (): Record<CategoryMove, string> => ({
  up: t("Move up"),
  down: t("Move down"),
  in: t("Move in"),
  out: t("Move out"),
});

/** The row's buttons as narrow as their words, so the six fit on one line beside the name on a wide screen. */
const narrow = { "--button-min-width": "0px" } as CSSProperties;

const countOf = (count: number) =>
  count === 1 ? t("1 discussion") : t("{count} discussions", { count: count.toLocaleString(currentLocale()) });

/** One category's row: what it is, and its moves (one form, a button each), edit and delete. */
function CategoryRow({ entry, action, busy }: { entry: TreeEntry; action: string; busy: boolean }) {
  const { category } = entry;
  const labels = moveLabels();
  return (
    <div className={styles.row}>
      <div className={styles.summary}>
        <span className={styles.name}>
          {category.name}
          {category.customPermissions ? <span className={styles.badge}>{t("Own permissions")}</span> : null}
          {category.isArchived ? <span className={styles.badge}>{t("Archived")}</span> : null}
        </span>
        <span className={styles.facts}>
          /{category.urlcode} · {countOf(category.countDiscussions)}
        </span>
      </div>
      <Form
        method="post"
        action={action}
        className={styles.actions}
        aria-label={t("Move “{name}”", { name: category.name })}
      >
        <TransientKeyField />
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="categoryID" value={category.categoryID} />
        {(Object.keys(labels) as CategoryMove[]).map((move) => (
          <button
            key={move}
            type="submit"
            name="move"
            value={move}
            disabled={busy || movePlace(entry, move) === null}
            {...buttonLook({ buttonType: "standard", size: "compact", style: narrow })}
          >
            {labels[move]}
          </button>
        ))}
      </Form>
      <p className={styles.actions}>
        <ButtonLink
          to={categoryEditPath(category.categoryID)}
          aria-label={t("Edit “{name}”", { name: category.name })}
          size="compact"
          style={narrow}
        >
          {t("Edit")}
        </ButtonLink>
        <ButtonLink
          to={categoryDeletePath(category.categoryID)}
          aria-label={t("Delete “{name}”", { name: category.name })}
          size="compact"
          style={narrow}
        >
          {t("Delete")}
        </ButtonLink>
      </p>
    </div>
  );
}

/** The category tree as nested lists, each row framed by `Frame` (the drag and drop's, once hydrated). */
export function CategoryTree({
  tree,
  action,
  busy,
  Frame = PlainFrame,
}: {
  tree: CategoryTreeItem[];
  action: string;
  busy: boolean;
  Frame?: RowFrame;
}) {
  const entries = new Map(treeEntries(tree).map((entry) => [entry.category.categoryID, entry]));
  const level = (items: CategoryTreeItem[], className: string | undefined, label?: string) => (
    <ul className={className} {...(label ? { "aria-label": label } : {})}>
      {items.map((item) => {
        const entry = entries.get(item.categoryID)!;
        return (
          <li key={item.categoryID} aria-label={item.name} data-category-id={item.categoryID}>
            <Frame entry={entry}>
              <CategoryRow entry={entry} action={action} busy={busy} />
            </Frame>
            {item.children?.length ? level(item.children, styles.children) : null}
          </li>
        );
      })}
    </ul>
  );
  return level(tree, styles.tree, t("Categories"));
}
