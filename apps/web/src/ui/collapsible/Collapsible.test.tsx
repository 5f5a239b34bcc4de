import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { limits } from "@parley/contracts/limits";
import { Collapsible } from "./Collapsible.tsx";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** jsdom lays nothing out: give every element this scrollHeight. */
const contentHeight = (height: number) =>
  vi.spyOn(HTMLElement.prototype, "scrollHeight", "get").mockReturnValue(height);

const body = () => screen.getByText("Long text").parentElement!;
const limit = limits.sizes.collapsibleMaxHeight + limits.sizes.collapsibleOvershoot;

describe("Collapsible", () => {
  it("collapses content taller than maxHeight + overshoot behind an Expand button", () => {
    contentHeight(limit + 1);
    render(
      <Collapsible>
        <p>Long text</p>
      </Collapsible>,
    );
    expect(body().dataset.collapsed).toBe("true");
    expect(body().style.getPropertyValue("--collapsible-max-height")).toBe(`${limits.sizes.collapsibleMaxHeight}px`);
    const button = screen.getByRole("button", { name: "Expand" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(button.getAttribute("aria-controls")).toBe(body().id);

    fireEvent.click(button);
    expect(body().dataset.collapsed).toBeUndefined();
    expect(screen.getByRole("button", { name: "Collapse" }).getAttribute("aria-expanded")).toBe("true");

    fireEvent.click(screen.getByRole("button", { name: "Collapse" }));
    expect(body().dataset.collapsed).toBe("true");
  });

  it("never collapses content within the overshoot", () => {
    contentHeight(limit);
    render(
      <Collapsible>
        <p>Long text</p>
      </Collapsible>,
    );
    expect(body().dataset.collapsed).toBeUndefined();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("takes its own maxHeight and overshoot", () => {
    contentHeight(260);
    render(
      <Collapsible maxHeight={200} overshoot={50}>
        <p>Long text</p>
      </Collapsible>,
    );
    expect(body().style.getPropertyValue("--collapsible-max-height")).toBe("200px");
  });

  it("renders everything, with no button, on the server", () => {
    contentHeight(10_000);
    const html = renderToString(
      <Collapsible>
        <p>Long text</p>
      </Collapsible>,
    );
    expect(html).toContain("Long text");
    expect(html).not.toContain("data-collapsed");
    expect(html).not.toContain("<button");
  });
});
