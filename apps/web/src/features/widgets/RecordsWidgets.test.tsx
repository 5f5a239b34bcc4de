import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { WidgetProps } from "@parley/contracts";
import { createApiClient, type ApiResponse } from "../../lib/api.ts";
import { ApiProvider } from "../../lib/api-context.tsx";
import { createFakeTransport, jsonResponse } from "../../test/fixtures.ts";
import { prefetch, render as renderWidget } from "./HomeWidgets.tsx";

/*
 * The categories, articles and groups widgets: each asks the API for its records with its apiParams (the server
 * leaves out what the viewer may not read), renders them server-side in the container chosen, and shows nothing
 * when the API refuses (a record the viewer may not read) or answers none.
 */

type Name = "react.categories" | "react.article.articles" | "react.groups";

async function serverRender<N extends Name>(name: N, props: WidgetProps<N>, routes: Record<string, ApiResponse>) {
  const transport = createFakeTransport(routes);
  const api = createApiClient(transport);
  const queryClient = new QueryClient();
  await prefetch(name, { queryClient, api, url: new URL("http://localhost/") }, props);
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api}>{renderWidget(name, props)}</ApiProvider>
    </QueryClientProvider>,
  );
  return { requests: transport.requests, doc: new DOMParser().parseFromString(html, "text/html"), html };
}

const category = (categoryID: number, name: string, extra: Record<string, unknown> = {}) => ({
  categoryID,
  name,
  url: `http://localhost/categories/c${categoryID}`,
  description: `About ${name}`,
  bannerUrl: null,
  iconUrl: null,
  ...extra,
});
const links = (doc: Document) => [...doc.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]);

describe("the categories widget", () => {
  it("asks for one flat level of the top categories and renders them as a grid of cards with their icons", async () => {
    const { requests, doc } = await serverRender(
      "react.categories",
      { title: "Categories", apiParams: { limit: 5 }, itemOptions: { contentType: "title-description-icon" } },
      {
        "GET /categories": jsonResponse([
          category(1, "General", { iconUrl: "/icons/general.png" }),
          category(2, "Help"),
        ]),
      },
    );
    expect(requests.map((request) => [request.path, request.query])).toEqual([
      ["/categories", { outputFormat: "flat", maxDepth: 1, limit: 5, locale: "en" }],
    ]);
    expect(doc.querySelector("[data-part=categories-widget]")?.hasAttribute("data-home-widget")).toBe(true);
    expect(doc.querySelector("h2")?.textContent).toBe("Categories");
    expect([...doc.querySelectorAll("li h3")].map((h3) => h3.textContent)).toEqual(["General", "Help"]);
    expect(doc.querySelector("li img")?.getAttribute("src")).toBe("/icons/general.png");
    expect(doc.body.textContent).toContain("About Help");
  });

  it("asks for a category's children, the featured or the followed ones, as its filter says", async () => {
    const routes = { "GET /categories": jsonResponse([category(3, "Child")]) };
    const children = await serverRender(
      "react.categories",
      { apiParams: { filter: "parentCategory", parentCategoryID: 9 }, containerOptions: { displayType: "link" } },
      routes,
    );
    expect(children.requests[0]!.query).toMatchObject({ parentCategoryID: 9, limit: 10 });
    expect(links(children.doc)).toEqual([["Child", "http://localhost/categories/c3"]]);
    const followed = await serverRender("react.categories", { apiParams: { filter: "followed" } }, routes);
    expect(followed.requests[0]!.query).toEqual({ followed: true, limit: 10 });
    const featured = await serverRender("react.categories", { apiParams: { filter: "featured", limit: 4 } }, routes);
    expect(featured.requests[0]!.query).toMatchObject({ featured: true, maxDepth: 10, limit: 4 });
  });

  it("shows nothing when the parent category is refused to the viewer", async () => {
    const { html } = await serverRender(
      "react.categories",
      { title: "Hidden", apiParams: { filter: "parentCategory", parentCategoryID: 9 } },
      { "GET /categories": jsonResponse({ message: "Permission denied.", status: 403 }, 403) },
    );
    expect(html).toBe("");
  });
});

describe("the articles widget", () => {
  const article = (articleID: number, name: string) => ({
    articleID,
    name,
    url: `http://localhost/kb/articles/${articleID}-a`,
    excerpt: `${name}, in short.`,
  });

  it("asks for a base's articles with its apiParams and lists them with their excerpts", async () => {
    const { requests, doc } = await serverRender(
      "react.article.articles",
      {
        title: "Help",
        apiParams: { knowledgeBaseID: 2, featured: true, limit: 3 },
        containerOptions: { displayType: "list", viewAll: { to: "/kb", name: "All help" } },
      },
      { "GET /articles": jsonResponse([article(4, "Signing in"), article(5, "Your profile")]) },
    );
    expect(requests[0]!.query).toEqual({ knowledgeBaseID: 2, featured: true, limit: 3, page: 1 });
    expect(links(doc)).toEqual([
      ["Signing inSigning in, in short.", "http://localhost/kb/articles/4-a"],
      ["Your profileYour profile, in short.", "http://localhost/kb/articles/5-a"],
      ["All help", "/kb"],
    ]);
  });

  it("shows nothing to a viewer who may not read the knowledge base", async () => {
    const { html } = await serverRender(
      "react.article.articles",
      { title: "Help", apiParams: { knowledgeBaseID: 2, limit: 3 } },
      { "GET /articles": jsonResponse({ message: "Permission denied.", status: 403 }, 403) },
    );
    expect(html).toBe("");
  });
});

describe("the groups widget", () => {
  it("asks for the groups with its apiParams and renders them as a carousel named by its title", async () => {
    const group = (groupID: number, name: string) => ({
      groupID,
      name,
      url: `http://localhost/groups/${groupID}`,
      description: "A group.",
      bannerUrl: "/banner.png",
      iconUrl: null,
    });
    const { requests, doc } = await serverRender(
      "react.groups",
      {
        title: "Groups",
        apiParams: { sort: "name", limit: 10 },
        containerOptions: { displayType: "carousel" },
        itemOptions: { contentType: "title-description-image" },
      },
      { "GET /groups": jsonResponse([group(1, "Builders"), group(2, "Designers")]) },
    );
    expect(requests[0]!.query).toEqual({ sort: "name", limit: 10, page: 1 });
    expect(doc.querySelector("[aria-roledescription=carousel]")?.getAttribute("aria-label")).toBe("Groups");
    expect(doc.querySelectorAll("[aria-roledescription=slide]")).toHaveLength(2);
    expect(doc.querySelector("[aria-roledescription=slide] img")?.getAttribute("src")).toBe("/banner.png");
  });

  it("shows nothing when no group is left for the viewer", async () => {
    const { html } = await serverRender(
      "react.groups",
      { apiParams: { limit: 10 } },
      { "GET /groups": jsonResponse([]) },
    );
    expect(html).toBe("");
  });
});
