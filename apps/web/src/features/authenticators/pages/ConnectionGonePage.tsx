import { Link } from "react-router";
import { authenticatorMessages } from "@parley/contracts/authenticators-constants";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { FormAlert } from "../../../ui/forms/Form.tsx";
import styles from "../../../ui/page/DashboardForm.module.css";

/** `/entry/connect` with no sign-in to finish (expired, finished, or another browser's). */
export function ConnectionGonePage() {
  return (
    <section className={styles.entry} aria-labelledby="connect-title">
      <PageHead title={t("Connect")} canonical="/entry/connect" noindex />
      <h1 id="connect-title" className={styles.title}>
        {t("Connect")}
      </h1>
      <FormAlert>{t(authenticatorMessages.connectionExpired)}</FormAlert>
      <p className={styles.note}>
        <Link to="/entry/signin">{t("Sign In")}</Link>
      </p>
    </section>
  );
}
