import { describe, expect, it } from "vitest";
import { groupRules } from "@parley/contracts/groups-constants";
import { splitNames, needsConfirmation, readIntent, readUserID, groupIntents } from "./groups.actions.ts";
import { emptyGroupForm, groupBody, groupFormErrors, groupFormValues, isDirty, readGroupForm } from "./groups.form.ts";
import { makeGroup } from "./groups.testing.ts";

const messages = {
  name: "name",
  nameLength: "nameLength",
  descriptionLength: "descriptionLength",
  privacy: "privacy",
  url: "url",
};

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};

describe("the group editor's form", () => {
  it("reads the posted fields", () => {
    expect(readGroupForm(formOf({ name: "A", privacy: "secret", iconUrl: "/i.png" }))).toEqual({
      name: "A",
      description: "",
      privacy: "secret",
      iconUrl: "/i.png",
      bannerUrl: "",
    });
  });

  it("checks the name, lengths, privacy and image addresses before the API", () => {
    expect(groupFormErrors({ ...emptyGroupForm, name: "Book Club" }, messages)).toEqual({});
    expect(
      groupFormErrors(
        {
          name: "  ",
          description: "x".repeat(groupRules.descriptionMaxLength + 1),
          privacy: "hidden",
          iconUrl: "javascript:alert(1)",
          bannerUrl: "https://example.com/b.jpg",
        },
        messages,
      ),
    ).toEqual({ name: "name", description: "descriptionLength", privacy: "privacy", iconUrl: "url" });
    for (const address of ["http://example.com/a.png", "//cdn.example.com/a.png", "data:image/png;base64,x"])
      expect(groupFormErrors({ ...emptyGroupForm, name: "A", iconUrl: address }, messages), address).toEqual({
        iconUrl: "url",
      });
    expect(groupFormErrors({ ...emptyGroupForm, name: "n".repeat(groupRules.nameMaxLength + 1) }, messages)).toEqual({
      name: "nameLength",
    });
  });

  it("sends trimmed values, empty image addresses as null", () => {
    expect(
      groupBody({ name: " Club ", description: " About. ", privacy: "private", iconUrl: " ", bannerUrl: "/b.png" }),
    ).toEqual({ name: "Club", description: "About.", privacy: "private", iconUrl: null, bannerUrl: "/b.png" });
  });

  it("knows unsaved edits from the saved group (whitespace at the ends aside)", () => {
    const saved = groupFormValues(makeGroup({ iconUrl: null }));
    expect(saved.iconUrl).toBe("");
    expect(isDirty({ ...saved, name: `${saved.name} ` }, saved)).toBe(false);
    expect(isDirty({ ...saved, privacy: "secret" }, saved)).toBe(true);
    expect(isDirty(emptyGroupForm, emptyGroupForm)).toBe(false);
    expect(isDirty({ ...emptyGroupForm, description: "x" }, emptyGroupForm)).toBe(true);
  });
});

describe("the group pages' form posts", () => {
  it("reads known intents and user ids only", () => {
    expect(readIntent(formOf({ intent: "join" }), groupIntents)).toBe("join");
    expect(readIntent(formOf({ intent: "drop table" }), groupIntents)).toBeNull();
    expect(readUserID(formOf({ userID: "12" }))).toBe(12);
    expect(readUserID(formOf({ userID: "-1" }))).toBeNull();
  });

  it("asks before leaving, removing or deleting, until confirmed", () => {
    expect(needsConfirmation(formOf({}), "leave")).toBe(true);
    expect(needsConfirmation(formOf({ confirmed: "1" }), "leave")).toBe(false);
    expect(needsConfirmation(formOf({}), "remove")).toBe(true);
    expect(needsConfirmation(formOf({}), "delete")).toBe(true);
    expect(needsConfirmation(formOf({}), "join")).toBe(false);
  });

  it("splits the invite field's names on commas and lines, without repeats", () => {
    expect(splitNames(" ann, Bob,\nann ,, Carl Lee \n")).toEqual(["ann", "Bob", "Carl Lee"]);
    expect(splitNames(" , ")).toEqual([]);
  });
});
