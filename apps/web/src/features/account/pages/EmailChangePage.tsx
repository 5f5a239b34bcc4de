import { useQuery } from "../../../lib/query.ts";
import { Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { FormAlert } from "../../../ui/forms/Form.tsx";
import { meQuery } from "../../users/index.ts";
import { accountPagePath } from "../account.paths.ts";
import pageStyles from "../../../ui/page/SettingsPage.module.css";

/**
 * `/entry/emailchange/{token}`: the link sent to a new address. Opening it changes nothing (mail scanners and
 * link prefetchers open links too); its button posts the code, and the address becomes the account's.
 */
export function EmailChangePage() {
  const result = useActionData<FormResult>();
  const location = useLocation();
  const { data: me } = useQuery(meQuery(useApi()));
  const sending = useNavigation().state === "submitting";
  const signedIn = me !== undefined && me.userID !== 0;
  return (
    <section className={pageStyles.page} aria-labelledby="email-change-title">
      <PageHead title={t("Confirm New Email Address")} noindex />
      <h1 id="email-change-title" className={pageStyles.title}>
        {t("Confirm New Email Address")}
      </h1>
      {result?.message ? <FormAlert kind={result.ok ? "success" : "error"}>{result.message}</FormAlert> : null}
      {result?.ok ? (
        <p className={pageStyles.intro}>
          {signedIn ? (
            <Link to={accountPagePath}>{t("Back to your account")}</Link>
          ) : (
            <Link to="/entry/signin">{t("Sign In")}</Link>
          )}
        </p>
      ) : (
        <Form method="post" action={location.pathname} className={pageStyles.form}>
          <p className={pageStyles.intro}>
            {t("Make this address your account's email address: you will sign in and receive mail with it.")}
          </p>
          <TransientKeyField />
          <div>
            <Button type="submit" buttonType="primary" isPending={sending}>
              {t("Confirm Email Address")}
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}
