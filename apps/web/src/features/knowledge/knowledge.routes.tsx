import type { QueryClient } from "@tanstack/react-query";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow, notFoundError, parsePageSegment } from "../../lib/route-errors.ts";
import { entryLink } from "../../lib/targets.ts";
import { meQuery } from "../users/index.ts";
import { knowledgeApi } from "./knowledge.api.ts";
import {
  articleCan,
  articleQuery,
  articlesQuery,
  categoryArticlesLimit,
  ensureBaseByUrlCode,
  featuredLimit,
  knowledgeBasesQuery,
  knowledgeCategoriesQuery,
  knowledgeCategoryQuery,
  knowledgeKeys,
  navigationQuery,
} from "./knowledge.queries.ts";
import { readHelpfulAnswer } from "./knowledge.reaction.ts";
import { buildNavigationTree, guideArticleID } from "./knowledge.tree.ts";
import { localPath, readIDSlug, slugRedirect } from "./knowledge.urls.ts";
import { ArticlePage } from "./pages/ArticlePage.tsx";
import { KnowledgeBasePage } from "./pages/KnowledgeBasePage.tsx";
import { KnowledgeBasesPage } from "./pages/KnowledgeBasesPage.tsx";
import { KnowledgeCategoryPage } from "./pages/KnowledgeCategoryPage.tsx";

/**
 * The knowledge base's reading pages (Vanilla's addresses): `/kb`, `/kb/{urlCode}`,
 * `/kb/categories/{id}-{slug}[/p{n}]` and `/kb/articles/{id}-{slug}`. A wrong slug redirects to the
 * record's own address; an unknown base, category or article is a 404.
 */
export function createKnowledgeRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  const bases = () => queryClient.ensureQueryData(knowledgeBasesQuery(api));

  return [
    {
      id: "kb",
      path: "kb",
      loader: async () => {
        await loadOrThrow("Knowledge Base", bases);
        return null;
      },
      element: <KnowledgeBasesPage />,
    },
    {
      id: "kb-base",
      path: "kb/:urlCode",
      loader: async ({ params }: LoaderFunctionArgs) => {
        const base = await loadOrThrow("Knowledge Base", () =>
          ensureBaseByUrlCode(queryClient, api, params["urlCode"] ?? ""),
        );
        const navigation = await loadOrThrow("Knowledge Base", () =>
          queryClient.ensureQueryData(navigationQuery(api, base.knowledgeBaseID)),
        );
        if (base.viewType === "help") {
          await loadOrThrow("Knowledge Base", () =>
            queryClient.ensureQueryData(
              articlesQuery(api, { knowledgeBaseID: base.knowledgeBaseID, featured: true, limit: featuredLimit }),
            ),
          );
          return null;
        }
        const articleID = guideArticleID(base.defaultArticleID, buildNavigationTree(navigation, base.rootCategoryID));
        if (articleID !== null)
          await loadOrThrow("Article", () => queryClient.ensureQueryData(articleQuery(api, articleID)));
        return null;
      },
      element: <KnowledgeBasePage />,
    },
    {
      id: "kb-category",
      path: "kb/categories/:category/:pageSegment?",
      loader: async ({ params, request }: LoaderFunctionArgs) => {
        const parsed = readIDSlug(params["category"]);
        const page = parsePageSegment(params["pageSegment"]);
        if (!parsed || page === null) throw notFoundError("Knowledge Category");
        const category = await loadOrThrow("Knowledge Category", () =>
          queryClient.ensureQueryData(knowledgeCategoryQuery(api, parsed.id)),
        );
        const moved = slugRedirect(new URL(request.url), category.url, params["pageSegment"]);
        if (moved) throw redirect(moved, 301);
        const [articles] = await loadOrThrow("Knowledge Category", () =>
          Promise.all([
            queryClient.ensureQueryData(
              articlesQuery(api, { knowledgeCategoryID: parsed.id, page, limit: categoryArticlesLimit }),
            ),
            queryClient.ensureQueryData(knowledgeCategoriesQuery(api, { parentID: parsed.id })),
            bases(),
          ]),
        );
        if (page > 1 && articles.items.length === 0) throw notFoundError("Page");
        return null;
      },
      element: <KnowledgeCategoryPage />,
    },
    {
      id: "kb-article",
      path: "kb/articles/:article",
      loader: async ({ params, request }: LoaderFunctionArgs) => {
        const parsed = readIDSlug(params["article"]);
        if (!parsed) throw notFoundError("Article");
        const [article, knowledgeBases] = await loadOrThrow("Article", () =>
          Promise.all([queryClient.ensureQueryData(articleQuery(api, parsed.id)), bases()]),
        );
        // A deleted article is its editors' only (to restore it).
        if (article.status === "deleted" && !articleCan(article, "status")) throw notFoundError("Article");
        const moved = slugRedirect(new URL(request.url), article.url);
        if (moved) throw redirect(moved, 301);
        // A guide's article is read beside the guide's navigation.
        const base = knowledgeBases.find((candidate) => candidate.knowledgeBaseID === article.knowledgeBaseID);
        if (base?.viewType === "guide")
          await loadOrThrow("Article", () => queryClient.ensureQueryData(navigationQuery(api, base.knowledgeBaseID)));
        return null;
      },
      // "Was this article helpful?" without JavaScript: a form post, then the article again.
      action: async ({ params, request }: ActionFunctionArgs) => {
        const parsed = readIDSlug(params["article"]);
        if (!parsed) throw notFoundError("Article");
        const me = await queryClient.ensureQueryData(meQuery(api));
        if (me.userID === 0) return redirect(entryLink("/entry/signin", new URL(request.url)));
        const form = await request.formData();
        const answer = readHelpfulAnswer(formValue(form, "helpful"));
        if (formValue(form, "intent") !== "helpful" || !answer)
          return data<FormResult>({ message: t("Choose Yes or No.") }, { status: 400 });
        try {
          await knowledgeApi.react(api, parsed.id, answer);
        } catch (error) {
          return formError(error, { helpful: answer });
        } finally {
          await queryClient.invalidateQueries({ queryKey: knowledgeKeys.article(parsed.id) });
        }
        const article = await loadOrThrow("Article", () => queryClient.fetchQuery(articleQuery(api, parsed.id)));
        return redirect(`${localPath(article.url)}#article-helpful`);
      },
      element: <ArticlePage />,
    },
  ];
}
