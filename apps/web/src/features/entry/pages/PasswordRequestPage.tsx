import { Form, useActionData, useLocation, useNavigation } from "react-router";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { FormAlert, SubmitButton, TextField, formStyles } from "../../../ui/forms/Form.tsx";
import styles from "./EntryPage.module.css";

/** /entry/passwordrequest: e-mails a reset link (the answer never tells whether the address is known). */
export function PasswordRequestPage() {
  const result = useActionData<FormResult>();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  return (
    <section className={styles.page} aria-labelledby="password-request-title">
      <PageHead title={t("Reset My Password")} canonical="/entry/passwordrequest" noindex />
      <h1 id="password-request-title" className={styles.title}>
        {t("Reset My Password")}
      </h1>
      <p className={styles.intro}>
        {t("Enter your email address and we will send you a link to reset your password.")}
      </p>
      <Form method="post" action={location.pathname + location.search} className={formStyles.form} noValidate>
        {result?.message ? <FormAlert kind={result.ok ? "success" : "error"}>{result.message}</FormAlert> : null}
        <TextField
          label={t("Email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={result?.values?.["email"] ?? ""}
          error={result?.errors?.["email"]}
        />
        <SubmitButton busy={busy}>{t("Request a new password")}</SubmitButton>
      </Form>
    </section>
  );
}
