import { describe, expect, it } from "vitest";
import { groupPaths } from "@parley/contracts/groups-constants";
import {
  groupDiscussionCrumbs,
  groupListHref,
  groupPath,
  groupRedirect,
  pagedHref,
  readGroupListState,
  readGroupSegment,
  readID,
  readPage,
} from "./groups.urls.ts";
import { loadNewDiscussionPage } from "../discussions/index.ts";

describe("the groups' addresses", () => {
  it("reads /groups' page, sort and filter, falling back to the defaults; a bad page is none", () => {
    expect(readGroupListState(new URLSearchParams(""))).toEqual({ page: 1, sort: "name", filter: "all" });
    expect(readGroupListState(new URLSearchParams("page=3&sort=-countMembers&filter=mine"))).toEqual({
      page: 3,
      sort: "-countMembers",
      filter: "mine",
    });
    expect(readGroupListState(new URLSearchParams("sort=nonsense&filter=x"))).toEqual({
      page: 1,
      sort: "name",
      filter: "all",
    });
    expect(readGroupListState(new URLSearchParams("page=0"))).toBeNull();
    expect(readGroupListState(new URLSearchParams("page=two"))).toBeNull();
    expect(readPage(null)).toBe(1);
    expect(readPage("12")).toBe(12);
  });

  it("writes one URL per list page, leaving the defaults out", () => {
    expect(groupListHref({ page: 1, sort: "name", filter: "all" })).toBe("/groups");
    expect(groupListHref({ page: 2, sort: "name", filter: "all" })).toBe("/groups?page=2");
    expect(groupListHref({ page: 2, sort: "-dateLastComment", filter: "mine" })).toBe(
      "/groups?filter=mine&sort=-dateLastComment&page=2",
    );
    for (const state of [
      { page: 4, sort: "-dateInserted", filter: "mine" },
      { page: 1, sort: "-countMembers", filter: "all" },
    ] as const)
      expect(readGroupListState(new URL(groupListHref(state), "http://x").searchParams)).toEqual(state);
  });

  it("reads a group's {id}-{slug} segment and an id", () => {
    expect(readGroupSegment("12-book-club")).toEqual({ id: 12, slug: "book-club" });
    expect(readGroupSegment("12")).toEqual({ id: 12, slug: "" });
    expect(readGroupSegment("0-x")).toBeNull();
    expect(readGroupSegment("add")).toBeNull();
    expect(readID("7")).toBe(7);
    expect(readID("7-x")).toBeNull();
  });

  it("links a group by its URL's path, else by its id and slug", () => {
    expect(groupPath({ groupID: 3, slug: "x", url: "http://forum.test/group/3-book-club" })).toBe("/group/3-book-club");
    expect(groupPath({ groupID: 3, slug: "book-club" })).toBe("/group/3-book-club");
    // lib/group-record.ts writes the addresses itself (kept light for the reading pages): they must agree.
    expect(groupPath({ groupID: 3, slug: "book-club" })).toBe(groupPaths.group(3, "book-club"));
    expect(pagedHref("/group/3-book-club", 1)).toBe("/group/3-book-club");
    expect(pagedHref("/group/3-book-club", 2)).toBe("/group/3-book-club?page=2");
  });

  it("redirects a wrong or missing slug to the canonical path, keeping the query; never a canonical one", () => {
    const canonical = "/group/3-book-club";
    expect(groupRedirect(new URL("http://x/group/3-old-name?page=2"), canonical)).toBe("/group/3-book-club?page=2");
    expect(groupRedirect(new URL("http://x/group/3"), canonical)).toBe("/group/3-book-club");
    expect(groupRedirect(new URL("http://x/group/3/members"), canonical, "/members")).toBe(
      "/group/3-book-club/members",
    );
    expect(groupRedirect(new URL("http://x/group/3-book-club"), canonical)).toBeNull();
    expect(groupRedirect(new URL("http://x/group/3-caf%C3%A9"), "/group/3-café")).toBeNull();
  });

  it("gives a group discussion the trail Home › Groups › the group", () => {
    const crumbs = [
      { name: "Home", url: "http://forum.test/" },
      { name: "Social Groups", url: "http://forum.test/categories/social-groups" },
      { name: "Book Club", url: "http://forum.test/categories/group-3" },
    ];
    const group = { groupID: 3, slug: "book-club", name: "Book Club", url: "http://forum.test/group/3-book-club" };
    expect(groupDiscussionCrumbs(crumbs, group, "Groups")).toEqual([
      { name: "Home", url: "/" },
      { name: "Groups", url: groupPaths.list },
      { name: "Book Club", url: "/group/3-book-club" },
    ]);
    // Without the group: the API's crumbs, as paths.
    expect(groupDiscussionCrumbs(crumbs.slice(0, 2), null, "Groups")).toEqual([
      { name: "Home", url: "/" },
      { name: "Social Groups", url: "/categories/social-groups" },
    ]);
  });
});

describe("the create-post page's group parent", () => {
  it("reads /post/discussion/social-groups?groupid={id} only", async () => {
    const { readParentGroupID } = await loadNewDiscussionPage();
    expect(readParentGroupID({ pathname: "/post/discussion/social-groups", search: "?groupid=3" })).toBe(3);
    expect(readParentGroupID({ pathname: "/post/discussion/social-groups", search: "?groupid=x" })).toBeNull();
    expect(readParentGroupID({ pathname: "/post/discussion/5", search: "?groupid=3" })).toBeNull();
    expect(readParentGroupID({ pathname: "/post/discussion/social-groups", search: "" })).toBeNull();
  });
});
