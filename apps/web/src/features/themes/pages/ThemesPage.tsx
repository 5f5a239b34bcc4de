import { useSuspenseQuery } from "@tanstack/react-query";
import { Form, useActionData, useNavigation } from "react-router";
import type { Theme } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { FormAlert, formStyles } from "../../../ui/forms/Form.tsx";
import { themesPagePath, themesQuery } from "../themes.queries.ts";
import styles from "./ThemesPage.module.css";

/** A form of one button: the intent and the theme travel as hidden fields (works without JavaScript). */
export function ThemeButton({
  intent,
  themeID,
  label,
  accessibleName,
  primary = false,
  busy = false,
}: {
  intent: string;
  themeID: string;
  label: string;
  accessibleName?: string;
  primary?: boolean;
  busy?: boolean;
}) {
  return (
    <Form method="post" action={themesPagePath} className={styles.buttonForm}>
      <TransientKeyField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="themeID" value={themeID} />
      <button
        type="submit"
        className={primary ? formStyles.button : styles.secondary}
        aria-label={accessibleName}
        disabled={busy}
      >
        {label}
      </button>
    </Form>
  );
}

/** The theme's colours as a miniature page: title bar, background, text and primary colour. */
function Swatch({ theme }: { theme: Theme }) {
  const colors = theme.preview.variables;
  return (
    <div className={styles.swatch} aria-hidden="true" style={{ background: colors.globalBg ?? undefined }}>
      <div
        className={styles.swatchBar}
        style={{ background: colors.titleBarBg ?? undefined, color: colors.titleBarFg ?? undefined }}
      >
        Aa
      </div>
      <div className={styles.swatchBody} style={{ color: colors.globalFg ?? undefined }}>
        <span>Aa</span>
        <span className={styles.swatchButton} style={{ background: colors.globalPrimary ?? undefined }} />
      </div>
    </div>
  );
}

/** `/dashboard/themes`: the site's themes; preview one in this browser session, or apply it for everyone. */
export function ThemesPage() {
  const api = useApi();
  const { data: themes } = useSuspenseQuery(themesQuery(api));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className={styles.page} aria-labelledby="themes-title">
      <PageHead title={t("Themes")} canonical={themesPagePath} noindex />
      <h1 id="themes-title" className={styles.title}>
        {t("Themes")}
      </h1>
      <p className={styles.lead}>
        {t("Preview a theme to see the forum in it before anyone else does; apply it to change it for everyone.")}
      </p>
      {result?.message || result?.errors?.themeID ? (
        <FormAlert>{result.message ?? result.errors?.themeID}</FormAlert>
      ) : null}
      <ul className={styles.themes}>
        {themes.map((theme) => (
          <li key={theme.themeID} className={styles.theme} aria-labelledby={`theme-${theme.themeID}`}>
            <Swatch theme={theme} />
            <div className={styles.about}>
              <h2 id={`theme-${theme.themeID}`} className={styles.name}>
                {theme.name}
                {theme.current ? <span className={styles.current}>{t("Current Theme")}</span> : null}
              </h2>
              {theme.preview.info["Description"] ? (
                <p className={styles.description}>{theme.preview.info["Description"].value}</p>
              ) : null}
              <div className={styles.actions}>
                {theme.current ? null : (
                  <ThemeButton
                    intent="apply"
                    themeID={theme.themeID}
                    label={t("Apply")}
                    accessibleName={t("Apply {name}", { name: theme.name })}
                    primary
                    busy={busy}
                  />
                )}
                <ThemeButton
                  intent="preview"
                  themeID={theme.themeID}
                  label={t("Preview")}
                  accessibleName={t("Preview {name}", { name: theme.name })}
                  busy={busy}
                />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
