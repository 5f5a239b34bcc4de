import { describe, expect, it } from "vitest";
import type { PostField } from "@parley/contracts";
import { readPostMeta } from "./postFields.form.ts";

const field = (postFieldID: string, formType: PostField["formType"], dataType: PostField["dataType"]): PostField => ({
  postFieldID,
  postTypeIDs: ["job"],
  label: postFieldID,
  description: "",
  dataType,
  formType,
  dropdownOptions: formType === "dropdown" ? (dataType === "number" ? [1, 2] : ["a", "b"]) : null,
  visibility: "public",
  displayOptions: {},
  isRequired: false,
  isActive: true,
  dateInserted: "2026-12-01T00:00:00Z",
  dateUpdated: null,
  insertUserID: 1,
  updateUserID: null,
});

describe("readPostMeta", () => {
  it("sends what was filled in (a checkbox as true or false, a numeric option as a number) and keeps it all to show again", () => {
    const form = new FormData();
    form.set("postMeta.salary", " 42000 ");
    form.set("postMeta.level", "2");
    form.set("postMeta.remote", "1");
    form.set("postMeta.notes", "");
    const fields = [
      field("salary", "number", "number"),
      field("level", "dropdown", "number"),
      field("remote", "checkbox", "boolean"),
      field("onsite", "checkbox", "boolean"),
      field("notes", "text-multiline", "text"),
    ];
    const { postMeta, values } = readPostMeta(form, fields);
    expect(postMeta).toEqual({ salary: "42000", level: 2, remote: true, onsite: false });
    expect(values).toEqual({
      "postMeta.salary": "42000",
      "postMeta.level": "2",
      "postMeta.remote": "1",
      "postMeta.onsite": "",
      "postMeta.notes": "",
    });
  });
});
