import type { QueryClient } from "@tanstack/react-query";
import { data, redirect, redirectDocument, type RouteObject } from "react-router";
import type { ApiClient } from "./lib/api.ts";
import { loadOrThrow, notFoundError } from "./lib/route-errors.ts";
import { entryLink } from "./lib/targets.ts";
import { AppLayout } from "./shell/AppLayout.tsx";
import { NotFoundPage, RouteErrorPage } from "./shell/ErrorPages.tsx";
import { createEntryActions } from "./features/entry/entry.actions.ts";
import { EmailConfirmPage, EmailConfirmRequestPage } from "./features/entry/pages/EmailConfirmPages.tsx";
import { PasswordRequestPage } from "./features/entry/pages/PasswordRequestPage.tsx";
import { PasswordResetPage } from "./features/entry/pages/PasswordResetPage.tsx";
import { RegisterPage } from "./features/entry/pages/RegisterPage.tsx";
import { SignInPage } from "./features/entry/pages/SignInPage.tsx";
import { SignOutPage } from "./features/entry/pages/SignOutPage.tsx";
import { meQuery } from "./features/users/users.queries.ts";
import { createLayoutLoader, ensureTitleBar, LayoutPage } from "./features/layouts/index.ts";
import { createDiscussionActions } from "./features/discussions/discussions.actions.ts";
import { discussionQuery, discussionSourceQuery } from "./features/discussions/discussions.queries.ts";
import { EditDiscussionPage, readEditDiscussionID } from "./features/discussions/pages/EditDiscussionPage.tsx";
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
  const layoutPage = createLayoutLoader({ queryClient, api });

  const entry = createEntryActions(api);
  // The member's notification pages and the e-mail unsubscribe landing, loaded with their route.
  const notificationRoute = (id: string, path: string): RouteObject => ({
    id,
    path,
    lazy: async () => {
      const { createNotificationRoutes } = await import("./features/notifications/notifications.routes.tsx");
      const route = createNotificationRoutes({ queryClient, api }).find((candidate) => candidate.id === id);
      if (!route) throw new Error(`There is no notification route '${id}'.`);
      return { loader: route.loader, action: route.action, element: route.element };
    },
  });
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
            // The layout pages (spec §2): the server's layout for the URL, its widgets' data prefetched.
            { id: "home", index: true, loader: layoutPage, element: <LayoutPage /> },
            { id: "categories", path: "categories", loader: layoutPage, element: <LayoutPage /> },
            {
              id: "category",
              path: "categories/:code/:pageSegment?",
              loader: layoutPage,
              element: <LayoutPage />,
            },
            { id: "discussions", path: "discussions", loader: layoutPage, element: <LayoutPage /> },
            {
              id: "discussion",
              path: "discussion/:id/:slug?/:pageSegment?",
              loader: layoutPage,
              action: posting.comment,
              element: <LayoutPage />,
            },
            // /discussion/comment/{id}: the lookup answers redirectTo the page the comment is on, at #Comment_{id}.
            { id: "comment", path: "discussion/comment/:commentID", loader: layoutPage },
            {
              id: "new-discussion",
              path: "post/discussion/:categoryID?",
              loader: layoutPage,
              action: posting.discussion,
              element: <LayoutPage />,
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
            notificationRoute("notifications", "profile/notifications"),
            notificationRoute("notification-preferences", "profile/preferences"),
            notificationRoute("unsubscribe", "unsubscribe/:token"),
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
