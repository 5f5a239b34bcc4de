import { useSuspenseQuery } from "@tanstack/react-query";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { editWindowChoices, siteSettingRules } from "@parley/contracts/site-settings";
import { contentLocaleKeys, defaultTranslationLocale } from "@parley/contracts/translations-constants";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { msg, t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import {
  CheckboxField,
  FormAlert,
  formStyles,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from "../../../ui/forms/Form.tsx";
import { meQuery } from "../../users/index.ts";
import { privacyRules } from "@parley/contracts/privacy-constants";
import { settingsQuery } from "../settings.queries.ts";
import { canManageRegistration, registrationSettingsPath } from "../registration.ts";
import { editableSettings, settingsPagePath, type SettingsPageKey, type SettingValue } from "../settings.ts";
import styles from "./SettingsPage.module.css";

/** What a host page loads to embed the forum (`GET /api/v2/assets/embed-script`). */
const embedScriptAddress = "/api/v2/assets/embed-script";

const switchLabels: Partial<Record<SettingsPageKey, string>> = {
  "tagging.enabled": msg("Tags on discussions"),
  "conversations.enabled": msg("Private messages"),
  "signatures.enabled": msg("Signatures under posts"),
  "drafts.scheduling": msg("Scheduled posts"),
  "search.externalNewTab": msg("Open search results in a new tab"),
};

/** A language's name in the interface's language (English). */
const languageName = (key: string) => new Intl.DisplayNames(["en"], { type: "language" }).of(key) ?? key;

/** `/dashboard/settings`: the settings the member may change, one form, one save. */
export function SettingsPage() {
  const api = useApi();
  const { data: me } = useSuspenseQuery(meQuery(api));
  const { data: stored } = useSuspenseQuery(settingsQuery(api));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const editable = new Set(editableSettings(me));
  const value = (key: SettingsPageKey): SettingValue | undefined => result?.values?.[key] ?? stored[key];
  const text = (key: SettingsPageKey) => String(value(key) ?? "");
  // A switch sent back after a refusal comes as the text of its value.
  const on = (key: SettingsPageKey) => {
    const current = value(key);
    return current === true || current === "true";
  };
  const error = (key: SettingsPageKey) => result?.errors?.[key];
  const editWindow = Number(value("ui.editContentTimeout") ?? -1);
  const editWindows = editWindowChoices.map((choice) => ({ value: String(choice.seconds), label: t(choice.label) }));
  if (!editWindows.some((choice) => Number(choice.value) === editWindow))
    editWindows.push({ value: String(editWindow), label: t("{seconds} seconds", { seconds: editWindow }) });
  const switches = [...editable].filter((key) => key in switchLabels);
  return (
    <section className={styles.page} aria-labelledby="settings-title">
      <PageHead title={t("Site Settings")} canonical={settingsPagePath} noindex />
      <h1 id="settings-title" className={styles.title}>
        {t("Site Settings")}
      </h1>
      <Form method="post" action={settingsPagePath} className={formStyles.form}>
        <TransientKeyField />
        {result?.message ? <FormAlert kind={result.ok ? "success" : "error"}>{result.message}</FormAlert> : null}
        {editable.has("garden.title") ? (
          <TextField
            label={t("Site Title")}
            name="garden.title"
            defaultValue={text("garden.title")}
            maxLength={siteSettingRules["garden.title"].maxLength}
            required
            error={error("garden.title")}
            hint={t("Shown in the title bar and in every page's title.")}
          />
        ) : null}
        {editable.has("garden.description") ? (
          <TextAreaField
            label={t("Site Description")}
            name="garden.description"
            defaultValue={text("garden.description")}
            maxLength={siteSettingRules["garden.description"].maxLength}
            rows={3}
            error={error("garden.description")}
            hint={t("Search engines show it; the home page too.")}
          />
        ) : null}
        {editable.has("garden.shareImage") ? (
          <TextField
            label={t("Share Image")}
            name="garden.shareImage"
            defaultValue={text("garden.shareImage")}
            maxLength={siteSettingRules["garden.shareImage"].maxLength}
            error={error("garden.shareImage")}
            hint={t(
              "The picture a shared link of the forum shows (Open Graph) when the page has no image of its own: an image's address.",
            )}
          />
        ) : null}
        {editable.has("ui.editContentTimeout") ? (
          <SelectField
            label={t("Editing Posts")}
            name="ui.editContentTimeout"
            defaultValue={String(editWindow)}
            options={editWindows}
            error={error("ui.editContentTimeout")}
          />
        ) : null}
        {editable.has("premoderation.newMemberPosts") ? (
          <fieldset className={styles.switches}>
            <legend className={formStyles.label}>{t("Premoderation")}</legend>
            <TextField
              label={t("Hold Posts of New Members")}
              name="premoderation.newMemberPosts"
              type="number"
              min={0}
              max={siteSettingRules["premoderation.newMemberPosts"].maximum}
              defaultValue={text("premoderation.newMemberPosts") || "0"}
              error={error("premoderation.newMemberPosts")}
              hint={t(
                "A member with fewer published posts than this waits for a moderator's approval of each post. 0: off.",
              )}
            />
            <TextField
              label={t("Hold Posts with More Links Than")}
              name="premoderation.maxLinks"
              type="number"
              min={0}
              max={siteSettingRules["premoderation.maxLinks"].maximum}
              defaultValue={text("premoderation.maxLinks") || "0"}
              error={error("premoderation.maxLinks")}
              hint={t("A post with more links than this waits for a moderator's approval. 0: off.")}
            />
          </fieldset>
        ) : null}
        {canManageRegistration(me) ? (
          <p className={formStyles.hint}>
            {t("How members register, whether they confirm their e-mail and the roles they get:")}{" "}
            <Link to={registrationSettingsPath}>{t("Registration")}</Link>
          </p>
        ) : null}
        {switches.length ? (
          <fieldset className={styles.switches}>
            <legend className={formStyles.label}>{t("Features")}</legend>
            {switches.map((key) => (
              <CheckboxField key={key} label={t(switchLabels[key]!)} name={key} defaultChecked={on(key)} />
            ))}
          </fieldset>
        ) : null}
        {editable.has("account.deleteMethod") ? (
          <fieldset className={styles.switches}>
            <legend className={formStyles.label}>{t("Members Deleting Their Account")}</legend>
            <SelectField
              label={t("Their Posts")}
              name="account.deleteMethod"
              defaultValue={text("account.deleteMethod") || "keep"}
              options={[
                { value: "keep", label: t("Keep them, shown as by a deleted member") },
                { value: "wipe", label: t("Wipe their text") },
              ]}
              error={error("account.deleteMethod")}
            />
            <TextField
              label={t("Grace Period in Days")}
              name="account.deleteGraceDays"
              type="number"
              min={0}
              max={privacyRules.deleteGraceMaxDays}
              defaultValue={text("account.deleteGraceDays") || "0"}
              error={error("account.deleteGraceDays")}
              hint={t(
                "0: at once. Otherwise the account is deactivated and deleted after these days; an administrator can cancel from the member's page.",
              )}
            />
          </fieldset>
        ) : null}
        {editable.has("embed.enabled") ? (
          <fieldset className={styles.switches}>
            <legend className={formStyles.label}>{t("Embedding")}</legend>
            <CheckboxField
              label={t("Allow the forum to be embedded in the host page")}
              name="embed.enabled"
              defaultChecked={on("embed.enabled")}
            />
            <TextField
              label={t("Host Page Address")}
              name="embed.remoteUrl"
              type="url"
              defaultValue={text("embed.remoteUrl")}
              maxLength={siteSettingRules["embed.remoteUrl"].maxLength}
              error={error("embed.remoteUrl")}
              hint={t(
                "The page that embeds the forum with {script} and a <vanilla-embed> element; only its site may frame the forum.",
                { script: embedScriptAddress },
              )}
            />
            <CheckboxField
              label={t("Send readers who open the forum on its own to the host page")}
              name="embed.forceEmbed"
              defaultChecked={on("embed.forceEmbed")}
            />
            <CheckboxField
              label={t("Keep visitors signed in inside the frame when the host page is on another site (HTTPS only)")}
              name="embed.crossSiteSessions"
              defaultChecked={on("embed.crossSiteSessions")}
            />
          </fieldset>
        ) : null}
        {editable.has("locales.enabled") ? (
          <fieldset className={styles.switches} aria-describedby="content-locales-hint">
            <legend className={formStyles.label}>{t("Content Languages")}</legend>
            <p id="content-locales-hint" className={formStyles.hint}>
              {t(
                "Category names and descriptions may be translated by hand into these languages; the interface stays in English.",
              )}
            </p>
            {contentLocaleKeys.map((key) => (
              <CheckboxField
                key={key}
                label={languageName(key)}
                name="locales.enabled"
                value={key}
                defaultChecked={key === defaultTranslationLocale || text("locales.enabled").split(",").includes(key)}
                disabled={key === defaultTranslationLocale}
              />
            ))}
            {error("locales.enabled") ? <p className={formStyles.error}>{error("locales.enabled")}</p> : null}
          </fieldset>
        ) : null}
        {editable.has("seo.robotsAdditions") ? (
          <TextAreaField
            label={t("Additions to robots.txt")}
            name="seo.robotsAdditions"
            defaultValue={text("seo.robotsAdditions")}
            maxLength={siteSettingRules["seo.robotsAdditions"].maxLength}
            rows={4}
            error={error("seo.robotsAdditions")}
            hint={t(
              "Lines added to /robots.txt after the forum's own rules, one a line (Disallow: /old-forum/). Search engines read it.",
            )}
          />
        ) : null}
        <div>
          <SubmitButton busy={busy}>{t("Save")}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
