import { describe, expect, it } from "vitest";
import { offeredPostTypes } from "./post-types.queries.ts";

const job = { postTypeID: "job", roleIDs: [], categoryIDs: [1, 2] };
const staffNote = { postTypeID: "staff-note", roleIDs: [4], categoryIDs: [1] };

describe("offeredPostTypes", () => {
  it("offers a type to every role when it names none, else only to its roles", () => {
    expect(offeredPostTypes([job, staffNote], { roleIDs: [8] }).map((type) => type.postTypeID)).toEqual(["job"]);
    expect(offeredPostTypes([job, staffNote], { roleIDs: [8, 4] }).map((type) => type.postTypeID)).toEqual([
      "job",
      "staff-note",
    ]);
  });

  it("offers on a category's form only the types the category takes", () => {
    expect(offeredPostTypes([job, staffNote], { roleIDs: [4] }, 2).map((type) => type.postTypeID)).toEqual(["job"]);
    expect(offeredPostTypes([job, staffNote], { roleIDs: [4] }, 3)).toEqual([]);
  });
});
