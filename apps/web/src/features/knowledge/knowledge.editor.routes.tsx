import type { QueryClient } from "@tanstack/react-query";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow, notFoundError, type RouteErrorData } from "../../lib/route-errors.ts";
import { requirePermitted } from "../users/index.ts";
import { knowledgeApi } from "./knowledge.api.ts";
import { articleFormErrors, readArticleForm, savedFormat } from "./knowledge.editor.form.ts";
import {
  allCategoriesLimit,
  articleCan,
  articleQuery,
  articleSourceQuery,
  canWriteArticles,
  knowledgeBasesQuery,
  knowledgeCategoriesQuery,
  knowledgeCategoryQuery,
  knowledgeKeys,
} from "./knowledge.queries.ts";
import { localPath } from "./knowledge.urls.ts";
import { ArticleEditorPage, readEditorArticleID, readEditorCategoryID } from "./pages/ArticleEditorPage.tsx";

const fieldMessages = () => ({
  name: t("Give the article a title."),
  body: t("Write the article before saving it."),
  knowledgeCategoryID: t("Choose a category."),
});

/**
 * The article editor (`articles.add`): `/kb/articles/add?knowledgeCategoryID=N` and
 * `/kb/articles/{id}/editor`. Guests are sent to sign in, members without the permission get the 403
 * page. A plain form post, so it works without JavaScript; saving goes to the article.
 */
export function createArticleEditorRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  const requireWriter = (request: Request) => requirePermitted(queryClient, api, request, canWriteArticles, "Article");
  /** The categories the select offers: the base's, or every base's when none is known. */
  const loadCategories = (knowledgeBaseID: number | null) =>
    Promise.all([
      queryClient.ensureQueryData(knowledgeBasesQuery(api)),
      queryClient.ensureQueryData(
        knowledgeCategoriesQuery(api, {
          ...(knowledgeBaseID ? { knowledgeBaseID } : {}),
          limit: allCategoriesLimit,
        }),
      ),
    ]);
  const save = async (request: Request, articleID: number | null) => {
    await requireWriter(request);
    const form = await request.formData();
    const values = readArticleForm(form);
    const errors = articleFormErrors(values, fieldMessages());
    // The posted format comes back with the values: a body from the rich editor is shown in it again, never as JSON.
    const posted = { ...values, format: formValue(form, "format") };
    if (Object.keys(errors).length) return formInvalid(errors, posted);
    const fields = {
      name: values.name.trim(),
      body: values.body,
      knowledgeCategoryID: Number(values.knowledgeCategoryID),
      format: savedFormat(formValue(form, "format"), formValue(form, "sourceFormat"), values.body),
    };
    try {
      const article = articleID
        ? await knowledgeApi.update(api, articleID, fields)
        : await knowledgeApi.create(api, fields);
      queryClient.removeQueries({ queryKey: knowledgeKeys.all });
      return redirect(localPath(article.url));
    } catch (error) {
      return formError(error, posted);
    }
  };

  return [
    {
      id: "kb-article-add",
      path: "kb/articles/add",
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireWriter(request);
        const categoryID = readEditorCategoryID(new URL(request.url).searchParams);
        if (categoryID === null) {
          await loadOrThrow("Knowledge Base", () => loadCategories(null));
          return null;
        }
        const category = await loadOrThrow("Knowledge Category", () =>
          queryClient.ensureQueryData(knowledgeCategoryQuery(api, categoryID)),
        );
        await loadOrThrow("Knowledge Base", () => loadCategories(category.knowledgeBaseID));
        return null;
      },
      action: ({ request }: ActionFunctionArgs) => save(request, null),
      element: <ArticleEditorPage />,
    },
    {
      id: "kb-article-editor",
      path: "kb/articles/:articleID/editor",
      loader: async ({ request, params }: LoaderFunctionArgs) => {
        await requireWriter(request);
        const articleID = readEditorArticleID(params);
        if (articleID === null) throw notFoundError("Article");
        const [article] = await loadOrThrow("Article", () =>
          Promise.all([
            queryClient.fetchQuery(articleQuery(api, articleID)),
            queryClient.fetchQuery(articleSourceQuery(api, articleID)),
          ]),
        );
        if (!articleCan(article, "edit")) throw data<RouteErrorData>({ type: "Article" }, { status: 403 });
        await loadOrThrow("Knowledge Base", () => loadCategories(article.knowledgeBaseID));
        return null;
      },
      action: ({ request, params }: ActionFunctionArgs) => {
        const articleID = readEditorArticleID(params);
        if (articleID === null) throw notFoundError("Article");
        return save(request, articleID);
      },
      element: <ArticleEditorPage />,
    },
  ];
}
