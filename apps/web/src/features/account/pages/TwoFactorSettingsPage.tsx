import { useSuspenseQuery } from "@tanstack/react-query";
import { Form, Link, useActionData } from "react-router";
import { twoFactorPagePath, twoFactorRules } from "@parley/contracts/two-factor-constants";
import type { Me, TwoFactorState } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { useQuery } from "../../../lib/query.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { FormAlert, TextField } from "../../../ui/forms/Form.tsx";
import { meQuery } from "../../users/index.ts";
import { accountPagePath } from "../account.paths.ts";
import { twoFactorQuery } from "../account.queries.ts";
import { twoFactorFields, type TwoFactorResult } from "../two-factor.action.ts";
import { useSending } from "../useSending.ts";
import styles from "./TwoFactorSettingsPage.module.css";
import pageStyles from "../../../ui/page/SettingsPage.module.css";

/** The recovery codes, shown once after two-factor turns on or they are made anew. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section className={pageStyles.part} aria-labelledby="two-factor-codes">
      <h2 id="two-factor-codes" className={pageStyles.heading}>
        {t("Recovery Codes")}
      </h2>
      <p className={pageStyles.intro}>
        {t(
          "Keep these codes somewhere safe: each one signs you in once if you lose your phone. They will not be shown again.",
        )}
      </p>
      <ol className={styles.codes} aria-label={t("Recovery codes")}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
    </section>
  );
}

/** Setting up: the QR code and the key to scan or type into an authenticator app, then a code to confirm. */
function Setup({ setup, result }: { setup: NonNullable<TwoFactorState["setup"]>; result?: TwoFactorResult }) {
  const sending = useSending("enable");
  return (
    <section className={pageStyles.part} aria-labelledby="two-factor-setup">
      <h2 id="two-factor-setup" className={pageStyles.heading}>
        {t("Set Up Your Authenticator App")}
      </h2>
      <p className={pageStyles.intro}>
        {t("Scan this QR code with an authenticator app (such as Aegis, Google Authenticator or 1Password).")}
      </p>
      <img
        className={styles.qr}
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrCodeSvg)}`}
        alt={t("QR code for your authenticator app")}
        width={200}
        height={200}
      />
      <p className={pageStyles.intro}>
        {t("Or enter this key in the app:")}{" "}
        <code className={styles.key} data-testid="two-factor-key">
          {setup.secret}
        </code>
      </p>
      <Form method="post" action={twoFactorPagePath} className={pageStyles.form} aria-labelledby="two-factor-setup">
        <TransientKeyField />
        <input type="hidden" name={twoFactorFields.intent} value="enable" />
        <TextField
          label={t("Code from the app")}
          name={twoFactorFields.code}
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          maxLength={twoFactorRules.codeMaxLength}
          hint={t("The 6-digit code the app shows now.")}
          error={result?.errors?.[twoFactorFields.code]}
        />
        <div>
          <Button type="submit" buttonType="primary" isPending={sending}>
            {t("Turn On Two-Factor Authentication")}
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** A form confirmed by the current password or a code: new recovery codes, or turning two-factor off. */
function ConfirmedForm({
  intent,
  title,
  intro,
  button,
  result,
}: {
  intent: "recoveryCodes" | "disable";
  title: string;
  intro: string;
  button: string;
  result?: TwoFactorResult;
}) {
  const sending = useSending(intent);
  const headingID = `two-factor-${intent}`;
  return (
    <section className={pageStyles.part} aria-labelledby={headingID}>
      <h2 id={headingID} className={pageStyles.heading}>
        {title}
      </h2>
      <p className={pageStyles.intro}>{intro}</p>
      <Form method="post" action={twoFactorPagePath} className={pageStyles.form} aria-labelledby={headingID}>
        <TransientKeyField />
        <input type="hidden" name={twoFactorFields.intent} value={intent} />
        <TextField
          label={t("Current password or a code")}
          name={twoFactorFields.password}
          id={`${headingID}-confirm`}
          type="password"
          autoComplete="current-password"
          required
          hint={t("Your password, a code from your authenticator app, or a recovery code.")}
          error={result?.errors?.[twoFactorFields.password]}
        />
        <div>
          <Button type="submit" isPending={sending}>
            {button}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function TwoFactorSettings({ me, result }: { me: Me; result?: TwoFactorResult }) {
  const { data: state } = useSuspenseQuery(twoFactorQuery(useApi(), me.userID));
  const sending = useSending("setup");
  return (
    <>
      {state.required && !state.enabled ? (
        <FormAlert>
          {t("This site requires administrators to use two-factor authentication. Set it up to go on.")}
        </FormAlert>
      ) : null}
      {result?.recoveryCodes ? <RecoveryCodes codes={result.recoveryCodes} /> : null}
      {state.enabled ? (
        <>
          <p className={pageStyles.intro}>
            {t("Two-factor authentication is on since")} <DateTime date={state.dateEnabled ?? ""} />.{" "}
            {t("Recovery codes left: {count}", { count: state.recoveryCodesLeft })}
          </p>
          <ConfirmedForm
            intent="recoveryCodes"
            title={t("New Recovery Codes")}
            intro={t("Make 10 new recovery codes. The old ones stop working, and remembered devices are forgotten.")}
            button={t("Make New Recovery Codes")}
            result={result}
          />
          <ConfirmedForm
            intent="disable"
            title={t("Turn Off Two-Factor Authentication")}
            intro={t("Signing in will only need your password.")}
            button={t("Turn Off")}
            result={result}
          />
        </>
      ) : state.setup ? (
        <Setup setup={state.setup} result={result} />
      ) : (
        <Form method="post" action={twoFactorPagePath}>
          <TransientKeyField />
          <input type="hidden" name={twoFactorFields.intent} value="setup" />
          <Button type="submit" buttonType="primary" isPending={sending}>
            {t("Set Up Two-Factor Authentication")}
          </Button>
        </Form>
      )}
    </>
  );
}

/**
 * `/profile/two-factor`: the member turns on two-factor sign-in with an authenticator app (a QR code drawn by the
 * server, and the key as text), sees their recovery codes once, makes new ones, or turns it off. Works without
 * JavaScript: every step is a form post.
 */
export function TwoFactorSettingsPage() {
  const { data: me } = useQuery(meQuery(useApi()));
  const result = useActionData<TwoFactorResult>();
  return (
    <section className={pageStyles.page} aria-labelledby="two-factor-title">
      <PageHead title={t("Two-Factor Authentication")} canonical={twoFactorPagePath} noindex />
      <h1 id="two-factor-title" className={pageStyles.title}>
        {t("Two-Factor Authentication")}
      </h1>
      <p className={pageStyles.intro}>
        {t("Signing in asks for a code from an app on your phone as well as your password.")}{" "}
        <Link to={accountPagePath}>{t("Account")}</Link>
      </p>
      {result?.message && !result.recoveryCodes ? (
        <FormAlert kind={result.ok ? "success" : "error"}>{result.message}</FormAlert>
      ) : null}
      {me ? <TwoFactorSettings me={me} result={result} /> : null}
    </section>
  );
}
