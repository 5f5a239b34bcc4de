import { useSuspenseQuery } from "@tanstack/react-query";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { authenticatorMessages } from "@parley/contracts/authenticators-constants";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { FormAlert, SubmitButton, TextField, formStyles } from "../../../ui/forms/Form.tsx";
import { connectionQuery } from "../authenticators.queries.ts";
import styles from "../../../ui/page/DashboardForm.module.css";

/**
 * `/entry/connect`: a first sign-in with another site that needs one more answer: the name for the new account
 * (the provider's is taken), or the password of the account with the same e-mail address, which links the two.
 */
export function ConnectPage() {
  const api = useApi();
  const { data: connection } = useSuspenseQuery(connectionQuery(api));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const link = connection.mode === "link";
  return (
    <section className={styles.entry} aria-labelledby="connect-title">
      <PageHead title={t("Connect")} canonical="/entry/connect" noindex />
      <h1 id="connect-title" className={styles.title}>
        {t("Connect")}
      </h1>
      <p className={styles.note}>
        {t("You signed in with {label} as {email}.", { label: connection.authenticatorName, email: connection.email })}{" "}
        {link ? t(authenticatorMessages.linkFirst) : t("Pick the name other members will see you by.")}
      </p>
      <Form method="post" className={formStyles.form} noValidate>
        {result?.message ? <FormAlert>{result.message}</FormAlert> : null}
        {link ? (
          <TextField
            label={t("Password")}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={result?.errors?.["password"]}
          />
        ) : (
          <TextField
            label={t("Username")}
            name="name"
            autoComplete="username"
            required
            defaultValue={result?.values?.["name"] ?? (connection.nameTaken ? "" : connection.name)}
            error={
              result?.errors?.["name"] ??
              (connection.nameTaken && !result ? t(authenticatorMessages.nameTaken) : undefined)
            }
          />
        )}
        <SubmitButton busy={busy}>{link ? t("Link and Sign In") : t("Create Account")}</SubmitButton>
      </Form>
      <p className={styles.note}>
        <Link to="/entry/signin">{t("Cancel")}</Link>
      </p>
    </section>
  );
}
