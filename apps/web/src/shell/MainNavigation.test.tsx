import type { NavigationItem } from "@parley/contracts/layouts";
import { limits } from "@parley/contracts/limits";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MainNavigation } from "./MainNavigation.tsx";
import { renderWithShell } from "./testing.tsx";

const items: NavigationItem[] = [
  { id: "posts", name: "Posts", url: "/discussions" },
  {
    id: "help",
    name: "Help",
    url: "/categories/help",
    children: [
      {
        id: "install",
        name: "Installation",
        url: "/categories/installation",
        children: [{ id: "docker", name: "Docker", url: "/categories/docker" }],
      },
      { id: "docs", name: "Docs", url: "https://docs.example.test" },
    ],
  },
];

const panel = () => document.querySelector<HTMLElement>("[data-mega-menu]")!;
const helpLink = () => screen.getByRole("link", { name: "Help" });

async function renderNavigation() {
  renderWithShell(<MainNavigation items={items} alignment="left" />);
  await screen.findByRole("navigation", { name: "Main navigation" });
  // The delays run on fake timers once the page is up.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame"] });
}

describe("mega-menu", () => {
  afterEach(() => {
    vi.useRealTimers();
    cleanup();
  });

  it("renders entries with children as a closed panel with their children and grandchildren", async () => {
    await renderNavigation();
    expect(panel().hidden).toBe(true);
    expect(helpLink().getAttribute("aria-expanded")).toBe("false");
    expect(panel().querySelectorAll("a")).toHaveLength(4); // Installation, Docker, Docs, View All
    expect(screen.getByRole("link", { name: "Docs", hidden: true }).getAttribute("href")).toBe(
      "https://docs.example.test",
    );
  });

  it("opens on hover and closes 250 ms after the pointer leaves, unless it comes back", async () => {
    await renderNavigation();
    const item = helpLink().closest("li")!;
    fireEvent.mouseEnter(item);
    expect(panel().hidden).toBe(false);
    expect(helpLink().getAttribute("aria-expanded")).toBe("true");

    fireEvent.mouseLeave(item);
    act(() => {
      vi.advanceTimersByTime(limits.timing.megaMenuCloseMs - 1);
    });
    expect(panel().hidden).toBe(false);
    // Coming back in time keeps it open.
    fireEvent.mouseEnter(item);
    act(() => {
      vi.advanceTimersByTime(limits.timing.megaMenuCloseMs * 2);
    });
    expect(panel().hidden).toBe(false);

    fireEvent.mouseLeave(item);
    act(() => {
      vi.advanceTimersByTime(limits.timing.megaMenuCloseMs);
    });
    expect(panel().hidden).toBe(true);
  });

  it("opens on focus; Enter or ArrowDown move into it; Escape closes it and returns focus to the entry", async () => {
    await renderNavigation();
    act(() => helpLink().focus());
    expect(panel().hidden).toBe(false);

    fireEvent.keyDown(helpLink(), { key: "Enter" });
    act(() => {
      vi.advanceTimersToNextFrame();
    });
    expect(document.activeElement?.textContent).toBe("Installation");

    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(panel().hidden).toBe(true);
    expect(document.activeElement).toBe(helpLink());

    fireEvent.keyDown(helpLink(), { key: "ArrowDown" });
    expect(panel().hidden).toBe(false);
    act(() => {
      vi.advanceTimersToNextFrame();
    });
    expect(document.activeElement?.textContent).toBe("Installation");
  });

  it("closes when focus leaves the entry and its panel", async () => {
    await renderNavigation();
    act(() => helpLink().focus());
    expect(panel().hidden).toBe(false);
    act(() => screen.getByRole("link", { name: "Posts" }).focus());
    expect(panel().hidden).toBe(true);
  });
});
