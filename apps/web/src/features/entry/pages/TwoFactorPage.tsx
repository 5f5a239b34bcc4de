import { useEffect, useRef } from "react";
import { Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import { twoFactorEntryPath, twoFactorRules } from "@parley/contracts/two-factor-constants";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { CheckboxField, SubmitButton, TextField, formStyles } from "../../../ui/forms/Form.tsx";
import { ResultAlert } from "../components/ResultAlert.tsx";
import styles from "./EntryPage.module.css";

/**
 * `/entry/2fa`: the code step after a correct password, for an account with two-factor on: the authenticator app's
 * code or a recovery code, and "Remember this device". A plain form; works without JavaScript.
 */
export function TwoFactorPage() {
  const result = useActionData<FormResult>();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  // A refused code is emptied, as the server-rendered answer does.
  useEffect(() => {
    const code = formRef.current?.elements.namedItem("code");
    if (result && code instanceof HTMLInputElement) code.value = "";
  }, [result]);
  return (
    <section className={styles.page} aria-labelledby="two-factor-title">
      <PageHead title={t("Two-Factor Authentication")} canonical={twoFactorEntryPath} noindex />
      <h1 id="two-factor-title" className={styles.title}>
        {t("Two-Factor Authentication")}
      </h1>
      <p>
        {t("Enter the 6-digit code from your authenticator app. Lost your phone? Enter one of your recovery codes.")}
      </p>
      <Form
        ref={formRef}
        method="post"
        action={location.pathname + location.search}
        className={formStyles.form}
        noValidate
      >
        <ResultAlert result={result} />
        <TextField
          label={t("Authentication Code")}
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          required
          maxLength={twoFactorRules.codeMaxLength}
          error={result?.errors?.["code"]}
        />
        <CheckboxField label={t("Remember this device for 30 days")} name="remember" />
        <SubmitButton busy={busy}>{t("Verify")}</SubmitButton>
      </Form>
      <ul className={`${formStyles.links} ${styles.footer}`}>
        <li>
          <Link to="/entry/signin">{t("Start over")}</Link>
        </li>
      </ul>
    </section>
  );
}
