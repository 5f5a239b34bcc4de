import { useSuspenseQuery } from "@tanstack/react-query";
import { Link, useActionData, useNavigation, useParams, useSearchParams } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { FormAlert } from "../../../ui/forms/Form.tsx";
import { ActionStatus } from "../components/ActionStatus.tsx";
import { ThemeEditorForm } from "../components/ThemeEditorForm.tsx";
import { ThemeRevisions } from "../components/ThemeRevisions.tsx";
import { themeEditorPath, themeQuery, themeRevisionsQuery, themesPagePath } from "../themes.queries.ts";
import shared from "../components/themes.module.css";
import styles from "./ThemeEditorPage.module.css";

/** What the page says after a save, a restore or an apply (they reload it with `?done=`). */
const doneMessages = (): Record<string, string> => ({
  saved: t("Your changes have been saved as a new revision."),
  restored: t("The revision has been restored: the theme shows it now."),
  applied: t("The theme has been applied: everyone sees it now."),
});

/** `/dashboard/themes/{id}/edit`: a theme of the site's own's name and colours, and its revisions. */
export function ThemeEditorPage() {
  const api = useApi();
  const themeID = useParams()["themeID"] ?? "";
  const { data: theme } = useSuspenseQuery(themeQuery(api, themeID));
  const { data: revisions } = useSuspenseQuery(themeRevisionsQuery(api, themeID));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state !== "idle";
  const done = doneMessages()[useSearchParams()[0].get("done") ?? ""];
  const formFailed = result && !result.ok && (result.message || Object.keys(result.errors ?? {}).length);
  return (
    <section className={styles.page} aria-labelledby="theme-editor-title">
      <PageHead title={t("Edit Theme")} canonical={themeEditorPath(themeID)} noindex />
      <p className={styles.back}>
        <Link to={themesPagePath}>{t("Back to Themes")}</Link>
      </p>
      <h1 id="theme-editor-title" className={styles.title}>
        {t("Edit {name}", { name: theme.name })}
        {theme.current ? <span className={shared.badge}>{t("Current Theme")}</span> : null}
      </h1>
      {done && !result ? <ActionStatus>{done}</ActionStatus> : null}
      {formFailed ? (
        <FormAlert>{result.message ?? t("The theme was not saved: correct the fields marked below.")}</FormAlert>
      ) : null}
      <ThemeEditorForm key={theme.revisionID} theme={theme} result={result} busy={busy} />
      <ThemeRevisions revisions={revisions} busy={busy} />
    </section>
  );
}
