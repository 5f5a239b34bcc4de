import { authenticatorRules } from "@parley/contracts/authenticators-constants";
import type { OAuth2Authenticator } from "@parley/contracts";
import type { FormResult } from "../../../lib/forms.ts";
import { msg, t } from "../../../lib/i18n.ts";
import { CheckboxField, TextField } from "../../../ui/forms/Form.tsx";
import {
  ActiveFields,
  AuthenticatorFormFrame,
  ClientFields,
  NameFields,
  TrustField,
  useAuthenticatorForm,
} from "./FormParts.tsx";
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
  const { mine, value, checked } = useAuthenticatorForm(result, Boolean(authenticator));
  return (
    <AuthenticatorFormFrame
      authenticator={authenticator}
      type="oauth2"
      label={authenticator ? t("Edit OAuth 2 authenticator") : t("Add OAuth 2 authenticator")}
      mine={mine}
      busy={busy}
    >
      <NameFields authenticator={authenticator} mine={mine} value={value} withButton />
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
      <ClientFields authenticator={authenticator} mine={mine} value={value} />
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
      <ActiveFields authenticator={authenticator} checked={checked} withButton />
      <TrustField authenticator={authenticator} checked={checked} />
    </AuthenticatorFormFrame>
  );
}
