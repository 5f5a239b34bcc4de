import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { signInContext, unexpectedErrors } from "./support/accounts.ts";
import { useParley } from "./support/parley.ts";
import { setTheme } from "./support/themes.ts";
import { adminPassword } from "./support/server.ts";
import { ParleyPage } from "./pages/ParleyPage.ts";
import { ReadingLayoutPage } from "./pages/ReadingLayoutPage.ts";
import { press, ThemeEditorPage, ThemesListPage, typeInto } from "./pages/ThemesPages.ts";

const parley = useParley();

/** The colours a page wears: its primary colour variable and the title bar's background. */
async function worn(page: Page) {
  return page.evaluate(() => ({
    primary: getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim(),
    titleBarBg: getComputedStyle(document.querySelector("header")!).backgroundColor,
  }));
}

const invalidColour = "Use a colour in hex with 3 or 6 digits, rgb(), rgba(), hsl() or hsla().";

describe("theme editor", () => {
  it("copies Foundation, edits and saves its colours, previews, restores, applies and deletes, keyboard only", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const themes = new ThemesListPage(page, parley.baseUrl);
    const editor = new ThemeEditorPage(page, parley.baseUrl);
    const guest = await parley.newPage();
    const banner = themes.themePreviewBanner;
    try {
      // Copy Foundation: a theme of one's own, opened in the editor.
      expect((await themes.goto()).status()).toBe(200);
      await waitForHydration(page);
      await press(themes.button("Copy", "Foundation"));
      await page.waitForURL(/\/dashboard\/themes\/\d+\/edit$/);
      await editor.heading.filter({ hasText: "Edit Copy of Foundation" }).waitFor();
      const themeID = editor.themeID();
      await waitForHydration(page);
      expect(await editor.revisions.count()).toBe(1);
      expect(await editor.revision("Revision 1").innerText()).toContain("Active");
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Edit the primary colour (text) and the title bar's background (rgb()); the pickers and the
      // miniature follow as they are typed.
      await typeInto(editor.field("Primary Color"), "#8a2be2");
      await typeInto(editor.field("Title Bar Background"), "rgb(20, 90, 50)");
      expect(await editor.picker("Primary Color").inputValue()).toBe("#8a2be2");
      expect(await editor.picker("Title Bar Background").inputValue()).toBe("#145a32");
      expect(await editor.miniature()).toEqual({ titleBarBg: "rgb(20, 90, 50)", buttonBg: "rgb(138, 43, 226)" });
      // The picker writes its colour into the text (as a choice in the browser's colour dialog does).
      await editor.picker("Title Bar Text").fill("#fafafa");
      expect(await editor.field("Title Bar Text").inputValue()).toBe("#fafafa");

      // An invalid colour: the API's 422 shows next to its field, the edits stay.
      await typeInto(editor.field("Text Color"), "not-a-colour");
      await typeInto(editor.field("Revision Name"), "Violet");
      await press(editor.button("Save"));
      await editor.text(invalidColour).waitFor();
      expect(await editor.fieldError("Text Color")).toBe(invalidColour);
      expect(await editor.field("Text Color").getAttribute("aria-invalid")).toBe("true");
      expect(await editor.field("Primary Color").inputValue()).toBe("#8a2be2");
      await screenshot(page, "theme-editor-invalid");
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Fixed (hsl()), saved: a second revision, the active one, and the page says so.
      await typeInto(editor.field("Text Color"), "hsl(220, 10%, 15%)");
      await press(editor.button("Save"));
      await page.waitForURL(`${parley.baseUrl}/dashboard/themes/${themeID}/edit?done=saved`);
      await editor.status.filter({ hasText: "Your changes have been saved as a new revision." }).waitFor();
      expect(await editor.revisions.count()).toBe(2);
      expect(await editor.revision("Violet").innerText()).toContain("Active");
      expect(await editor.revision("Revision 1").innerText()).not.toContain("Active");
      expect(await editor.field("Primary Color").inputValue()).toBe("#8a2be2");
      expect(await editor.field("Revision Name").inputValue()).toBe("");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("status");
      await screenshot(page, "theme-editor-saved");

      // Preview it: the forum in its colours, with the banner, for this browser only.
      await waitForHydration(page);
      await press(editor.button("Preview"));
      await page.waitForURL(`${parley.baseUrl}/`);
      await banner.waitFor();
      expect(await banner.innerText()).toContain("You are previewing the Copy of Foundation theme.");
      expect(await worn(page)).toEqual({ primary: "#8a2be2", titleBarBg: "rgb(20, 90, 50)" });
      await new ParleyPage(guest, parley.baseUrl).open("/categories");
      expect(await worn(guest)).toEqual({ primary: "#037dbc", titleBarBg: "rgb(3, 125, 188)" });
      await screenshot(page, "theme-editor-preview");

      // Restore the first revision: Foundation's colours again, marked active.
      await editor.open(`/dashboard/themes/${themeID}/edit`);
      await waitForHydration(page);
      await press(editor.revisionButton("Restore", "Revision 1"));
      await page.waitForURL(`${parley.baseUrl}/dashboard/themes/${themeID}/edit?done=restored`);
      await editor.status.filter({ hasText: "The revision has been restored" }).waitFor();
      expect(await editor.revision("Revision 1").innerText()).toContain("Active");
      expect(await editor.field("Primary Color").inputValue()).toBe("");
      // The preview follows the theme's active revision.
      expect((await worn(page)).primary).toBe("#037dbc");

      // Apply it for everyone, then bring the violet revision back: the guests' pages follow.
      await waitForHydration(page);
      await press(editor.button("Apply"));
      await page.waitForURL(`${parley.baseUrl}/dashboard/themes/${themeID}/edit?done=applied`);
      await editor.heading.filter({ hasText: "Current Theme" }).waitFor();
      expect(await banner.count()).toBe(0);
      await waitForHydration(page);
      await press(editor.revisionButton("Restore", "Violet"));
      await page.waitForURL(`${parley.baseUrl}/dashboard/themes/${themeID}/edit?done=restored`);
      await editor.status.waitFor();
      expect(await worn(page)).toEqual({ primary: "#8a2be2", titleBarBg: "rgb(20, 90, 50)" });
      await new ParleyPage(guest, parley.baseUrl).open("/categories");
      expect(await worn(guest)).toEqual({ primary: "#8a2be2", titleBarBg: "rgb(20, 90, 50)" });
      expect(await guest.evaluate(() => getComputedStyle(document.querySelector("header")!).color)).toBe(
        "rgb(250, 250, 250)",
      );
      await screenshot(guest, "theme-editor-guest");

      // Unsaved edits are not lost silently: leaving asks first; Cancel stays with them.
      await waitForHydration(page);
      await typeInto(editor.field("Theme Name"), "Violet Forum");
      await press(editor.backLink);
      await editor.unsavedDialog.waitFor();
      await screenshot(page, "theme-editor-unsaved");
      await press(editor.unsavedDialog.getByRole("button", { name: "Cancel" }));
      await editor.unsavedDialog.waitFor({ state: "detached" });
      expect(editor.pathname()).toBe(`/dashboard/themes/${themeID}/edit`);
      expect(await editor.field("Theme Name").inputValue()).toBe("Violet Forum");
      await press(editor.backLink);
      await press(editor.unsavedDialog.getByRole("button", { name: "Continue" }));
      await page.waitForURL(`${parley.baseUrl}/dashboard/themes`);

      // The current theme cannot be deleted (the page says why); another copy can, after a confirmation.
      await themes.main.getByRole("heading", { name: "Themes", level: 1 }).waitFor();
      await waitForHydration(page);
      expect(await themes.theme("Copy of Foundation").innerText()).toContain(
        "The current theme can't be deleted: apply another theme first.",
      );
      expect(await themes.button("Delete", "Copy of Foundation").count()).toBe(0);
      await press(themes.button("Copy", "Foundation Dark"));
      await page.waitForURL(/\/dashboard\/themes\/\d+\/edit$/);
      await editor.heading.filter({ hasText: "Edit Copy of Foundation Dark" }).waitFor();
      await waitForHydration(page);
      await press(editor.backLink);
      await page.waitForURL(`${parley.baseUrl}/dashboard/themes`);
      await press(themes.button("Delete", "Copy of Foundation Dark"));
      const confirm = themes.dialogNamed("Delete Theme");
      await confirm.waitFor();
      expect(await confirm.innerText()).toContain("Are you sure you want to delete the Copy of Foundation Dark theme?");
      // The dialog's focus starts on its Delete button.
      await page.keyboard.press("Enter");
      await themes.status.filter({ hasText: "The theme has been deleted." }).waitFor();
      expect(await themes.theme("Copy of Foundation Dark").count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("status");
      await screenshot(page, "themes-page-own");
      expect(await seriousAxeViolations(page)).toEqual([]);
      // Only the invalid colour's 422, provoked on purpose, may have logged an error.
      expect(
        unexpectedErrors(problems.errors, [
          { method: "PATCH", pathname: `/api/v2/themes/${themeID}`, status: 422 },
          // The miniature shows the logo as it is typed: on a slow machine it may ask for a part of the address
          // ("/f", "/fa") before the rest is typed, which the server answers 404.
          ...[..."/favicon.sv"].map((_, end) => ({
            method: "GET",
            pathname: "/favicon.sv".slice(0, end + 1),
            status: 404,
          })),
        ]),
      ).toEqual([]);
    } finally {
      await setTheme(parley.baseUrl, "theme-foundation");
    }
  });

  it("edits the design (radius, button style and shape, title bar colour, logo) and the forum wears it after saving", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const themes = new ThemesListPage(page, parley.baseUrl);
    const editor = new ThemeEditorPage(page, parley.baseUrl);
    const guest = await parley.newPage();
    const forum = new ReadingLayoutPage(guest, parley.baseUrl);
    try {
      // Foundation on the forum: rounded (6 px), filled buttons, the primary blue title bar, the name as text.
      expect((await forum.open("/discussions")).status()).toBe(200);
      const before = await forum.worn(forum.mainLink("New Discussion"));
      expect(before).toMatchObject({ titleBarBg: "rgb(3, 125, 188)", logo: null });
      expect(before.control).toMatchObject({ radius: "6px", background: "rgb(3, 125, 188)" });

      expect((await themes.goto()).status()).toBe(200);
      await waitForHydration(page);
      await press(themes.button("Copy", "Foundation"));
      await page.waitForURL(/\/dashboard\/themes\/\d+\/edit$/);
      await editor.heading.filter({ hasText: "Edit Copy of Foundation" }).waitFor();
      const themeID = editor.themeID();
      await waitForHydration(page);

      // The design's controls, each labelled; the miniature follows as they change.
      await editor.field("Corner Radius").selectOption({ label: "Large (12 px)" });
      await editor.field("Button Style").selectOption({ label: "Outlined" });
      expect(await editor.miniatureDesign()).toMatchObject({ buttonRadius: "12px", buttonBg: "rgba(0, 0, 0, 0)" });
      await editor.field("Button Shape").selectOption({ label: "Pill" });
      await editor.field("Body Font").selectOption({ label: "System UI" });
      await typeInto(editor.field("Title Bar Background"), "#14532d");
      await typeInto(editor.field("Logo Image"), "/favicon.svg");
      expect(await editor.miniatureDesign()).toEqual({
        buttonRadius: "999px",
        buttonBg: "rgba(0, 0, 0, 0)",
        buttonBorder: "rgb(3, 125, 188)",
        logo: "/favicon.svg",
      });
      expect(await editor.miniature()).toMatchObject({ titleBarBg: "rgb(20, 83, 45)" });
      await screenshot(page, "theme-editor-design");
      expect(await seriousAxeViolations(page)).toEqual([]);

      // A logo address that is not one: the 422 shows beside its field.
      await typeInto(editor.field("Mobile Logo Image"), "javascript:alert(1)");
      await press(editor.button("Save"));
      const badLogo = "Use an image address starting with https://, http:// or / (no spaces, quotes or brackets).";
      await editor.text(badLogo).waitFor();
      expect(await editor.fieldError("Mobile Logo Image")).toBe(badLogo);
      await typeInto(editor.field("Mobile Logo Image"), "");

      await press(editor.button("Save"));
      await page.waitForURL(`${parley.baseUrl}/dashboard/themes/${themeID}/edit?done=saved`);
      await editor.status.filter({ hasText: "Your changes have been saved as a new revision." }).waitFor();
      expect(await editor.field("Corner Radius").inputValue()).toBe("12");
      expect(await editor.field("Button Style").inputValue()).toBe("outline");
      expect(await editor.field("Button Shape").inputValue()).toBe("pill");
      await waitForHydration(page);
      await press(editor.button("Apply"));
      await page.waitForURL(`${parley.baseUrl}/dashboard/themes/${themeID}/edit?done=applied`);

      // The forum, in a guest's first response: the title bar's colour and logo, outlined pill buttons.
      expect((await forum.open("/discussions")).status()).toBe(200);
      const after = await forum.worn(forum.mainLink("New Discussion"));
      expect(after).toMatchObject({
        titleBarBg: "rgb(20, 83, 45)",
        titleBarFg: "rgb(255, 255, 255)",
        logo: { src: "/favicon.svg", alt: "Parley" },
      });
      expect(after.control).toMatchObject({
        radius: "999px",
        background: "rgba(0, 0, 0, 0)",
        border: "rgb(3, 125, 188)",
        color: "rgb(3, 125, 188)",
      });
      expect(after.control.fontFamily.startsWith("system-ui")).toBe(true);
      expect(await forum.imageLoaded(forum.titleBarLogo.getByRole("img"))).toBe(true);
      // Drawn, not a 0 px box: the square SVG as tall as the bar less its margin, as wide as tall.
      expect(after.logo!.height).toBeGreaterThanOrEqual(32);
      expect(after.logo!.width).toBe(after.logo!.height);
      await screenshot(guest, "theme-editor-design-forum");
      // Inputs and cards take the radius: the search box in the title bar or the page's.
      expect(
        await guest.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue("--border-radius").trim(),
        ),
      ).toBe("12px");
      expect(
        unexpectedErrors(problems.errors, [
          { method: "PATCH", pathname: `/api/v2/themes/${themeID}`, status: 422 },
          // The miniature shows the logo as it is typed: on a slow machine it may ask for a part of the address
          // ("/f", "/fa") before the rest is typed, which the server answers 404.
          ...[..."/favicon.sv"].map((_, end) => ({
            method: "GET",
            pathname: "/favicon.sv".slice(0, end + 1),
            status: 404,
          })),
        ]),
      ).toEqual([]);
    } finally {
      await setTheme(parley.baseUrl, "theme-foundation");
    }
  });

  it("edits a theme with plain form posts when JavaScript is off", async () => {
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const themes = new ThemesListPage(page, parley.baseUrl);
    const editor = new ThemeEditorPage(page, parley.baseUrl);
    await themes.goto();
    await themes.button("Copy", "Foundation Dark").click();
    await page.waitForURL(/\/dashboard\/themes\/\d+\/edit$/);
    expect(await editor.picker("Primary Color").count()).toBe(0);
    await editor.field("Primary Color").fill("#zzz");
    await editor.button("Save").click();
    await editor.text(invalidColour).waitFor();
    expect(await editor.field("Primary Color").inputValue()).toBe("#zzz");
    await editor.field("Primary Color").fill("#ff8800");
    await editor.button("Save").click();
    await editor.status.filter({ hasText: "Your changes have been saved as a new revision." }).waitFor();
    // The page streams: the status comes before the revision history, so count once the document has loaded.
    await page.waitForLoadState("load");
    expect(await editor.revisions.count()).toBe(2);
    expect(await editor.field("Primary Color").inputValue()).toBe("#ff8800");

    // Delete asks on the page first.
    await themes.goto();
    await themes.button("Delete", "Copy of Foundation Dark").click();
    await themes.main.getByText("Are you sure you want to delete the Copy of Foundation Dark theme?").waitFor();
    await themes.theme("Copy of Foundation Dark").getByRole("button", { name: "Delete", exact: true }).click();
    await themes.status.filter({ hasText: "The theme has been deleted." }).waitFor();
    expect(await themes.theme("Copy of Foundation Dark").count()).toBe(0);
  });

  it("keeps the editor to those who may manage the site, and built-in themes out of it", async () => {
    const page = await parley.newPage();
    await new ParleyPage(page, parley.baseUrl).open("/dashboard/themes/1/edit");
    expect(new URL(page.url()).pathname).toBe("/entry/signin");
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const response = await new ParleyPage(page, parley.baseUrl).open("/dashboard/themes/theme-foundation/edit");
    expect(response.status()).toBe(404);
  });
});
