import { useSuspenseQuery } from "@tanstack/react-query";
import { Link, useActionData, useNavigation } from "react-router";
import type { LayoutRecord } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { buttonLook } from "../../../ui/button/Button.tsx";
import { ConfirmAction } from "../../../ui/confirm/ConfirmAction.tsx";
import { FormAlert } from "../../../ui/forms/Form.tsx";
import { IntentButton } from "../components/IntentButton.tsx";
import { viewPlace } from "../components/PublishPanel.tsx";
import { viewTypeName } from "../layout-editor.labels.ts";
import { layoutEditorPath, layoutsDashboardPath, newLayoutPath } from "../layout-editor.paths.ts";
import { layoutsListQuery } from "../layout-editor.queries.ts";
import styles from "./LayoutsPage.module.css";

/** Where a layout is applied, in words. */
function appliedWhere(layout: LayoutRecord, own: readonly LayoutRecord[]) {
  if (layout.isDefault) {
    const replaced = own.some((other) => other.layoutViews?.some((view) => view.recordType === "global"));
    return replaced ? t("Replaced by a layout of your own") : t("Applied where no layout of your own is published");
  }
  const views = layout.layoutViews ?? [];
  return views.length
    ? t("Published: {places}", { places: views.map(viewPlace).join(", ") })
    : t("Draft: not published");
}

/** One layout of the list: its name, where it applies, and what can be done with it. */
function LayoutItem({ layout, own, busy }: { layout: LayoutRecord; own: readonly LayoutRecord[]; busy: boolean }) {
  const id = String(layout.layoutID);
  const name = layout.isDefault ? t("Default layout") : layout.name;
  return (
    <li className={styles.layout} aria-labelledby={`layout-${id}`}>
      <div className={styles.about}>
        <h3 id={`layout-${id}`} className={styles.name}>
          {name}
          {layout.isActive ? <span className={styles.badge}>{t("Applied")}</span> : null}
        </h3>
        <p className={styles.meta}>{appliedWhere(layout, own)}</p>
      </div>
      <div className={styles.actions}>
        {layout.isDefault ? null : (
          <>
            <Link
              to={layoutEditorPath(id)}
              {...buttonLook({ buttonType: "outline", size: "medium" })}
              aria-label={t("Edit {name}", { name })}
            >
              {t("Edit")}
            </Link>
            <IntentButton
              fields={{ intent: "duplicate", layoutID: id }}
              label={t("Duplicate")}
              accessibleName={t("Duplicate {name}", { name })}
              busy={busy}
            />
            <IntentButton
              fields={{ intent: "delete", layoutID: id }}
              label={t("Delete")}
              accessibleName={t("Delete {name}", { name })}
              busy={busy}
            />
          </>
        )}
      </div>
    </li>
  );
}

/**
 * `/dashboard/layouts`: each view type's default and the site's own layouts, which one is applied where, New layout,
 * Edit, Duplicate and Delete (asked first). Works without JavaScript; the editor itself needs it.
 */
export function LayoutsPage() {
  const api = useApi();
  const { data: layouts } = useSuspenseQuery(layoutsListQuery(api));
  const result = useActionData<FormResult & { confirm?: { layoutID: string; name: string } }>();
  const busy = useNavigation().state === "submitting";
  const defaults = layouts.filter((layout) => layout.isDefault);
  return (
    <section className={styles.page} aria-labelledby="layouts-title">
      <PageHead title={t("Layouts")} canonical={layoutsDashboardPath} noindex />
      <h1 id="layouts-title" className={styles.title}>
        {t("Layouts")}
      </h1>
      <p className={styles.lead}>
        {t("Each kind of page is laid out by its default layout until you publish one of your own in its place.")}
      </p>
      {result?.confirm ? (
        <ConfirmAction
          id="layout-delete"
          title={t("Delete {name}?", { name: result.confirm.name })}
          text={t("The layout and its revisions will be deleted. This cannot be undone.")}
          fields={{ intent: "delete", layoutID: result.confirm.layoutID }}
          cancelTo={layoutsDashboardPath}
          busy={busy}
        />
      ) : null}
      {result?.ok && result.message ? <FormAlert kind="success">{result.message}</FormAlert> : null}
      {!result?.ok && result?.message ? <FormAlert>{result.message}</FormAlert> : null}
      {defaults.map((fallback) => {
        const type = fallback.layoutViewType;
        const own = layouts.filter((layout) => !layout.isDefault && layout.layoutViewType === type);
        return (
          <section key={type} className={styles.group} aria-labelledby={`layouts-${type}`}>
            <div className={styles.groupHead}>
              <h2 id={`layouts-${type}`} className={styles.groupTitle}>
                {viewTypeName(type)}
              </h2>
              <Link
                to={newLayoutPath(type)}
                {...buttonLook({ buttonType: "outline", size: "medium" })}
                aria-label={t("New layout for {type}", { type: viewTypeName(type) })}
              >
                {t("New layout")}
              </Link>
            </div>
            <ul className={styles.layouts}>
              <LayoutItem layout={fallback} own={own} busy={busy} />
              {own.map((layout) => (
                <LayoutItem key={String(layout.layoutID)} layout={layout} own={own} busy={busy} />
              ))}
            </ul>
          </section>
        );
      })}
    </section>
  );
}
