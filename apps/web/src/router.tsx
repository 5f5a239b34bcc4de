import type { QueryClient } from "@tanstack/react-query";
import { data, redirect, redirectDocument, type RouteObject } from "react-router";
import { limits } from "@parley/contracts/limits";
import type { ApiClient } from "./lib/api.ts";
import { loadOrThrow, notFoundError, parsePageSegment } from "./lib/route-errors.ts";
import { AppLayout } from "./shell/AppLayout.tsx";
import { NotFoundPage, RouteErrorPage } from "./shell/ErrorPages.tsx";
import { CategoriesPage, rootCategoryListParams } from "./features/categories/pages/CategoriesPage.tsx";
import { CategoryPage } from "./features/categories/pages/CategoryPage.tsx";
import { categoryListQuery, categoryQuery } from "./features/categories/categories.queries.ts";
import { createEntryActions } from "./features/entry/entry.actions.ts";
import { EmailConfirmPage, EmailConfirmRequestPage } from "./features/entry/pages/EmailConfirmPages.tsx";
import { PasswordRequestPage } from "./features/entry/pages/PasswordRequestPage.tsx";
import { PasswordResetPage } from "./features/entry/pages/PasswordResetPage.tsx";
import { RegisterPage } from "./features/entry/pages/RegisterPage.tsx";
import { SignInPage } from "./features/entry/pages/SignInPage.tsx";
import { SignOutPage } from "./features/entry/pages/SignOutPage.tsx";
import { meQuery } from "./features/users/users.queries.ts";
import { ensureTitleBar } from "./features/layouts/index.ts";
import { createDiscussionActions } from "./features/discussions/discussions.actions.ts";
import {
  commentsQuery,
  discussionListQuery,
  discussionQuery,
  discussionSourceQuery,
  editTimeoutQuery,
} from "./features/discussions/discussions.queries.ts";
import { EditDiscussionPage, readEditDiscussionID } from "./features/discussions/pages/EditDiscussionPage.tsx";
import { reactionTypesQuery } from "./features/reactions/index.ts";
import { discussionsApi } from "./features/discussions/discussions.api.ts";
import { DiscussionPage, readDiscussionParams } from "./features/discussions/pages/DiscussionPage.tsx";
import { DiscussionsPage, readListParams } from "./features/discussions/pages/DiscussionsPage.tsx";
import { NewDiscussionPage } from "./features/discussions/pages/NewDiscussionPage.tsx";
import { entryLink } from "./lib/targets.ts";
import { usersApi } from "./features/users/users.api.ts";
import { createProfileRoutes } from "./features/profiles/profiles.routes.tsx";
import { LeavingPage } from "./features/leaving/LeavingPage.tsx";
import { ApiError } from "./lib/api.ts";
import type { FormResult } from "./lib/forms.ts";

export interface RouteDeps {
  queryClient: QueryClient;
  api: ApiClient;
}

/**
 * Every page route. Loaders put the page's data in the query cache (the server renders from it and
 * dehydrates it; the browser hydrates from it), so components read it with `useSuspenseQuery`.
 */
export function createRoutes({ queryClient, api }: RouteDeps): RouteObject[] {
  const loadCategories = async () => {
    await loadOrThrow("Category", () => queryClient.ensureQueryData(categoryListQuery(api, rootCategoryListParams)));
    return null;
  };

  const entry = createEntryActions(api);
  const posting = createDiscussionActions(api, queryClient);

  return [
    {
      id: "root",
      element: <AppLayout />,
      // Every page knows who is looking: the title bar shows Sign In or the member's name.
      // The title bar comes with the page's layout (one lookup per page view, in parallel with the page).
      loader: async ({ request }) => {
        await Promise.all([
          queryClient.ensureQueryData(meQuery(api)),
          ensureTitleBar(queryClient, api, new URL(request.url)),
        ]);
        return null;
      },
      // Signing in or out reloads the document; other form posts keep the session as it was.
      shouldRevalidate: () => false,
      children: [
        {
          id: "pages",
          errorElement: <RouteErrorPage />,
          children: [
            { id: "home", index: true, loader: loadCategories, element: <CategoriesPage home /> },
            { id: "categories", path: "categories", loader: loadCategories, element: <CategoriesPage /> },
            {
              id: "category",
              path: "categories/:code/:pageSegment?",
              loader: async ({ params, request }) => {
                const page = parsePageSegment(params["pageSegment"]);
                if (page === null) throw notFoundError();
                const category = await loadOrThrow("Category", () =>
                  queryClient.ensureQueryData(categoryQuery(api, params["code"] ?? "")),
                );
                const { sort } = readListParams(new URL(request.url).searchParams);
                const list = await loadOrThrow("Category", () =>
                  queryClient.ensureQueryData(
                    discussionListQuery(api, {
                      categoryID: category.categoryID,
                      page,
                      limit: limits.pager.defaultPageLimit,
                      sort,
                    }),
                  ),
                );
                if (page > 1 && list.items.length === 0) throw notFoundError();
                await loadOrThrow("Category", () =>
                  queryClient.ensureQueryData(
                    categoryListQuery(api, { parentCategoryID: category.categoryID, maxDepth: 2 }),
                  ),
                );
                return null;
              },
              element: <CategoryPage />,
            },
            {
              id: "discussions",
              path: "discussions",
              loader: async ({ request }) => {
                const { page, sort } = readListParams(new URL(request.url).searchParams);
                const list = await queryClient.ensureQueryData(
                  discussionListQuery(api, { page, limit: limits.pager.defaultPageLimit, sort }),
                );
                if (page > 1 && list.items.length === 0) throw notFoundError();
                return null;
              },
              element: <DiscussionsPage />,
            },
            {
              id: "discussion",
              path: "discussion/:id/:slug?/:pageSegment?",
              loader: async ({ params }) => {
                const parsed = readDiscussionParams(params);
                if (!parsed || params["id"] === "comment") throw notFoundError();
                const discussion = await loadOrThrow("Discussion", () =>
                  queryClient.ensureQueryData(discussionQuery(api, parsed.id)),
                );
                const pages = Math.max(1, Math.ceil(discussion.countComments / limits.pager.commentsPerPage));
                if (parsed.page > pages) throw notFoundError("Discussion");
                await loadOrThrow("Discussion", () =>
                  queryClient.ensureQueryData(
                    commentsQuery(api, parsed.id, parsed.page, limits.pager.commentsPerPage, "dateInserted"),
                  ),
                );
                // The reactions row and the 'Edit (time)' labels render with the page.
                await Promise.all([
                  queryClient.prefetchQuery(reactionTypesQuery(api)),
                  queryClient.prefetchQuery(editTimeoutQuery(api)),
                ]);
                return null;
              },
              action: posting.comment,
              element: <DiscussionPage />,
            },
            {
              id: "comment",
              path: "discussion/comment/:commentID",
              // /discussion/comment/{id} lands on the page the comment is on, at #Comment_{id}.
              loader: async ({ params }) => {
                const commentID = Number(params["commentID"]);
                if (!Number.isInteger(commentID) || commentID < 1) throw notFoundError("Comment");
                const location = await loadOrThrow("Comment", () =>
                  discussionsApi.locateComment(api, commentID, limits.pager.commentsPerPage),
                );
                const target = new URL(location.url);
                return redirect(target.pathname + target.hash);
              },
            },
            {
              id: "new-discussion",
              path: "post/discussion/:categoryID?",
              loader: async ({ request }) => {
                const me = await queryClient.ensureQueryData(meQuery(api));
                const url = new URL(request.url);
                if (me.userID === 0) return redirect(entryLink("/entry/signin", url));
                await queryClient.ensureQueryData(categoryListQuery(api, { maxDepth: 5 }));
                return null;
              },
              action: posting.discussion,
              element: <NewDiscussionPage />,
            },
            {
              id: "edit-discussion",
              path: "post/editdiscussion/:id/:draftID?",
              loader: async ({ request, params }) => {
                const me = await queryClient.ensureQueryData(meQuery(api));
                if (me.userID === 0) return redirect(entryLink("/entry/signin", new URL(request.url)));
                const id = readEditDiscussionID(params);
                if (id === null) throw notFoundError("Discussion");
                await loadOrThrow("Discussion", () =>
                  Promise.all([
                    queryClient.ensureQueryData(discussionSourceQuery(api, id)),
                    queryClient.ensureQueryData(discussionQuery(api, id)),
                  ]),
                );
                return null;
              },
              action: posting.editDiscussion,
              element: <EditDiscussionPage />,
            },
            { id: "signin", path: "entry/signin", action: entry.signIn, element: <SignInPage /> },
            { id: "signout", path: "entry/signout", action: entry.signOut, element: <SignOutPage /> },
            { id: "register", path: "entry/register", action: entry.register, element: <RegisterPage /> },
            {
              id: "password-request",
              path: "entry/passwordrequest",
              action: entry.requestPassword,
              element: <PasswordRequestPage />,
            },
            {
              id: "password-reset",
              path: "entry/passwordreset/:userID/:token",
              action: entry.resetPassword,
              element: <PasswordResetPage />,
            },
            {
              id: "email-confirm",
              path: "entry/emailconfirm/:userID/:token",
              // Confirms, then reloads the document on the result page so the whole page sees the new role.
              loader: async ({ params }) => {
                try {
                  await usersApi.confirmEmail(api, params["userID"] ?? "", params["token"] ?? "");
                } catch (error) {
                  if (error instanceof ApiError && error.status < 500) {
                    return data<FormResult>({ ok: false, message: error.message }, { status: error.status });
                  }
                  throw error;
                }
                return redirectDocument("/entry/emailconfirmed");
              },
              element: <EmailConfirmPage />,
            },
            {
              id: "email-confirmed",
              path: "entry/emailconfirmed",
              loader: (): FormResult => ({ ok: true, message: "Your email has been successfully confirmed." }),
              element: <EmailConfirmPage />,
            },
            {
              id: "email-confirm-request",
              path: "entry/emailconfirmrequest",
              action: entry.resendConfirmation,
              element: <EmailConfirmRequestPage />,
            },
            ...createProfileRoutes({ queryClient, api }),
            { id: "leaving", path: "home/leaving", element: <LeavingPage /> },
            {
              id: "not-found",
              path: "*",
              loader: () => {
                throw notFoundError();
              },
              element: <NotFoundPage />,
            },
          ],
        },
      ],
    },
  ];
}
