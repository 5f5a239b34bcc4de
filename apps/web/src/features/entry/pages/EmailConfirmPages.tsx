import { useQuery } from "../../../lib/query.ts";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { FormAlert, SubmitButton, formStyles } from "../../../ui/forms/Form.tsx";
import { meQuery } from "../../users/index.ts";
import styles from "./EntryPage.module.css";

/** /entry/emailconfirm/{userID}/{token}: the link of the confirmation e-mail; confirms on arrival. */
export function EmailConfirmPage() {
  const result = useLoaderData<FormResult>();
  return (
    <section className={styles.page} aria-labelledby="email-confirm-title">
      <PageHead title={t("Confirm Email")} noindex />
      <h1 id="email-confirm-title" className={styles.title}>
        {t("Confirm Email")}
      </h1>
      <FormAlert kind={result.ok ? "success" : "error"}>{result.message}</FormAlert>
      <p className={styles.footer}>
        {result.ok ? (
          <Link to="/">{t("Back to Home")}</Link>
        ) : (
          <Link to="/entry/emailconfirmrequest">{t("Resend confirmation email")}</Link>
        )}
      </p>
    </section>
  );
}

/** /entry/emailconfirmrequest: sends a new confirmation link to the signed-in member. */
export function EmailConfirmRequestPage() {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const result = useActionData<FormResult>();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const signedIn = me !== undefined && me.userID !== 0;
  return (
    <section className={styles.page} aria-labelledby="email-confirm-request-title">
      <PageHead title={t("Resend confirmation email")} noindex />
      <h1 id="email-confirm-request-title" className={styles.title}>
        {t("Resend confirmation email")}
      </h1>
      {!signedIn ? (
        <p className={styles.intro}>
          {t("Sign in to confirm your email address.")}{" "}
          <Link to={`/entry/signin?Target=${encodeURIComponent("/entry/emailconfirmrequest")}`}>{t("Sign In")}</Link>
        </p>
      ) : me.emailConfirmed ? (
        <FormAlert kind="success">{t("Your email address is already confirmed.")}</FormAlert>
      ) : (
        <Form method="post" action={location.pathname + location.search} className={formStyles.form}>
          {result?.message ? <FormAlert kind={result.ok ? "success" : "error"}>{result.message}</FormAlert> : null}
          <p className={styles.intro}>
            {t("We will send a new confirmation link to {email}.", { email: me.email ?? "" })}
          </p>
          <TransientKeyField />
          <SubmitButton busy={busy}>{t("Send")}</SubmitButton>
        </Form>
      )}
    </section>
  );
}
