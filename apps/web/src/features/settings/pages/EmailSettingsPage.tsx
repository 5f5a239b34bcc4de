import { useEffect, useRef } from "react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { siteSettingRules, smtpDefaultPorts, smtpSecurityChoices } from "@parley/contracts/site-settings";
import { userRules } from "@parley/contracts/user-rules";
import type { EmailDelivery } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { msg, t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { CheckboxField, FormAlert, formStyles, SelectField, SubmitButton, TextField } from "../../../ui/forms/Form.tsx";
import { meQuery } from "../../users/index.ts";
import { digestHours, emailSettingsPath, type EmailSettingKey } from "../email.ts";
import { digestDays } from "@parley/contracts/digest-constants";
import { emailTemplatesPath } from "../email-templates.ts";
import { outboxPageSize } from "../settings.api.ts";
import { emailDeliveryQuery, emailSettingsQuery, outboxQuery } from "../settings.queries.ts";
import styles from "./EmailSettingsPage.module.css";

const securityLabels: Record<(typeof smtpSecurityChoices)[number], string> = {
  starttls: msg("STARTTLS (usually port 587)"),
  tls: msg("TLS from the start (usually port 465)"),
  none: msg("None: only for a mail server on this machine or network"),
};

/** Where mail goes now, in a sentence. */
function deliverySentence(delivery: EmailDelivery): string {
  if (delivery.transport === "outbox")
    return t("No SMTP server is set: the forum's mail is kept in the outbox below instead of being sent.");
  const server = `${delivery.host}:${delivery.port}`;
  return delivery.source === "settings"
    ? t("Mail is sent through the SMTP server {server}.", { server })
    : t("Mail is sent through the SMTP server {server}, set by the server's SMTP_URL; a host set here replaces it.", {
        server,
      });
}

/**
 * `/dashboard/settings/email`: who the forum's mail comes from, the SMTP server that carries it (the password
 * is written, never shown), a test e-mail, and the outbox that keeps the mail while no server is set.
 */
export function EmailSettingsPage() {
  const api = useApi();
  const { data: stored } = useSuspenseQuery(emailSettingsQuery(api));
  const { data: delivery } = useSuspenseQuery(emailDeliveryQuery(api));
  const { data: outbox } = useSuspenseQuery(outboxQuery(api));
  const { data: me } = useSuspenseQuery(meQuery(api));
  const result = useActionData<FormResult>();
  const navigation = useNavigation();
  const submitting = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const intent = result?.values?.["intent"];
  const settingsResult = intent === "save" ? result : undefined;
  const testResult = intent === "test" ? result : undefined;
  const text = (key: EmailSettingKey) => settingsResult?.values?.[key] ?? String(stored[key] ?? "");
  const error = (key: string) => settingsResult?.errors?.[key];
  const port = text("smtp.port");
  // A password typed and saved leaves the field (without JavaScript the page comes back with it empty).
  const password = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (settingsResult?.ok && password.current) password.current.value = "";
  }, [settingsResult]);
  return (
    <section className={styles.page} aria-labelledby="email-title">
      <PageHead title={t("Outgoing Email")} canonical={emailSettingsPath} noindex />
      <h1 id="email-title" className={styles.title}>
        {t("Outgoing Email")}
      </h1>
      <p className={styles.delivery} data-testid="email-delivery">
        {deliverySentence(delivery)}
      </p>
      <p>
        <Link to={emailTemplatesPath}>{t("E-mail templates of the notifications")}</Link>
      </p>

      <Form method="post" action={emailSettingsPath} className={formStyles.form} aria-labelledby="email-sender-title">
        <TransientKeyField />
        <input type="hidden" name="intent" value="save" />
        {settingsResult?.message ? (
          <FormAlert kind={settingsResult.ok ? "success" : "error"}>{settingsResult.message}</FormAlert>
        ) : null}
        <h2 id="email-sender-title" className={styles.heading}>
          {t("Sender")}
        </h2>
        <TextField
          label={t("From Name")}
          name="outgoingEmails.supportName"
          defaultValue={text("outgoingEmails.supportName")}
          maxLength={siteSettingRules["outgoingEmails.supportName"].maxLength}
          error={error("outgoingEmails.supportName")}
          hint={t("Empty: the server's sender.")}
        />
        <TextField
          label={t("From Address")}
          name="outgoingEmails.supportAddress"
          type="email"
          autoComplete="off"
          defaultValue={text("outgoingEmails.supportAddress")}
          maxLength={siteSettingRules["outgoingEmails.supportAddress"].maxLength}
          error={error("outgoingEmails.supportAddress")}
          hint={t("Replies to the forum's mail go here.")}
        />
        <fieldset className={styles.group}>
          <legend className={styles.heading}>{t("SMTP Server")}</legend>
          <TextField
            label={t("Host")}
            name="smtp.host"
            autoComplete="off"
            spellCheck={false}
            defaultValue={text("smtp.host")}
            maxLength={siteSettingRules["smtp.host"].maxLength}
            error={error("smtp.host")}
            hint={t("smtp.example.com; empty: no SMTP server of the site's own.")}
          />
          <div className={styles.row}>
            <SelectField
              label={t("Security")}
              name="smtp.security"
              defaultValue={text("smtp.security") || "starttls"}
              options={smtpSecurityChoices.map((choice) => ({ value: choice, label: t(securityLabels[choice]) }))}
              error={error("smtp.security")}
            />
            <TextField
              label={t("Port")}
              name="smtp.port"
              inputMode="numeric"
              pattern="[0-9]*"
              defaultValue={port === "0" ? "" : port}
              placeholder={String(smtpDefaultPorts.starttls)}
              error={error("smtp.port")}
              hint={t("Empty: the security's usual port.")}
            />
          </div>
          <TextField
            label={t("Username")}
            name="smtp.user"
            autoComplete="off"
            defaultValue={text("smtp.user")}
            maxLength={siteSettingRules["smtp.user"].maxLength}
            error={error("smtp.user")}
          />
          <TextField
            label={t("Password")}
            name="smtp.password"
            ref={password}
            type="password"
            autoComplete="new-password"
            maxLength={siteSettingRules["smtp.password"].maxLength}
            error={error("smtp.password")}
            hint={
              delivery.passwordSet
                ? t("A password is stored; it is never shown. Type a new one to replace it.")
                : t("No password is stored.")
            }
          />
          {delivery.passwordSet ? (
            <CheckboxField label={t("Forget the stored password")} name="forgetPassword" />
          ) : null}
        </fieldset>
        <fieldset className={styles.group}>
          <legend className={styles.heading}>{t("Email Digest")}</legend>
          <p>{t("A weekly e-mail of the best new discussions, to the members who turn it on in their preferences.")}</p>
          <CheckboxField
            label={t("Send the email digest")}
            name="emailDigest.enabled"
            defaultChecked={
              settingsResult?.values
                ? settingsResult.values["emailDigest.enabled"] === "1"
                : stored["emailDigest.enabled"] === true
            }
          />
          <div className={styles.row}>
            <SelectField
              label={t("Day")}
              name="emailDigest.dayOfWeek"
              defaultValue={text("emailDigest.dayOfWeek") || "1"}
              options={digestDays.map((day) => ({ value: String(day.value), label: t(day.label) }))}
              error={error("emailDigest.dayOfWeek")}
            />
            <SelectField
              label={t("Hour")}
              name="emailDigest.hour"
              defaultValue={text("emailDigest.hour") || "9"}
              options={digestHours}
              error={error("emailDigest.hour")}
            />
          </div>
          <TextField
            label={t("Time Zone")}
            name="emailDigest.timeZone"
            autoComplete="off"
            spellCheck={false}
            defaultValue={text("emailDigest.timeZone") || "UTC"}
            maxLength={siteSettingRules["emailDigest.timeZone"].maxLength}
            error={error("emailDigest.timeZone")}
            hint={t("The time zone of the day and hour: UTC, Europe/Paris, America/New_York.")}
          />
        </fieldset>
        <div>
          <SubmitButton busy={submitting("save")}>{t("Save")}</SubmitButton>
        </div>
      </Form>

      <Form method="post" action={emailSettingsPath} className={formStyles.form} aria-labelledby="email-test-title">
        <TransientKeyField />
        <input type="hidden" name="intent" value="test" />
        <h2 id="email-test-title" className={styles.heading}>
          {t("Send a Test E-mail")}
        </h2>
        {testResult?.message ? (
          <FormAlert kind={testResult.ok ? "success" : "error"}>{testResult.message}</FormAlert>
        ) : null}
        <TextField
          label={t("Send To")}
          name="destinationAddress"
          type="email"
          required
          maxLength={userRules.emailMaxLength}
          defaultValue={testResult?.values?.["destinationAddress"] ?? me.email ?? ""}
          error={testResult?.errors?.["destinationAddress"]}
          hint={t("Sent with the saved settings.")}
        />
        <div>
          <SubmitButton busy={submitting("test")}>{t("Send")}</SubmitButton>
        </div>
      </Form>

      <section aria-labelledby="outbox-title" className={styles.outbox}>
        <h2 id="outbox-title" className={styles.heading}>
          {t("Outbox")}
        </h2>
        <p className={styles.muted}>
          {t("The newest {count} messages written to the outbox, newest first.", { count: outboxPageSize })}
        </p>
        {outbox.length === 0 ? (
          <p className={styles.muted}>{t("The outbox is empty.")}</p>
        ) : (
          <ul className={styles.messages}>
            {outbox.map((message) => (
              <li key={message.id} className={styles.message}>
                <details>
                  <summary>
                    <span className={styles.subject}>{message.subject}</span>{" "}
                    <span className={styles.muted}>
                      {t("to {address}", { address: message.to })} · <DateTime date={message.dateInserted} />
                    </span>
                  </summary>
                  <p className={styles.muted}>{t("From: {sender}", { sender: message.from })}</p>
                  <pre className={styles.body}>{message.text}</pre>
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
