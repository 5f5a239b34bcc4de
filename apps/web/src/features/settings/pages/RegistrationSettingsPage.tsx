import { useId, useState } from "react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { registrationRoleTypes, type RegistrationRoleType } from "@parley/contracts/roles-constants";
import { registrationMethods } from "@parley/contracts/site-settings";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { CheckboxField, FormAlert, formStyles, SubmitButton, TextField } from "../../../ui/forms/Form.tsx";
import { newMemberMaximum } from "@parley/contracts/new-members-constants";
import {
  defaultRolesField,
  defaultRolesOf,
  newMemberNumberKeys,
  registrationRoleChoices,
  registrationSettingsPath,
} from "../registration.ts";
import { registrationRolesQuery, registrationSettingsQuery } from "../settings.queries.ts";
import { invitationsPagePath } from "../../invitations/index.ts";
import { defaultRolesHint, defaultRolesLabel, methodText, newMemberLimitText } from "./registrationText.ts";
import styles from "./RegistrationSettingsPage.module.css";

/**
 * `/dashboard/settings/registration`: how members register (the method and confirm e-mail: PATCH /config) and
 * the roles each kind of registration gives (PUT /roles/defaults), in one form with one Save.
 */
export function RegistrationSettingsPage() {
  const api = useApi();
  const { data: stored } = useSuspenseQuery(registrationSettingsQuery(api));
  const { data: roles } = useSuspenseQuery(registrationRolesQuery(api));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const id = useId();
  const sent = result?.values;
  const storedMethod = String(stored["registration.method"] ?? "basic").toLowerCase();
  const [method, setMethod] = useState(sent?.["registration.method"] ?? storedMethod);
  const confirmEmail = sent
    ? sent["registration.confirmEmail"] === "true"
    : stored["registration.confirmEmail"] === true;
  const requireAdminTwoFactor = sent
    ? sent["security.requireAdminTwoFactor"] === "true"
    : stored["security.requireAdminTwoFactor"] === true;
  const current = defaultRolesOf(roles);
  /** A limit for new members as the form shows it: as sent after a refusal, else as stored. */
  const limit = (key: string) => sent?.[key] ?? String(stored[key as keyof typeof stored] ?? "");
  const newMembersMayMessage = sent
    ? sent["newMembers.canMessage"] === "true"
    : stored["newMembers.canMessage"] === true;
  const checked = (type: RegistrationRoleType, roleID: number) =>
    sent ? (sent[defaultRolesField(type)] ?? "").split(",").includes(String(roleID)) : current[type].includes(roleID);
  const error = (field: string) => result?.errors?.[field];
  /** The ids a fieldset's hint and error have, for its aria-describedby. */
  const described = (key: string, field: string) =>
    [`${id}-${key}-hint`, error(field) ? `${id}-${key}-error` : null].filter(Boolean).join(" ");
  const fieldError = (key: string, field: string) =>
    error(field) ? (
      <p id={`${id}-${key}-error`} className={formStyles.error}>
        {error(field)}
      </p>
    ) : null;
  return (
    <section className={styles.page} aria-labelledby="registration-title">
      <PageHead title={t("Registration")} canonical={registrationSettingsPath} noindex />
      <h1 id="registration-title" className={styles.title}>
        {t("Registration")}
      </h1>
      <Form
        method="post"
        action={registrationSettingsPath}
        className={styles.form}
        aria-labelledby="registration-title"
      >
        <TransientKeyField />
        {result?.message ? <FormAlert kind={result.ok ? "success" : "error"}>{result.message}</FormAlert> : null}
        <fieldset className={styles.group} aria-describedby={described("method", "registration.method")}>
          <legend className={styles.heading}>{t("Method")}</legend>
          <p id={`${id}-method-hint`} className={formStyles.hint}>
            {t("How new members join. The Register button shows under Basic, Captcha and Approval.")}{" "}
            <Link to={invitationsPagePath}>{t("Invite members by e-mail")}</Link>
          </p>
          {registrationMethods.map((choice) => {
            const text = methodText(choice);
            return (
              <label key={choice} className={styles.choice}>
                <input
                  type="radio"
                  name="registration.method"
                  value={choice}
                  defaultChecked={method === choice}
                  onChange={() => setMethod(choice)}
                />
                <span>
                  <span className={styles.choiceName}>{text.name}</span>
                  <span className={styles.choiceHint}>{text.hint}</span>
                </span>
              </label>
            );
          })}
          {fieldError("method", "registration.method")}
        </fieldset>
        <fieldset className={styles.group} aria-describedby={described("confirm", "registration.confirmEmail")}>
          <legend className={styles.heading}>{t("Confirm E-mail")}</legend>
          <CheckboxField
            label={t("New members confirm their e-mail address before they may post")}
            name="registration.confirmEmail"
            defaultChecked={confirmEmail}
          />
          <p id={`${id}-confirm-hint`} className={formStyles.hint}>
            {t(
              "They get a link by e-mail and have the roles below for members waiting to confirm until they follow it. Not under Approval: an approved applicant is asked then.",
            )}
          </p>
          {fieldError("confirm", "registration.confirmEmail")}
        </fieldset>
        <fieldset className={styles.group} aria-describedby={described("two-factor", "security.requireAdminTwoFactor")}>
          <legend className={styles.heading}>{t("Two-Factor Authentication")}</legend>
          <CheckboxField
            label={t("Administrators must use two-factor authentication")}
            name="security.requireAdminTwoFactor"
            defaultChecked={requireAdminTwoFactor}
          />
          <p id={`${id}-two-factor-hint`} className={formStyles.hint}>
            {t(
              "An administrator without it who signs in is sent to set it up before anything else works. Sign-ins with another site (OpenID Connect, JWT) are not asked for a code.",
            )}
          </p>
          {fieldError("two-factor", "security.requireAdminTwoFactor")}
        </fieldset>
        <fieldset className={styles.group} aria-describedby={`${id}-new-members-hint`} data-testid="new-members">
          <legend className={styles.heading}>{t("New Members")}</legend>
          <p id={`${id}-new-members-hint`} className={formStyles.hint}>
            {t(
              "Limits on members until they are trusted: after the published posts or the days of membership below, whichever comes first. Moderators and administrators have none. 0 turns a limit off.",
            )}
          </p>
          <div className={styles.limits}>
            {newMemberNumberKeys.map((key) => {
              const text = newMemberLimitText(key);
              return (
                <TextField
                  key={key}
                  label={text.label}
                  hint={text.hint}
                  name={key}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={newMemberMaximum}
                  step={1}
                  defaultValue={limit(key)}
                  error={error(key)}
                />
              );
            })}
          </div>
          <CheckboxField
            label={t("New members may send private messages")}
            name="newMembers.canMessage"
            defaultChecked={newMembersMayMessage}
          />
          {fieldError("new-members-message", "newMembers.canMessage")}
        </fieldset>
        {registrationRoleTypes.map((type) => (
          <fieldset
            key={type}
            className={styles.group}
            aria-describedby={described(type, defaultRolesField(type))}
            // Applicants' roles matter only under approval (without JavaScript: the saved method decides).
            hidden={type === "applicant" && method !== "approval"}
            data-testid={`default-roles-${type}`}
          >
            <legend className={styles.heading}>{defaultRolesLabel(type)}</legend>
            <p id={`${id}-${type}-hint`} className={formStyles.hint}>
              {defaultRolesHint(type)}
            </p>
            <div className={styles.roles}>
              {registrationRoleChoices(roles).map((role) => (
                <CheckboxField
                  key={role.roleID}
                  label={role.name}
                  name={defaultRolesField(type)}
                  value={String(role.roleID)}
                  defaultChecked={checked(type, role.roleID)}
                />
              ))}
            </div>
            {fieldError(type, defaultRolesField(type))}
          </fieldset>
        ))}
        <div>
          <SubmitButton busy={busy}>{t("Save")}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
