import { useSuspenseQuery } from "@tanstack/react-query";
import { Form, Link, useActionData, useNavigation, useParams, useSearchParams } from "react-router";
import { attachmentsLimits, newTicketPath } from "@parley/contracts/attachments-constants";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { FormAlert, SubmitButton, TextAreaField, TextField } from "../../../ui/forms/Form.tsx";
import { attachmentFormQuery, ticketDiscussionQuery } from "../attachments.queries.ts";
import { attachmentCatalogQuery } from "../attachments.catalog.ts";
import styles from "../components/Attachments.module.css";

/**
 * `/discussion/{id}/attachments/new` (`?commentID=` for a comment of it): Create ticket as a page, for moderators
 * without JavaScript (with it, the post's options menu opens the same form in a dialog). It posts, and goes back
 * to the post.
 */
export function NewTicketPage() {
  const api = useApi();
  const discussionID = Number(useParams()["id"]);
  // The loader checked it (digits, a comment of this discussion).
  const commentID = Number(useSearchParams()[0].get("commentID")) || null;
  const { data: discussion } = useSuspenseQuery(ticketDiscussionQuery(api, discussionID));
  const { data: schema } = useSuspenseQuery(
    attachmentFormQuery(api, commentID ? "comment" : "discussion", commentID ?? discussionID),
  );
  const { data: catalog } = useSuspenseQuery(attachmentCatalogQuery(api));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const title = catalog["ticket"]?.title ?? t("Create ticket");
  const typed = result?.values;
  return (
    <section className={styles.page} aria-labelledby="ticket-title">
      <PageHead title={title} canonical={newTicketPath(discussionID, commentID)} noindex />
      <h1 id="ticket-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.note}>
        {commentID ? t("For a comment in the discussion") : t("For the discussion")}{" "}
        <Link to={new URL(discussion.url).pathname}>{discussion.name}</Link>
      </p>
      <Form method="post" className={styles.form}>
        <TransientKeyField />
        {result?.message ? (
          <FormAlert>{result.description ? `${result.message} ${result.description}` : result.message}</FormAlert>
        ) : null}
        <TextField
          label={t("Title")}
          name="name"
          required
          maxLength={attachmentsLimits.nameMaxLength}
          defaultValue={typed?.["name"] ?? schema.properties.name.default}
          error={result?.errors?.["name"]}
        />
        <TextAreaField
          label={t("Description")}
          name="body"
          rows={10}
          maxLength={attachmentsLimits.bodyMaxLength}
          defaultValue={typed?.["body"] ?? schema.properties.body.default}
          error={result?.errors?.["body"]}
        />
        <div className={styles.buttons}>
          <SubmitButton busy={busy}>{t("Create ticket")}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
