import { Form } from "react-router";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { formStyles, SubmitButton } from "../../../ui/forms/Form.tsx";
import { themesPagePath } from "../themes.queries.ts";
import styles from "./CustomScriptsForm.module.css";

/**
 * The site setting `themes.allowCustomScripts` as a switch with its warning: a plain form post (the themes page's
 * action saves it with `PATCH /config`, which asks for site.manage), so it works without JavaScript.
 */
export function CustomScriptsForm({ allowed, busy }: { allowed: boolean; busy: boolean }) {
  return (
    <section className={styles.section} aria-labelledby="theme-scripts-title">
      <h2 id="theme-scripts-title" className={styles.title}>
        {t("Custom Scripts")}
      </h2>
      <Form method="post" action={themesPagePath} className={formStyles.form}>
        <TransientKeyField />
        <input type="hidden" name="intent" value="scripts" />
        <p id="theme-scripts-warning" className={styles.warning}>
          {t(
            "Scripts run on every page with the session of whoever reads it, members and administrators alike: they can do anything those members can. Only turn this on if you trust every administrator who can edit themes.",
          )}
        </p>
        <label className={formStyles.checkbox}>
          <input
            type="checkbox"
            role="switch"
            name="allowCustomScripts"
            value="1"
            defaultChecked={allowed}
            aria-describedby="theme-scripts-warning"
          />
          {t("Run the current theme's JavaScript and scripts on every page")}
        </label>
        <div>
          <SubmitButton busy={busy}>{t("Save")}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
