import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { validate, type JsonSchema } from "../schema-form.ts";
import { SchemaForm } from "./SchemaForm.tsx";

afterEach(cleanup);

/** A schema with every kind of field the generator makes, as TypeBox writes them. */
const schema: JsonSchema = {
  type: "object",
  properties: {
    title: { type: "string" },
    description: { type: "string", maxLength: 5000 },
    limit: { type: "integer", minimum: 1, maximum: 50 },
    summary: { type: "boolean" },
    sort: { enum: ["-dateLastComment", "-dateInserted"] },
    categoryID: { anyOf: [{ type: "integer", minimum: 1 }, { type: "null" }] },
    apiParams: {
      type: "object",
      properties: { page: { type: "integer", minimum: 1 }, maxDepth: { type: "integer" } },
      required: ["page"],
    },
    links: {
      type: "array",
      items: { type: "object", properties: { name: { type: "string" }, url: { type: "string" } }, required: ["name"] },
    },
  },
  required: ["limit", "sort", "apiParams"],
};

const path = "layout[0].$reactProps.mainBottom[0].$reactProps";

/** The form over a value it owns, with the form's own checks as the errors, and the value to read back. */
function Harness({
  initial,
  serverErrors = {},
}: {
  initial: Record<string, unknown>;
  serverErrors?: Record<string, string>;
}) {
  const [value, setValue] = useState(initial);
  const errors = { ...validate(schema, value, path), ...serverErrors };
  return (
    <>
      <SchemaForm schema={schema} value={value} path={path} errors={errors} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const current = () => JSON.parse(screen.getByTestId("value").textContent ?? "{}") as Record<string, unknown>;

describe("SchemaForm", () => {
  it("generates a field of the right kind for every property, with the value's current state", () => {
    render(
      <Harness
        initial={{ title: "Recent", limit: 10, sort: "-dateInserted", summary: true, apiParams: { page: 1 } }}
      />,
    );
    expect(screen.getByLabelText<HTMLInputElement>("Title").value).toBe("Recent");
    expect(screen.getByLabelText("Title").tagName).toBe("INPUT");
    // Long text: a textarea.
    expect(screen.getByLabelText("Description").tagName).toBe("TEXTAREA");
    const limit = screen.getByLabelText<HTMLInputElement>("Limit");
    expect([limit.type, limit.value, limit.min, limit.max]).toEqual(["number", "10", "1", "50"]);
    expect(screen.getByLabelText<HTMLInputElement>("Summary").checked).toBe(true);
    // An enum: a select of its values (required: no empty choice).
    const sort = screen.getByLabelText<HTMLSelectElement>("Sort");
    expect([...sort.options].map((option) => option.value)).toEqual(["-dateLastComment", "-dateInserted"]);
    expect(sort.value).toBe("-dateInserted");
    // A nullable integer: a number field.
    expect(screen.getByLabelText<HTMLInputElement>("Category ID").type).toBe("number");
    // A nested object: a fieldset with its own fields.
    const group = screen.getByRole("group", { name: "Api params" });
    expect(within(group).getByLabelText<HTMLInputElement>("Page").value).toBe("1");
    expect(within(group).getByLabelText("Max depth")).toBeTruthy();
  });

  it("changes the value as fields are edited, leaving out emptied optional ones", () => {
    render(<Harness initial={{ title: "Recent", limit: 10, sort: "-dateInserted", apiParams: { page: 1 } }} />);
    fireEvent.change(screen.getByLabelText("Limit"), { target: { value: "5" } });
    fireEvent.click(screen.getByLabelText("Summary"));
    fireEvent.change(screen.getByLabelText("Sort"), { target: { value: "-dateLastComment" } });
    fireEvent.change(screen.getByLabelText("Max depth"), { target: { value: "2" } });
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "" } });
    expect(current()).toEqual({
      limit: 5,
      summary: true,
      sort: "-dateLastComment",
      apiParams: { page: 1, maxDepth: 2 },
    });
  });

  it("adds and removes rows of an array of objects", () => {
    render(<Harness initial={{ limit: 1, sort: "-dateInserted", apiParams: { page: 1 } }} />);
    fireEvent.click(screen.getByRole("button", { name: "Add a row to Links" }));
    fireEvent.click(screen.getByRole("button", { name: "Add a row to Links" }));
    const second = screen.getByRole("group", { name: "Links, row 2" });
    fireEvent.change(within(second).getByLabelText("Name"), { target: { value: "Docs" } });
    expect(current()["links"]).toEqual([{ name: "" }, { name: "Docs" }]);
    fireEvent.click(screen.getByRole("button", { name: "Remove Links, row 1" }));
    expect(current()["links"]).toEqual([{ name: "Docs" }]);
    fireEvent.click(screen.getByRole("button", { name: "Remove Links, row 1" }));
    expect(current()["links"]).toBeUndefined();
  });

  it("shows each field's error next to it, announced with it, and clears it once fixed", () => {
    render(
      <Harness
        initial={{ limit: 80, sort: "-dateInserted", apiParams: {} }}
        serverErrors={{ [`${path}.title`]: "The title is not allowed here." }}
      />,
    );
    const limit = screen.getByLabelText("Limit");
    expect(limit.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(limit.getAttribute("aria-describedby")!)?.textContent).toBe("The most is 50.");
    const page = screen.getByLabelText("Page");
    expect(document.getElementById(page.getAttribute("aria-describedby")!)?.textContent).toBe(
      "This field is required.",
    );
    // The server's error, at its path.
    const title = screen.getByLabelText("Title");
    expect(document.getElementById(title.getAttribute("aria-describedby")!)?.textContent).toBe(
      "The title is not allowed here.",
    );
    fireEvent.change(limit, { target: { value: "1.5" } });
    expect(document.getElementById(limit.getAttribute("aria-describedby")!)?.textContent).toBe("Enter a whole number.");
    fireEvent.change(limit, { target: { value: "20" } });
    expect(limit.getAttribute("aria-invalid")).toBeNull();
    expect(limit.getAttribute("aria-describedby")).toBeNull();
  });

  it("says when a widget has no options", () => {
    render(
      <SchemaForm schema={{ type: "object", properties: {} }} value={{}} path={path} errors={{}} onChange={() => {}} />,
    );
    expect(screen.getByText("This widget has no options.")).toBeTruthy();
  });
});
