import { describe, expect, it } from "vitest";
import { readReportsSearch, reportReasonID, reportsHref, reportsLink } from "./reports.urls.ts";

const read = (search: string) => readReportsSearch(new URLSearchParams(search));

describe("the report queue's addresses", () => {
  it("reads new reports by default, `none` as every status, a post's reports, and the page", () => {
    expect(read("")).toEqual({ statuses: ["new"], page: 1, limit: 30 });
    expect(read("statuses=none&recordType=comment&recordID=5&page=2")).toEqual({
      statuses: [],
      recordType: "comment",
      recordID: 5,
      page: 2,
      limit: 30,
    });
    expect(read("statuses=dismissed,escalated")?.statuses).toEqual(["dismissed", "escalated"]);
    // A private message's reports.
    expect(read("statuses=none&recordType=message&recordID=44")).toMatchObject({ recordType: "message", recordID: 44 });
  });

  it("refuses what is not a status, a record or a page (the page answers 404)", () => {
    for (const search of ["statuses=open", "page=0", "page=x", "recordType=user&recordID=1", "recordType=comment"])
      expect(read(search), search).toBeNull();
  });

  it("writes the same filters back, leaving out the defaults", () => {
    const params = read(reportsLink("discussion", 7).split("?")[1]!)!;
    expect(reportsHref(params)).toBe("/dashboard/content/reports?statuses=none&recordType=discussion&recordID=7");
    expect(reportsHref(params, { page: 3 })).toContain("page=3");
    expect(reportsHref(read("")!)).toBe("/dashboard/content/reports");
  });
});

describe("a new report reason's ID", () => {
  it("is its name's letters and digits, made unique", () => {
    expect(reportReasonID("Wrong category!", new Set())).toBe("wrong-category");
    expect(reportReasonID("Café crème", new Set())).toBe("cafe-creme");
    expect(reportReasonID("Spam", new Set(["spam", "spam-2"]))).toBe("spam-3");
    expect(reportReasonID("¿¿??", new Set())).toBe("reason");
  });
});
