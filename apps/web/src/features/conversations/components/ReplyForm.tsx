import { conversationRules } from "@parley/contracts/conversations-constants";
import { useEffect, useRef, useState } from "react";
import { Form, useActionData, useLocation, useNavigation } from "react-router";
import type { FormResult } from "../../../lib/forms.ts";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { FormAlert, SubmitButton, formStyles } from "../../../ui/forms/Form.tsx";
import { BodyEditor } from "../../editor/index.ts";
import styles from "../pages/ConversationPages.module.css";

/**
 * The reply form of a conversation: the rich editor once the page runs (posting rich2), a Markdown text area
 * before and without JavaScript, posted as a plain form either way.
 */
export function ReplyForm() {
  const result = useActionData<FormResult>();
  const location = useLocation();
  const state = useNavigation().state;
  const busy = state === "submitting";
  const error = result?.errors?.["body"];
  // A sent reply (the submission ends without errors) empties the form; live messages keep a draft.
  const formRef = useRef<HTMLFormElement>(null);
  const sending = useRef(false);
  // Each sent reply starts a fresh editor (a form's reset() would not empty the rich editor).
  const [sent, setSent] = useState(0);
  useEffect(() => {
    if (state === "submitting") sending.current = true;
    else if (state === "idle" && sending.current) {
      sending.current = false;
      if (!result?.errors && !result?.message) {
        formRef.current?.reset();
        setSent((count) => count + 1);
      }
    }
  }, [state, result]);
  return (
    <Form
      ref={formRef}
      method="post"
      action={location.pathname + location.search}
      className={formStyles.form}
      noValidate
      data-part="reply-form"
    >
      {result?.message ? <FormAlert>{result.message}</FormAlert> : null}
      <TransientKeyField />
      <label htmlFor="message-body" className={formStyles.label}>
        {t("Reply")}
      </label>
      <BodyEditor
        key={sent}
        id="message-body"
        name="body"
        label={t("Reply")}
        className={styles.textarea}
        required
        maxLength={conversationRules.messageMaxLength}
        defaultValue={sent === 0 ? (result?.values?.["body"] ?? "") : ""}
        startRich={sent === 0 && result?.values?.["format"] === "rich2"}
        invalid={error ? true : undefined}
        describedBy={error ? "message-body-error" : "message-body-hint"}
        hint={t("Markdown is supported.")}
        hintId="message-body-hint"
      />
      {error ? (
        <p id="message-body-error" className={formStyles.error}>
          {error}
        </p>
      ) : null}
      <SubmitButton busy={busy}>{t("Send Message")}</SubmitButton>
    </Form>
  );
}
