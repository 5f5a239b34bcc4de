import { describe, expect, it } from "vitest";
import { formatSearchRange } from "@parley/contracts/search-constants";
import {
  searchResultHref,
  activeFilterCount,
  countedOf,
  readSearchPage,
  resultCount,
  searchApiParams,
  searchPageHref,
  searchPageLimit,
  withoutFilters,
} from "./search.params.ts";

describe("search page parameters (spec §2)", () => {
  it("reads query when the new search page is on, else search", () => {
    const params = new URLSearchParams("query=new&search=old");
    expect(readSearchPage(params, true).query).toBe("new");
    expect(readSearchPage(params, false).query).toBe("old");
    expect(readSearchPage(new URLSearchParams("search=only"), true).query).toBe("only");
  });

  it("drops parameters that belong to another domain", () => {
    const state = readSearchPage(new URLSearchParams("query=a&domain=user&types=comment&authors=Bob&categoryIDs=3"));
    expect(state.dropped.sort()).toEqual(["authors", "categoryIDs", "types"]);
    expect(state.types).toEqual([]);
    expect(searchApiParams(state)).toEqual({
      query: "a",
      domain: "user",
      page: 1,
      limit: searchPageLimit,
      expand: ["insertUser", "breadcrumbs"],
    });
    const discussions = readSearchPage(new URLSearchParams("query=a&domain=discussions&types=comment&authors=Bob,Al"));
    expect(discussions.dropped).toEqual([]);
    expect(searchApiParams(discussions)).toMatchObject({ types: ["comment"], authors: ["Bob", "Al"] });
  });

  it("reads the category picker's parameters for posts only, and keeps them in addresses", () => {
    const params =
      "query=a&categoryIDs=7&includeChildCategories=true&includeArchivedCategories=true&followedCategories=true";
    const state = readSearchPage(new URLSearchParams(params));
    expect(searchApiParams(state)).toMatchObject({
      categoryIDs: [7],
      includeChildCategories: true,
      includeArchivedCategories: true,
      followedCategories: true,
    });
    expect(searchPageHref(state)).toBe(
      "/search?query=a&categoryIDs=7&includeChildCategories=true&includeArchivedCategories=true&followedCategories=true",
    );
    // The Members tab drops them (spec §2).
    expect(searchPageHref(state, { domain: "user" })).toBe("/search?query=a&domain=user");
    const members = readSearchPage(new URLSearchParams(`${params}&domain=user`));
    expect(members.dropped.sort()).toEqual(
      ["categoryIDs", "followedCategories", "includeArchivedCategories", "includeChildCategories"].sort(),
    );
    expect(members.followedCategories).toBe(false);
    // An empty picker (all categories) sends nothing; several chosen come as repeated values or a list.
    expect(readSearchPage(new URLSearchParams("query=a&categoryIDs=")).categoryIDs).toEqual([]);
    const several = readSearchPage(new URLSearchParams("query=a&categoryIDs=3&categoryIDs=7,9"));
    expect(several.categoryIDs).toEqual([3, 7, 9]);
    expect(searchPageHref(several, {})).toBe("/search?query=a&categoryIDs=3%2C7%2C9");
  });

  it("formats ranges: equal ends, both, start only, end only, thousands commas stripped", () => {
    expect(formatSearchRange("2024-01-01", "2024-01-01")).toBe("2024-01-01");
    expect(formatSearchRange("2024-01-01", "2024-02-01")).toBe("[2024-01-01,2024-02-01]");
    expect(formatSearchRange("2024-01-01", "")).toBe(">=2024-01-01");
    expect(formatSearchRange(null, "2024-02-01")).toBe("<=2024-02-01");
    expect(formatSearchRange("1,000", "25,000")).toBe("[1000,25000]");
    expect(formatSearchRange("", "")).toBeUndefined();
    const state = readSearchPage(new URLSearchParams("query=x&startDate=2024-01-01&endDate=2024-02-01"));
    expect(searchApiParams(state)["dateInserted"]).toBe("[2024-01-01,2024-02-01]");
  });

  it("builds addresses that keep the filters and leave defaults out", () => {
    const state = readSearchPage(new URLSearchParams("query=a b&types=discussion&sort=-dateInserted"));
    expect(searchPageHref(state, { page: 2 })).toBe("/search?query=a+b&sort=-dateInserted&types=discussion&page=2");
    expect(searchPageHref(state, { domain: "user", page: 1 })).toBe("/search?query=a+b&domain=user&sort=-dateInserted");
  });
});

describe("the search page's count of results", () => {
  it("counts exactly below the page's bound and says there may be more at it", () => {
    expect(resultCount(0, false)).toBe("0 results");
    expect(resultCount(1, false)).toBe("1 result");
    expect(resultCount(999, false)).toBe("999 results");
    expect(resultCount(100, true)).toBe("100+ results");
    expect(resultCount(1_000, true)).toBe("1k+ results");
    // The API counts to the next hundred past the page (ten results a page).
    expect(searchPageLimit).toBe(10);
    expect(countedOf(99, 1)).toEqual({ floor: false, morePages: false });
    expect(countedOf(100, 1)).toEqual({ floor: true, morePages: true });
    expect(countedOf(100, 10)).toEqual({ floor: false, morePages: false });
    expect(countedOf(200, 10)).toEqual({ floor: true, morePages: true });
    // At the search's reach there is no page further.
    expect(countedOf(1_000, 91)).toEqual({ floor: true, morePages: false });
  });

  it("counts the active filters (the categories as one) and drops them all for the empty state's next step", () => {
    const state = readSearchPage(
      new URLSearchParams("query=rust&categoryIDs=3,4&types=discussion&sort=-dateInserted&domain=discussions"),
    );
    expect(activeFilterCount(state)).toBe(3);
    expect(activeFilterCount(readSearchPage(new URLSearchParams("query=rust")))).toBe(0);
    expect(withoutFilters(state)).toBe("/search?query=rust&domain=discussions");
  });
});

describe("a search result's link in a subcommunity (issue 40)", () => {
  const section = { siteSectionID: "2", name: "Help Desk", basePath: "/help-desk", locale: "", categoryID: 9 };
  const post = { url: "https://forum.test/discussion/5/installer-hangs#Comment_7", recordType: "comment" };
  const member = { url: "https://forum.test/profile/7/ann", recordType: "user" };

  it("keeps a post or category the section's search found in the section", () => {
    expect(searchResultHref(post, section, { allSections: false })).toBe(
      "/help-desk/discussion/5/installer-hangs#Comment_7",
    );
    expect(
      searchResultHref({ url: "https://forum.test/categories/install", recordType: "category" }, section, {
        allSections: false,
      }),
    ).toBe("/help-desk/categories/install");
  });

  it("leads to the canonical address for the whole site's search, 'all communities' and members", () => {
    expect(searchResultHref(post, null, { allSections: false })).toBe("/discussion/5/installer-hangs#Comment_7");
    expect(searchResultHref(post, section, { allSections: true })).toBe("/discussion/5/installer-hangs#Comment_7");
    expect(searchResultHref(member, section, { allSections: false })).toBe("/profile/7/ann");
  });
});
