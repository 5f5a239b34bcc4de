import "../test/dom.ts";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { limits } from "@parley/contracts/limits";
import { Button } from "../button/Button.tsx";
import { preloadTooltip, Tooltip } from "./Tooltip.tsx";

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

function renderTooltip() {
  render(
    <Tooltip label="Jump to a specific page">
      <Button buttonType="icon" aria-label="Jump">
        »
      </Button>
    </Tooltip>,
  );
  return screen.getByRole("button", { name: "Jump" });
}

const tooltip = () => screen.queryByRole("tooltip");

describe("Tooltip before its code has loaded", () => {
  afterEach(async () => {
    cleanup();
    // Let React Aria's shared warm-up/cool-down state settle (real timers here).
    await new Promise((resolve) => setTimeout(resolve, 2 * limits.timing.tooltipLeaveMs));
  });

  it("renders the trigger alone, loads React Aria on keyboard focus and then shows at once", async () => {
    const trigger = renderTooltip();
    expect(trigger.getAttribute("aria-describedby")).toBeNull();
    fireEvent.keyDown(document.body, { key: "Tab" });
    act(() => trigger.focus());
    await waitFor(() => expect(tooltip()?.textContent).toBe("Jump to a specific page"));
    expect(trigger.getAttribute("aria-describedby")).toBe(tooltip()?.id);
    act(() => trigger.blur());
    expect(tooltip()).toBeNull();
    expect(trigger.getAttribute("aria-describedby")).toBeNull();
  });
});

describe("Tooltip", () => {
  beforeEach(async () => {
    await preloadTooltip();
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    // Let React Aria's shared warm-up/cool-down state settle between tests.
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    vi.useRealTimers();
  });

  it("appears after 100 ms of resting hover and leaves 500 ms after the pointer does", () => {
    const trigger = renderTooltip();
    // The pointer is in use (React Aria shows hover tooltips only then).
    fireEvent.pointerDown(document.body, { pointerType: "mouse" });
    fireEvent.mouseDown(document.body);
    fireEvent.pointerEnter(trigger, { pointerType: "mouse" });
    fireEvent.mouseEnter(trigger);
    advance(limits.timing.tooltipShowMs - 1);
    expect(tooltip()).toBeNull();
    advance(1);
    expect(tooltip()?.textContent).toBe("Jump to a specific page");
    expect(trigger.getAttribute("aria-describedby")).toBe(tooltip()?.id);

    fireEvent.pointerLeave(trigger, { pointerType: "mouse" });
    fireEvent.mouseLeave(trigger);
    advance(limits.timing.tooltipLeaveMs - 1);
    expect(tooltip()).not.toBeNull();
    advance(1);
    expect(tooltip()).toBeNull();
  });

  it("appears at once on keyboard focus and hides on blur", () => {
    const trigger = renderTooltip();
    fireEvent.keyDown(document.body, { key: "Tab" });
    act(() => trigger.focus());
    expect(tooltip()?.textContent).toBe("Jump to a specific page");
    act(() => trigger.blur());
    expect(tooltip()).toBeNull();
  });

  it("is between 150 and 320 wide", () => {
    const trigger = renderTooltip();
    fireEvent.keyDown(document.body, { key: "Tab" });
    act(() => trigger.focus());
    const style = tooltip()!.style;
    expect(style.getPropertyValue("--tooltip-min-width")).toBe(`${limits.sizes.tooltipMinWidth}px`);
    expect(style.getPropertyValue("--tooltip-max-width")).toBe(`${limits.sizes.tooltipMaxWidth}px`);
  });
});
