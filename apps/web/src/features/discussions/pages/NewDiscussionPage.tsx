import { useSuspenseQuery } from "@tanstack/react-query";
import { Form, useActionData, useLocation, useNavigation, useParams } from "react-router";
import type { CategoryTreeItem } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { FormAlert, SubmitButton, TextField, formStyles } from "../../../ui/forms/Form.tsx";
import { categoryListQuery } from "../../categories/categories.queries.ts";
import { BodyEditor } from "../../editor/BodyEditor.tsx";
import styles from "./DiscussionPage.module.css";

/** Categories a discussion can go to (not the ones that only group other categories). */
function postable(
  tree: CategoryTreeItem[],
  depth = 0,
): Array<{ categoryID: number; label: string; disabled: boolean }> {
  return tree.flatMap((category) => [
    {
      categoryID: category.categoryID,
      label: `${"— ".repeat(depth)}${category.name}`,
      disabled: category.displayAs === "categories" || category.displayAs === "heading",
    },
    ...postable(category.children ?? [], depth + 1),
  ]);
}

/** `/post/discussion[/{categoryID}]`: title, category, body (the rich editor once loaded, Markdown without it). */
export function NewDiscussionPage() {
  const api = useApi();
  const result = useActionData<FormResult>();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const { categoryID } = useParams();
  const { data: tree } = useSuspenseQuery(categoryListQuery(api, { maxDepth: 5 }));
  const options = postable(tree);
  const selected = result?.values?.["categoryID"] ?? categoryID ?? "";
  return (
    <>
      <PageHead title={t("New Discussion")} noindex />
      <h1>{t("New Discussion")}</h1>
      <Form method="post" action={location.pathname + location.search} className={formStyles.form} noValidate>
        {result?.message ? <FormAlert>{result.message}</FormAlert> : null}
        <TransientKeyField />
        <div className={formStyles.field}>
          <label htmlFor="discussion-category" className={formStyles.label}>
            {t("Category")}
          </label>
          <select
            id="discussion-category"
            name="categoryID"
            className={formStyles.input}
            defaultValue={selected}
            aria-invalid={result?.errors?.["categoryID"] ? true : undefined}
            aria-describedby={result?.errors?.["categoryID"] ? "discussion-category-error" : undefined}
          >
            <option value="">{t("Choose a category")}</option>
            {options.map((option) => (
              <option key={option.categoryID} value={option.categoryID} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
          </select>
          {result?.errors?.["categoryID"] ? (
            <p id="discussion-category-error" className={formStyles.error}>
              {result.errors["categoryID"]}
            </p>
          ) : null}
        </div>
        <TextField
          label={t("Title")}
          name="name"
          required
          defaultValue={result?.values?.["name"] ?? ""}
          error={result?.errors?.["name"]}
        />
        <div className={formStyles.field}>
          <label htmlFor="discussion-body" className={formStyles.label}>
            {t("Body")}
          </label>
          <BodyEditor
            id="discussion-body"
            name="body"
            label={t("Body")}
            className={styles.textarea}
            defaultValue={result?.values?.["body"] ?? ""}
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
        <SubmitButton busy={busy}>{t("Post Discussion")}</SubmitButton>
      </Form>
    </>
  );
}
