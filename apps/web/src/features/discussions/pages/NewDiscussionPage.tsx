import { useSuspenseQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { Form, useActionData, useLocation, useNavigation, useParams } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { FormAlert, SubmitButton, TextField, formStyles } from "../../../ui/forms/Form.tsx";
import { categoryListQuery } from "../../categories/categories.queries.ts";
import { useDraftAutosave } from "../../drafts/index.ts";
import { BodyEditor } from "../../editor/BodyEditor.tsx";
import { CategoryChooser } from "../components/CategoryChooser.tsx";
import { TagsInput } from "../components/TagsInput.tsx";
import { useRestoredDraft } from "../components/useRestoredDraft.ts";
import styles from "./DiscussionPage.module.css";

/**
 * `/post/discussion[/{categoryID}]`: category, title, body (the rich editor once loaded, Markdown without it)
 * and tags when tagging is on. Category and tags are plain fields until the pickers load.
 */
export function NewDiscussionPage() {
  const api = useApi();
  const result = useActionData<FormResult>();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const { categoryID } = useParams();
  const { data: tree } = useSuspenseQuery(categoryListQuery(api, { maxDepth: 5 }));
  const form = useRef<HTMLFormElement>(null);
  const { restored, version, onRestore } = useRestoredDraft();
  const named = Number(new URLSearchParams(location.search).get("draftID"));
  // A new discussion's draft (spec §4): autosaved, continued from its draft link (`?draftID=`).
  const { draftID } = useDraftAutosave({
    form,
    target: { recordType: "discussion", parentRecordType: "category", parentRecordID: 0, commentParentID: null },
    onRestore,
    draftID: Number.isInteger(named) && named > 0 ? named : undefined,
  });
  const selected =
    result?.values?.["categoryID"] ??
    (restored?.categoryID ? String(restored.categoryID) : undefined) ??
    categoryID ??
    "";
  return (
    <>
      <PageHead title={t("New Discussion")} noindex />
      <h1>{t("New Discussion")}</h1>
      <Form
        ref={form}
        method="post"
        action={location.pathname + location.search}
        className={formStyles.form}
        noValidate
        data-part="create-post"
      >
        {result?.message ? <FormAlert>{result.message}</FormAlert> : null}
        <TransientKeyField />
        {draftID ? <input type="hidden" name="draftID" value={draftID} /> : null}
        <CategoryChooser
          key={`c${version}`}
          tree={tree}
          defaultValue={selected}
          error={result?.errors?.["categoryID"]}
        />
        <TextField
          key={`n${version}`}
          label={t("Title")}
          name="name"
          required
          defaultValue={result?.values?.["name"] ?? restored?.name ?? ""}
          error={result?.errors?.["name"]}
        />
        <div className={formStyles.field}>
          <label htmlFor="discussion-body" className={formStyles.label}>
            {t("Body")}
          </label>
          <BodyEditor
            key={`b${version}`}
            id="discussion-body"
            name="body"
            label={t("Body")}
            className={styles.textarea}
            defaultValue={result?.values?.["body"] ?? restored?.body ?? ""}
            startRich={restored?.format === "rich2"}
            invalid={result?.errors?.["body"] ? true : undefined}
            describedBy={result?.errors?.["body"] ? "discussion-body-error" : "discussion-body-hint"}
            hint={t("Markdown is supported. Mention members with @name.")}
            hintId="discussion-body-hint"
          />
          {result?.errors?.["body"] ? (
            <p id="discussion-body-error" className={formStyles.error}>
              {result.errors["body"]}
            </p>
          ) : null}
        </div>
        <TagsInput defaultValue={result?.values?.["tags"] ?? ""} error={result?.errors?.["tags"]} />
        <SubmitButton busy={busy}>{t("Post Discussion")}</SubmitButton>
      </Form>
    </>
  );
}
