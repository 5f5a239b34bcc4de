import { describe, expect, it } from "vitest";
import { readMessageForm } from "./warnings.dashboard.ts";
import { canSeeWarnings, canWarnMembers } from "./warnings.manage.queries.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("the moderation message form", () => {
  it("reads a category message with its boxes, and a site-wide one without a category", () => {
    const scoped = readMessageForm(
      form({
        intent: "create",
        body: "Hello **all**",
        format: "markdown",
        type: "alert",
        viewLocation: "panel",
        categoryID: "7",
        includeDescendants: "1",
        isEnabled: "1",
        sort: "3",
      }),
    );
    expect(scoped.errors).toEqual({});
    expect(scoped.message).toEqual({
      body: "Hello **all**",
      format: "markdown",
      type: "alert",
      viewLocation: "panel",
      recordType: "category",
      recordID: 7,
      includeDescendants: true,
      isEnabled: true,
      isDismissible: false,
      sort: 3,
    });
    const site = readMessageForm(form({ body: "Hi", format: "nonsense", type: "loud", categoryID: "", sort: "x" }));
    expect(site.message).toMatchObject({ format: "markdown", type: "info", recordType: null, recordID: null, sort: 0 });
  });

  it("refuses an empty message before calling the API, keeping what was typed", () => {
    const refused = readMessageForm(form({ body: "   ", type: "warning" }));
    expect(Object.keys(refused.errors)).toEqual(["body"]);
    expect(refused.values["type"]).toBe("warning");
  });
});

describe("who sees and gives warnings", () => {
  const member = { userID: 5, isAdmin: false, permissions: ["session.valid"] };
  const moderator = { userID: 9, isAdmin: false, permissions: ["session.valid", "community.moderate"] };
  it("shows a member their own warnings, a moderator anyone's, and nobody else's", () => {
    expect(canSeeWarnings(member, 5)).toBe(true);
    expect(canSeeWarnings(member, 6)).toBe(false);
    expect(canSeeWarnings({ userID: 0, isAdmin: false, permissions: [] }, 0)).toBe(false);
    expect(canSeeWarnings(moderator, 5)).toBe(true);
    expect(canWarnMembers(member)).toBe(false);
    expect(canWarnMembers(moderator)).toBe(true);
  });
});
