import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { RouterProvider, createMemoryRouter, matchRoutes, type RouteObject } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { Article, KnowledgeBase } from "@parley/contracts";
import { createApiClient, type ApiResponse, type ApiTransport } from "../../lib/api.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { Providers } from "../../Providers.tsx";
import { createRoutes } from "../../router.tsx";
import { createFakeTransport, jsonResponse } from "../../test/fixtures.ts";
import { createArticleEditorRoutes } from "./knowledge.editor.routes.tsx";
import { createKnowledgeRoutes } from "./knowledge.routes.tsx";

afterEach(cleanup);

const origin = "http://forum.test";
const viewer = (userID: number, permissions: string[]) => ({
  userID,
  name: userID ? "Member" : "Guest",
  photoUrl: "/images/default-avatar.svg",
  url: null,
  dateLastActive: null,
  email: null,
  emailConfirmed: true,
  isAdmin: false,
  isSysAdmin: false,
  isSuperAdmin: false,
  countUnreadNotifications: 0,
  countUnreadConversations: 0,
  permissions,
  roles: [],
  roleIDs: [],
});

const helpCenter: KnowledgeBase = {
  knowledgeBaseID: 1,
  name: "Help Center",
  description: "Answers.",
  urlCode: "help-center",
  url: `${origin}/kb/help-center`,
  viewType: "help",
  sortArticles: "manual",
  icon: "",
  bannerImage: "",
  sourceLocale: "en",
  rootCategoryID: 1,
  defaultArticleID: null,
  countArticles: 1,
  countCategories: 1,
  status: "published",
  insertUserID: 1,
  dateInserted: "2026-01-01T00:00:00+00:00",
  updateUserID: null,
  dateUpdated: null,
};

const article: Article = {
  articleID: 7,
  knowledgeCategoryID: 2,
  knowledgeBaseID: 1,
  name: "Signing in",
  body: '<p>Use Sign In.</p><h2 id="passwords">Passwords</h2><p>At least 8 characters.</p>',
  format: "markdown",
  excerpt: "Use Sign In.",
  outline: [{ ref: "passwords", level: 2, text: "Passwords" }],
  slug: "signing-in",
  url: `${origin}/kb/articles/7-signing-in`,
  locale: "en",
  sort: null,
  seoName: null,
  seoDescription: null,
  status: "published",
  featured: false,
  dateFeatured: null,
  score: 0,
  countViews: 0,
  insertUserID: 1,
  dateInserted: "2026-01-01T00:00:00+00:00",
  updateUserID: null,
  dateUpdated: null,
  insertUser: { userID: 1, name: "admin", photoUrl: "/a.svg", url: `${origin}/profile/admin`, dateLastActive: null },
  breadcrumbs: [
    { name: "Home", url: `${origin}/` },
    { name: "Help Center", url: `${origin}/kb/help-center` },
    { name: "Your Account", url: `${origin}/kb/categories/2-your-account` },
  ],
  reactions: [{ reactionType: "helpful", yes: 2, no: 1, total: 3, userReaction: null }],
  permissions: { "articles.add": false, edit: false, feature: false, status: false, react: false },
};

function renderAt(path: string, me = viewer(0, ["kb.view"]), answer?: Promise<ApiResponse>, shown = article) {
  const fake = createFakeTransport({
    "GET /users/me": jsonResponse(me),
    "GET /knowledge-bases": jsonResponse([helpCenter]),
    "GET /articles/7": jsonResponse(shown),
  });
  // The reaction answers when the test says so.
  const transport: ApiTransport = (request) =>
    request.method === "POST" && request.path === "/articles/7/react" && answer ? answer : fake(request);
  const queryClient = createQueryClient();
  const api = createApiClient(transport);
  const router = createMemoryRouter(createRoutes({ queryClient, api }), { initialEntries: [path] });
  render(
    <Providers queryClient={queryClient} api={api} head={null} now={Date.now()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, transport: fake };
}

describe("the knowledge base's routes", () => {
  const routes = createRoutes({ queryClient: createQueryClient(), api: createApiClient(createFakeTransport({})) });
  const matchedID = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.id;

  it("sends each address to its page: the editor's static segments before an article's id", () => {
    expect(matchedID("/kb")).toBe("kb");
    expect(matchedID("/kb/help-center")).toBe("kb-base");
    expect(matchedID("/kb/categories/4-your-account")).toBe("kb-category");
    expect(matchedID("/kb/categories/4-your-account/p2")).toBe("kb-category");
    expect(matchedID("/kb/articles/7-signing-in")).toBe("kb-article");
    expect(matchedID("/kb/articles/add")).toBe("kb-article-add");
    expect(matchedID("/kb/articles/7/editor")).toBe("kb-article-editor");
  });

  it("registers the feature's own routes at the same paths (loaded on demand)", () => {
    const deps = { queryClient: createQueryClient(), api: createApiClient(createFakeTransport({})) };
    const own = [...createKnowledgeRoutes(deps), ...createArticleEditorRoutes(deps)];
    const pages = routes[0]!.children![0]!.children as RouteObject[];
    for (const route of own) {
      const registered = pages.find((candidate) => candidate.id === route.id);
      expect(registered?.path, route.id).toBe(route.path);
      expect(typeof registered?.lazy, route.id).toBe("function");
    }
  });

  it("redirects a wrong slug to the article's address and renders it for a guest", async () => {
    const { router } = renderAt("/kb/articles/7-old-title");
    await waitFor(() => expect(router.state.location.pathname).toBe("/kb/articles/7-signing-in"));
    expect(await screen.findByRole("heading", { level: 1, name: "Signing in" })).toBeTruthy();
    const crumbs = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(crumbs.textContent).toBe("Knowledge BaseHelp CenterYour AccountSigning in");
    const toc = screen.getByRole("navigation", { name: "On this page" });
    expect(toc.querySelector("a")?.getAttribute("href")).toBe("#passwords");
    expect(screen.getByRole("link", { name: "Sign in" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Yes" })).toBeNull();
    expect(screen.getByText("2 of 3 found this helpful.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /^Edit/ })).toBeNull();
    await waitFor(() => expect(document.title).toBe("Signing in - Parley"));
  });

  it("answers 404 for an unknown base, and 403 for a member without articles.add at the editor", async () => {
    renderAt("/kb/no-such-base");
    expect(await screen.findByRole("heading", { level: 1, name: "Knowledge Base Not Found" })).toBeTruthy();
    cleanup();
    renderAt("/kb/articles/add?knowledgeCategoryID=2", viewer(5, ["kb.view"]));
    expect(await screen.findByRole("heading", { level: 1, name: "Permission Problem" })).toBeTruthy();
  });

  it("shows a member's answer at once, and takes it back when the API refuses it", async () => {
    let refuse: (response: ApiResponse) => void = () => {};
    const answer = new Promise<ApiResponse>((resolve) => (refuse = resolve));
    const member = viewer(5, ["kb.view"]);
    renderAt("/kb/articles/7-signing-in", member, answer, { ...article, permissions: { react: true } });
    const yes = await screen.findByRole("button", { name: "Yes" });
    expect(yes.getAttribute("aria-pressed")).toBe("false");
    yes.click();
    await waitFor(() => expect(yes.getAttribute("aria-pressed")).toBe("true"));
    expect(screen.getByText("Thanks for your feedback. 3 of 4 found this helpful.")).toBeTruthy();
    refuse(jsonResponse({ message: "You are answering too often.", status: 429, description: null }, 429));
    await waitFor(() => expect(yes.getAttribute("aria-pressed")).toBe("false"));
    expect(screen.getByText("2 of 3 found this helpful.")).toBeTruthy();
    expect(await screen.findByText("You are answering too often.")).toBeTruthy();
  });
});
