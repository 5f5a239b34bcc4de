import { describe, expect, it } from "vitest";
import { newDiscussionDraftPath } from "./draftLinks.ts";

describe("where a new discussion's draft continues", () => {
  it("keeps the group a draft was started in", () => {
    expect(newDiscussionDraftPath(7, { parentRecordType: "group", parentRecordID: 3 })).toBe(
      "/post/discussion/social-groups?groupid=3&draftID=7",
    );
  });

  it("opens the plain create-post form otherwise, or when the draft could not be read", () => {
    expect(newDiscussionDraftPath(7, { parentRecordType: "category", parentRecordID: 12 })).toBe(
      "/post/discussion?draftID=7",
    );
    expect(newDiscussionDraftPath(7, { parentRecordType: "group", parentRecordID: null })).toBe(
      "/post/discussion?draftID=7",
    );
    expect(newDiscussionDraftPath(7, null)).toBe("/post/discussion?draftID=7");
  });
});
