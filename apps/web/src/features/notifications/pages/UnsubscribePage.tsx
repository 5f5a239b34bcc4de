import { Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { FormAlert, SubmitButton } from "../../../ui/forms/Form.tsx";
import { preferencesPagePath } from "../notifications.urls.ts";
import styles from "./NotificationPages.module.css";

/**
 * `/unsubscribe/{token}`: the landing page of a notification e-mail's unsubscribe link. Opening it
 * changes nothing (mail scanners follow links); its button POSTs the token and shows the result.
 */
export function UnsubscribePage() {
  const result = useActionData<FormResult>();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  return (
    <section className={styles.page} aria-labelledby="unsubscribe-title">
      <PageHead title={t("Unsubscribe")} noindex />
      <h1 id="unsubscribe-title" className={styles.title}>
        {t("Unsubscribe")}
      </h1>
      {result?.ok ? (
        <>
          <FormAlert kind="success">{result.message}</FormAlert>
          <p className={styles.intro}>
            <Link to={preferencesPagePath}>{t("Notification Preferences")}</Link>
          </p>
        </>
      ) : (
        <Form method="post" action={location.pathname}>
          {result?.message ? <FormAlert>{result.message}</FormAlert> : null}
          <p className={styles.intro}>{t("Stop receiving e-mail for this kind of notification?")}</p>
          <TransientKeyField />
          <SubmitButton busy={busy}>{t("Unsubscribe")}</SubmitButton>
        </Form>
      )}
    </section>
  );
}
