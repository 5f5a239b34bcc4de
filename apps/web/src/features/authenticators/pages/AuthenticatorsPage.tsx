import { useSuspenseQuery } from "@tanstack/react-query";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import {
  authenticatorRules,
  authenticatorsPagePath,
  jwtAlgorithms,
  type AuthenticatorType,
} from "@parley/contracts/authenticators-constants";
import type { Authenticator } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { msg, t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { CheckboxField, FormAlert, SelectField, TextField } from "../../../ui/forms/Form.tsx";
import { authenticatorsQuery, oauth2AuthenticatorQuery } from "../authenticators.queries.ts";
import { OAuth2Form } from "./OAuth2Form.tsx";
import {
  ActiveFields,
  AuthenticatorFormFrame,
  ClientFields,
  NameFields,
  SecretField,
  TrustField,
  useAuthenticatorForm,
} from "./FormParts.tsx";
import styles from "../../../ui/page/DashboardForm.module.css";

/** The address the provider must allow as a redirect URI for this authenticator. */
const callbackOf = (authenticator: Authenticator) => `${authenticator.urls.signInUrl ?? ""}/callback`;

/** The add form's type: `?add=jwt` or `?add=oauth2` asks for that type's, else OpenID Connect's. */
const addTypeOf = (type: string | null | undefined): AuthenticatorType =>
  type === "jwt" || type === "oauth2" ? type : "oidc";

/** The links that switch the add form to another type's. */
const addLinks: Array<{ type: AuthenticatorType; label: string }> = [
  { type: "oidc", label: msg("Add an OpenID Connect provider instead") },
  { type: "oauth2", label: msg("Add an OAuth 2 provider instead (one that is not OpenID Connect)") },
  { type: "jwt", label: msg("Add a JWT authenticator instead (a host site signs its members in with a token)") },
];

/** An OAuth 2 authenticator's edit form, with its own record (its addresses and profile keys). */
function OAuth2Edit({
  authenticatorID,
  result,
  busy,
}: {
  authenticatorID: number;
  result: FormResult | undefined;
  busy: boolean;
}) {
  const { data: authenticator } = useSuspenseQuery(oauth2AuthenticatorQuery(useApi(), authenticatorID));
  return <OAuth2Form authenticator={authenticator} result={result} busy={busy} />;
}

/** The link a host site gives a JWT authenticator's members, its token (and target) added. */
const jwtLinkOf = (authenticator: Authenticator) => `${authenticator.urls.signInUrl ?? ""}&token=…&target=/…`;

/**
 * What the settings of one authenticator type read: the authenticator edited (none when adding), the refused form's
 * answer, and each field's value (refused input, else saved, else a default).
 */
interface TypeSettingsProps {
  authenticator?: Authenticator;
  mine: FormResult | undefined;
  value: (name: string, saved: string | null | undefined, fallback?: string) => string;
}

/** An OpenID Connect authenticator's own settings: the provider, the client it knows this forum as, the scopes. */
function OidcSettings({ authenticator, mine, value }: TypeSettingsProps) {
  return (
    <>
      <TextField
        label={t("Issuer URL")}
        name="issuer"
        type="url"
        required
        maxLength={authenticatorRules.urlMaxLength}
        defaultValue={value("issuer", authenticator?.issuer)}
        error={mine?.errors?.["issuer"]}
        hint={t("The provider's address; its settings are read from /.well-known/openid-configuration there.")}
      />
      <ClientFields authenticator={authenticator} mine={mine} value={value} />
      <TextField
        label={t("Scopes")}
        name="scope"
        maxLength={authenticatorRules.scopeMaxLength}
        defaultValue={value("scope", authenticator?.scope, "openid profile email")}
      />
    </>
  );
}

/** A JWT authenticator's own settings: the audience, how its tokens are signed, and the issuer to expect. */
function JwtSettings({ authenticator, mine, value }: TypeSettingsProps) {
  return (
    <>
      <div className={styles.pair}>
        <TextField
          label={t("Audience")}
          name="clientID"
          required
          maxLength={authenticatorRules.clientIDMaxLength}
          defaultValue={value("clientID", authenticator?.clientID)}
          error={mine?.errors?.["clientID"]}
          hint={t("The aud claim the host site puts in every token for this forum.")}
        />
        <TextField
          label={t("Issuer")}
          name="issuer"
          maxLength={authenticatorRules.urlMaxLength}
          defaultValue={value("issuer", authenticator?.issuer)}
          error={mine?.errors?.["issuer"]}
          hint={t("The iss claim its tokens must name. Empty: not checked.")}
        />
      </div>
      <SelectField
        label={t("Signature")}
        name="signingAlgorithm"
        defaultValue={value("signingAlgorithm", authenticator?.signingAlgorithm, "HS256")}
        options={jwtAlgorithms.map((algorithm) => ({
          value: algorithm,
          label:
            algorithm === "HS256" ? t("HS256: a secret shared with the host site") : t("RS256: the host site's keys"),
        }))}
      />
      <div className={styles.pair}>
        <SecretField
          authenticator={authenticator}
          mine={mine}
          label={t("Shared secret (HS256)")}
          unsavedHint={t("At least 32 characters. It is never shown again once saved.")}
        />
        <TextField
          label={t("Keys URL (RS256)")}
          name="jwksUrl"
          type="url"
          maxLength={authenticatorRules.urlMaxLength}
          defaultValue={value("jwksUrl", authenticator?.jwksUrl)}
          error={mine?.errors?.["jwksUrl"]}
          hint={t("Where the host site publishes its public keys as a JWKS, on https.")}
        />
      </div>
    </>
  );
}

/** The add form (of the type `?add=` names), or one authenticator's edit form. The secret is never shown. */
function AuthenticatorForm({
  authenticator,
  addType,
  result,
  busy,
}: {
  authenticator?: Authenticator;
  addType: AuthenticatorType;
  result: FormResult | undefined;
  busy: boolean;
}) {
  const jwt = (authenticator?.type ?? addType) === "jwt";
  const { mine, value, checked } = useAuthenticatorForm(result, Boolean(authenticator));
  const mappings = authenticator?.userMappings;
  return (
    <AuthenticatorFormFrame
      authenticator={authenticator}
      type={jwt ? "jwt" : "oidc"}
      label={authenticator ? t("Edit authenticator") : jwt ? t("Add JWT authenticator") : t("Add authenticator")}
      mine={mine}
      busy={busy}
    >
      <NameFields authenticator={authenticator} mine={mine} value={value} withButton={!jwt} />
      {jwt ? (
        <JwtSettings authenticator={authenticator} mine={mine} value={value} />
      ) : (
        <OidcSettings authenticator={authenticator} mine={mine} value={value} />
      )}
      <fieldset className={styles.pair}>
        <legend className={styles.legend}>{t("Claims")}</legend>
        <TextField
          label={t("Name claim")}
          name="claimName"
          defaultValue={value("claimName", mappings?.name, "preferred_username")}
        />
        <TextField
          label={t("E-mail claim")}
          name="claimEmail"
          defaultValue={value("claimEmail", mappings?.email, "email")}
        />
        <TextField
          label={t("Photo claim")}
          name="claimPhoto"
          defaultValue={value("claimPhoto", mappings?.photoUrl, "picture")}
        />
        <TextField
          label={t("Roles claim")}
          name="claimRoles"
          defaultValue={value("claimRoles", mappings?.roles)}
          hint={t("Role names the provider gives; a member gets the forum's roles of those names. Empty: no mapping.")}
        />
      </fieldset>
      <ActiveFields authenticator={authenticator} checked={checked} withButton={!jwt} />
      {jwt ? null : (
        <CheckboxField
          label={t(
            "Sign out at the provider too (when it offers an end-session address; members come back here signed out)",
          )}
          name="signOutAtProvider"
          defaultChecked={checked("signOutAtProvider", authenticator?.signOutAtProvider, true)}
        />
      )}
      <TrustField authenticator={authenticator} checked={checked} />
    </AuthenticatorFormFrame>
  );
}

/** `/dashboard/settings/authenticators`: the OpenID Connect, OAuth 2 and JWT providers members may sign in with. */
export function AuthenticatorsPage() {
  const api = useApi();
  const [search] = useSearchParams();
  const { data: authenticators } = useSuspenseQuery(authenticatorsQuery(api));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const refusedEdit =
    result && !result.ok && result.values?.["intent"] === "edit" ? result.values["authenticatorID"] : null;
  const editingID = search.get("edit") ?? refusedEdit;
  const editing = authenticators.find((item) => String(item.authenticatorID) === editingID);
  const refusedType = result && !result.ok && result.values?.["intent"] === "add" ? result.values["type"] : null;
  const addType = addTypeOf(refusedType ?? search.get("add"));
  const listError = result && !result.ok && result.values?.["intent"] === "delete" ? result.message : undefined;
  return (
    <section className={styles.page} aria-labelledby="authenticators-title">
      <PageHead title={t("Authenticators")} canonical={authenticatorsPagePath} noindex />
      <h1 id="authenticators-title" className={styles.title}>
        {t("Authenticators")}
      </h1>
      <p className={styles.note}>
        {t(
          "Members may sign in with an OpenID Connect provider. Register this forum with the provider, with the redirect URI shown below each authenticator, and enter the client ID and secret it gives you.",
        )}
      </p>
      <p className={styles.note}>
        {t(
          "A site whose members are already signed in there can sign them in here too: it signs a short-lived JWT and links to the sign-in link shown below its authenticator.",
        )}
      </p>
      {result?.ok && result.message ? <FormAlert kind="success">{result.message}</FormAlert> : null}
      {listError ? <FormAlert>{listError}</FormAlert> : null}
      {editing ? null : (
        <p className={styles.note}>
          {addLinks
            .filter((link) => link.type !== addType)
            .map((link, index) => (
              <span key={link.type}>
                {index ? " · " : null}
                <Link to={link.type === "oidc" ? authenticatorsPagePath : `${authenticatorsPagePath}?add=${link.type}`}>
                  {t(link.label)}
                </Link>
              </span>
            ))}
        </p>
      )}
      {editing?.type === "oauth2" ? (
        <OAuth2Edit
          key={`${editing.authenticatorID}-${authenticators.length}`}
          authenticatorID={editing.authenticatorID}
          result={result}
          busy={busy}
        />
      ) : !editing && addType === "oauth2" ? (
        <OAuth2Form key={`oauth2-${authenticators.length}`} result={result} busy={busy} />
      ) : (
        <AuthenticatorForm
          key={`${editing?.authenticatorID ?? addType}-${authenticators.length}`}
          authenticator={editing}
          addType={addType}
          result={result}
          busy={busy}
        />
      )}
      {authenticators.length === 0 ? (
        <p className={styles.note}>{t("No authenticators yet.")}</p>
      ) : (
        <ul className={styles.list} aria-label={t("Authenticators")}>
          {authenticators.map((item) => (
            <li key={item.authenticatorID} className={styles.item}>
              <strong>{item.name}</strong>
              <p className={styles.meta}>
                <span>{item.active ? t("Active") : t("Inactive")}</span>
                {item.default ? <span>{t("Default")}</span> : null}
                {item.markVerified ? <span>{t("Trusts e-mail addresses")}</span> : null}
                {item.type === "jwt" ? (
                  <span>{t("JWT ({algorithm})", { algorithm: item.signingAlgorithm })}</span>
                ) : null}
                {item.type === "oauth2" ? <span>{t("OAuth 2")}</span> : null}
                {item.issuer ? <span>{item.issuer}</span> : null}
              </p>
              {item.type === "jwt" ? (
                <p className={styles.meta}>
                  {t("Sign-in link")} <code className={styles.code}>{jwtLinkOf(item)}</code>
                </p>
              ) : (
                <p className={styles.meta}>
                  {t("Redirect URI")} <code className={styles.code}>{callbackOf(item)}</code>
                </p>
              )}
              <div className={styles.actions}>
                <Link
                  to={`${authenticatorsPagePath}?edit=${item.authenticatorID}`}
                  aria-label={t("Edit “{name}”", { name: item.name })}
                >
                  {t("Edit")}
                </Link>
                <Form method="post" action={authenticatorsPagePath}>
                  <TransientKeyField />
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="authenticatorID" value={item.authenticatorID} />
                  <input type="hidden" name="name" value={item.name} />
                  <Button
                    type="submit"
                    buttonType="standard"
                    isPending={busy}
                    aria-label={t("Delete “{name}”", { name: item.name })}
                  >
                    {t("Delete")}
                  </Button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
