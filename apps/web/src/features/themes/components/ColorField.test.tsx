import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { parseColor } from "@parley/contracts/colors";
import { ColorField } from "./ColorField.tsx";

afterEach(cleanup);

function Harness({ picker = true, error }: { picker?: boolean; error?: string }) {
  const [value, setValue] = useState("");
  return (
    <ColorField
      name="primary"
      label="Primary Color"
      value={value}
      fallback={parseColor("#037dbc")!}
      picker={picker}
      error={error}
      onChange={setValue}
    />
  );
}

describe("ColorField", () => {
  it("keeps the text and the colour picker in step, each way", () => {
    render(<Harness />);
    const text = screen.getByLabelText("Primary Color", { exact: true });
    const picker = screen.getByLabelText<HTMLInputElement>("Choose Primary Color");
    // Empty: the picker shows the colour the theme falls back to, the text suggests it.
    expect(picker.value).toBe("#037dbc");
    expect(text.getAttribute("placeholder")).toBe("#037dbc");
    fireEvent.change(text, { target: { value: "rgb(20, 90, 50)" } });
    expect(picker.value).toBe("#145a32");
    // Half-typed: the picker waits with the fallback.
    fireEvent.change(text, { target: { value: "#8a2" } });
    expect(picker.value).toBe("#88aa22");
    fireEvent.change(text, { target: { value: "#8a2b" } });
    expect(picker.value).toBe("#037dbc");
    fireEvent.change(picker, { target: { value: "#fafafa" } });
    expect((text as HTMLInputElement).value).toBe("#fafafa");
  });

  it("has no picker without JavaScript, and shows an error with the text it belongs to", () => {
    render(<Harness picker={false} error="Use a colour in hex." />);
    expect(screen.queryByLabelText("Choose Primary Color")).toBeNull();
    const text = screen.getByLabelText("Primary Color", { exact: true });
    expect(text.getAttribute("aria-invalid")).toBe("true");
    expect(text.getAttribute("name")).toBe("primary");
    const describedBy = text.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(describedBy)?.textContent).toBe("Use a colour in hex.");
  });
});
