import { useState } from "react";
import { useQuery } from "../../../lib/query.ts";
import type { CategoryTreeItem, LayoutView } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/button/Button.tsx";
import { formStyles } from "../../../ui/forms/Form.tsx";
import { categoryListQuery } from "../../categories/index.ts";
import { categoryBound } from "../layout-editor.labels.ts";
import styles from "./EditorPanels.module.css";

/** A category tree as one list, children after their parent. */
const flatten = (
  items: readonly CategoryTreeItem[],
  depth = 0,
): { categoryID: number; name: string; depth: number }[] =>
  items.flatMap((item) => [
    { categoryID: item.categoryID, name: item.name, depth },
    ...flatten(item.children ?? [], depth + 1),
  ]);

/** Where a view is: everywhere, or a category's pages. */
export const viewPlace = (view: LayoutView) =>
  view.recordType === "category"
    ? t("{category}'s pages", { category: view.record?.name ?? `#${view.recordID}` })
    : t("Everywhere");

/**
 * Publish and unpublish a saved layout: everywhere its view type shows (for a category's pages too, when the view
 * type is one a category has), in place of what those pages showed; Unpublish gives them back their default.
 */
export function PublishPanel({
  layoutViewType,
  views,
  disabled,
  busy,
  onPublish,
  onUnpublish,
}: {
  layoutViewType: string;
  views: readonly LayoutView[];
  /** Unsaved changes, or a layout never saved: publish what is saved, so save first. */
  disabled: string | null;
  busy: boolean;
  onPublish: (place: { recordType: string; recordID: number }) => void;
  onUnpublish: (view: LayoutView) => void;
}) {
  const api = useApi();
  const byCategory = categoryBound.includes(layoutViewType);
  const { data: categories } = useQuery({ ...categoryListQuery(api, { maxDepth: 3 }), enabled: byCategory });
  const [place, setPlace] = useState("global");
  return (
    <section className={styles.panel} aria-labelledby="layout-publish-title">
      <h2 id="layout-publish-title" className={styles.title}>
        {t("Publishing")}
      </h2>
      {views.length === 0 ? (
        <p className={styles.meta}>{t("Draft: not published anywhere.")}</p>
      ) : (
        <ul className={styles.list}>
          {views.map((view) => (
            <li key={view.layoutViewID} className={styles.item}>
              <span>{t("Published: {place}", { place: viewPlace(view) })}</span>
              <Button size="compact" isPending={busy} onPress={() => onUnpublish(view)}>
                {t("Unpublish")}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {byCategory ? (
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor="layout-publish-place">
            {t("Publish on")}
          </label>
          <select
            id="layout-publish-place"
            className={formStyles.input}
            value={place}
            onChange={(event) => setPlace(event.target.value)}
          >
            <option value="global">{t("Everywhere")}</option>
            {flatten(categories ?? []).map((category) => (
              <option key={category.categoryID} value={String(category.categoryID)}>
                {`${"— ".repeat(category.depth)}${category.name}`}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {disabled ? <p className={styles.meta}>{disabled}</p> : null}
      <Button
        buttonType="outline"
        isDisabled={disabled !== null}
        isPending={busy}
        onPress={() =>
          onPublish(
            place === "global"
              ? { recordType: "global", recordID: -1 }
              : { recordType: "category", recordID: Number(place) },
          )
        }
      >
        {t("Publish")}
      </Button>
    </section>
  );
}
