import { describe, expect, it } from "vitest";
import { permissionNames } from "@parley/contracts/permissions-constants";
import {
  areaOf,
  fragmentsFromForm,
  grantKeys,
  keysOfFragments,
  permissionAreas,
  permissionLabel,
} from "./roles.matrix.ts";

const formOf = (entries: Array<[string, string]>) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
};

describe("the role page's permission matrix", () => {
  it("offers every name but system.only once, grouped by its prefix, each with a label", () => {
    const areas = permissionAreas();
    const offered = areas.flatMap((area) => area.names);
    expect(offered).toHaveLength(permissionNames.length - 1);
    expect(new Set(offered).size).toBe(offered.length);
    expect(offered).not.toContain("system.only");
    expect(areas.map((area) => area.id)).toEqual([
      "site",
      "users",
      "community",
      "discussions",
      "comments",
      "posts",
      "reactions",
      "conversations",
      "email",
      "knowledge",
    ]);
    expect([areaOf("site.manage"), areaOf("users.edit"), areaOf("community.moderate"), areaOf("tags.add")]).toEqual([
      "site",
      "users",
      "community",
      "community",
    ]);
    expect([areaOf("comments.email"), areaOf("comments.add"), areaOf("reactions.flag.add"), areaOf("kb.view")]).toEqual(
      ["email", "comments", "reactions", "knowledge"],
    );
    expect(offered.every((name) => permissionLabel(name).length > 0)).toBe(true);
  });

  it("reads the ticked boxes into one global fragment and one per shown category, kept names included", () => {
    const fragments = fragmentsFromForm(
      formOf([
        ["global", "session.valid"],
        ["global", "tags.add"],
        ["keep", "system.only"],
        ["categoryID", "7"],
        ["categoryID", "9"],
        ["categoryID", "nope"],
        ["category-7", "discussions.view"],
      ]),
    );
    expect(fragments).toEqual([
      { type: "global", id: null, permissions: { "session.valid": true, "tags.add": true, "system.only": true } },
      { type: "category", id: 7, permissions: { "discussions.view": true } },
      // Shown with nothing ticked: its grants are all taken away.
      { type: "category", id: 9, permissions: {} },
    ]);
    expect(keysOfFragments(fragments)).toEqual([
      "global:session.valid",
      "global:tags.add",
      "global:system.only",
      "category:7:discussions.view",
    ]);
  });

  it("ticks only what the role's fragments grant", () => {
    const keys = grantKeys([
      { type: "global", id: null, permissions: { "tags.add": true, "discussions.moderate": null, "flag.add": false } },
      { type: "category", id: 3, permissions: { "comments.add": true } },
    ]);
    expect([...keys]).toEqual(["global:tags.add", "category:3:comments.add"]);
  });
});
