import { useSuspenseQuery } from "@tanstack/react-query";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import {
  emailTemplateRules,
  emailTemplateVariableDescriptions,
  emailTemplateVariables,
} from "@parley/contracts/email-templates-constants";
import {
  notificationActivityTypes,
  notificationPreferenceLabels,
  type NotificationActivityType,
} from "@parley/contracts/notifications-constants";
import type { EmailTemplate, RenderedEmail } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { ConfirmAction } from "../../../ui/confirm/ConfirmAction.tsx";
import { FormAlert, formStyles, SelectField, TextAreaField, TextField } from "../../../ui/forms/Form.tsx";
import { editedTemplate, emailTemplatePath, emailTemplatesPath } from "../email-templates.ts";
import { emailTemplatesQuery } from "../settings.queries.ts";
import styles from "./EmailSettingsPage.module.css";

/** What the page's form answers: a save's or a preview's result, the preview's e-mail with it. */
export type EmailTemplateResult = FormResult & { preview?: RenderedEmail; confirmDelete?: boolean };

const kindLabel = (activityType: NotificationActivityType | null) =>
  activityType ? t(notificationPreferenceLabels[activityType].label) : t("Custom (sent only as a preview)");

/**
 * `/dashboard/settings/email-templates`: administrators' templates of the notification e-mails (site.manage), each
 * edited with its kind's variables listed and previewed with sample values before it is saved.
 */
export function EmailTemplatesPage() {
  const api = useApi();
  const { data: templates } = useSuspenseQuery(emailTemplatesQuery(api));
  const [search] = useSearchParams();
  const edit = editedTemplate(search);
  const result = useActionData<EmailTemplateResult>();
  const template = typeof edit === "number" ? templates.find((item) => item.emailTemplateID === edit) : undefined;
  return (
    <section className={styles.page} aria-labelledby="email-templates-title">
      <PageHead title={t("E-mail Templates")} canonical={emailTemplatesPath} noindex />
      <h1 id="email-templates-title" className={styles.title}>
        {t("E-mail Templates")}
      </h1>
      <p className={styles.muted}>
        {t(
          "A notification kind with an active template has its e-mail written by it, in the site's e-mail style; the others keep the built-in e-mail.",
        )}
      </p>
      {result?.ok && result.message ? <FormAlert kind="success">{result.message}</FormAlert> : null}
      {templates.length === 0 ? (
        <p className={styles.muted}>{t("There are no templates yet.")}</p>
      ) : (
        <ul className={styles.messages} aria-label={t("Templates")}>
          {templates.map((item) => (
            <li key={item.emailTemplateID} className={styles.message}>
              <Link to={emailTemplatePath(item.emailTemplateID)}>{item.name}</Link>{" "}
              <span className={styles.muted}>
                {kindLabel(item.activityType)} · {item.status === "active" ? t("Active") : t("Inactive")}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={emailTemplatePath("new")}>{t("Add a template")}</Link>
      </p>
      {edit === "new" || template ? (
        <TemplateEditor key={String(edit)} template={template ?? null} result={result} />
      ) : edit !== null ? (
        <FormAlert>{t("This template could not be found.")}</FormAlert>
      ) : null}
    </section>
  );
}

function TemplateEditor({
  template,
  result,
}: {
  template: EmailTemplate | null;
  result: EmailTemplateResult | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const action = emailTemplatePath(template ? template.emailTemplateID : "new");
  const value = (key: string, stored: string | null | undefined) => result?.values?.[key] ?? stored ?? "";
  const error = (key: string) => result?.errors?.[key];
  const kind = value("activityType", template?.activityType);
  const offered = emailTemplateVariables(
    (notificationActivityTypes as readonly string[]).includes(kind) ? (kind as NotificationActivityType) : null,
  );
  return (
    <>
      <Form method="post" action={action} className={formStyles.form} aria-labelledby="template-editor-title">
        <TransientKeyField />
        <h2 id="template-editor-title" className={styles.heading}>
          {template ? t("Edit “{name}”", { name: template.name }) : t("New Template")}
        </h2>
        {result?.message && !result.ok ? <FormAlert>{result.message}</FormAlert> : null}
        <TextField
          label={t("Name")}
          name="name"
          required
          maxLength={emailTemplateRules.nameMaxLength}
          defaultValue={value("name", template?.name)}
          error={error("name")}
        />
        <div className={styles.row}>
          <SelectField
            label={t("Notification")}
            name="activityType"
            defaultValue={kind}
            options={[
              { value: "", label: kindLabel(null) },
              ...notificationActivityTypes.map((type) => ({ value: type, label: kindLabel(type) })),
            ]}
            error={error("activityType")}
            hint={t("The variables below are those of the saved kind; preview to check another.")}
          />
          <SelectField
            label={t("Status")}
            name="status"
            defaultValue={value("status", template?.status ?? "active")}
            options={[
              { value: "active", label: t("Active") },
              { value: "inactive", label: t("Inactive") },
            ]}
            error={error("status")}
          />
        </div>
        <TextField
          label={t("Subject")}
          name="subject"
          required
          maxLength={emailTemplateRules.subjectMaxLength}
          defaultValue={value("subject", template?.subject)}
          error={error("subject")}
        />
        <TextAreaField
          label={t("Body")}
          name="body"
          required
          rows={10}
          spellCheck={false}
          maxLength={emailTemplateRules.bodyMaxLength}
          defaultValue={value("body", template?.body)}
          error={error("body")}
          hint={t(
            "HTML; a variable goes between double braces. Values are escaped, and scripts and event handlers are removed.",
          )}
        />
        <TextAreaField
          label={t("Footer")}
          name="footer"
          rows={3}
          spellCheck={false}
          maxLength={emailTemplateRules.footerMaxLength}
          defaultValue={value("footer", template?.footer)}
          error={error("footer")}
          hint={t("Empty: the site's e-mail footer.")}
        />
        <TextField
          label={t("Logo")}
          name="emailLogo"
          maxLength={emailTemplateRules.logoMaxLength}
          defaultValue={value("emailLogo", template?.emailLogo)}
          error={error("emailLogo")}
          hint={t("An image address (https://… or /…); empty: the site's e-mail logo.")}
        />
        <section aria-labelledby="template-variables-title">
          <h3 id="template-variables-title" className={styles.heading}>
            {t("Variables")}
          </h3>
          <dl>
            {offered.map((name) => (
              <div key={name}>
                <dt>
                  <code>{`{{${name}}}`}</code>
                </dt>
                <dd className={styles.muted}>{t(emailTemplateVariableDescriptions[name])}</dd>
              </div>
            ))}
          </dl>
        </section>
        <div className={styles.row}>
          <button type="submit" name="intent" value="save" className={formStyles.button} disabled={busy}>
            {t("Save")}
          </button>
          <button type="submit" name="intent" value="preview" className={formStyles.button} disabled={busy}>
            {t("Preview")}
          </button>
        </div>
      </Form>
      {result?.preview ? <Preview email={result.preview} /> : null}
      {template && result?.confirmDelete ? (
        <ConfirmAction
          id="delete-template"
          title={t("Delete “{name}”?", { name: template.name })}
          text={t("Its kind's e-mail goes back to the built-in one unless another template of the kind is active.")}
          fields={{ intent: "delete" }}
          action={action}
          cancelTo={action}
          busy={busy}
        />
      ) : template ? (
        <Form method="post" action={action} aria-label={t("Delete the template")}>
          <TransientKeyField />
          <button type="submit" name="intent" value="delete" className={formStyles.button} disabled={busy}>
            {t("Delete the template")}
          </button>
        </Form>
      ) : null}
    </>
  );
}

/** The previewed e-mail: its subject, its HTML in a sandboxed frame (no scripts, no same origin), its text. */
function Preview({ email }: { email: RenderedEmail }) {
  return (
    <section aria-labelledby="template-preview-title" className={styles.outbox}>
      <h2 id="template-preview-title" className={styles.heading}>
        {t("Preview")}
      </h2>
      <p>
        {t("Subject:")} <strong data-testid="preview-subject">{email.subject}</strong>
      </p>
      <iframe title={t("The e-mail as HTML")} sandbox="" srcDoc={email.html} className={styles.frame} />
      <pre className={styles.body} aria-label={t("The e-mail as text")}>
        {email.text}
      </pre>
    </section>
  );
}
