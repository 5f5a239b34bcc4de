import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { SearchResult } from "@parley/contracts";
import type { ApiRequest } from "../../../lib/api.ts";
import { renderWithShell } from "../../../shell/testing.tsx";
import { jsonResponse } from "../../../test/fixtures.ts";
import { readSearchPage, searchApiParams } from "../search.params.ts";
import { SearchPage } from "./SearchPage.tsx";

afterEach(cleanup);

const origin = window.location.origin;
const group = (groupID: number, name: string, privacy: SearchResult["privacy"], body: string): SearchResult => ({
  recordID: groupID,
  recordType: "group",
  type: "group",
  groupID,
  privacy,
  name,
  url: `${origin}/group/${groupID}-${name.toLowerCase().replace(/ /g, "-")}`,
  body,
  categoryID: 40 + groupID,
  discussionID: null,
  insertUserID: 1,
  insertUser: { userID: 1, name: "Leader", photoUrl: "/a.svg", url: `${origin}/profile/Leader`, dateLastActive: null },
  dateInserted: "2025-01-01T00:00:00+00:00",
  dateUpdated: null,
  score: 1,
  labelCodes: [],
  isForeign: false,
  breadcrumbs: [
    { name: "Home", url: `${origin}/` },
    { name: "Groups", url: `${origin}/groups` },
  ],
});

describe("the search page's Groups tab", () => {
  it("reads the group domain, drops the post filters, and asks the API for groups", () => {
    const state = readSearchPage(new URLSearchParams("query=rowing&domain=group&authors=Bob&types=comment"));
    expect(state.domain).toBe("group");
    expect(state.dropped.sort()).toEqual(["authors", "types"]);
    expect(searchApiParams(state)).toMatchObject({ query: "rowing", domain: "group" });
  });

  it("shows each group's name, privacy and description, under the current Groups tab", async () => {
    const { transport } = renderWithShell(<SearchPage />, {
      path: "/search?query=rowing&domain=group",
      routes: {
        "GET /config": jsonResponse({}),
        "GET /search": (request: ApiRequest) =>
          jsonResponse(
            request.query?.["domain"] === "group"
              ? [
                  group(3, "River Rowers", "public", "Early <mark>rowing</mark> on the river."),
                  group(4, "Night Rowers", "secret", "<mark>Rowing</mark> by moonlight."),
                ]
              : [],
            200,
            { "x-app-page-result-count": "2" },
          ),
      },
    });
    const results = await screen.findByRole("region", { name: "Search results" });
    const tabs = screen.getByRole("navigation", { name: "Search domains" });
    expect(within(tabs).getByRole("link", { name: "Groups" }).getAttribute("aria-current")).toBe("page");
    expect(within(tabs).getByRole("link", { name: "Groups" }).getAttribute("href")).toBe(
      "/search?query=rowing&domain=group",
    );
    const items = within(results).getAllByRole("listitem");
    expect(items.map((item) => item.getAttribute("data-record"))).toEqual(["group:3", "group:4"]);
    const first = within(items[0]!);
    expect(first.getByRole("link", { name: "River Rowers" }).getAttribute("href")).toBe("/group/3-river-rowers");
    expect(first.getByRole("heading").textContent).toBe("River RowersPublic");
    expect(items[0]!.querySelector("mark")?.textContent).toBe("rowing");
    expect(items[0]!.textContent).toContain("Early rowing on the river.");
    // What it is and where it sits; a group has no author to show.
    const meta = items[0]!.querySelector("p:last-of-type")!;
    expect(Array.from(meta.querySelectorAll(":scope > span"), (span) => span.textContent)).toEqual(["Group", "Groups"]);
    expect(within(items[1]!).getByRole("heading").textContent).toBe("Night RowersSecret");
    // No post filters for groups.
    expect(screen.queryByRole("group", { name: "Types" })).toBeNull();
    const searches = transport.requests.filter((request) => request.path === "/search");
    expect(searches.map((request) => request.query?.["domain"])).toEqual(["group"]);
  });

  it("shows a post's author's avatar and its type, and an empty state whose next step drops the filters", async () => {
    const post: SearchResult = {
      ...group(7, "Oar care", "public", "Wax the <mark>oars</mark>."),
      recordType: "discussion",
      type: "discussion",
      groupID: null,
      url: `${origin}/discussion/7/oar-care`,
    };
    delete post.privacy;
    renderWithShell(<SearchPage />, {
      path: "/search?query=oars&domain=discussions",
      routes: {
        "GET /config": jsonResponse({}),
        "GET /categories": jsonResponse([]),
        "GET /search": jsonResponse([post], 200, { "x-app-page-result-count": "1" }),
      },
    });
    const results = await screen.findByRole("region", { name: "Search results" });
    const item = within(results).getByRole("listitem");
    // The avatar says nothing the author's name beside it doesn't; the type is said in words beside its icon.
    expect(item.querySelector("img")?.getAttribute("src")).toBe("/a.svg");
    expect(item.querySelector("img")?.getAttribute("alt")).toBe("");
    expect(item.querySelector("[data-type-icon=discussion]")?.getAttribute("aria-hidden")).toBe("true");
    expect(item.querySelector("p:last-of-type")?.textContent).toMatch(/^DiscussionLeader/);
    // One submit button: Search.
    expect(screen.getAllByRole("button").filter((button) => button.getAttribute("type") === "submit")).toHaveLength(1);
  });

  it("says when nothing matches, with the next step: the same search without its filters", async () => {
    renderWithShell(<SearchPage />, {
      path: "/search?query=oars&domain=discussions&types=comment",
      routes: {
        "GET /config": jsonResponse({}),
        "GET /categories": jsonResponse([]),
        "GET /search": jsonResponse([], 200, { "x-app-page-result-count": "0" }),
      },
    });
    await screen.findByText("No results for 'oars'.");
    expect(screen.getByRole("link", { name: "Search without filters" }).getAttribute("href")).toBe(
      "/search?query=oars&domain=discussions",
    );
  });
  describe("in a subcommunity (issue 40)", () => {
    const english = { siteSectionID: "3", name: "English", basePath: "/en", locale: "en", categoryID: 10 };
    const searchRoutes = {
      "GET /config": jsonResponse({}),
      "GET /categories": jsonResponse([]),
      "GET /search": jsonResponse([], 200, { "x-app-page-result-count": "0" }),
    };
    const searches = (requests: ApiRequest[]) => requests.filter((request) => request.path === "/search");

    it("searches the section, its addresses under its folder, and offers the whole site instead", async () => {
      const { transport } = renderWithShell(<SearchPage />, {
        path: "/en/search?query=oars",
        siteSection: english,
        routes: searchRoutes,
      });
      await screen.findByText("No results for 'oars'.");
      expect(searches(transport.requests).map((request) => request.query?.["siteSectionID"])).toEqual(["3"]);
      // The section's categories in the filter.
      expect(transport.requests.find((request) => request.path === "/categories")?.query).toMatchObject({
        siteSectionID: "3",
      });
      expect(screen.getByRole("search").getAttribute("action")).toBe("/en/search");
      const tabs = screen.getByRole("navigation", { name: "Search domains" });
      expect(within(tabs).getByRole("link", { name: "Members" }).getAttribute("href")).toBe(
        "/en/search?query=oars&domain=user",
      );
      expect(screen.getByRole("link", { name: "Browse discussions" }).getAttribute("href")).toBe("/en/discussions");
      const everywhere = screen.getByRole<HTMLInputElement>("checkbox", { name: "Search all communities" });
      expect(everywhere.checked).toBe(false);
      expect(everywhere.name).toBe("siteSectionID");
      expect(everywhere.value).toBe("0");
    });

    it("searches the whole site with siteSectionID=0, and keeps it in its addresses", async () => {
      const { transport } = renderWithShell(<SearchPage />, {
        path: "/en/search?query=oars&siteSectionID=0",
        siteSection: english,
        routes: searchRoutes,
      });
      await screen.findByText("No results for 'oars'.");
      expect(searches(transport.requests).map((request) => request.query?.["siteSectionID"])).toEqual(["0"]);
      expect(screen.getByRole<HTMLInputElement>("checkbox", { name: "Search all communities" }).checked).toBe(true);
      const tabs = screen.getByRole("navigation", { name: "Search domains" });
      expect(within(tabs).getByRole("link", { name: "Members" }).getAttribute("href")).toBe(
        "/en/search?query=oars&domain=user&siteSectionID=0",
      );
    });

    it("offers no such choice on the whole site, and asks for no section", async () => {
      const { transport } = renderWithShell(<SearchPage />, { path: "/search?query=oars", routes: searchRoutes });
      await screen.findByText("No results for 'oars'.");
      expect(searches(transport.requests)[0]?.query).not.toHaveProperty("siteSectionID");
      expect(screen.queryByRole("checkbox", { name: "Search all communities" })).toBeNull();
    });
  });
});
