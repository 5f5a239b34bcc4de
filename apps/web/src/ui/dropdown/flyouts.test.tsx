import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useExclusiveOpen } from "./flyouts.ts";

afterEach(cleanup);

function Flyout({ name, onOpenChange }: { name: string; onOpenChange?: (isOpen: boolean) => void }) {
  const { isOpen, onOpenChange: setOpen } = useExclusiveOpen(undefined, onOpenChange);
  return (
    <button aria-pressed={isOpen} onClick={() => setOpen(!isOpen)}>
      {name}
    </button>
  );
}

const pressed = (name: string) => screen.getByRole("button", { name }).getAttribute("aria-pressed");

describe("useExclusiveOpen", () => {
  it("closes the open flyout when another one opens, and tells its owner", () => {
    const handleFirstChange = vi.fn();
    render(
      <>
        <Flyout name="First" onOpenChange={handleFirstChange} />
        <Flyout name="Second" />
        <Flyout name="Third" />
      </>,
    );
    fireEvent.click(screen.getByRole("button", { name: "First" }));
    expect(pressed("First")).toBe("true");

    fireEvent.click(screen.getByRole("button", { name: "Second" }));
    expect(pressed("First")).toBe("false");
    expect(pressed("Second")).toBe("true");
    expect(pressed("Third")).toBe("false");
    expect(handleFirstChange.mock.calls).toEqual([[true], [false]]);

    fireEvent.click(screen.getByRole("button", { name: "Second" }));
    expect(pressed("Second")).toBe("false");
  });
});
