import { describe, expect, it } from "vitest";
import { closeDisabledReason, deleteDisabledReason, mergeDisabledReason, moveDisabledReason } from "./bulk.rules.ts";
import type { SelectedDiscussion } from "./bulk.store.ts";

const all = { "discussions.move": true, "discussions.close": true, "discussions.delete": true };
const pick = (discussionID: number, name: string, permissions: Record<string, boolean>, closed = false) =>
  ({ discussionID, name, closed, categoryID: 1, permissions }) satisfies SelectedDiscussion;

describe("bulk actions' disabled rules (spec §5)", () => {
  const ok = pick(1, "Allowed", all);
  const noEdit = pick(2, "Not editable", { ...all, "discussions.move": false });
  const noClose = pick(3, "Not closable", { ...all, "discussions.close": false });
  const noDelete = pick(4, "Not deletable", { ...all, "discussions.delete": false });

  it("move needs the edit permission on every selected discussion, naming the others", () => {
    expect(moveDisabledReason([ok])).toBeNull();
    expect(moveDisabledReason([ok, noEdit])).toEqual({
      message: "You don’t have the edit permission on the following discussions:",
      names: ["Not editable"],
    });
  });

  it("merge needs at least 2, then the edit permission", () => {
    expect(mergeDisabledReason([ok])).toEqual({
      message: "You must select at least 2 discussions to merge.",
      names: [],
    });
    expect(mergeDisabledReason([ok, pick(5, "Also", all)])).toBeNull();
    expect(mergeDisabledReason([ok, noEdit])?.names).toEqual(["Not editable"]);
  });

  it("close: not when all are closed already; else the close permission on each", () => {
    expect(closeDisabledReason([pick(6, "A", all, true), pick(7, "B", all, true)])).toEqual({
      message: "Selected discussions are already closed.",
      names: [],
    });
    expect(closeDisabledReason([pick(6, "A", all, true), ok])).toBeNull();
    expect(closeDisabledReason([ok, noClose])).toEqual({
      message: "You don't have the close permission on the following discussions:",
      names: ["Not closable"],
    });
  });

  it("delete needs the delete permission on each", () => {
    expect(deleteDisabledReason([ok, noEdit])).toBeNull();
    expect(deleteDisabledReason([noDelete, ok])).toEqual({
      message: "You don’t have the delete permission on the following discussions:",
      names: ["Not deletable"],
    });
  });
});
