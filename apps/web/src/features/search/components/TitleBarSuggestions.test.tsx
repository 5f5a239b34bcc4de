import { useRef } from "react";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { SearchResult } from "@parley/contracts";
import type { ApiRequest } from "../../../lib/api.ts";
import { renderWithShell } from "../../../shell/testing.tsx";
import { jsonResponse } from "../../../test/fixtures.ts";
import { splitSuggestionLimit } from "../search.queries.ts";
import { TitleBarSuggestions } from "./TitleBarSuggestions.tsx";

afterEach(cleanup);

const result = (
  recordType: SearchResult["recordType"],
  recordID: number,
  name: string,
  path: string,
): SearchResult => ({
  recordID,
  recordType,
  type: recordType,
  name,
  url: `${window.location.origin}${path}`,
  insertUserID: null,
  dateInserted: "2025-01-01T00:00:00+00:00",
  dateUpdated: null,
  score: 1,
  labelCodes: [],
  isForeign: false,
  breadcrumbs: [{ name: "Home", url: "/" }],
});

const byDomain: Record<string, SearchResult[]> = {
  discussions: [result("discussion", 1, "Quokka habits", "/discussion/1/quokka-habits")],
  knowledgeBase: [],
  user: [result("user", 5, "Quokka Quill", "/profile/Quokka%20Quill")],
  category: [],
  group: [result("group", 9, "Quokka Keepers", "/group/9-quokka-keepers")],
};

function Harness() {
  const ref = useRef<HTMLInputElement>(null);
  return (
    <>
      <input ref={ref} aria-label="Search" />
      <TitleBarSuggestions inputRef={ref} />
    </>
  );
}

describe("TitleBarSuggestions", () => {
  it("splits 10 across the sources", () => {
    expect(splitSuggestionLimit(10, 5)).toEqual([2, 2, 2, 2, 2]);
    expect(splitSuggestionLimit(10, 4)).toEqual([3, 3, 2, 2]);
    expect(splitSuggestionLimit(10, 3)).toEqual([4, 3, 3]);
    expect(splitSuggestionLimit(10, 2)).toEqual([5, 5]);
  });

  it("asks every source with its share and groups the answers under headings; a choice opens its address", async () => {
    const { transport, router } = renderWithShell(<Harness />, {
      routes: {
        "GET /search": (request: ApiRequest) => jsonResponse(byDomain[String(request.query?.["domain"])] ?? []),
      },
    });
    const input = screen.getByLabelText("Search");
    fireEvent.input(input, { target: { value: "quok" } });
    const list = await screen.findByRole("listbox", { name: "Search suggestions" });
    // Three suggestions and the last row, "See all results".
    await waitFor(() => expect(within(list).getAllByRole("option")).toHaveLength(4));
    const searches = transport.requests.filter((request) => request.path === "/search");
    expect(searches.map((request) => [request.query?.["domain"], request.query?.["limit"]])).toEqual([
      ["discussions", 2],
      ["knowledgeBase", 2],
      ["user", 2],
      ["category", 2],
      ["group", 2],
    ]);
    expect(searches.every((request) => request.query?.["matchMode"] === "prefix")).toBe(true);
    expect(searches.every((request) => request.query?.["collapse"] === true)).toBe(true);
    // One group per source that found something, named by its heading; the empty ones are left out.
    const groups = within(list).getAllByRole("group");
    expect(groups.map((group) => group.getAttribute("aria-labelledby") && group.textContent)).toEqual([
      "DiscussionsQuokka habits",
      "MembersQuokka Quill",
      "GroupsQuokka Keepers",
    ]);
    expect(within(list).getByRole("group", { name: "Members" })).toBeTruthy();
    // The arrows move through every group; Enter opens the member's profile.
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    const member = within(list).getByRole("option", { name: /Quokka Quill/ });
    expect(member.getAttribute("aria-selected")).toBe("true");
    expect(input.getAttribute("aria-activedescendant")).toBe(member.id);
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile/Quokka%20Quill"));
  });

  it("ends with a row that opens the search page for the text typed", async () => {
    const { router } = renderWithShell(<Harness />, {
      routes: {
        "GET /search": (request: ApiRequest) => jsonResponse(byDomain[String(request.query?.["domain"])] ?? []),
      },
    });
    const input = screen.getByLabelText("Search");
    fireEvent.input(input, { target: { value: "quok & co" } });
    const list = await screen.findByRole("listbox", { name: "Search suggestions" });
    const seeAll = within(list).getByRole("option", { name: "See all results for “quok & co”" });
    expect(within(list).getAllByRole("option").at(-1)).toBe(seeAll);
    // From the field, up goes round to the last row; Enter opens the search page.
    fireEvent.keyDown(input, { key: "ArrowUp" });
    expect(input.getAttribute("aria-activedescendant")).toBe(seeAll.id);
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(router.state.location.search).toBe("?search=quok%20%26%20co"));
    expect(router.state.location.pathname).toBe("/search");
  });

  it("suggests nothing, and asks nothing, for an empty field", async () => {
    const { transport } = renderWithShell(<Harness />, { routes: { "GET /search": jsonResponse([]) } });
    fireEvent.input(screen.getByLabelText("Search"), { target: { value: "   " } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(transport.requests.filter((request) => request.path === "/search")).toEqual([]);
    expect(screen.queryByRole("listbox")).toBeNull();
  });
  it("in a subcommunity: asks for its section's suggestions; a choice opens its address under the folder", async () => {
    const english = { siteSectionID: "3", name: "English", basePath: "/en", locale: "en", categoryID: 10 };
    const { transport, router } = renderWithShell(<Harness />, {
      path: "/en/discussions",
      siteSection: english,
      routes: {
        "GET /search": (request: ApiRequest) => jsonResponse(byDomain[String(request.query?.["domain"])] ?? []),
      },
    });
    fireEvent.input(screen.getByLabelText("Search"), { target: { value: "quok" } });
    const list = await screen.findByRole("listbox", { name: "Search suggestions" });
    await waitFor(() => expect(within(list).getAllByRole("option")).toHaveLength(4));
    const searches = transport.requests.filter((request) => request.path === "/search");
    expect(searches.map((request) => request.query?.["siteSectionID"])).toEqual(["3", "3", "3", "3", "3"]);
    fireEvent.click(within(list).getByRole("option", { name: "Quokka habits" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/discussion/1/quokka-habits"));
  });
});
