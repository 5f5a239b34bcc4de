import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { authenticatorRules, authenticatorsPagePath } from "@parley/contracts/authenticators-constants";
import type { FormResult } from "../../../lib/forms.ts";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { CheckboxField, FormAlert, SubmitButton, TextField } from "../../../ui/forms/Form.tsx";
import styles from "../../../ui/page/DashboardForm.module.css";

/** What every authenticator's form shows of itself: its id and the fields shared by every type. */
interface EditedAuthenticator {
  authenticatorID: number;
  name: string;
  buttonLabel?: string | null;
  clientID?: string | null;
  hasSecret: boolean;
  active: boolean;
  visible?: boolean;
  default?: boolean;
  markVerified: boolean;
}

/**
 * The state of an add or edit form: the refused answer when it is this form's, and each field's value (refused
 * input, else saved, else a default).
 */
export function useAuthenticatorForm(result: FormResult | undefined, editing: boolean) {
  const intent = editing ? "edit" : "add";
  const mine = result && !result.ok && result.values?.["intent"] === intent ? result : undefined;
  const value = (name: string, saved: string | null | undefined, fallback = "") =>
    mine?.values?.[name] ?? saved ?? fallback;
  const checked = (name: string, saved: boolean | undefined, fallback: boolean) =>
    mine ? mine.values?.[name] === "1" : (saved ?? fallback);
  return { intent, mine, value, checked };
}

/** The value reader {@link useAuthenticatorForm} gives. */
type ValueOf = ReturnType<typeof useAuthenticatorForm>["value"];
type CheckedOf = ReturnType<typeof useAuthenticatorForm>["checked"];

/**
 * An authenticator's add or edit form: its hidden fields, the refused answer's message, the given fields, and the
 * save button (with Cancel when editing).
 */
export function AuthenticatorFormFrame({
  authenticator,
  type,
  label,
  mine,
  busy,
  children,
}: {
  authenticator?: EditedAuthenticator;
  type: string;
  label: string;
  mine: FormResult | undefined;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={authenticatorsPagePath} className={styles.form} aria-label={label}>
      <TransientKeyField />
      <input type="hidden" name="intent" value={authenticator ? "edit" : "add"} />
      <input type="hidden" name="type" value={type} />
      {authenticator ? <input type="hidden" name="authenticatorID" value={authenticator.authenticatorID} /> : null}
      {mine?.message && !Object.keys(mine.errors ?? {}).length ? <FormAlert>{mine.message}</FormAlert> : null}
      {children}
      <div className={styles.buttons}>
        <SubmitButton busy={busy}>{authenticator ? t("Save Authenticator") : t("Add Authenticator")}</SubmitButton>
        {authenticator ? <Link to={authenticatorsPagePath}>{t("Cancel")}</Link> : null}
      </div>
    </Form>
  );
}

/** The authenticator's name and, for a provider with a button, the button's label. */
export function NameFields({
  authenticator,
  mine,
  value,
  withButton,
}: {
  authenticator?: EditedAuthenticator;
  mine: FormResult | undefined;
  value: ValueOf;
  withButton: boolean;
}) {
  return (
    <div className={styles.pair}>
      <TextField
        label={t("Name")}
        name="name"
        required
        maxLength={authenticatorRules.nameMaxLength}
        defaultValue={value("name", authenticator?.name)}
        error={mine?.errors?.["name"]}
      />
      {withButton ? (
        <TextField
          label={t("Button label")}
          name="buttonLabel"
          maxLength={authenticatorRules.buttonLabelMaxLength}
          defaultValue={value("buttonLabel", authenticator?.buttonLabel)}
          hint={t("The sign-in page says “Sign in with” and this label (the name when empty).")}
        />
      ) : null}
    </div>
  );
}

/** The client ID and secret the provider knows this forum by. */
export function ClientFields({
  authenticator,
  mine,
  value,
}: {
  authenticator?: EditedAuthenticator;
  mine: FormResult | undefined;
  value: ValueOf;
}) {
  return (
    <div className={styles.pair}>
      <TextField
        label={t("Client ID")}
        name="clientID"
        required
        maxLength={authenticatorRules.clientIDMaxLength}
        defaultValue={value("clientID", authenticator?.clientID)}
        error={mine?.errors?.["clientID"]}
      />
      <SecretField
        authenticator={authenticator}
        mine={mine}
        label={t("Client secret")}
        required={!authenticator}
        unsavedHint={t("It is never shown again once saved.")}
      />
    </div>
  );
}

/** Whether the authenticator is active and, for a provider with a button, shown and first. */
export function ActiveFields({
  authenticator,
  checked,
  withButton,
}: {
  authenticator?: EditedAuthenticator;
  checked: CheckedOf;
  withButton: boolean;
}) {
  return (
    <>
      <CheckboxField
        label={t("Active")}
        name="active"
        defaultChecked={checked("active", authenticator?.active, true)}
      />
      {withButton ? (
        <>
          <CheckboxField
            label={t("Show its button on the sign-in and registration pages")}
            name="visible"
            defaultChecked={checked("visible", authenticator?.visible, true)}
          />
          <CheckboxField
            label={t("Default: its button comes first")}
            name="default"
            defaultChecked={checked("default", authenticator?.default, false)}
          />
        </>
      ) : null}
    </>
  );
}

/** Whether a first sign-in links to the account with the provider's confirmed address. */
export function TrustField({ authenticator, checked }: { authenticator?: EditedAuthenticator; checked: CheckedOf }) {
  return (
    <CheckboxField
      label={t("Trust its confirmed e-mail addresses (a first sign-in links to the account with that address)")}
      name="markVerified"
      defaultChecked={checked("markVerified", authenticator?.markVerified, false)}
    />
  );
}

/** An authenticator's write-only secret: never shown; the hint says whether one is saved. */
export function SecretField({
  authenticator,
  mine,
  label,
  unsavedHint,
  required = false,
}: {
  authenticator?: { hasSecret: boolean };
  mine: FormResult | undefined;
  label: string;
  unsavedHint: string;
  required?: boolean;
}) {
  return (
    <TextField
      label={label}
      name="secret"
      type="password"
      autoComplete="off"
      required={required}
      maxLength={authenticatorRules.secretMaxLength}
      error={mine?.errors?.["secret"]}
      hint={
        authenticator?.hasSecret
          ? t("A secret is saved. It is never shown; enter a new one to replace it.")
          : unsavedHint
      }
    />
  );
}
