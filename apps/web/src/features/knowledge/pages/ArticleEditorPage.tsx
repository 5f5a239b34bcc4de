import { useSuspenseQuery } from "@tanstack/react-query";
import { Form, Link, useActionData, useLocation, useNavigation, useParams, useSearchParams } from "react-router";
import { knowledgePaths, knowledgeRules } from "@parley/contracts/knowledge-constants";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { FormAlert, SelectField, SubmitButton, TextField, formStyles } from "../../../ui/forms/Form.tsx";
import { useEffect, useRef, useState } from "react";
import { BodyEditor } from "../../editor/index.ts";
import { categoryOptions } from "../knowledge.editor.form.ts";
import {
  allCategoriesLimit,
  articleQuery,
  articleSourceQuery,
  knowledgeBasesQuery,
  knowledgeCategoriesQuery,
  knowledgeCategoryQuery,
} from "../knowledge.queries.ts";
import { localPath } from "../knowledge.urls.ts";
import styles from "../components/knowledge.module.css";

/** The category `?knowledgeCategoryID=` names for a new article, or null. */
export function readEditorCategoryID(search: URLSearchParams): number | null {
  const value = search.get("knowledgeCategoryID") ?? "";
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/** The article of `/kb/articles/{id}/editor`, or null. */
export function readEditorArticleID(params: Record<string, string | undefined>): number | null {
  const value = params["articleID"] ?? "";
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

interface EditorStart {
  title: string;
  name: string;
  body: string;
  format: string;
  /** An existing article's rendered, sanitised body: what the rich editor continues from when its source is in another format. */
  html: string | null;
  knowledgeCategoryID: string;
  knowledgeBaseID: number | null;
  cancel: string;
}

/** A new article: empty, in the category the address names (if any). */
const newArticle = (category: { knowledgeCategoryID: number; knowledgeBaseID: number; url: string } | null) => ({
  title: t("New Article"),
  name: "",
  body: "",
  format: "rich2",
  html: null,
  knowledgeCategoryID: category ? String(category.knowledgeCategoryID) : "",
  knowledgeBaseID: category?.knowledgeBaseID ?? null,
  cancel: category ? localPath(category.url) : knowledgePaths.home,
});

/** An existing article: its source. */
function useExistingArticle(articleID: number): EditorStart {
  const api = useApi();
  const { data: article } = useSuspenseQuery(articleQuery(api, articleID));
  const { data: source } = useSuspenseQuery(articleSourceQuery(api, articleID));
  return {
    title: t("Edit Article"),
    name: source.name,
    body: source.body,
    format: source.format,
    html: article.body,
    knowledgeCategoryID: String(source.knowledgeCategoryID),
    knowledgeBaseID: article.knowledgeBaseID,
    cancel: localPath(article.url),
  };
}

/**
 * `/kb/articles/add?knowledgeCategoryID=N` and `/kb/articles/{id}/editor`: the title, the category (among
 * the base's) and the body (the rich editor once loaded, a Markdown text area without JavaScript). An article
 * in another format (Markdown, HTML, BBCode, …) continues in the same rich editor, read from what readers see,
 * and is saved as rich2; without JavaScript (or when its source was changed before the page came alive) its
 * source is edited in a text area and saved in its format.
 */
export function ArticleEditorPage() {
  const articleID = readEditorArticleID(useParams());
  const categoryID = readEditorCategoryID(useSearchParams()[0]);
  return articleID === null ? (
    <NewArticleEditor categoryID={categoryID} />
  ) : (
    <ExistingArticleEditor articleID={articleID} />
  );
}

function NewArticleEditor({ categoryID }: { categoryID: number | null }) {
  return categoryID === null ? (
    <ArticleEditorForm start={newArticle(null)} />
  ) : (
    <NewArticleInCategory categoryID={categoryID} />
  );
}

function NewArticleInCategory({ categoryID }: { categoryID: number }) {
  const api = useApi();
  const { data: category } = useSuspenseQuery(knowledgeCategoryQuery(api, categoryID));
  return <ArticleEditorForm start={newArticle(category)} />;
}

function ExistingArticleEditor({ articleID }: { articleID: number }) {
  return <ArticleEditorForm start={useExistingArticle(articleID)} />;
}

/**
 * Whether an article in another format continues in the rich editor: once the page is hydrated, from its rendered
 * body, unless the source text area was already changed (nothing typed is thrown away) or the form came back
 * with the posted source.
 */
function useContinuesRich(start: EditorStart, posted: boolean) {
  const sourceArea = useRef<HTMLTextAreaElement>(null);
  const [continuesRich, setContinuesRich] = useState(false);
  useEffect(() => {
    const area = sourceArea.current;
    // After hydration, with the server's text area still on the page: untouched, it gives way to the rich editor.
    if (area && start.html !== null && !posted && area.value === area.defaultValue) setContinuesRich(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration
  }, []);
  return { sourceArea, continuesRich };
}

function ArticleEditorForm({ start }: { start: EditorStart }) {
  const api = useApi();
  const location = useLocation();
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const { data: bases } = useSuspenseQuery(knowledgeBasesQuery(api));
  const { data: categories } = useSuspenseQuery(
    knowledgeCategoriesQuery(api, {
      ...(start.knowledgeBaseID ? { knowledgeBaseID: start.knowledgeBaseID } : {}),
      limit: allCategoriesLimit,
    }),
  );
  const options = categoryOptions(categories, bases);
  const values = result?.values;
  const errors = result?.errors ?? {};
  const bodyError = errors["body"];
  const failed = result && !result.ok && (result.message || Object.keys(errors).length > 0);
  const { sourceArea, continuesRich } = useContinuesRich(start, values?.["body"] !== undefined);
  // Sent back with errors after the rich editor posted: in the rich editor again, from what was posted.
  const postedRich = values?.["format"] === "rich2" && start.format !== "rich2";
  return (
    <section className={styles.editor} aria-labelledby="article-editor-title">
      <PageHead title={start.title} noindex />
      <h1 id="article-editor-title" className={styles.pageTitle}>
        {start.title}
      </h1>
      <Form method="post" action={location.pathname + location.search} className={formStyles.form} noValidate>
        <TransientKeyField />
        {failed ? (
          <FormAlert>{result.message ?? t("The article was not saved: correct the fields marked below.")}</FormAlert>
        ) : null}
        <TextField
          label={t("Title")}
          name="name"
          required
          maxLength={knowledgeRules.nameMaxLength}
          defaultValue={values?.["name"] ?? start.name}
          error={errors["name"]}
        />
        <SelectField
          label={t("Category")}
          name="knowledgeCategoryID"
          required
          defaultValue={values?.["knowledgeCategoryID"] ?? start.knowledgeCategoryID}
          options={[{ value: "", label: t("Choose a category") }, ...options]}
          error={errors["knowledgeCategoryID"]}
        />
        <div className={formStyles.field}>
          <label htmlFor="article-body" className={formStyles.label}>
            {t("Body")}
          </label>
          {start.format === "rich2" || continuesRich || postedRich ? (
            // A new article, or one written in the rich editor: the rich editor (Markdown without JavaScript).
            // An article in another format: the rich editor too, from its rendered body, once the page is alive.
            <BodyEditor
              id="article-body"
              name="body"
              label={t("Body")}
              className={styles.textarea}
              defaultValue={values?.["body"] ?? start.body}
              invalid={bodyError ? true : undefined}
              describedBy={bodyError ? "article-body-error" : "article-body-hint"}
              hint={t("Markdown is supported. Headings make the article's table of contents.")}
              hintId="article-body-hint"
              startHtml={continuesRich && !postedRich ? (start.html ?? undefined) : undefined}
              startRich={postedRich}
            />
          ) : (
            // Another format without JavaScript is edited as its source, and saved in it.
            <>
              <textarea
                ref={sourceArea}
                id="article-body"
                name="body"
                className={styles.textarea}
                defaultValue={values?.["body"] ?? start.body}
                aria-invalid={bodyError ? true : undefined}
                aria-describedby={bodyError ? "article-body-error" : "article-body-hint"}
              />
              <span id="article-body-hint" className={formStyles.hint}>
                {t("The article's source, saved in its format ({format}).", { format: start.format })}
              </span>
              <input type="hidden" name="format" value={start.format} />
            </>
          )}
          {bodyError ? (
            <p id="article-body-error" className={formStyles.error}>
              {bodyError}
            </p>
          ) : null}
        </div>
        <input type="hidden" name="sourceFormat" value={start.format} />
        <div className={styles.buttons}>
          <SubmitButton busy={busy}>{t("Save")}</SubmitButton>
          <Link to={start.cancel}>{t("Cancel")}</Link>
        </div>
      </Form>
    </section>
  );
}
