import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "./lib/api.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { Providers } from "./Providers.tsx";
import { createRoutes } from "./router.tsx";
import type { ApiRequest } from "./lib/api.ts";
import type { SiteSectionLink } from "@parley/contracts";
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

const titleBar = {
  $reactComponent: "TitleBar",
  $reactProps: {
    positioning: "StickySolid",
    logo: { imageUrl: null, imageUrlMobile: null, url: "/", alignment: "left", alignmentMobile: "center" },
    navigation: {
      items: [
        { id: "builtin-discussions", name: "Posts", url: "/discussions" },
        { id: "builtin-categories", name: "Categories", url: "/categories" },
      ],
      alignment: "left",
    },
    backgroundColor: null,
    foregroundColor: null,
    height: 48,
    heightMobile: 44,
    borderType: "none",
    registrationOpen: true,
    conversationsEnabled: true,
  },
};
const widget = ($reactComponent: string, $reactProps: Record<string, unknown>) => ({ $reactComponent, $reactProps });
const oneColumn = (children: unknown[], breadcrumbs?: unknown[]) =>
  widget("react.section.1-column", { children, ...(breadcrumbs ? { breadcrumbs } : {}) });
const hydrated = (layoutViewType: string, layout: unknown[]) =>
  jsonResponse({ layoutViewType, layoutID: layoutViewType, titleBar, layout, contexts: [], seo: {} });

/** `GET /layouts/lookup-hydrate` as the server answers it for the pages these tests visit. */
function lookupHydrate({ query }: ApiRequest) {
  const view = query?.["layoutViewType"];
  const params = (query?.["params"] ?? {}) as { page?: number; sort?: string };
  const home = view === "home" || view === "subcommunityHome";
  if (home || (view === "categoryList" && query?.["recordType"] === "siteSection")) {
    const variant = home ? "home" : "categories";
    return hydrated(String(view), [
      // The home page's banner (its title is the page's h1), as the server's default home layout has it.
      ...(home ? [widget("react.section.full-width", { children: [widget("react.banner", {})] })] : []),
      oneColumn([widget("react.asset.categoryList", { apiParams: { maxDepth: 2 }, variant })]),
    ]);
  }
  if (view === "categoryList" && query?.["recordID"] === "general") {
    const page = params.page ?? 1;
    return hydrated("categoryList", [
      oneColumn(
        [
          widget("react.asset.categoryHeader", { categoryCode: "general", page }),
          widget("react.asset.categoryList", {
            apiParams: { parentCategoryID: 1, maxDepth: 2 },
            variant: "subcategories",
          }),
          widget("react.asset.discussionList", {
            apiParams: { limit: 10, page, categoryID: 1, ...(params.sort ? { sort: params.sort } : {}) },
            basePath: "/categories/general",
            pagedPath: true,
            title: "Discussions",
            actions: [widget("react.newPostButton", { categoryID: 1 })],
          }),
        ],
        [widget("react.breadcrumbs", { recordType: "category", recordID: "general" })],
      ),
    ]);
  }
  if (view === "customPage" && query?.["recordID"] === "/about") {
    return hydrated("customPage", [
      widget("react.asset.customPageHead", {
        customPageID: 4,
        title: "About us",
        description: "Who runs this forum.",
        url: "/about",
        published: false,
      }),
      oneColumn([widget("react.html", { title: "Our story" })]),
    ]);
  }
  if (view === "post" && query?.["recordType"] === "comment" && query["recordID"] === "9") {
    return jsonResponse({ redirectTo: "/discussion/5/moved-thread/p2#Comment_9", status: 302 });
  }
  return jsonResponse(notFoundBody, 404);
}

/** The site's settings (its title and description), which every page reads. */
const isSiteRequest = (request: ApiRequest) =>
  request.path === "/config" && JSON.stringify(request.query).includes("garden.title");

/** What every page asks besides its own calls: the session, the layout lookup, the moderation messages. */
const everyPage = new Set(["/users/me", "/layouts/lookup-hydrate", "/moderation-messages"]);

/** The page's own API calls, without the session, site, layout lookups and messages every page makes. */
const pageRequests = (requests: ApiRequest[]) =>
  requests.filter((request) => !everyPage.has(request.path) && !isSiteRequest(request));

/** The layout lookups a page view made (their query strings). */
const lookups = (requests: ApiRequest[]) =>
  requests.filter((request) => request.path === "/layouts/lookup-hydrate").map((request) => request.query);

function renderAt(path: string, siteSection: SiteSectionLink | null = null) {
  const transport = createFakeTransport({
    "GET /users/me": jsonResponse(guest),
    "GET /config": jsonResponse({ "garden.title": "Parley", "garden.description": "A forum." }),
    "GET /moderation-messages": jsonResponse([]),
    "GET /layouts/lookup-hydrate": lookupHydrate,
    "GET /discussions": jsonResponse([]),
    "GET /categories": ({ query }) =>
      jsonResponse(query?.["parentCategoryID"] === general.categoryID ? (general.children ?? []) : [general, news]),
    "GET /categories/%24urlcode%3Ageneral": jsonResponse(general),
    "GET /categories/%24urlcode%3Amissing": jsonResponse(notFoundBody, 404),
  });
  const queryClient = createQueryClient();
  const api = createApiClient(transport);
  const router = createMemoryRouter(createRoutes({ queryClient, api, siteSection: { current: () => siteSection } }), {
    initialEntries: [path],
    ...(siteSection ? { basename: siteSection.basePath } : {}),
  });
  render(
    <Providers queryClient={queryClient} api={api} head={null} now={Date.now()} siteSection={siteSection}>
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
    // The banner is server-rendered only; rendered in the browser, its code comes on demand.
    expect(await screen.findByRole("heading", { level: 1, name: "Parley" }, { timeout: 10_000 })).toBeTruthy();
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

  it("shows 'Category Not Found' when the layout lookup answers 404 for the URL code", async () => {
    const { transport } = renderAt("/categories/missing");

    expect(await screen.findByRole("heading", { level: 1, name: "Category Not Found" })).toBeTruthy();
    expect(screen.getByText("The category you were looking for could not be found.")).toBeTruthy();
    // The lookup checks the category; no widget data is fetched for a page that does not exist.
    expect(pageRequests(transport.requests)).toEqual([]);
    expect(lookups(transport.requests)).toContainEqual({
      layoutViewType: "categoryList",
      recordType: "category",
      recordID: "missing",
      params: { page: 1 },
    });
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
    // An empty category says so in its own words (the part comes on demand in the browser).
    expect(await screen.findByText("There are no discussions here yet.")).toBeTruthy();
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

  it("asks for the layout once per page view: the title bar comes with the page's own layout", async () => {
    const { transport, queryClient } = renderAt("/categories");
    expect(await screen.findByRole("heading", { level: 1, name: "Categories" })).toBeTruthy();
    expect(lookups(transport.requests)).toEqual([
      { layoutViewType: "categoryList", recordType: "siteSection", recordID: "0" },
    ]);
    expect(queryClient.getQueryData(["layouts", "titleBar"])).toMatchObject({ registrationOpen: true });
  });

  it("asks for the home layout's title bar on pages without a layout, and whether a custom page is there", async () => {
    const { transport } = renderAt("/nope");
    expect(await screen.findByRole("heading", { level: 1, name: "Page Not Found" })).toBeTruthy();
    expect(lookups(transport.requests)).toEqual(
      expect.arrayContaining([
        { layoutViewType: "customPage", recordType: "path", recordID: "/nope" },
        { layoutViewType: "home", recordType: "siteSection", recordID: "0" },
      ]),
    );
    expect(lookups(transport.requests)).toHaveLength(2);
  });

  it("asks no custom page of a layout page's malformed address", async () => {
    const { transport } = renderAt("/discussion/abc");
    expect(await screen.findByRole("heading", { level: 1, name: "Page Not Found" })).toBeTruthy();
    expect(lookups(transport.requests)).toEqual([{ layoutViewType: "home", recordType: "siteSection", recordID: "0" }]);
  });

  it("shows a custom page at its address: its head (a manager's 'Not published' notice) and its layout", async () => {
    const { transport } = renderAt("/about");
    expect(await screen.findByRole("heading", { level: 1, name: "About us" })).toBeTruthy();
    expect(screen.getByRole("note").textContent).toContain("Not published");
    expect(screen.getByRole("link", { name: "Edit page" }).getAttribute("href")).toBe("/dashboard/pages?edit=4");
    expect(screen.getByText("Our story")).toBeTruthy();
    // The page's own lookup; the title bar's (the home layout's) as on any page the router has no layout route for.
    expect(lookups(transport.requests)).toContainEqual({
      layoutViewType: "customPage",
      recordType: "path",
      recordID: "/about",
    });
  });

  it("follows a lookup's redirectTo: a comment's address goes to its discussion page", async () => {
    const { router, transport } = renderAt("/discussion/comment/9");
    await waitFor(() => expect(router.state.location.pathname).toBe("/discussion/5/moved-thread/p2"));
    expect(router.state.location.hash).toBe("#Comment_9");
    expect(lookups(transport.requests)).toContainEqual({
      layoutViewType: "post",
      recordType: "comment",
      recordID: "9",
    });
  });
  describe("in a subcommunity (issue 40): its folder is the router's basename", () => {
    const english: SiteSectionLink = {
      siteSectionID: "3",
      name: "English",
      basePath: "/en",
      locale: "en",
      categoryID: 1,
    };

    it("asks for the section's home layout at its folder, once (the title bar comes with it)", async () => {
      const { transport } = renderAt("/en", english);
      expect(await screen.findByRole("heading", { level: 1, name: "Parley" })).toBeTruthy();
      expect(lookups(transport.requests)).toEqual([
        { layoutViewType: "subcommunityHome", recordType: "siteSection", recordID: "3" },
      ]);
    });

    it("asks for the section's category list, and its links keep the folder", async () => {
      const { transport } = renderAt("/en/categories", english);
      expect(await screen.findByRole("heading", { level: 1, name: "Categories" })).toBeTruthy();
      expect(lookups(transport.requests)).toEqual([
        { layoutViewType: "categoryList", recordType: "siteSection", recordID: "3" },
      ]);
      expect(screen.getByRole("link", { name: "General" }).getAttribute("href")).toBe("/en/categories/general");
    });

    it("asks whether a custom page is at the path without the folder; the title bar is the section home's", async () => {
      const { transport } = renderAt("/en/about", english);
      expect(await screen.findByRole("heading", { level: 1, name: "About us" })).toBeTruthy();
      expect(lookups(transport.requests)).toEqual(
        expect.arrayContaining([
          { layoutViewType: "customPage", recordType: "path", recordID: "/about" },
          { layoutViewType: "subcommunityHome", recordType: "siteSection", recordID: "3" },
        ]),
      );
    });

    it("follows a lookup's redirectTo inside the section", async () => {
      const { router } = renderAt("/en/discussion/comment/9", english);
      await waitFor(() => expect(router.state.location.pathname).toBe("/en/discussion/5/moved-thread/p2"));
    });
  });
});
