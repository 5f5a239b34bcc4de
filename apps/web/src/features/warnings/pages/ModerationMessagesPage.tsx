import { useSuspenseQuery } from "@tanstack/react-query";
import { useQuery } from "../../../lib/query.ts";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import type { ModerationMessage } from "@parley/contracts";
import { moderationMessageRules } from "@parley/contracts/warnings-constants";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import {
  CheckboxField,
  FormAlert,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from "../../../ui/forms/Form.tsx";
import {
  messageFormatLabels,
  messageFormats,
  messageLocationLabels,
  messageTypeLabels,
} from "../warnings.dashboard.ts";
import { categoryChoicesQuery, managedMessagesQuery } from "../warnings.manage.queries.ts";
import { moderationMessagesPagePath } from "../warnings.nav.ts";
import styles from "./ModerationMessagesPage.module.css";

/** The form's values: those refused (shown again), else the message's, else a new message's. */
function formValues(message: ModerationMessage | null, refused: FormResult | undefined): Record<string, string> {
  if (refused?.values) return refused.values;
  if (!message) return { format: "markdown", type: "info", viewLocation: "content", isEnabled: "1", sort: "0" };
  return {
    body: message.bodyRaw,
    format: message.format,
    type: message.type,
    viewLocation: message.viewLocation,
    categoryID: message.recordID ? String(message.recordID) : "",
    includeDescendants: message.includeDescendants ? "1" : "",
    isEnabled: message.isEnabled ? "1" : "",
    isDismissible: message.isDismissible ? "1" : "",
    sort: String(message.sort),
  };
}

function MessageForm({ message }: { message: ModerationMessage | null }) {
  const api = useApi();
  const { data: categories = [] } = useQuery(categoryChoicesQuery(api));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const intent = message ? "edit" : "create";
  const refused =
    result &&
    !result.ok &&
    result.values?.["intent"] === intent &&
    (intent === "create" || result.values["moderationMessageID"] === String(message?.moderationMessageID))
      ? result
      : undefined;
  const values = formValues(message, refused);
  const errors = refused?.errors ?? {};
  return (
    <Form method="post" action={moderationMessagesPagePath} className={styles.form}>
      <TransientKeyField />
      <input type="hidden" name="intent" value={intent} />
      {message ? <input type="hidden" name="moderationMessageID" value={message.moderationMessageID} /> : null}
      {refused?.message ? <FormAlert>{refused.message}</FormAlert> : null}
      <TextAreaField
        label={t("Message")}
        name="body"
        required
        rows={3}
        maxLength={moderationMessageRules.bodyMaxLength}
        defaultValue={values["body"] ?? ""}
        error={errors["body"]}
      />
      <div className={styles.row}>
        <SelectField
          label={t("Format")}
          name="format"
          defaultValue={values["format"]}
          error={errors["format"]}
          options={messageFormats.map((format) => ({ value: format, label: messageFormatLabels()[format] }))}
        />
        <SelectField
          label={t("Type")}
          name="type"
          defaultValue={values["type"]}
          options={Object.entries(messageTypeLabels()).map(([value, label]) => ({ value, label }))}
        />
        <TextField label={t("Order")} name="sort" type="number" defaultValue={values["sort"]} error={errors["sort"]} />
      </div>
      <SelectField
        label={t("Where")}
        name="viewLocation"
        defaultValue={values["viewLocation"]}
        options={Object.entries(messageLocationLabels()).map(([value, label]) => ({ value, label }))}
      />
      <SelectField
        label={t("Category")}
        name="categoryID"
        defaultValue={values["categoryID"] ?? ""}
        error={errors["categoryID"]}
        options={[
          { value: "", label: t("The whole site") },
          ...categories.map((category) => ({
            value: String(category.categoryID),
            label: `${"– ".repeat(Math.max(0, (category.depth ?? 1) - 1))}${category.name}`,
          })),
        ]}
      />
      <CheckboxField
        label={t("Show it in the category's subcategories too")}
        name="includeDescendants"
        defaultChecked={Boolean(values["includeDescendants"])}
      />
      <CheckboxField label={t("Shown (turned on)")} name="isEnabled" defaultChecked={Boolean(values["isEnabled"])} />
      <CheckboxField
        label={t("Readers may dismiss it (remembered in their browser)")}
        name="isDismissible"
        defaultChecked={Boolean(values["isDismissible"])}
      />
      <SubmitButton busy={busy}>{message ? t("Save") : t("Add Message")}</SubmitButton>
    </Form>
  );
}

/** `/dashboard/moderation/messages`: the site's moderation messages, added, changed and deleted. */
export function ModerationMessagesPage() {
  const api = useApi();
  const { data: messages } = useSuspenseQuery(managedMessagesQuery(api));
  const { data: categories = [] } = useQuery(categoryChoicesQuery(api));
  const [search] = useSearchParams();
  const editing = Number(search.get("edit"));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const categoryName = (id: number | null) =>
    id === null ? t("The whole site") : (categories.find((category) => category.categoryID === id)?.name ?? `#${id}`);
  return (
    <section className={styles.page} aria-labelledby="moderation-messages-title">
      <PageHead title={t("Moderation Messages")} canonical={moderationMessagesPagePath} noindex />
      <h1 id="moderation-messages-title" className={styles.title}>
        {t("Moderation Messages")}
      </h1>
      <p className={styles.note}>
        {t("Notices shown at the top of the forum's pages: to everyone, or in one category.")}
      </p>
      {result?.ok && result.message ? <FormAlert kind="success">{result.message}</FormAlert> : null}
      {result && !result.ok && result.values?.["intent"] === "delete" && result.message ? (
        <FormAlert>{result.message}</FormAlert>
      ) : null}
      {messages.length === 0 ? (
        <p className={styles.note}>{t("No messages yet.")}</p>
      ) : (
        <ul className={styles.list}>
          {messages.map((message) => (
            <li key={message.moderationMessageID} className={styles.item}>
              {/* Rendered and sanitised by the server's one post pipeline. */}
              <div className={styles.body} dangerouslySetInnerHTML={{ __html: message.body }} />
              <p className={styles.meta}>
                <span>{messageTypeLabels()[message.type]}</span>
                <span>{categoryName(message.recordID)}</span>
                <span>{message.isEnabled ? t("Shown") : t("Turned off")}</span>
                {message.isDismissible ? <span>{t("Dismissible")}</span> : null}
              </p>
              {editing === message.moderationMessageID ? (
                <MessageForm message={message} />
              ) : (
                <div className={styles.actions}>
                  <Link to={`${moderationMessagesPagePath}?edit=${message.moderationMessageID}`}>{t("Edit")}</Link>
                  <Form method="post" action={moderationMessagesPagePath}>
                    <TransientKeyField />
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="moderationMessageID" value={message.moderationMessageID} />
                    <Button type="submit" buttonType="standard" size="compact" isPending={busy}>
                      {t("Delete")}
                    </Button>
                  </Form>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <h2 className={styles.subtitle}>{t("Add a Message")}</h2>
      {/* Keyed on the list: a message added empties the form. */}
      <MessageForm key={messages.length} message={null} />
    </section>
  );
}
