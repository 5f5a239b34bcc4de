import { describe, expect, it } from "vitest";
import { applicantsHref, applicantsPageOf, canManageApplicants } from "./applicants.queries.ts";

describe("the applicants page's address and access", () => {
  it("reads the page number, refusing anything but a positive integer", () => {
    expect(applicantsPageOf(new URLSearchParams(""))).toBe(1);
    expect(applicantsPageOf(new URLSearchParams("page=3"))).toBe(3);
    for (const bad of ["0", "-1", "2.5", "abc", "", "01"])
      expect(applicantsPageOf(new URLSearchParams({ page: bad }))).toBeNull();
  });

  it("keeps the first page's address without ?page", () => {
    expect(applicantsHref(1)).toBe("/dashboard/users/applicants");
    expect(applicantsHref(2)).toBe("/dashboard/users/applicants?page=2");
  });

  it("opens to administrators and holders of applicants.manage, never to guests", () => {
    expect(canManageApplicants({ userID: 2, isAdmin: false, permissions: ["applicants.manage"] })).toBe(true);
    expect(canManageApplicants({ userID: 1, isAdmin: true, permissions: [] })).toBe(true);
    expect(canManageApplicants({ userID: 3, isAdmin: false, permissions: ["community.moderate"] })).toBe(false);
    expect(canManageApplicants({ userID: 0, isAdmin: false, permissions: ["applicants.manage"] })).toBe(false);
  });
});
