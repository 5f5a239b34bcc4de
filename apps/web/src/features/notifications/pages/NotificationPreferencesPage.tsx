import { useSuspenseQuery } from "@tanstack/react-query";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { msg, t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { FormAlert, SubmitButton } from "../../../ui/forms/Form.tsx";
import { digestField, preferenceField, preferenceGroups } from "../notifications.preferences.ts";
import { digestPreferenceLabel } from "@parley/contracts/notifications-constants";
import { preferencesQuery, preferencesSchemaQuery } from "../notifications.queries.ts";
import { notificationsPagePath, preferencesPagePath } from "../notifications.urls.ts";
import styles from "./NotificationPages.module.css";

const channels = [
  { id: "popup", label: msg("Notification Popup") },
  { id: "email", label: msg("Email") },
] as const;

/**
 * `/profile/preferences`: per activity type, a notification in the menu (popup) and an e-mail, as
 * the schema lists them; saved with one PATCH (a form POST without JavaScript).
 */
export function NotificationPreferencesPage() {
  const api = useApi();
  const { data: schema } = useSuspenseQuery(preferencesSchemaQuery(api));
  const { data: preferences } = useSuspenseQuery(preferencesQuery(api));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const notifications = schema.properties?.["notifications"]?.["x-control"];
  return (
    <section className={styles.page} aria-labelledby="preferences-title">
      <PageHead title={t("Notification Preferences")} canonical={preferencesPagePath} noindex />
      <h1 id="preferences-title" className={styles.title}>
        {t("Notification Preferences")}
      </h1>
      {notifications?.description ? <p className={styles.intro}>{t(notifications.description)}</p> : null}
      <Form method="post" action={preferencesPagePath}>
        <TransientKeyField />
        {result?.message ? <FormAlert kind={result.ok ? "success" : "error"}>{result.message}</FormAlert> : null}
        {preferenceGroups(schema).map((group) => (
          <fieldset key={group.id} className={styles.group}>
            <legend className={styles.legend}>{t(group.label)}</legend>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t("Activity")}</th>
                  {channels.map((channel) => (
                    <th key={channel.id} scope="col" id={`pref-${group.id}-${channel.id}`} className={styles.check}>
                      {t(channel.label)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {group.rows.map((row) => (
                  <tr key={row.type}>
                    <th scope="row" id={`pref-${row.type}`}>
                      <span className={styles.activity}>{t(row.label)}</span>
                      {row.description ? <span className={styles.description}>{t(row.description)}</span> : null}
                    </th>
                    {channels.map((channel) => (
                      <td key={channel.id} className={styles.check}>
                        <input
                          type="checkbox"
                          name={preferenceField(row.type, channel.id)}
                          value="1"
                          defaultChecked={preferences[row.type][channel.id]}
                          aria-labelledby={`pref-${row.type} pref-${group.id}-${channel.id}`}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </fieldset>
        ))}
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t(digestPreferenceLabel.label)}</legend>
          <label>
            <input
              type="checkbox"
              name={digestField}
              value="1"
              defaultChecked={preferences.DigestEnabled?.email ?? false}
            />{" "}
            {t(digestPreferenceLabel.description)}
          </label>
        </fieldset>
        <div className={styles.actions}>
          <SubmitButton busy={busy}>{t("Save")}</SubmitButton>
          <Link to={notificationsPagePath()}>{t("All Notifications")}</Link>
        </div>
      </Form>
    </section>
  );
}
