import type { SiteSectionLink } from "@parley/contracts";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fallbackTitleBar } from "../features/layouts/index.ts";
import { renderWithShell } from "./testing.tsx";
import { TitleBar } from "./TitleBar.tsx";

afterEach(cleanup);

const english: SiteSectionLink = { siteSectionID: "1", name: "English", basePath: "/en", locale: "en", categoryID: 10 };
const french: SiteSectionLink = { siteSectionID: "2", name: "Français", basePath: "/fr", locale: "fr", categoryID: 20 };
const withSections = { ...fallbackTitleBar, subcommunities: [english, french] };

const banner = () => screen.getByRole("banner");
const picker = () => within(banner()).getByRole("group");
/** The picker loads on demand: rendered in the browser, its module comes first. */
const pickerLoaded = () => within(banner()).findByRole("group");
const pickerLinks = () => within(banner()).getByRole("list", { name: "Communities" });

describe("the title bar's subcommunity picker", () => {
  it("is there only when the site has subcommunities", async () => {
    renderWithShell(<TitleBar {...fallbackTitleBar} />);
    await screen.findByRole("banner");
    expect(within(banner()).queryByRole("list", { name: "Communities" })).toBeNull();
    expect(within(banner()).queryByText("All communities")).toBeNull();
  });

  it("on the whole site: names it, links every section as a new document, marks the whole site", async () => {
    renderWithShell(<TitleBar {...withSections} />, { path: "/discussions" });
    await pickerLoaded();
    const summary = picker().querySelector("summary")!;
    expect(summary.textContent).toBe("Community: All communities");
    expect(picker().tagName).toBe("DETAILS");
    expect(picker().hasAttribute("open")).toBe(false);
    const links = within(pickerLinks()).getAllByRole("link");
    expect(
      links.map((link) => [link.textContent, link.getAttribute("href"), link.getAttribute("aria-current")]),
    ).toEqual([
      ["All communities", "/", "true"],
      ["English", "/en", null],
      ["Français", "/fr", null],
    ]);
    expect(links[2]!.getAttribute("lang")).toBe("fr");
  });

  it("in a section: names it after the section and marks it; Escape closes it, focus back on its button", async () => {
    renderWithShell(<TitleBar {...withSections} />, { path: "/fr/discussions", siteSection: french });
    await pickerLoaded();
    const summary = picker().querySelector("summary")!;
    expect(summary.textContent).toBe("Community: Français");
    const current = within(pickerLinks()).getByRole("link", { name: "Français" });
    expect(current.getAttribute("aria-current")).toBe("true");
    expect(
      within(pickerLinks()).getByRole("link", { name: "All communities" }).getAttribute("aria-current"),
    ).toBeNull();

    (picker() as HTMLDetailsElement).open = true;
    current.focus();
    fireEvent.keyDown(current, { key: "Escape" });
    expect((picker() as HTMLDetailsElement).open).toBe(false);
    expect(document.activeElement).toBe(summary);

    // A click elsewhere shuts it too.
    (picker() as HTMLDetailsElement).open = true;
    fireEvent.pointerDown(current);
    expect((picker() as HTMLDetailsElement).open).toBe(true);
    fireEvent.pointerDown(document.body);
    expect((picker() as HTMLDetailsElement).open).toBe(false);
  });

  it("in a section: the logo, search and the entry links keep the section's folder", async () => {
    renderWithShell(<TitleBar {...withSections} />, { path: "/en/discussions?page=2", siteSection: english });
    await pickerLoaded();
    expect(within(banner()).getByRole("link", { name: "Parley" }).getAttribute("href")).toBe("/en");
    expect(within(banner()).getByRole("link", { name: "Search" }).getAttribute("href")).toBe("/en/search");
    const navigation = screen.getByRole("navigation", { name: "Main navigation" });
    expect(within(navigation).getByRole("link", { name: "Categories" }).getAttribute("href")).toBe("/en/categories");
    // Signing in comes back to this page of the section.
    expect(within(banner()).getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe(
      "/en/entry/signin?Target=%2Fdiscussions%3Fpage%3D2",
    );
  });
});
