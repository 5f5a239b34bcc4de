import { conversationRules } from "@parley/contracts/conversations-constants";
import { useEffect, useRef } from "react";
import { Form, useActionData, useLocation, useNavigation } from "react-router";
import type { FormResult } from "../../../lib/forms.ts";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { FormAlert, SubmitButton, formStyles } from "../../../ui/forms/Form.tsx";
import styles from "../pages/ConversationPages.module.css";

/** The reply form of a conversation: a Markdown text area, posted without JavaScript too. */
export function ReplyForm() {
  const result = useActionData<FormResult>();
  const location = useLocation();
  const state = useNavigation().state;
  const busy = state === "submitting";
  const error = result?.errors?.["body"];
  // A sent reply (the submission ends without errors) empties the form; live messages keep a draft.
  const formRef = useRef<HTMLFormElement>(null);
  const sending = useRef(false);
  useEffect(() => {
    if (state === "submitting") sending.current = true;
    else if (state === "idle" && sending.current) {
      sending.current = false;
      if (!result?.errors && !result?.message) formRef.current?.reset();
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
      <textarea
        id="message-body"
        name="body"
        className={styles.textarea}
        required
        maxLength={conversationRules.messageMaxLength}
        defaultValue={result?.values?.["body"] ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "message-body-error" : "message-body-hint"}
      />
      <span id="message-body-hint" className={formStyles.hint}>
        {t("Markdown is supported.")}
      </span>
      {error ? (
        <p id="message-body-error" className={formStyles.error}>
          {error}
        </p>
      ) : null}
      <SubmitButton busy={busy}>{t("Send Message")}</SubmitButton>
    </Form>
  );
}
