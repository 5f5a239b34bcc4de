import { useEffect, useRef } from "react";
import { ssoRefusalMessages, ssoRefusals, type SsoRefusal } from "@parley/contracts/authenticators-constants";
import { Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { targetQuery } from "../../../lib/targets.ts";
import { CheckboxField, FormAlert, SubmitButton, TextField, formStyles } from "../../../ui/forms/Form.tsx";
import { SignInButtons } from "../../authenticators/index.ts";
import { ResultAlert } from "../components/ResultAlert.tsx";
import styles from "./EntryPage.module.css";

/** Why a sign-in with another site was refused (`?ssoError=`), as a sentence; null without one. */
function ssoRefusal(search: string): string | null {
  const reason = new URLSearchParams(search).get("ssoError");
  return reason && (ssoRefusals as readonly string[]).includes(reason)
    ? t(ssoRefusalMessages[reason as SsoRefusal])
    : null;
}

/** /entry/signin: name or e-mail and password; returns to `Target` afterwards. */
export function SignInPage() {
  const result = useActionData<FormResult>();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const registerLink = `/entry/register${targetQuery(location.search)}`;
  const formRef = useRef<HTMLFormElement>(null);
  const refusal = ssoRefusal(location.search);
  // A failed attempt empties the password, as the server-rendered answer does (passwords never come back).
  useEffect(() => {
    const password = formRef.current?.elements.namedItem("password");
    if (result && password instanceof HTMLInputElement) password.value = "";
  }, [result]);
  return (
    <section className={styles.page} aria-labelledby="signin-title">
      <PageHead title={t("Sign In")} canonical="/entry/signin" noindex />
      <h1 id="signin-title" className={styles.title}>
        {t("Sign In")}
      </h1>
      {refusal ? <FormAlert>{refusal}</FormAlert> : null}
      <SignInButtons />
      <Form
        ref={formRef}
        method="post"
        action={location.pathname + location.search}
        className={formStyles.form}
        noValidate
      >
        <ResultAlert result={result} />
        <TextField
          label={t("Email/Username")}
          name="username"
          autoComplete="username"
          required
          defaultValue={result?.values?.["username"] ?? ""}
          error={result?.errors?.["username"]}
        />
        <TextField
          label={t("Password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={result?.errors?.["password"]}
        />
        <CheckboxField label={t("Keep me signed in")} name="persist" />
        <SubmitButton busy={busy}>{t("Sign In")}</SubmitButton>
      </Form>
      <ul className={`${formStyles.links} ${styles.footer}`}>
        <li>
          <Link to="/entry/passwordrequest">{t("Forgot your password?")}</Link>
        </li>
        <li>
          <Link to={registerLink}>{t("Register")}</Link>
        </li>
      </ul>
    </section>
  );
}
