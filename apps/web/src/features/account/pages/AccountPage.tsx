import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
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
import styles from "./AccountPage.module.css";

/** Which of the page's forms is being sent, if any. */
function useSending(intent: string, sessionID?: string): boolean {
  const navigation = useNavigation();
  return (
    navigation.state === "submitting" &&
    navigation.formData?.get(accountFields.intent) === intent &&
    (sessionID === undefined || navigation.formData.get(accountFields.sessionID) === sessionID)
  );
}

/** The current password and the new one twice, as a plain form post to the page; emptied once changed. */
function PasswordForm({ result }: { result: FormResult | undefined }) {
  const sending = useSending("password");
  const form = useRef<HTMLFormElement>(null);
  const errors = result?.errors;
  useEffect(() => {
    if (result?.ok) form.current?.reset();
  }, [result]);
  return (
    <Form ref={form} method="post" action={accountPagePath} className={styles.form} aria-labelledby="account-password">
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
  const sending = useSending("signOutSession", sessionID);
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
        <p className={styles.intro}>{t("You are signed in on this device only.")}</p>
      )}
    </>
  );
}

/** `/profile/account`: the signed-in member changes their password and sees and signs out their sessions. */
export function AccountPage() {
  const { data: me } = useQuery(meQuery(useApi()));
  const result = useActionData<FormResult>();
  return (
    <section className={styles.page} aria-labelledby="account-title">
      <PageHead title={t("Account")} canonical={accountPagePath} noindex />
      <h1 id="account-title" className={styles.title}>
        {t("Account")}
      </h1>
      <p className={styles.intro}>
        <Link to={profileEditPagePath}>{t("Edit Profile")}</Link>
      </p>
      {result?.message ? <FormAlert kind={result.ok ? "success" : "error"}>{result.message}</FormAlert> : null}
      <section className={styles.part} aria-labelledby="account-password">
        <h2 id="account-password" className={styles.heading}>
          {t("Change Password")}
        </h2>
        <p className={styles.intro}>{t("Changing your password signs you out on your other devices.")}</p>
        <PasswordForm result={result} />
      </section>
      <section className={styles.part} aria-labelledby="account-sessions">
        <h2 id="account-sessions" className={styles.heading}>
          {t("Sessions")}
        </h2>
        <p className={styles.intro}>{t("The browsers and devices signed in to your account.")}</p>
        {me ? <Sessions userID={me.userID} /> : null}
      </section>
    </section>
  );
}
