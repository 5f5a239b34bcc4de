import { useQuery } from "../../../lib/query.ts";
import { useFetcher } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { meQuery } from "../../users/index.ts";
import { canManageThemes, themePreviewQuery, themesPagePath } from "../themes.queries.ts";
import styles from "./ThemePreviewBanner.module.css";

/**
 * The theme preview banner (spec §2 "Other UI", §4 "Themes"): while this browser session previews a
 * theme, every page says so and offers Apply (for everyone) and Cancel; both return to the themes page,
 * and an error stays in the banner. Server-rendered (the root loader asks for the preview), and a plain
 * form post without JavaScript.
 */
export function ThemePreviewBanner() {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const allowed = me ? canManageThemes(me) : false;
  const { data: preview } = useQuery({ ...themePreviewQuery(api), enabled: allowed });
  const fetcher = useFetcher<FormResult>();
  if (!allowed || !preview) return null;
  const error = fetcher.data?.message ?? fetcher.data?.errors?.themeID;
  const busy = fetcher.state !== "idle";
  return (
    <section className={styles.banner} aria-label={t("Theme preview")} data-theme-preview={preview.themeID}>
      <p className={styles.text}>{t("You are previewing the {name} theme.", { name: preview.name })}</p>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      <fetcher.Form method="post" action={themesPagePath} className={styles.actions}>
        <TransientKeyField />
        <input type="hidden" name="themeID" value={preview.themeID} />
        <button type="submit" name="intent" value="apply" className={styles.apply} disabled={busy}>
          {t("Apply")}
        </button>
        <button type="submit" name="intent" value="cancel-preview" className={styles.cancel} disabled={busy}>
          {t("Cancel")}
        </button>
      </fetcher.Form>
    </section>
  );
}
