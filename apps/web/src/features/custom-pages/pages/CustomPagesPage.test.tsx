import { Suspense } from "react";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { CustomPage, Me } from "@parley/contracts";
import { memberMe, renderWithShell } from "../../../shell/testing.tsx";
import { jsonResponse } from "../../../test/fixtures.ts";
import { CustomPagesPage } from "./CustomPagesPage.tsx";

afterEach(cleanup);

const manager: Me = { ...memberMe, permissions: [...memberMe.permissions, "site.manage"] };

const page = (
  customPageID: number,
  seoTitle: string,
  urlcode: string,
  extra: Partial<CustomPage> = {},
): CustomPage => ({
  customPageID,
  seoTitle,
  seoDescription: "",
  urlcode,
  url: `https://forum.example${urlcode}`,
  status: "published",
  siteSectionID: "0",
  roleIDs: [],
  rankIDs: [],
  showInNavigation: false,
  layoutID: 40 + customPageID,
  dateInserted: "2026-12-01T10:00:00+00:00",
  insertUserID: 1,
  dateUpdated: null,
  updateUserID: null,
  ...extra,
});

const roles = [
  { roleID: 2, name: "Member" },
  { roleID: 4, name: "Moderator" },
];

const renderPage = (pages: CustomPage[], path = "/dashboard/pages") =>
  renderWithShell(
    <Suspense fallback={null}>
      <CustomPagesPage />
    </Suspense>,
    {
      me: manager,
      path,
      routes: { "GET /custom-pages": jsonResponse(pages), "GET /roles": jsonResponse(roles) },
    },
  );

describe("CustomPagesPage", () => {
  it("lists each page with its address, status, roles and its View page and Edit layout links", async () => {
    renderPage([
      page(1, "About us", "/about"),
      page(2, "Staff room", "/staff-room", { status: "unpublished", roleIDs: [4] }),
    ]);
    const table = await screen.findByRole("table", { name: "Pages" });
    const about = within(table).getByRole("row", { name: "About us" });
    expect(about.textContent).toContain("/about");
    const status = (row: HTMLElement) => row.querySelector('[data-label="Status"]')!.textContent;
    expect(status(about)).toBe("Published");
    expect(within(about).getByRole("link", { name: "View page" }).getAttribute("href")).toBe("/about");
    expect(within(about).getByRole("link", { name: "Edit layout" }).getAttribute("href")).toBe(
      "/dashboard/layouts/41/edit",
    );
    const staff = within(table).getByRole("row", { name: "Staff room" });
    expect(status(staff)).toContain("Not published");
    expect(status(staff)).toContain("Limited to: Moderator");
    // The Add Page form offers every role and the navigation flag.
    const form = screen.getByRole("button", { name: "Add Page" }).closest("form")!;
    expect(within(form).getByRole("checkbox", { name: "Moderator" })).toBeTruthy();
    expect(within(form).getByRole("checkbox", { name: "Show in the title bar's navigation" })).toBeTruthy();
  });

  it("opens a page's edit form from the address (the unpublished page's notice links there)", async () => {
    renderPage([page(1, "About us", "/about"), page(2, "Rules", "/rules")], "/dashboard/pages?edit=2");
    const table = await screen.findByRole("table", { name: "Pages" });
    const rules = within(table).getByRole("row", { name: "Rules" });
    expect(rules.querySelector("details")!.open).toBe(true);
    expect(within(table).getByRole("row", { name: "About us" }).querySelector("details")!.open).toBe(false);
  });

  it("says there is none yet and leads to the form", async () => {
    renderPage([]);
    expect(await screen.findByText("No pages yet. Add the first one below.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Add Page" }).getAttribute("href")).toBe("#add-page");
  });
});
