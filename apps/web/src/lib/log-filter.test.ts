import { describe, expect, it } from "vitest";
import { logFilterPath, readLogFilter } from "./log-filter.ts";

const read = (search: string) => readLogFilter(new URLSearchParams(search));

describe("/log/filter addresses (spec §2)", () => {
  it("reads the revision history and deleted comments addresses, with their page", () => {
    expect(read("recordType=discussion&recordID=7")).toEqual({ kind: "revisions", discussionID: 7, page: 1 });
    expect(read("parentRecordID=7&recordType=comment&operation=delete&page=3")).toEqual({
      kind: "deletedComments",
      discussionID: 7,
      page: 3,
    });
  });

  it("refuses anything else (the page is then a 404)", () => {
    for (const search of [
      "",
      "recordType=discussion",
      "recordType=discussion&recordID=0",
      "recordType=discussion&recordID=x",
      "recordType=comment&parentRecordID=7",
      "recordType=user&recordID=7",
      "recordType=discussion&recordID=7&page=0",
    ])
      expect(read(search)).toBeNull();
  });

  it("writes the canonical address back: page 1 without a page, later pages with one", () => {
    for (const search of ["recordType=discussion&recordID=7", "parentRecordID=7&recordType=comment&operation=delete"]) {
      const filter = read(search)!;
      expect(logFilterPath(filter)).toBe(`/log/filter?${search}`);
      expect(logFilterPath(filter, 2)).toBe(`/log/filter?${search}&page=2`);
    }
  });
});
