import { limits } from "@parley/contracts/limits";
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deviceForWidth } from "./device.ts";
import { navigationHref, visibleItems } from "./navigationUrls.ts";
import { applyDeviceClasses, useDeviceClasses } from "./useDeviceClasses.ts";
import { initialScrollState, nextScrollState, useScrollHide } from "./useScrollHide.ts";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const scrollThrough = (positions: number[]) =>
  positions.reduce((state, y) => nextScrollState(state, y), initialScrollState);

describe("the scroll rule (spec §4)", () => {
  const { hideAfterPx, deltaPx } = limits.scroll;

  it("hides after scrolling down more than 10 px once past 400 px", () => {
    expect(scrollThrough([100, 300, hideAfterPx]).hidden).toBe(false);
    expect(scrollThrough([100, 300, hideAfterPx + 1]).hidden).toBe(true);
    // Past 400 px, a small move down is not enough after a pause going up.
    const up = scrollThrough([600, 580]);
    expect(up.hidden).toBe(false);
    expect(nextScrollState(up, 580 + deltaPx).hidden).toBe(false);
    expect(nextScrollState(up, 580 + deltaPx + 1).hidden).toBe(true);
  });

  it("shows again on a scroll up of more than 10 px, not less", () => {
    const hidden = scrollThrough([500, 800]);
    expect(hidden.hidden).toBe(true);
    expect(nextScrollState(hidden, 800 - deltaPx).hidden).toBe(true);
    expect(nextScrollState(hidden, 800 - deltaPx - 1).hidden).toBe(false);
    expect(scrollThrough([500, 800, 795, 790, 785]).hidden).toBe(false);
  });

  it("the hook follows window scrolling, and stays shown when disabled", () => {
    const scrollTo = (y: number) =>
      act(() => {
        Object.defineProperty(window, "scrollY", { value: y, configurable: true });
        window.dispatchEvent(new Event("scroll"));
      });
    const { result, rerender } = renderHook(({ enabled }) => useScrollHide(enabled), {
      initialProps: { enabled: true },
    });
    expect(result.current).toBe(false);
    scrollTo(300);
    scrollTo(700);
    expect(result.current).toBe(true);
    scrollTo(650);
    expect(result.current).toBe(false);
    scrollTo(900);
    expect(result.current).toBe(true);
    rerender({ enabled: false });
    expect(result.current).toBe(false);
    scrollTo(1200);
    expect(result.current).toBe(false);
    scrollTo(0);
  });
});

describe("device classes", () => {
  it("maps body widths to xs, mobile, tablet, no_bleed and desktop", () => {
    expect(deviceForWidth(375)).toBe("xs");
    expect(deviceForWidth(500)).toBe("xs");
    expect(deviceForWidth(501)).toBe("mobile");
    expect(deviceForWidth(800)).toBe("tablet");
    expect(deviceForWidth(1200)).toBe("tablet");
    expect(deviceForWidth(1280)).toBe("no_bleed");
    expect(deviceForWidth(1600)).toBe("desktop");
  });

  it("puts one device class and the compact class (800 px and narrower) on the body", () => {
    const body = document.createElement("body");
    applyDeviceClasses(body, 800);
    expect([...body.classList].sort()).toEqual(["device-tablet", "isCompact"]);
    applyDeviceClasses(body, 801);
    expect([...body.classList]).toEqual(["device-tablet"]);
    applyDeviceClasses(body, 375);
    expect([...body.classList].sort()).toEqual(["device-xs", "isCompact"]);
  });

  it("updates on resize, debounced by 100 ms", () => {
    vi.useFakeTimers();
    let width = 1600;
    vi.spyOn(document.body, "clientWidth", "get").mockImplementation(() => width);
    renderHook(() => useDeviceClasses());
    expect(document.body.classList.contains("device-desktop")).toBe(true);
    width = 375;
    window.dispatchEvent(new Event("resize"));
    vi.advanceTimersByTime(limits.timing.resizeDebounceMs - 1);
    window.dispatchEvent(new Event("resize"));
    vi.advanceTimersByTime(limits.timing.resizeDebounceMs - 1);
    expect(document.body.classList.contains("device-desktop")).toBe(true);
    vi.advanceTimersByTime(1);
    expect(document.body.classList.contains("device-xs")).toBe(true);
    expect(document.body.classList.contains("device-desktop")).toBe(false);
    expect(document.body.classList.contains("isCompact")).toBe(true);
  });
});

describe("navigation URLs (spec §2)", () => {
  it("keeps absolute, root-relative and '~' URLs and prefixes the rest with a slash", () => {
    expect(navigationHref("https://example.test/a")).toEqual({ href: "https://example.test/a", internal: false });
    expect(navigationHref("/discussions")).toEqual({ href: "/discussions", internal: true });
    expect(navigationHref("~/categories")).toEqual({ href: "/categories", internal: true });
    expect(navigationHref("categories")).toEqual({ href: "/categories", internal: true });
  });

  it("drops hidden entries at every depth and orders by sort", () => {
    const items = visibleItems([
      { id: "b", name: "B", url: "/b", sort: 2 },
      { id: "a", name: "A", url: "/a", sort: 1, children: [{ id: "x", name: "X", url: "/x", isHidden: true }] },
      { id: "h", name: "H", url: "/h", isHidden: true },
    ]);
    expect(items.map((item) => item.id)).toEqual(["a", "b"]);
    expect(items[0]?.children).toEqual([]);
  });
});
