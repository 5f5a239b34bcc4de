import { useQuery } from "../../../lib/query.ts";
import { Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { FormAlert, SubmitButton, formStyles } from "../../../ui/forms/Form.tsx";
import { meQuery } from "../../users/index.ts";
import styles from "./EntryPage.module.css";

/** /entry/signout: a confirmation button (a POST with the transient key, so no link can sign you out). */
export function SignOutPage() {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const result = useActionData<FormResult>();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  return (
    <section className={styles.page} aria-labelledby="signout-title">
      <PageHead title={t("Sign Out")} canonical="/entry/signout" noindex />
      <h1 id="signout-title" className={styles.title}>
        {t("Sign Out")}
      </h1>
      {me && me.userID !== 0 ? (
        <Form method="post" action={location.pathname + location.search} className={formStyles.form}>
          {result?.message ? <FormAlert>{result.message}</FormAlert> : null}
          <p className={styles.intro}>{t("You are signed in as {name}.", { name: me.name })}</p>
          <TransientKeyField />
          <SubmitButton busy={busy}>{t("Sign Out")}</SubmitButton>
        </Form>
      ) : (
        <p className={styles.intro}>
          {t("You are not signed in.")} <Link to="/entry/signin">{t("Sign In")}</Link>
        </p>
      )}
    </section>
  );
}
