import { describe, expect, it } from "vitest";
import { fieldProblem, type CheckedControl } from "./field-problem.ts";

const passing = {
  valid: true,
  valueMissing: false,
  typeMismatch: false,
  tooShort: false,
  tooLong: false,
  patternMismatch: false,
  rangeUnderflow: false,
  rangeOverflow: false,
};
const control = (failure: Partial<CheckedControl["validity"]>, rest: Partial<CheckedControl> = {}): CheckedControl => ({
  validity: { ...passing, valid: Object.keys(failure).length === 0, ...failure },
  type: "text",
  ...rest,
});

describe("fieldProblem", () => {
  it("is null for a value its constraints accept", () => {
    expect(fieldProblem(control({}), "Name")).toBeNull();
  });

  it("words each failed constraint with the field's label and limits", () => {
    expect(fieldProblem(control({ valueMissing: true }), "Name")).toBe("Name is required.");
    expect(fieldProblem(control({ typeMismatch: true }, { type: "email" }), "Email")).toBe(
      "Enter a valid email address.",
    );
    expect(fieldProblem(control({ typeMismatch: true }, { type: "url" }), "Website")).toBe(
      "Enter a valid web address.",
    );
    expect(fieldProblem(control({ tooShort: true }, { minLength: 8 }), "Password")).toBe(
      "Password needs at least 8 characters.",
    );
    expect(fieldProblem(control({ tooLong: true }, { maxLength: 50 }), "Name")).toBe(
      "Name takes at most 50 characters.",
    );
    expect(fieldProblem(control({ rangeUnderflow: true }, { type: "number", min: "1" }), "Days")).toBe(
      "Days must be at least 1.",
    );
    expect(fieldProblem(control({ patternMismatch: true }), "URL code")).toBe("URL code is not valid.");
  });
});
