import { describe, expect, it } from "vitest";
import { canReadDiscussions, excerpt, viewerAction, type GroupViewerAction } from "./groups.viewer.ts";
import { makeGroup } from "./groups.testing.ts";

const none = { view: false, post: false, join: false, apply: false, leave: false, edit: false };

describe("the action a group's page offers its viewer", () => {
  const cases: Array<[string, Parameters<typeof makeGroup>[0], boolean, GroupViewerAction]> = [
    ["a guest, public group", { permissions: { ...none, view: true } }, false, "signIn"],
    ["a guest, private group", { privacy: "private", permissions: none }, false, "signIn"],
    ["a guest, secret group", { privacy: "secret", permissions: none }, false, "none"],
    ["a member who may join", { permissions: { ...none, join: true } }, true, "join"],
    ["a member who may apply", { privacy: "private", permissions: { ...none, apply: true } }, true, "apply"],
    [
      "a pending application (apply no longer allowed)",
      { privacy: "private", viewer: { role: null, dateJoined: null, application: "pending", invited: false } },
      true,
      "pending",
    ],
    [
      "an invitation waits (even though join is allowed)",
      {
        privacy: "secret",
        viewer: { role: null, dateJoined: null, application: null, invited: true },
        permissions: { ...none, join: true },
      },
      true,
      "invited",
    ],
    [
      "a member of the group",
      {
        viewer: { role: "member", dateJoined: "2026-01-02T00:00:00+00:00", application: null, invited: false },
        permissions: { ...none, leave: true },
      },
      true,
      "leave",
    ],
    [
      "a leader",
      {
        viewer: { role: "leader", dateJoined: "2026-01-02T00:00:00+00:00", application: null, invited: false },
        permissions: { ...none, leave: true, edit: true },
      },
      true,
      "leave",
    ],
    [
      "a denied application, no right to apply again",
      {
        privacy: "private",
        viewer: { role: null, dateJoined: null, application: "denied", invited: false },
        permissions: none,
      },
      true,
      "none",
    ],
  ];
  it.each(cases)("%s", (_name, overrides, signedIn, expected) => {
    expect(viewerAction(makeGroup(overrides), signedIn)).toBe(expected);
  });
});

describe("who reads a group's discussions", () => {
  it("follows the record's view permission when it has one", () => {
    expect(canReadDiscussions(makeGroup({ privacy: "private", permissions: { view: false } }))).toBe(false);
    expect(canReadDiscussions(makeGroup({ privacy: "private", permissions: { view: true } }))).toBe(true);
  });

  it("without it: public groups, members, and those who may edit", () => {
    expect(canReadDiscussions(makeGroup({ privacy: "public", permissions: {} }))).toBe(true);
    expect(canReadDiscussions(makeGroup({ privacy: "private", permissions: {} }))).toBe(false);
    expect(
      canReadDiscussions(
        makeGroup({
          privacy: "private",
          permissions: {},
          viewer: { role: "member", dateJoined: null, application: null, invited: false },
        }),
      ),
    ).toBe(true);
    expect(canReadDiscussions(makeGroup({ privacy: "secret", permissions: { edit: true } }))).toBe(true);
  });
});

describe("a card's description excerpt", () => {
  it("keeps short text, and cuts long text at a word with an ellipsis", () => {
    expect(excerpt("  A   small\ngroup. ")).toBe("A small group.");
    expect(excerpt("one two three four five six", 14)).toBe("one two three…");
    expect(excerpt("abcdefghijklmnopqrstuvwxyz", 10)).toBe("abcdefghij…");
  });
});
