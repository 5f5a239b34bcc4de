import { describe, expect, it } from "vitest";
import { lookupForUrl, titleBarLookup } from "./layouts.lookup.ts";

const english = { siteSectionID: "3", basePath: "/en" };
const at = (path: string) => new URL(`http://forum.example${path}`);

describe("layout lookups in a subcommunity (issue 40)", () => {
  it("ask for the section's home, lists and title bar, its folder left out of the paths", () => {
    expect(lookupForUrl(at("/en"), english)).toEqual({
      layoutViewType: "subcommunityHome",
      recordType: "siteSection",
      recordID: "3",
    });
    expect(lookupForUrl(at("/en/"), english)).toMatchObject({ layoutViewType: "subcommunityHome", recordID: "3" });
    expect(lookupForUrl(at("/en/discussions?sort=-dateInserted&page=2"), english)).toEqual({
      layoutViewType: "discussionList",
      recordType: "siteSection",
      recordID: "3",
      params: { page: 2, sort: "-dateInserted" },
    });
    expect(lookupForUrl(at("/en/discussions/bookmarked"), english)).toMatchObject({
      layoutViewType: "discussionList",
      recordID: "3",
      params: { list: "bookmarked" },
    });
    expect(lookupForUrl(at("/en/discussions/tagged/roses"), english)).toMatchObject({
      recordID: "3",
      params: { tag: "roses" },
    });
    expect(lookupForUrl(at("/en/categories"), english)).toEqual({
      layoutViewType: "categoryList",
      recordType: "siteSection",
      recordID: "3",
    });
    expect(titleBarLookup(english)).toEqual({
      layoutViewType: "subcommunityHome",
      recordType: "siteSection",
      recordID: "3",
    });
  });

  it("ask for a record's page as on the whole site", () => {
    expect(lookupForUrl(at("/en/categories/roses/p2"), english)).toEqual({
      layoutViewType: "categoryList",
      recordType: "category",
      recordID: "roses",
      params: { page: 2 },
    });
    expect(lookupForUrl(at("/en/discussion/12/a-title"), english)).toMatchObject({
      layoutViewType: "post",
      recordType: "discussion",
      recordID: "12",
    });
    expect(lookupForUrl(at("/en/discussion/abc"), english)).toBeNull();
    expect(lookupForUrl(at("/en/profile/ada"), english)).toBeNull();
  });

  it("leave the whole site's lookups as they were", () => {
    expect(lookupForUrl(at("/"))).toEqual({ layoutViewType: "home", recordType: "siteSection", recordID: "0" });
    expect(lookupForUrl(at("/discussions"))).toMatchObject({ layoutViewType: "discussionList", recordID: "0" });
    expect(lookupForUrl(at("/categories"), null)).toMatchObject({ layoutViewType: "categoryList", recordID: "0" });
    expect(titleBarLookup()).toEqual({ layoutViewType: "home", recordType: "siteSection", recordID: "0" });
    // Without a section, a folder-like path is just a path.
    expect(lookupForUrl(at("/en/discussions"))).toBeNull();
  });
});
