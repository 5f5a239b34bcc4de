import { useSuspenseQuery } from "@tanstack/react-query";
import { Link, useActionData, useNavigation } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { buttonLook } from "../../../ui/button/Button.tsx";
import { IntentButton } from "../components/IntentButton.tsx";
import { FormAlert } from "../../../ui/forms/Form.tsx";
import { DeleteThemeButton } from "../components/DeleteThemeButton.tsx";
import { ThemeSwatch } from "../components/ThemeSwatch.tsx";
import { ActionStatus } from "../components/ActionStatus.tsx";
import { CustomScriptsForm } from "../components/CustomScriptsForm.tsx";
import { themeEditorPath, themesPagePath, themesQuery } from "../themes.queries.ts";
import { themeScriptsAllowedQuery } from "../themes.scripts.ts";
import shared from "../components/themes.module.css";
import styles from "./ThemesPage.module.css";

/** `/dashboard/themes`: the site's themes; preview one in this browser session, or apply it for everyone. */
export function ThemesPage() {
  const api = useApi();
  const { data: themes } = useSuspenseQuery(themesQuery(api));
  const { data: scriptsAllowed } = useSuspenseQuery(themeScriptsAllowedQuery(api));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className={styles.page} aria-labelledby="themes-title">
      <PageHead title={t("Themes")} canonical={themesPagePath} noindex />
      <h1 id="themes-title" className={styles.title}>
        {t("Themes")}
      </h1>
      <p className={styles.lead}>
        {t("Preview a theme to see the forum in it before anyone else does; apply it to change it for everyone.")}{" "}
        {t("Copy a theme to make one of your own: its name and colors, saved as revisions.")}
      </p>
      {result?.ok && result.message ? <ActionStatus>{result.message}</ActionStatus> : null}
      {!result?.ok && (result?.message || result?.errors?.themeID) ? (
        <FormAlert>{result.message ?? result.errors?.themeID}</FormAlert>
      ) : null}
      <ul className={styles.themes}>
        {themes.map((theme) => (
          <li key={theme.themeID} className={styles.theme} aria-labelledby={`theme-${theme.themeID}`}>
            <ThemeSwatch colors={theme.preview.variables} />
            <div className={styles.about}>
              <h2 id={`theme-${theme.themeID}`} className={styles.name}>
                {theme.name}
                {theme.current ? <span className={shared.badge}>{t("Current Theme")}</span> : null}
              </h2>
              {theme.preview.info["Description"] ? (
                <p className={styles.description}>{theme.preview.info["Description"].value}</p>
              ) : null}
              <div className={shared.actions}>
                {theme.current ? null : (
                  <IntentButton
                    action={themesPagePath}
                    fields={{ intent: "apply", themeID: theme.themeID }}
                    label={t("Apply")}
                    accessibleName={t("Apply {name}", { name: theme.name })}
                    primary
                    busy={busy}
                  />
                )}
                {[
                  { intent: "preview", label: t("Preview"), name: t("Preview {name}", { name: theme.name }) },
                  { intent: "copy", label: t("Copy"), name: t("Copy {name}", { name: theme.name }) },
                ].map((action) => (
                  <IntentButton
                    key={action.intent}
                    action={themesPagePath}
                    fields={{ intent: action.intent, themeID: theme.themeID }}
                    label={action.label}
                    accessibleName={action.name}
                    busy={busy}
                  />
                ))}
                {theme.type === "themeDB" ? (
                  <Link
                    to={themeEditorPath(theme.themeID)}
                    {...buttonLook({ buttonType: "outline" })}
                    aria-label={t("Edit {name}", { name: theme.name })}
                  >
                    {t("Edit")}
                  </Link>
                ) : null}
                {theme.type === "themeDB" && !theme.current ? (
                  <DeleteThemeButton
                    theme={theme}
                    busy={busy}
                    confirming={
                      result?.values?.["intent"] === "confirm-delete" && result.values["themeID"] === theme.themeID
                    }
                  />
                ) : null}
              </div>
              {theme.type === "themeDB" && theme.current ? (
                <p className={styles.note}>{t("The current theme can't be deleted: apply another theme first.")}</p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <CustomScriptsForm allowed={scriptsAllowed} busy={busy} />
    </section>
  );
}
