import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Me, ProfileField } from "@parley/contracts";
import { editableProfileFields } from "./profile-fields.form.ts";
import { displayValue } from "../../lib/field-values.ts";
import { ProfileFieldValues } from "./ProfileFieldValues.tsx";

afterEach(cleanup);

const field = (apiName: string, over: Partial<ProfileField> = {}): ProfileField => ({
  apiName,
  label: apiName.toUpperCase(),
  description: "",
  dataType: "text",
  formType: "text",
  visibility: "public",
  mutability: "all",
  displayOptions: { userCards: false, posts: false, search: false, profiles: true },
  dropdownOptions: null,
  registrationOptions: "optional",
  enabled: true,
  sort: 0,
  ...over,
});

describe("profile field values", () => {
  it("shows dates in words (the day as stored, whatever the zone), checkboxes as Yes/No, tokens joined", () => {
    expect(displayValue(field("d", { dataType: "date", formType: "date" }), "1990-02-28")).toBe("Feb 28, 1990");
    expect(displayValue(field("b", { dataType: "boolean", formType: "checkbox" }), true)).toBe("Yes");
    expect(displayValue(field("b", { dataType: "boolean", formType: "checkbox" }), false)).toBe("No");
    expect(displayValue(field("t", { dataType: "string[]", formType: "tokens" }), ["a", "b"])).toBe("a, b");
    expect(displayValue(field("n", { dataType: "number", formType: "number" }), 42)).toBe("42");
    expect(displayValue(field("x"), null)).toBe("");
  });

  it("lists, in the fields' order, those with a value that are shown where it is rendered", () => {
    const fields = [
      field("city", { displayOptions: { userCards: true, posts: false, search: false, profiles: true } }),
      field("bio"),
      field("empty"),
    ];
    render(<ProfileFieldValues fields={fields} values={{ city: "Lyon", bio: "Hi", empty: null }} where="userCards" />);
    expect(screen.getByText("CITY")).toBeTruthy();
    expect(screen.queryByText("BIO")).toBeNull();
    cleanup();
    render(<ProfileFieldValues fields={fields} values={{ city: "Lyon", bio: "Hi", empty: null }} where="profiles" />);
    expect(screen.getAllByRole("term").map((term) => term.textContent)).toEqual(["CITY", "BIO"]);
    cleanup();
    const { container } = render(<ProfileFieldValues fields={fields} values={{}} where="profiles" />);
    expect(container.innerHTML).toBe("");
  });

  it("offers the member the fields open to them, and users.edit the restricted ones too", () => {
    const fields = [
      field("all"),
      field("restricted", { mutability: "restricted" }),
      field("none", { mutability: "none" }),
    ];
    const member: Pick<Me, "userID" | "isAdmin" | "permissions"> = { userID: 5, isAdmin: false, permissions: [] };
    const names = (me: typeof member, userID: number) =>
      editableProfileFields(fields, me, userID).map((f) => f.apiName);
    expect(names(member, 5)).toEqual(["all"]);
    expect(names(member, 6)).toEqual([]);
    expect(names({ ...member, permissions: ["users.edit"] }, 6)).toEqual(["all", "restricted"]);
  });
});
