import { useSuspenseQuery } from "@tanstack/react-query";
import { Form, useActionData, useNavigation } from "react-router";
import { attachmentsLimits, ticketCreateMethods, ticketPlaceholders } from "@parley/contracts/attachments-constants";
import { integrationsPagePath } from "../attachments.paths.ts";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import {
  CheckboxField,
  FormAlert,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from "../../../ui/forms/Form.tsx";
import { ticketSettingsQuery } from "../attachments.queries.ts";
import styles from "../components/Attachments.module.css";

/**
 * `/dashboard/integrations`: the ticket integration's settings (site managers). A plain form post: it works
 * without JavaScript. The auth header's value is write-only: the page says whether one is set, never shows it.
 */
export function IntegrationsPage() {
  const { data: settings } = useSuspenseQuery(ticketSettingsQuery(useApi()));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const typed = result && !result.ok ? result.values : undefined;
  const value = (field: keyof typeof settings) => typed?.[field] ?? String(settings[field] ?? "");
  const error = (field: string) => result?.errors?.[field];
  const placeholders = ticketPlaceholders.map((name) => `{${name}}`).join(" ");
  return (
    <section className={styles.page} aria-labelledby="integrations-title">
      <PageHead title={t("Integrations")} canonical={integrationsPagePath} noindex />
      <h1 id="integrations-title" className={styles.title}>
        {t("Integrations")}
      </h1>
      <p className={styles.note}>
        {t(
          "The ticket integration lets moderators create a ticket in your helpdesk or issue tracker from a discussion's options menu; its status then shows on the post for staff. It works with any JSON HTTP API: describe its requests below.",
        )}
      </p>
      {result?.ok && result.message ? <FormAlert kind="success">{result.message}</FormAlert> : null}
      {result && !result.ok && result.message ? <FormAlert>{result.message}</FormAlert> : null}
      {error("enabled") ? <FormAlert>{error("enabled")}</FormAlert> : null}
      <Form method="post" action={integrationsPagePath} className={styles.form} aria-labelledby="ticket-heading">
        <h2 id="ticket-heading" className={styles.heading}>
          {t("Tickets")}
        </h2>
        <TransientKeyField />
        <CheckboxField
          label={t("Enabled")}
          name="enabled"
          defaultChecked={typed ? typed["enabled"] === "1" : settings.enabled}
        />
        <TextField
          label={t("Name")}
          name="name"
          required
          maxLength={attachmentsLimits.integrationNameMaxLength}
          defaultValue={value("name")}
          error={error("name")}
          hint={t("What the forum calls it, e.g. Helpdesk.")}
        />
        <TextField
          label={t("Base URL")}
          name="baseUrl"
          type="url"
          maxLength={attachmentsLimits.urlMaxLength}
          defaultValue={value("baseUrl")}
          error={error("baseUrl")}
          hint={t("An https address. Addresses on private or local networks are refused.")}
        />
        <SelectField
          label={t("Create request method")}
          name="createMethod"
          options={ticketCreateMethods.map((method) => ({ value: method, label: method }))}
          defaultValue={value("createMethod")}
          error={error("createMethod")}
        />
        <TextField
          label={t("Create request address")}
          name="createUrl"
          maxLength={attachmentsLimits.urlMaxLength}
          defaultValue={value("createUrl")}
          error={error("createUrl")}
          hint={t("Relative to the base URL, e.g. tickets.")}
        />
        <TextAreaField
          label={t("Create request body (JSON)")}
          name="createBody"
          rows={6}
          maxLength={attachmentsLimits.templateMaxLength}
          defaultValue={value("createBody")}
          error={error("createBody")}
          hint={t("Placeholders: {list}", { list: placeholders })}
        />
        <TextField
          label={t("Status request address")}
          name="statusUrl"
          maxLength={attachmentsLimits.urlMaxLength}
          defaultValue={value("statusUrl")}
          error={error("statusUrl")}
          hint={t("Relative to the base URL; {placeholder} is the ticket's id.", { placeholder: "{sourceID}" })}
        />
        <TextField
          label={t("Ticket id in the answer")}
          name="idPath"
          maxLength={attachmentsLimits.pathMaxLength}
          defaultValue={value("idPath")}
          error={error("idPath")}
          hint={t("A path of names separated by dots, e.g. ticket.id.")}
        />
        <TextField
          label={t("Ticket address in the answer")}
          name="urlPath"
          maxLength={attachmentsLimits.pathMaxLength}
          defaultValue={value("urlPath")}
          error={error("urlPath")}
        />
        <TextField
          label={t("Ticket status in the answer")}
          name="statusPath"
          maxLength={attachmentsLimits.pathMaxLength}
          defaultValue={value("statusPath")}
          error={error("statusPath")}
        />
        <TextField
          label={t("Auth header name")}
          name="authHeaderName"
          maxLength={attachmentsLimits.headerNameMaxLength}
          defaultValue={value("authHeaderName")}
          error={error("authHeaderName")}
        />
        <TextField
          label={t("Auth header value")}
          name="authSecret"
          type="password"
          autoComplete="off"
          maxLength={attachmentsLimits.secretMaxLength}
          error={error("authSecret")}
          hint={
            settings.hasAuthSecret
              ? t("A value is set; it is never shown. Type a new one to replace it.")
              : t("None set. It is kept on the server and never shown again.")
          }
        />
        {settings.hasAuthSecret ? (
          <CheckboxField label={t("Remove the auth header value")} name="removeSecret" />
        ) : null}
        <div className={styles.buttons}>
          <SubmitButton busy={busy}>{t("Save")}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
