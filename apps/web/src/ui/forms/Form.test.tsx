import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { TextField } from "./Form.tsx";

afterEach(cleanup);

const field = () => screen.getByLabelText<HTMLInputElement>("Name");
const errorText = () => document.querySelector("form p")?.textContent ?? null;
const type = (value: string) => fireEvent.change(field(), { target: { value } });
const submit = () => fireEvent.submit(document.querySelector("form")!);

/** A form whose submission the server refuses with `refusal` (as a route's answer would come back). */
function Refused({ refusal }: { refusal?: string }) {
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setError(refusal);
      }}
    >
      <TextField label="Name" name="name" required minLength={3} error={error} />
    </form>
  );
}

describe("TextField's error, live", () => {
  it("shows nothing before the first attempt, even once the field was left empty", () => {
    render(<Refused />);
    fireEvent.blur(field());
    expect(errorText()).toBeNull();
    expect(field().getAttribute("aria-invalid")).toBeNull();
  });

  it("shows its own check on submitting, and takes it away as soon as the value is fixed", () => {
    render(<Refused />);
    submit();
    expect(errorText()).toBe("Name is required.");
    expect(field().getAttribute("aria-invalid")).toBe("true");
    expect(field().getAttribute("aria-describedby")).toContain("-error");
    type("Alice");
    expect(errorText()).toBeNull();
    expect(field().getAttribute("aria-invalid")).toBeNull();
  });

  it("checks again on leaving the field once the form was submitted", () => {
    render(<Refused />);
    submit();
    type("Alice");
    type("");
    expect(errorText()).toBeNull();
    fireEvent.blur(field());
    expect(errorText()).toBe("Name is required.");
  });

  it("takes the server's error away when the field is edited into a valid value", () => {
    render(<Refused refusal="That name is taken." />);
    type("Alice");
    submit();
    expect(errorText()).toBe("That name is taken.");
    type("Alicia");
    expect(errorText()).toBeNull();
  });

  it("does not show an answer that comes after the field was fixed: it judged the old value", () => {
    const { rerender } = render(
      <form noValidate onSubmit={(event) => event.preventDefault()}>
        <TextField label="Name" name="name" required />
      </form>,
    );
    submit();
    type("Alice");
    rerender(
      <form noValidate onSubmit={(event) => event.preventDefault()}>
        <TextField label="Name" name="name" required error="Name is required." />
      </form>,
    );
    expect(errorText()).toBeNull();
  });

  it("shows the server's error as given without a submission here (a page rendered with a refusal)", () => {
    render(
      <form>
        <TextField label="Name" name="name" error="That name is taken." />
      </form>,
    );
    expect(errorText()).toBe("That name is taken.");
  });
});
