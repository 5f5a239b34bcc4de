import { useSuspenseQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { Form, Link, useActionData, useLocation, useNavigation, useParams } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { FormAlert, SubmitButton, TextField, formStyles } from "../../../ui/forms/Form.tsx";
import { useDraftAutosave } from "../../drafts/index.ts";
import { BodyEditor } from "../../editor/index.ts";
import { useHydrated } from "../../../ui/hydrated.ts";
import { useRestoredDraft } from "../../drafts/index.ts";
import { categoryListQuery } from "../../categories/index.ts";
import { CategoryChooser } from "../components/CategoryChooser.tsx";
import { TagsInput } from "../components/TagsInput.tsx";
import { PollFields, pollFieldValues } from "../components/PollFields.tsx";
import { pollOf } from "../polls.ts";
export { taggingEnabledQuery } from "../components/postForm.queries.ts";
import { discussionQuery, discussionSourceQuery } from "../discussions.queries.ts";
import { discussionPath } from "../discussions.urls.ts";
import styles from "./EditDiscussionPage.module.css";

/** The discussion id of `/post/editdiscussion/{discussionID}[/{draftID}]`, or null. */
export function readEditDiscussionID(params: Record<string, string | undefined>): number | null {
  const id = Number(params["id"]);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The format to save an edit in. Without JavaScript a rich2 body is edited as its source in the plain
 * text area, which posts `markdown`; a body that is still a rich2 document stays rich2.
 */
export function editedFormat(posted: string, sourceFormat: string, body: string): string {
  if (sourceFormat !== "rich2" || posted === "rich2") return posted || sourceFormat || "markdown";
  try {
    const parsed: unknown = JSON.parse(body);
    return Array.isArray(parsed) &&
      parsed.every((node) => typeof node === "object" && node !== null && "children" in node)
      ? "rich2"
      : posted || "markdown";
  } catch {
    return posted || "markdown";
  }
}

/**
 * `/post/editdiscussion/{id}`: category, title, body and tags of an existing discussion; a plain form
 * posted through the route's action (PATCH /discussions/{id}), so it works without JavaScript. The
 * category is a picker for those who may move the discussion (`discussions.move`: discussions.edit, which
 * the server checks in the target too), and read-only for others.
 */
export function EditDiscussionPage() {
  const api = useApi();
  const id = readEditDiscussionID(useParams())!;
  const result = useActionData<FormResult>();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const { data: source } = useSuspenseQuery(discussionSourceQuery(api, id));
  const { data: discussion } = useSuspenseQuery(discussionQuery(api, id));
  const canMove = discussion.permissions?.["discussions.move"] === true;
  // The poll, for its author and moderators (`polls.edit`): its question, options, choices and close date.
  const poll = pollOf(discussion);
  const editsPoll = poll !== null && discussion.permissions?.["polls.edit"] === true;
  const form = useRef<HTMLFormElement>(null);
  const { restored, version, onRestore } = useRestoredDraft();
  // The edit's draft (spec §2's `/post/editdiscussion/{id}/{draftID}`): autosaved with the discussion as
  // its record, restored on return, deleted when the edit is saved (the draftID posted with it).
  const named = Number(useParams()["draftID"]);
  const { draftID } = useDraftAutosave({
    form,
    target: {
      recordType: "discussion",
      recordID: id,
      parentRecordType: "category",
      parentRecordID: discussion.categoryID,
      commentParentID: null,
    },
    onRestore,
    draftID: Number.isInteger(named) && named > 0 ? named : undefined,
    restoreOverContent: true,
  });
  const values = result?.values;
  const body = values?.["body"] ?? restored?.body ?? source.body;
  // A body in another format (Markdown, BBCode, HTML, …) continues in the rich editor once JavaScript runs: read
  // from what readers see (the rendered body) by the editor's HTML reader, saved as rich2. Without JavaScript,
  // or with a returned form or restored draft to continue, its source in the text area, saved in its format.
  const hydrated = useHydrated();
  const fromHtml =
    hydrated && source.format !== "rich2" && !values && !restored && discussion.body ? discussion.body : undefined;
  return (
    <>
      <PageHead title={t("Edit Discussion")} noindex />
      <h1>{t("Edit Discussion")}</h1>
      <Form
        ref={form}
        method="post"
        action={location.pathname + location.search}
        className={formStyles.form}
        noValidate
      >
        <TransientKeyField />
        {draftID ? <input type="hidden" name="draftID" value={draftID} /> : null}
        {result?.message ? <FormAlert>{result.message}</FormAlert> : null}
        <input type="hidden" name="sourceCategoryID" value={discussion.categoryID} />
        <input type="hidden" name="sourceTagIDs" value={(discussion.tags ?? []).map((tag) => tag.tagID).join(",")} />
        {canMove ? (
          <EditCategory
            key={`c${version}`}
            defaultValue={values?.["categoryID"] ?? String(discussion.categoryID)}
            error={result?.errors?.["categoryID"]}
          />
        ) : (
          <p className={formStyles.hint}>
            {t("Category")}: {discussion.category?.name ?? ""}
          </p>
        )}
        <TextField
          key={`n${version}`}
          label={t("Title")}
          name="name"
          required
          defaultValue={values?.["name"] ?? restored?.name ?? source.name}
          error={result?.errors?.["name"]}
        />
        <div className={formStyles.field}>
          <label htmlFor="discussion-body" className={formStyles.label}>
            {t("Body")}
          </label>
          {fromHtml !== undefined ? (
            <BodyEditor
              key="from-html"
              id="discussion-body"
              name="body"
              label={t("Body")}
              className={styles.textarea}
              defaultValue=""
              startHtml={fromHtml}
              invalid={result?.errors?.["body"] ? true : undefined}
              describedBy={result?.errors?.["body"] ? "discussion-body-error" : undefined}
            />
          ) : (restored?.format ?? source.format) === "rich2" ? (
            // A rich2 body (or a draft of one, e.g. of an older format converted on an earlier edit) edits in the
            // rich editor: its source is the editor's own document.
            <BodyEditor
              key={`b${version}`}
              id="discussion-body"
              name="body"
              label={t("Body")}
              className={styles.textarea}
              defaultValue={body}
              invalid={result?.errors?.["body"] ? true : undefined}
              describedBy={result?.errors?.["body"] ? "discussion-body-error" : undefined}
            />
          ) : (
            <>
              <textarea
                key={`b${version}`}
                id="discussion-body"
                name="body"
                className={styles.textarea}
                defaultValue={body}
                aria-invalid={result?.errors?.["body"] ? true : undefined}
                aria-describedby={result?.errors?.["body"] ? "discussion-body-error" : undefined}
              />
              <input type="hidden" name="format" value={source.format} />
            </>
          )}
          {result?.errors?.["body"] ? (
            <p id="discussion-body-error" className={formStyles.error}>
              {result.errors["body"]}
            </p>
          ) : null}
        </div>
        <input type="hidden" name="sourceFormat" value={source.format} />
        <TagsInput
          defaultValue={values?.["tags"] ?? (discussion.tags ?? []).map((tag) => tag.name).join(", ")}
          error={result?.errors?.["tags"]}
          editing
        />
        {editsPoll ? (
          <>
            <input type="hidden" name="pollID" value={poll.pollID} />
            <PollFields
              key={`p${poll.dateUpdated ?? ""}${poll.countOptions}`}
              values={values ?? pollFieldValues(poll)}
              errors={result?.errors}
              existing={poll.options}
            />
          </>
        ) : null}
        <div className={styles.buttons}>
          <SubmitButton busy={busy}>{t("Save")}</SubmitButton>
          <Link to={discussionPath(discussion)}>{t("Cancel")}</Link>
        </div>
      </Form>
    </>
  );
}

/** The category picker of the edit form (the tree is loaded for those who may move the discussion). */
function EditCategory({ defaultValue, error }: { defaultValue: string; error?: string | undefined }) {
  const api = useApi();
  const { data: tree } = useSuspenseQuery(categoryListQuery(api, { maxDepth: 5 }));
  return <CategoryChooser tree={tree} defaultValue={defaultValue} error={error} />;
}
