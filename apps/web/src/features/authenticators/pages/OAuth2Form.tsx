import { Form, Link } from "react-router";
import { authenticatorRules, authenticatorsPagePath } from "@parley/contracts/authenticators-constants";
import type { OAuth2Authenticator } from "@parley/contracts";
import type { FormResult } from "../../../lib/forms.ts";
import { msg, t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { CheckboxField, FormAlert, SubmitButton, TextField } from "../../../ui/forms/Form.tsx";
import { SecretField } from "./SecretField.tsx";
import styles from "../../../ui/page/DashboardForm.module.css";

/** The three provider addresses an OAuth 2 authenticator is configured with, by hand. */
const urlFields = [
  {
    name: "authenticateUrl",
    label: msg("Authorize URL"),
    hint: msg("Where members are sent to sign in and allow this forum."),
  },
  { name: "tokenUrl", label: msg("Token URL"), hint: msg("Where the forum exchanges the code for an access token.") },
  {
    name: "profileUrl",
    label: msg("Profile URL"),
    hint: msg("Where the forum reads the member's profile with that token."),
  },
] as const;

/** The profile's keys the member's ID, address, names, photo and roles are read from (Vanilla's defaults). */
const mappingFields = [
  { name: "uniqueID", label: msg("Unique ID key"), fallback: "user_id", required: true },
  { name: "email", label: msg("E-mail key"), fallback: "email", required: true },
  { name: "name", label: msg("Name key"), fallback: "displayname", required: true },
  { name: "fullName", label: msg("Full name key"), fallback: "name", required: false },
  { name: "photoUrl", label: msg("Photo key"), fallback: "picture", required: false },
  { name: "roles", label: msg("Roles key"), fallback: "", required: false },
] as const;

/**
 * An OAuth 2 authenticator's add or edit form (Vanilla's OAuth2 add-on): a provider that is not OpenID Connect,
 * so its addresses and its profile's keys are entered by hand. The secret is never shown.
 */
export function OAuth2Form({
  authenticator,
  result,
  busy,
}: {
  authenticator?: OAuth2Authenticator;
  result: FormResult | undefined;
  busy: boolean;
}) {
  const intent = authenticator ? "edit" : "add";
  const mine = result && !result.ok && result.values?.["intent"] === intent ? result : undefined;
  const value = (name: string, saved: string | undefined, fallback = "") => mine?.values?.[name] ?? saved ?? fallback;
  const checked = (name: string, saved: boolean | undefined, fallback: boolean) =>
    mine ? mine.values?.[name] === "1" : (saved ?? fallback);
  return (
    <Form
      method="post"
      action={authenticatorsPagePath}
      className={styles.form}
      aria-label={authenticator ? t("Edit OAuth 2 authenticator") : t("Add OAuth 2 authenticator")}
    >
      <TransientKeyField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="type" value="oauth2" />
      {authenticator ? <input type="hidden" name="authenticatorID" value={authenticator.authenticatorID} /> : null}
      {mine?.message && !Object.keys(mine.errors ?? {}).length ? <FormAlert>{mine.message}</FormAlert> : null}
      <div className={styles.pair}>
        <TextField
          label={t("Name")}
          name="name"
          required
          maxLength={authenticatorRules.nameMaxLength}
          defaultValue={value("name", authenticator?.name)}
          error={mine?.errors?.["name"]}
        />
        <TextField
          label={t("Button label")}
          name="buttonLabel"
          maxLength={authenticatorRules.buttonLabelMaxLength}
          defaultValue={value("buttonLabel", authenticator?.buttonLabel)}
          hint={t("The sign-in page says “Sign in with” and this label (the name when empty).")}
        />
      </div>
      {urlFields.map((field) => (
        <TextField
          key={field.name}
          label={t(field.label)}
          name={field.name}
          type="url"
          required
          maxLength={authenticatorRules.urlMaxLength}
          defaultValue={value(field.name, authenticator?.urls[field.name])}
          error={mine?.errors?.[field.name] ?? mine?.errors?.[`urls.${field.name}`]}
          hint={t(field.hint)}
        />
      ))}
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
      <div className={styles.pair}>
        <TextField
          label={t("Scopes")}
          name="scope"
          maxLength={authenticatorRules.scopeMaxLength}
          defaultValue={value("scope", authenticator?.authenticationRequest.scope)}
          hint={t("Separated by spaces; empty asks for none.")}
        />
        <TextField
          label={t("Prompt")}
          name="prompt"
          maxLength={100}
          defaultValue={value("prompt", authenticator?.authenticationRequest.prompt)}
          hint={t("The authorization request's prompt, such as consent or login. Empty: none.")}
        />
      </div>
      <fieldset className={styles.pair}>
        <legend className={styles.legend}>{t("Profile keys")}</legend>
        {mappingFields.map((field) => (
          <TextField
            key={field.name}
            label={t(field.label)}
            name={`map-${field.name}`}
            required={field.required}
            maxLength={authenticatorRules.claimMaxLength}
            defaultValue={value(`map-${field.name}`, authenticator?.userMappings[field.name], field.fallback)}
            error={mine?.errors?.[`map-${field.name}`] ?? mine?.errors?.[`userMappings.${field.name}`]}
          />
        ))}
      </fieldset>
      <CheckboxField
        label={t("Send the access token to the profile address as a bearer token (else as access_token)")}
        name="useBearerToken"
        defaultChecked={checked("useBearerToken", authenticator?.useBearerToken, true)}
      />
      <CheckboxField
        label={t("Authenticate at the token address with HTTP Basic (else in the request's body)")}
        name="useBasicAuthToken"
        defaultChecked={checked("useBasicAuthToken", authenticator?.useBasicAuthToken, true)}
      />
      <CheckboxField
        label={t("Read the profile with POST instead of GET")}
        name="postProfileRequest"
        defaultChecked={checked("postProfileRequest", authenticator?.postProfileRequest, false)}
      />
      <CheckboxField
        label={t("Active")}
        name="active"
        defaultChecked={checked("active", authenticator?.active, true)}
      />
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
      <CheckboxField
        label={t("Trust its confirmed e-mail addresses (a first sign-in links to the account with that address)")}
        name="markVerified"
        defaultChecked={checked("markVerified", authenticator?.markVerified, false)}
      />
      <div className={styles.buttons}>
        <SubmitButton busy={busy}>{authenticator ? t("Save Authenticator") : t("Add Authenticator")}</SubmitButton>
        {authenticator ? <Link to={authenticatorsPagePath}>{t("Cancel")}</Link> : null}
      </div>
    </Form>
  );
}
