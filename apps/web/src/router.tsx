import type { QueryClient } from "@tanstack/react-query";
import { data, redirectDocument, type RouteObject } from "react-router";
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
import { usersApi } from "./features/users/users.api.ts";
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

  return [
    {
      id: "root",
      element: <AppLayout />,
      // Every page knows who is looking: the title bar shows Sign In or the member's name.
      loader: async () => {
        await queryClient.ensureQueryData(meQuery(api));
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
              loader: async ({ params }) => {
                const page = parsePageSegment(params["pageSegment"]);
                if (page !== 1) throw notFoundError();
                const category = await loadOrThrow("Category", () =>
                  queryClient.ensureQueryData(categoryQuery(api, params["code"] ?? "")),
                );
                await loadOrThrow("Category", () =>
                  queryClient.ensureQueryData(
                    categoryListQuery(api, { parentCategoryID: category.categoryID, maxDepth: 2 }),
                  ),
                );
                return null;
              },
              element: <CategoryPage />,
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
