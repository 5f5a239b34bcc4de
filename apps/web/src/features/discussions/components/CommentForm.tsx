import { Form, useActionData, useLocation, useNavigation } from "react-router";
import type { FormResult } from "../../../lib/forms.ts";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { FormAlert, SubmitButton, formStyles } from "../../../ui/forms/Form.tsx";
import { BodyEditor } from "../../editor/BodyEditor.tsx";
import styles from "../pages/DiscussionPage.module.css";

/** The reply form: Markdown in a text area without JavaScript; the rich editor loads when it is first focused. */
export function CommentForm() {
  const result = useActionData<FormResult>();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  return (
    <Form
      method="post"
      action={location.pathname + location.search}
      className={formStyles.form}
      noValidate
      data-part="comment-form"
    >
      {result?.message ? <FormAlert>{result.message}</FormAlert> : null}
      <TransientKeyField />
      <label htmlFor="comment-body" className={formStyles.label}>
        {t("Comment")}
      </label>
      <BodyEditor
        id="comment-body"
        name="body"
        label={t("Comment")}
        className={styles.textarea}
        defaultValue={result?.values?.["body"] ?? ""}
        invalid={result?.errors?.["body"] ? true : undefined}
        describedBy={result?.errors?.["body"] ? "comment-body-error" : "comment-body-hint"}
        required
        hint={t("Markdown is supported. Mention members with @name.")}
        hintId="comment-body-hint"
        loadOn="focus"
      />
      {result?.errors?.["body"] ? (
        <p id="comment-body-error" className={formStyles.error}>
          {result.errors["body"]}
        </p>
      ) : null}
      <SubmitButton busy={busy}>{t("Post Comment")}</SubmitButton>
    </Form>
  );
}
