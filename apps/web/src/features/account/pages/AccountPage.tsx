import { useSuspenseQuery } from "@tanstack/react-query";
import { useQuery } from "../../../lib/query.ts";
import { useEffect, useRef } from "react";
import { Form, Link, useActionData } from "react-router";
import { privacyPagePath } from "@parley/contracts/privacy-constants";
import { twoFactorPagePath } from "@parley/contracts/two-factor-constants";
import { userRules } from "@parley/contracts/user-rules";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { FormAlert, TextField } from "../../../ui/forms/Form.tsx";
import { meQuery } from "../../users/index.ts";
import { accountFields } from "../account.action.ts";
import { accountPagePath, profileEditPagePath } from "../account.paths.ts";
import { sessionsQuery } from "../account.queries.ts";
import { deviceName } from "../device.ts";
import { useSending } from "../useSending.ts";
import { EmailChange } from "../components/EmailChange.tsx";
import { AccessTokens } from "../components/AccessTokens.tsx";
import type { TokenResult } from "../tokens.action.ts";
import styles from "./AccountPage.module.css";
import pageStyles from "../../../ui/page/SettingsPage.module.css";

/** The current password and the new one twice, as a plain form post to the page; emptied once changed. */
function PasswordForm({ result }: { result: FormResult | undefined }) {
  const sending = useSending("password");
  const form = useRef<HTMLFormElement>(null);
  const errors = result?.errors;
  useEffect(() => {
    if (result?.ok) form.current?.reset();
  }, [result]);
  return (
    <Form
      ref={form}
      method="post"
      action={accountPagePath}
      className={pageStyles.form}
      aria-labelledby="account-password"
    >
      <TransientKeyField />
      <input type="hidden" name={accountFields.intent} value="password" />
      <TextField
        label={t("Current Password")}
        name={accountFields.currentPassword}
        type="password"
        autoComplete="current-password"
        required
        error={errors?.[accountFields.currentPassword]}
      />
      <TextField
        label={t("New Password")}
        name={accountFields.password}
        type="password"
        autoComplete="new-password"
        required
        minLength={userRules.passwordMinLength}
        hint={t("At least {min} characters.", { min: userRules.passwordMinLength })}
        error={errors?.[accountFields.password]}
      />
      <TextField
        label={t("Confirm New Password")}
        name={accountFields.passwordConfirm}
        type="password"
        autoComplete="new-password"
        required
        error={errors?.[accountFields.passwordConfirm]}
      />
      <div>
        <Button type="submit" buttonType="primary" isPending={sending}>
          {t("Change Password")}
        </Button>
      </div>
    </Form>
  );
}

/** "Sign out" for one session that is not the current one. */
function SignOutSessionForm({ sessionID, device }: { sessionID: string; device: string }) {
  const sending = useSending("signOutSession", { field: accountFields.sessionID, value: sessionID });
  return (
    <Form method="post" action={accountPagePath}>
      <TransientKeyField />
      <input type="hidden" name={accountFields.intent} value="signOutSession" />
      <input type="hidden" name={accountFields.sessionID} value={sessionID} />
      <Button type="submit" isPending={sending} aria-label={t("Sign out {device}", { device })}>
        {t("Sign Out")}
      </Button>
    </Form>
  );
}

/** The member's sessions, the current one marked, each other one with "Sign out". */
function Sessions({ userID }: { userID: number }) {
  const { data: sessions } = useSuspenseQuery(sessionsQuery(useApi(), userID));
  const othersSending = useSending("signOutOthers");
  const others = sessions.filter((session) => !session.isCurrent).length;
  return (
    <>
      <ul className={styles.sessions}>
        {sessions.map((session) => {
          const device = deviceName(session.userAgent);
          return (
            <li key={session.sessionID} className={styles.session}>
              <div className={styles.device}>
                <span className={styles.deviceName} title={session.userAgent ?? undefined}>
                  {device}
                  {session.isCurrent ? <span className={styles.current}>{t("This device")}</span> : null}
                </span>
                <span className={styles.meta}>
                  {session.ipAddress ? <span>{session.ipAddress}</span> : null}
                  <span>
                    {t("Last used")} <DateTime date={session.dateUpdated} />
                  </span>
                </span>
              </div>
              {session.isCurrent ? null : <SignOutSessionForm sessionID={session.sessionID} device={device} />}
            </li>
          );
        })}
      </ul>
      {others > 0 ? (
        <Form method="post" action={accountPagePath}>
          <TransientKeyField />
          <input type="hidden" name={accountFields.intent} value="signOutOthers" />
          <Button type="submit" isPending={othersSending}>
            {t("Sign Out Everywhere Else")}
          </Button>
        </Form>
      ) : (
        <p className={pageStyles.intro}>{t("You are signed in on this device only.")}</p>
      )}
    </>
  );
}

/**
 * `/profile/account`: the signed-in member changes their password and e-mail address, signs out their sessions and
 * manages their personal access tokens.
 */
export function AccountPage() {
  const { data: me } = useQuery(meQuery(useApi()));
  const result = useActionData<TokenResult>();
  return (
    <section className={pageStyles.page} aria-labelledby="account-title">
      <PageHead title={t("Account")} canonical={accountPagePath} noindex />
      <h1 id="account-title" className={pageStyles.title}>
        {t("Account")}
      </h1>
      <p className={pageStyles.intro}>
        <Link to={profileEditPagePath}>{t("Edit Profile")}</Link>
      </p>
      {result?.message ? <FormAlert kind={result.ok ? "success" : "error"}>{result.message}</FormAlert> : null}
      <section className={pageStyles.part} aria-labelledby="account-password">
        <h2 id="account-password" className={pageStyles.heading}>
          {t("Change Password")}
        </h2>
        <p className={pageStyles.intro}>{t("Changing your password signs you out on your other devices.")}</p>
        <PasswordForm result={result} />
      </section>
      <section className={pageStyles.part} aria-labelledby="account-two-factor">
        <h2 id="account-two-factor" className={pageStyles.heading}>
          {t("Two-Factor Authentication")}
        </h2>
        <p className={pageStyles.intro}>
          {t("Ask for a code from an app on your phone as well as your password when you sign in.")}{" "}
          <Link to={twoFactorPagePath}>{t("Two-factor settings")}</Link>
        </p>
      </section>
      {me ? <EmailChange userID={me.userID} email={me.email ?? ""} result={result} /> : null}
      <section className={pageStyles.part} aria-labelledby="account-sessions">
        <h2 id="account-sessions" className={pageStyles.heading}>
          {t("Sessions")}
        </h2>
        <p className={pageStyles.intro}>{t("The browsers and devices signed in to your account.")}</p>
        {me ? <Sessions userID={me.userID} /> : null}
      </section>
      {me ? <AccessTokens userID={me.userID} result={result} /> : null}
      <p className={pageStyles.intro}>
        {t("Your profile's privacy, your data and deleting your account:")}{" "}
        <Link to={privacyPagePath}>{t("Privacy")}</Link>
      </p>
    </section>
  );
}
