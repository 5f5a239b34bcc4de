import { describe, expect, it } from "vitest";
import { canManageMembers, memberFilters, membersHref } from "./members.queries.ts";
import { banEnd } from "./members.bans.ts";

const filtersOf = (query: string) => memberFilters(new URLSearchParams(query));

describe("the members list's address", () => {
  it("reads the filters, newest first by default, and refuses a sort that is none of the list's", () => {
    expect(filtersOf("")).toEqual({ query: "", roleID: null, banned: "", sort: "dateInserted", desc: true });
    expect(filtersOf("query=%20ro%20&roleID=8&banned=yes&sort=-countPosts")).toEqual({
      query: "ro",
      roleID: 8,
      banned: "yes",
      sort: "countPosts",
      desc: true,
    });
    expect(filtersOf("roleID=x&banned=maybe&sort=name")).toMatchObject({ roleID: null, banned: "", desc: false });
    expect(filtersOf("sort=points")).toBeNull();
    expect(filtersOf("sort=-email")).toBeNull();
  });

  it("writes them back, leaving out the defaults, so every page and sort has one address", () => {
    expect(membersHref(1)).toBe("/dashboard/users");
    expect(membersHref(1, filtersOf("")!)).toBe("/dashboard/users");
    const filters = filtersOf("query=ro&roleID=8&banned=no&sort=dateLastActive")!;
    expect(membersHref(3, filters)).toBe("/dashboard/users?query=ro&roleID=8&banned=no&sort=dateLastActive&page=3");
    expect(memberFilters(new URL(membersHref(3, filters), "http://x").searchParams)).toEqual(filters);
  });

  it("is for users.edit (or an administrator), never a guest", () => {
    expect(canManageMembers({ userID: 5, isAdmin: false, permissions: ["users.edit"] })).toBe(true);
    expect(canManageMembers({ userID: 5, isAdmin: false, permissions: ["community.moderate"] })).toBe(false);
    expect(canManageMembers({ userID: 5, isAdmin: true, permissions: [] })).toBe(true);
    expect(canManageMembers({ userID: 0, isAdmin: true, permissions: [] })).toBe(false);
  });
});

describe("a ban's duration", () => {
  it("ends that long after now, or never; anything else is not a choice", () => {
    const now = Date.UTC(2026, 10, 29, 12, 0, 0);
    expect(banEnd("", now)).toBeNull();
    expect(banEnd("1d", now)).toBe("2026-11-30T12:00:00.000Z");
    expect(banEnd("1w", now)).toBe("2026-12-06T12:00:00.000Z");
    expect(banEnd("1m", now)).toBe("2026-12-29T12:00:00.000Z");
    expect(banEnd("forever", now)).toBeUndefined();
  });
});
