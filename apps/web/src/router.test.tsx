import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "./lib/api.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { Providers } from "./Providers.tsx";
import { createRoutes } from "./router.tsx";
import type { ApiRequest } from "./lib/api.ts";
import { createFakeTransport, jsonResponse, makeCategory } from "./test/fixtures.ts";

afterEach(cleanup);

const general = makeCategory({
  categoryID: 1,
  name: "General",
  urlcode: "general",
  description: "Talk about anything.",
  countAllDiscussions: 1234,
  children: [
    makeCategory({ categoryID: 3, name: "Introductions", urlcode: "introductions", parentCategoryID: 1, depth: 2 }),
  ],
});
const news = makeCategory({ categoryID: 2, name: "News", urlcode: "news" });

const notFoundBody = { message: "Category not found.", status: 404, description: null };

const guest = {
  userID: 0,
  name: "Guest",
  photoUrl: "/images/default-avatar.svg",
  url: null,
  dateLastActive: null,
  email: null,
  emailConfirmed: false,
  isAdmin: false,
  isSysAdmin: false,
  isSuperAdmin: false,
  countUnreadNotifications: 0,
  countUnreadConversations: 0,
  permissions: ["discussions.view", "profiles.view"],
  roles: [{ roleID: 1, name: "Guest" }],
  roleIDs: [1],
};

/** The page's own API calls, without the session and layout lookups every page makes. */
const pageRequests = (requests: ApiRequest[]) =>
  requests.filter((request) => request.path !== "/users/me" && request.path !== "/layouts/lookup-hydrate");

function renderAt(path: string) {
  const transport = createFakeTransport({
    "GET /users/me": jsonResponse(guest),
    "GET /discussions": jsonResponse([]),
    "GET /categories": ({ query }) =>
      jsonResponse(query?.["parentCategoryID"] === general.categoryID ? (general.children ?? []) : [general, news]),
    "GET /categories/%24urlcode%3Ageneral": jsonResponse(general),
    "GET /categories/%24urlcode%3Amissing": jsonResponse(notFoundBody, 404),
  });
  const queryClient = createQueryClient();
  const api = createApiClient(transport);
  const router = createMemoryRouter(createRoutes({ queryClient, api }), { initialEntries: [path] });
  render(
    <Providers queryClient={queryClient} api={api} head={null} now={Date.now()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, transport, queryClient };
}

describe("routes", () => {
  it("renders the category list at /categories from the API", async () => {
    const { transport } = renderAt("/categories");

    expect(await screen.findByRole("heading", { level: 1, name: "Categories" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "General" }).getAttribute("href")).toBe("/categories/general");
    expect(screen.getByRole("link", { name: "News" }).getAttribute("href")).toBe("/categories/news");
    expect(screen.getByRole("link", { name: "Introductions" })).toBeTruthy();
    expect(screen.getByText("1.2k")).toBeTruthy();
    expect(pageRequests(transport.requests).map(({ method, path, query }) => ({ method, path, query }))).toEqual([
      { method: "GET", path: "/categories", query: { maxDepth: 2 } },
    ]);
    await waitFor(() => expect(document.title).toBe("Categories - Parley"));
  });

  it("offers guests Sign In and Register, returning to the current page", async () => {
    const { transport } = renderAt("/categories/general");
    const signIn = await screen.findByRole("link", { name: "Sign In" });
    expect(signIn.getAttribute("href")).toBe("/entry/signin?Target=%2Fcategories%2Fgeneral");
    expect(screen.getByRole("link", { name: "Register" }).getAttribute("href")).toBe(
      "/entry/register?Target=%2Fcategories%2Fgeneral",
    );
    expect(transport.requests.filter((request) => request.path === "/users/me")).toHaveLength(1);
  });

  it("renders the same list on the home page under the site's name", async () => {
    renderAt("/");
    expect(await screen.findByRole("heading", { level: 1, name: "Parley" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "General" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Parley"));
  });

  it("shows the not-found page for an unknown path, inside the layout", async () => {
    const { transport } = renderAt("/nope");

    expect(await screen.findByRole("heading", { level: 1, name: "Page Not Found" })).toBeTruthy();
    expect(screen.getByText("The page you were looking for could not be found.")).toBeTruthy();
    const main = screen.getByRole("main");
    expect(within(main).getByRole("link", { name: "Back to home page" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("navigation", { name: "Main navigation" })).toBeTruthy();
    expect(pageRequests(transport.requests)).toHaveLength(0);
  });

  it("shows 'Category Not Found' when the API answers 404 for the URL code", async () => {
    const { transport } = renderAt("/categories/missing");

    expect(await screen.findByRole("heading", { level: 1, name: "Category Not Found" })).toBeTruthy();
    expect(screen.getByText("The category you were looking for could not be found.")).toBeTruthy();
    expect(pageRequests(transport.requests).map((request) => request.path)).toEqual([
      "/categories/%24urlcode%3Amissing",
    ]);
    await waitFor(() => expect(document.title).toBe("Category Not Found - Parley"));
  });

  it("renders a category page with its subcategories at /categories/{urlcode}", async () => {
    const { transport } = renderAt("/categories/general");

    expect(await screen.findByRole("heading", { level: 1, name: "General" })).toBeTruthy();
    expect(screen.getByText("Talk about anything.")).toBeTruthy();
    const breadcrumb = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(breadcrumb).getByRole("link", { name: "Categories" }).getAttribute("href")).toBe("/categories");
    expect(screen.getByRole("heading", { level: 2, name: "Subcategories" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 3, name: "Introductions" })).toBeTruthy();
    expect(screen.getByText("No discussions were found.")).toBeTruthy();
    const requests = pageRequests(transport.requests).map(({ path, query }) => ({ path, query }));
    expect(requests).toHaveLength(3);
    expect(requests).toEqual(
      expect.arrayContaining([
        { path: "/categories/%24urlcode%3Ageneral", query: undefined },
        { path: "/categories", query: { parentCategoryID: 1, maxDepth: 2 } },
        {
          path: "/discussions",
          query: expect.objectContaining({
            categoryID: 1,
            includeChildCategories: true,
            page: 1,
            limit: 10,
          }) as unknown,
        },
      ]),
    );
    await waitFor(() => expect(document.title).toBe("General - Parley"));
  });

  it("shows 'Page Not Found' for a page segment that is not p{n}", async () => {
    const { transport } = renderAt("/categories/general/p0");
    expect(await screen.findByRole("heading", { level: 1, name: "Page Not Found" })).toBeTruthy();
    expect(pageRequests(transport.requests)).toHaveLength(0);
  });
});
