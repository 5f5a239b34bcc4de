import { conversationRules, conversationsPagePath } from "@parley/contracts/conversations-constants";
import { decodeUserSegment } from "@parley/contracts/urls";
import { Form, Link, useActionData, useLocation, useNavigation, useParams } from "react-router";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { FormAlert, SubmitButton, formStyles } from "../../../ui/forms/Form.tsx";
import { BodyEditor } from "../../editor/index.ts";
import { useQuery } from "../../../lib/query.ts";
import { useApi } from "../../../lib/api-context.tsx";
import { meQuery } from "../../users/index.ts";
import { messageRefusal } from "../conversations.permissions.ts";
import { RecipientField } from "../components/RecipientField.tsx";
import styles from "./ConversationPages.module.css";

/**
 * `/messages/add` and `/messages/add/{name}` (spec §2): the composer, its recipient from the URL's
 * user segment and its message from `?content=` (a discussion's Share → message). Posts without
 * JavaScript; starting the conversation goes to it.
 */
export function NewMessagePage() {
  const params = useParams();
  const location = useLocation();
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const recipient = params["name"] ? decodeUserSegment(params["name"]) : "";
  const content = new URLSearchParams(location.search).get("content") ?? "";
  const bodyError = result?.errors?.["body"];
  const { data: me } = useQuery(meQuery(useApi()));
  const refusal = me ? messageRefusal(me) : null;
  // A new member who may not message yet: the reason, not a form the server would refuse.
  if (refusal)
    return (
      <section className={styles.page} aria-labelledby="new-message-title">
        <PageHead title={t("New Message")} noindex />
        <p className={styles.subtitle}>
          <Link to={conversationsPagePath()}>{t("All Messages")}</Link>
        </p>
        <h1 id="new-message-title" className={styles.title}>
          {t("New Message")}
        </h1>
        <p className={styles.notice} data-part="new-member-messages">
          {refusal}
        </p>
      </section>
    );
  return (
    <section className={styles.page} aria-labelledby="new-message-title">
      <PageHead title={t("New Message")} noindex />
      <p className={styles.subtitle}>
        <Link to={conversationsPagePath()}>{t("All Messages")}</Link>
      </p>
      <h1 id="new-message-title" className={styles.title}>
        {t("New Message")}
      </h1>
      <Form
        method="post"
        action={location.pathname + location.search}
        className={formStyles.form}
        noValidate
        data-part="new-message-form"
      >
        {result?.message ? <FormAlert>{result.message}</FormAlert> : null}
        <TransientKeyField />
        <RecipientField
          defaultValue={result?.values?.["to"] ?? (recipient ? `${recipient}, ` : "")}
          error={result?.errors?.["to"]}
        />
        <label htmlFor="new-message-body" className={formStyles.label}>
          {t("Message")}
        </label>
        <BodyEditor
          id="new-message-body"
          name="body"
          label={t("Message")}
          className={styles.textarea}
          required
          maxLength={conversationRules.messageMaxLength}
          defaultValue={result?.values?.["body"] ?? content}
          startRich={result?.values?.["format"] === "rich2"}
          invalid={bodyError ? true : undefined}
          describedBy={bodyError ? "new-message-body-error" : "new-message-body-hint"}
          hint={t("Markdown is supported.")}
          hintId="new-message-body-hint"
        />
        {bodyError ? (
          <p id="new-message-body-error" className={formStyles.error}>
            {bodyError}
          </p>
        ) : null}
        <SubmitButton busy={busy}>{t("Send Message")}</SubmitButton>
      </Form>
    </section>
  );
}
