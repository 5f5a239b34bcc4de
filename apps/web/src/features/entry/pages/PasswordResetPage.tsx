import { Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { FormAlert, SubmitButton, formStyles } from "../../../ui/forms/Form.tsx";
import { NewPasswordFields } from "../components/NewPasswordFields.tsx";
import styles from "./EntryPage.module.css";

/** /entry/passwordreset/{userID}/{token}: the page a reset e-mail links to. */
export function PasswordResetPage() {
  const result = useActionData<FormResult>();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  return (
    <section className={styles.page} aria-labelledby="password-reset-title">
      <PageHead title={t("Choose a New Password")} noindex />
      <h1 id="password-reset-title" className={styles.title}>
        {t("Choose a New Password")}
      </h1>
      {result?.ok ? (
        <>
          <FormAlert kind="success">{result.message}</FormAlert>
          <p className={styles.footer}>
            <Link to="/entry/signin">{t("Sign In")}</Link>
          </p>
        </>
      ) : (
        <Form method="post" action={location.pathname + location.search} className={formStyles.form} noValidate>
          {result?.message ? <FormAlert>{result.message}</FormAlert> : null}
          <NewPasswordFields label={t("New Password")} errors={result?.errors} />
          <SubmitButton busy={busy}>{t("Save Password")}</SubmitButton>
        </Form>
      )}
    </section>
  );
}
