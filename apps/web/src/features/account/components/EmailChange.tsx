import { useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { userRules } from "@parley/contracts/user-rules";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { TextField } from "../../../ui/forms/Form.tsx";
import { accountFields } from "../account.action.ts";
import { accountPagePath } from "../account.paths.ts";
import { emailChangeQuery } from "../account.queries.ts";
import { emailFields } from "../email-change.action.ts";
import { useSending } from "../useSending.ts";
import styles from "../pages/AccountPage.module.css";
import pageStyles from "../../../ui/page/SettingsPage.module.css";

/** A button that posts one of the waiting change's intents (resend, cancel). */
function PendingAction({ intent, label }: { intent: "emailResend" | "emailCancel"; label: string }) {
  const sending = useSending(intent);
  return (
    <Form method="post" action={accountPagePath}>
      <TransientKeyField />
      <input type="hidden" name={accountFields.intent} value={intent} />
      <Button type="submit" isPending={sending}>
        {label}
      </Button>
    </Form>
  );
}

/**
 * The member's address and a form for a new one (with the current password). A change waiting for its link shows
 * its address and when the link was sent, with Resend and Cancel.
 */
export function EmailChange({ userID, email, result }: { userID: number; email: string; result?: FormResult }) {
  const { data } = useSuspenseQuery(emailChangeQuery(useApi(), userID));
  const sending = useSending("email");
  const form = useRef<HTMLFormElement>(null);
  const errors = result?.errors;
  useEffect(() => {
    if (result?.ok) form.current?.reset();
  }, [result]);
  const pending = data.pending;
  return (
    <section className={pageStyles.part} aria-labelledby="account-email">
      <h2 id="account-email" className={pageStyles.heading}>
        {t("Email Address")}
      </h2>
      <p className={pageStyles.intro}>
        {t("Your email address is {email}.", { email })}{" "}
        {t("A new address takes effect once you follow the link we send to it.")}
      </p>
      {pending ? (
        <div className={styles.pending} role="status">
          <p className={styles.pendingText}>
            {t("Pending change to {email}, sent", { email: pending.email })} <DateTime date={pending.dateInserted} />.
          </p>
          <div className={styles.actions}>
            <PendingAction intent="emailResend" label={t("Resend Link")} />
            <PendingAction intent="emailCancel" label={t("Cancel Change")} />
          </div>
        </div>
      ) : null}
      <Form
        ref={form}
        method="post"
        action={accountPagePath}
        className={pageStyles.form}
        aria-labelledby="account-email"
      >
        <TransientKeyField />
        <input type="hidden" name={accountFields.intent} value="email" />
        <TextField
          label={t("New Email Address")}
          name={emailFields.email}
          type="email"
          autoComplete="email"
          required
          maxLength={userRules.emailMaxLength}
          defaultValue={result?.ok ? undefined : result?.values?.[emailFields.email]}
          error={errors?.[emailFields.email]}
        />
        <TextField
          label={t("Current Password")}
          name={emailFields.password}
          type="password"
          autoComplete="current-password"
          required
          error={errors?.[emailFields.password]}
        />
        <div>
          <Button type="submit" isPending={sending}>
            {t("Change Email")}
          </Button>
        </div>
      </Form>
    </section>
  );
}
