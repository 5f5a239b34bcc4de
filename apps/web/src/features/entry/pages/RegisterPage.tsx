import type { BotCheckWidget } from "@parley/contracts/bot-check";
import { userRules } from "@parley/contracts/user-rules";
import { Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { targetQuery } from "../../../lib/targets.ts";
import { FormAlert, SubmitButton, TextAreaField, TextField, formStyles } from "../../../ui/forms/Form.tsx";
import { useTitleBar } from "../../layouts/index.ts";
import { BotCheck } from "../components/BotCheck.tsx";
import { NewPasswordFields } from "../components/NewPasswordFields.tsx";
import { SignInButtons } from "../../authenticators/index.ts";
import styles from "./EntryPage.module.css";

/** /entry/register: e-mail, username, password (twice); signs the new member in and returns to `Target`. */
export function RegisterPage() {
  const location = useLocation();
  // The site's registration method (the title bar's answer says whether it is open).
  const { registrationOpen, registrationApproval, botCheck } = useTitleBar();
  // An invitation's link (`?invitationCode=…&email=…`): the server checks its code, whatever the method.
  const invited = new URLSearchParams(location.search);
  const invitation = invited.get("invitationCode")
    ? { code: invited.get("invitationCode") ?? "", email: invited.get("email") ?? "" }
    : null;
  const open = registrationOpen || invitation !== null;
  return (
    <section className={styles.page} aria-labelledby="register-title">
      <PageHead title={t("Register")} canonical="/entry/register" noindex />
      <h1 id="register-title" className={styles.title}>
        {t("Register")}
      </h1>
      <SignInButtons />
      {open ? (
        <RegisterForm
          approval={registrationApproval === true && invitation === null}
          botCheck={invitation ? null : (botCheck ?? null)}
          invitation={invitation}
        />
      ) : (
        <FormAlert>{t("Registration is closed.")}</FormAlert>
      )}
      <p className={styles.footer}>
        {t("Already have an account?")} <Link to={`/entry/signin${targetQuery(location.search)}`}>{t("Sign In")}</Link>
      </p>
    </section>
  );
}

/**
 * The form itself: e-mail, username, password twice, and under registration by approval why one wants to
 * join; a refusal's messages by their fields. An application sent says what happens next instead.
 */
function RegisterForm({
  approval,
  botCheck,
  invitation,
}: {
  approval: boolean;
  botCheck: BotCheckWidget | null;
  invitation: { code: string; email: string } | null;
}) {
  const result = useActionData<FormResult>();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  if (result?.ok && result.message) return <FormAlert kind="success">{result.message}</FormAlert>;
  return (
    <Form method="post" action={location.pathname + location.search} className={formStyles.form} noValidate>
      {result?.message ? <FormAlert>{result.message}</FormAlert> : null}
      {invitation ? <input type="hidden" name="invitationCode" value={invitation.code} /> : null}
      <TextField
        label={t("Email")}
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={result?.values?.["email"] ?? invitation?.email ?? ""}
        error={result?.errors?.["email"]}
      />
      <TextField
        label={t("Username")}
        name="name"
        autoComplete="username"
        required
        minLength={userRules.nameMinLength}
        maxLength={userRules.nameMaxLength}
        hint={t("{min} to {max} characters: letters, numbers, spaces, underscores, hyphens and periods.", {
          min: userRules.nameMinLength,
          max: userRules.nameMaxLength,
        })}
        defaultValue={result?.values?.["name"] ?? ""}
        error={result?.errors?.["name"]}
      />
      <NewPasswordFields label={t("Password")} errors={result?.errors} />
      {approval ? (
        <TextAreaField
          label={t("Why do you want to join?")}
          name="discoveryText"
          required
          maxLength={1000}
          rows={4}
          hint={t("An administrator reads this before approving your account.")}
          defaultValue={result?.values?.["discoveryText"] ?? ""}
          error={result?.errors?.["discoveryText"]}
        />
      ) : null}
      {botCheck ? <BotCheck widget={botCheck} error={result?.errors?.["captchaResponse"]} /> : null}
      <SubmitButton busy={busy}>{approval ? t("Apply for Membership") : t("Register")}</SubmitButton>
    </Form>
  );
}
