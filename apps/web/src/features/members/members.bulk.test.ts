import { describe, expect, it } from "vitest";
import { bulkUserIDs } from "./members.bulk.ts";

const formOf = (pairs: Array<[string, string]>) => {
  const form = new FormData();
  for (const [name, value] of pairs) form.append(name, value);
  return form;
};

describe("the members a bulk post names", () => {
  it("takes the boxes checked, each once, in id order", () => {
    expect(
      bulkUserIDs(
        formOf([
          ["userID", "12"],
          ["userID", "3"],
          ["userID", "12"],
          ["pageUserID", "40"],
        ]),
      ),
    ).toEqual([3, 12]);
  });

  it("takes every member of the page with “select all on this page”, and the confirmation's list", () => {
    const page: Array<[string, string]> = [
      ["pageUserID", "7"],
      ["pageUserID", "8"],
    ];
    expect(bulkUserIDs(formOf([...page, ["allOnPage", "yes"]]))).toEqual([7, 8]);
    expect(bulkUserIDs(formOf([...page, ["userIDs", "9,2"]]))).toEqual([2, 9]);
  });

  it("ignores what is not an id", () => {
    expect(
      bulkUserIDs(
        formOf([
          ["userID", "0"],
          ["userID", "-4"],
          ["userID", "x"],
          ["userIDs", "1e3,,5.5"],
        ]),
      ),
    ).toEqual([]);
  });
});
