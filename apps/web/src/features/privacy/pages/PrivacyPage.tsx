import { useSuspenseQuery } from "@tanstack/react-query";
import { useQuery } from "../../../lib/query.ts";
import { Form, useActionData, useNavigation } from "react-router";
import type { UserExport } from "@parley/contracts";
import { privacyPagePath, privacyRules } from "@parley/contracts/privacy-constants";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { CheckboxField, FormAlert, TextField } from "../../../ui/forms/Form.tsx";
import { analyticsPrivacyFields, analyticsPrivacyQuery, leftOutOfAnalytics } from "../../analytics/index.ts";
import { meQuery } from "../../users/index.ts";
import { privacyFields } from "../privacy.action.ts";
import { exportsQuery, privacySettingsQuery, privacyUserQuery } from "../privacy.queries.ts";
import styles from "./PrivacyPage.module.css";
import pageStyles from "../../../ui/page/SettingsPage.module.css";

/** Which of the page's forms is being sent, if any. */
function useSending(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get(privacyFields.intent) === intent;
}

/** Private profile, and "Show my online status" while the online add-on is on: one form, one Save. */
function SwitchesForm({ userID }: { userID: number }) {
  const api = useApi();
  const { data: user } = useSuspenseQuery(privacyUserQuery(api, userID));
  const { data: settings } = useSuspenseQuery(privacySettingsQuery(api));
  const sending = useSending("switches");
  return (
    <Form method="post" action={privacyPagePath} className={pageStyles.form} aria-labelledby="privacy-profile">
      <TransientKeyField />
      <input type="hidden" name={privacyFields.intent} value="switches" />
      <div className={styles.switch}>
        <CheckboxField label={t("Private profile")} name={privacyFields.private} defaultChecked={user.private} />
        <p className={styles.hint}>{t("Other members see only your name and photo, not your activity.")}</p>
      </div>
      {settings["online.enabled"] ? (
        <div className={styles.switch}>
          <input type="hidden" name={privacyFields.onlineShown} value="1" />
          <CheckboxField
            label={t("Show my online status")}
            name={privacyFields.showOnline}
            defaultChecked={!user.hidden}
          />
          <p className={styles.hint}>{t("When off, you are left out of Who's Online.")}</p>
        </div>
      ) : null}
      <div>
        <Button type="submit" buttonType="primary" isPending={sending}>
          {t("Save")}
        </Button>
      </div>
    </Form>
  );
}

/** "Site Analytics": whether the member's visits are left out of the site's analytics (while the site keeps them). */
function AnalyticsPart() {
  const { data: choice } = useSuspenseQuery(analyticsPrivacyQuery(useApi()));
  const sending = useSending(analyticsPrivacyFields.intent);
  if (!choice) return null;
  return (
    <section className={pageStyles.part} aria-labelledby="privacy-analytics">
      <h2 id="privacy-analytics" className={pageStyles.heading}>
        {t("Site Analytics")}
      </h2>
      <Form method="post" action={privacyPagePath} className={pageStyles.form} aria-labelledby="privacy-analytics">
        <TransientKeyField />
        <input type="hidden" name={privacyFields.intent} value={analyticsPrivacyFields.intent} />
        <div className={styles.switch}>
          <CheckboxField
            label={t("Leave my visits out of the site's analytics")}
            name={analyticsPrivacyFields.anonymize}
            defaultChecked={leftOutOfAnalytics(choice)}
          />
          <p className={styles.hint}>
            {t("The pages you read are then not counted in the site's page views and visits.")}
          </p>
        </div>
        <div>
          <Button
            type="submit"
            buttonType="primary"
            isPending={sending}
            aria-label={t("Save my choice about the site's analytics")}
          >
            {t("Save")}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function ExportStatus({ item }: { item: UserExport }) {
  if (item.downloadUrl)
    return (
      <>
        <a href={item.downloadUrl} download>
          {t("Download my data")}
        </a>{" "}
        <span className={styles.muted}>
          {t("Available until")} <DateTime date={item.dateExpires!} mode="fixed" />
        </span>
      </>
    );
  if (item.status === "pending" || item.status === "running") return <span>{t("Being prepared…")}</span>;
  if (item.status === "failed") return <span>{t("Failed. Ask again.")}</span>;
  return <span className={styles.muted}>{t("Expired")}</span>;
}

/** "Download my data": the request button and the member's latest requests. */
function ExportPart({ userID }: { userID: number }) {
  const { data: exports } = useSuspenseQuery(exportsQuery(useApi(), userID));
  const sending = useSending("export");
  return (
    <>
      {exports.length ? (
        <ul className={styles.exports}>
          {exports.slice(0, 3).map((item) => (
            <li key={item.exportID} className={styles.export}>
              <span>
                {t("Asked")} <DateTime date={item.dateInserted} />
              </span>
              <span>
                <ExportStatus item={item} />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" action={privacyPagePath}>
        <TransientKeyField />
        <input type="hidden" name={privacyFields.intent} value="export" />
        <Button type="submit" isPending={sending}>
          {t("Request My Data")}
        </Button>
      </Form>
    </>
  );
}

/** "Delete my account": what the site does with the posts, its grace period, and the password to confirm. */
function DeletePart({ result }: { result: FormResult | undefined }) {
  const { data: settings } = useSuspenseQuery(privacySettingsQuery(useApi()));
  const sending = useSending("delete");
  const days = settings["account.deleteGraceDays"];
  return (
    <>
      <p className={pageStyles.intro}>
        {settings["account.deleteMethod"] === "wipe"
          ? t("Your posts will be wiped: their text is removed.")
          : t("Your posts will stay, shown as by a deleted member.")}{" "}
        {days > 0
          ? t("Your account is deactivated at once and deleted after {days} days.", { days })
          : t("Your account is deleted at once. This cannot be undone.")}
      </p>
      <Form method="post" action={privacyPagePath} className={pageStyles.form} aria-labelledby="privacy-delete">
        <TransientKeyField />
        <input type="hidden" name={privacyFields.intent} value="delete" />
        <TextField
          label={t("Password")}
          name={privacyFields.password}
          type="password"
          autoComplete="current-password"
          required
          error={result?.errors?.[privacyFields.password]}
        />
        <div>
          <Button type="submit" isPending={sending} className={styles.danger}>
            {t("Delete My Account")}
          </Button>
        </div>
      </Form>
    </>
  );
}

/** `/profile/privacy`: the signed-in member's privacy switches, their data, and deleting their account. */
export function PrivacyPage() {
  const { data: me } = useQuery(meQuery(useApi()));
  const result = useActionData<FormResult>();
  return (
    <section className={pageStyles.page} aria-labelledby="privacy-title">
      <PageHead title={t("Privacy")} canonical={privacyPagePath} noindex />
      <h1 id="privacy-title" className={pageStyles.title}>
        {t("Privacy")}
      </h1>
      {result?.message ? <FormAlert kind={result.ok ? "success" : "error"}>{result.message}</FormAlert> : null}
      {me ? (
        <>
          <section className={pageStyles.part} aria-labelledby="privacy-profile">
            <h2 id="privacy-profile" className={pageStyles.heading}>
              {t("Profile")}
            </h2>
            <SwitchesForm userID={me.userID} />
          </section>
          <AnalyticsPart />
          <section className={pageStyles.part} aria-labelledby="privacy-data">
            <h2 id="privacy-data" className={pageStyles.heading}>
              {t("Download My Data")}
            </h2>
            <p className={pageStyles.intro}>
              {t(
                "An archive of your profile, posts, private messages, reactions, bookmarks, drafts and notification settings. We notify you and e-mail you a link when it is ready; it can be downloaded for {days} days.",
                { days: privacyRules.exportLifetimeDays },
              )}
            </p>
            <ExportPart userID={me.userID} />
          </section>
          <section className={pageStyles.part} aria-labelledby="privacy-delete">
            <h2 id="privacy-delete" className={pageStyles.heading}>
              {t("Delete My Account")}
            </h2>
            <DeletePart result={result} />
          </section>
        </>
      ) : null}
    </section>
  );
}
