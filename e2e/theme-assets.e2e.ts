import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { axeViolations, collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { signInContext } from "./support/accounts.ts";
import { signInAdmin } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { setTheme } from "./support/themes.ts";
import { adminPassword } from "./support/server.ts";
import { ParleyPage } from "./pages/ParleyPage.ts";
import { press, ThemeEditorPage, ThemesListPage, typeInto } from "./pages/ThemesPages.ts";

const parley = useParley();

const header = '<p>Welcome to the <a href="/categories">Violet Forum</a></p>';
const footer = "<p>Footer <strong>notes</strong></p>";
/** The theme's JavaScript: a mark on the page when it runs. */
const javascript = 'document.documentElement.dataset.themeScript = "ran";';

/** Where the theme's header and footer sit among the page's landmarks, and whether the theme's script ran. */
async function placement(page: Page) {
  return page.evaluate(() => {
    const skip = document.querySelector('a[href="#content"]')!;
    const header = document.getElementById("theme-header");
    const banner = document.querySelector("header");
    const footer = document.getElementById("theme-footer");
    const follows = (a: Element | null, b: Element | null) =>
      a !== null && b !== null && (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    return {
      headerAfterSkipLink: follows(skip, header),
      headerBeforeBanner: follows(header, banner),
      headerRegion: header?.getAttribute("role") === "region" ? header.getAttribute("aria-label") : null,
      footerIn: footer?.parentElement?.tagName.toLowerCase() ?? null,
      headerHtml: header?.innerHTML ?? null,
      footerHtml: footer?.innerHTML ?? null,
      script: document.documentElement.dataset["themeScript"] ?? null,
    };
  });
}

describe("a theme's header, footer and scripts", () => {
  it("edits them by keyboard; reader pages show them in the landmarks; the scripts switch turns the script on and off", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const themes = new ThemesListPage(page, parley.baseUrl);
    const editor = new ThemeEditorPage(page, parley.baseUrl);
    const guest = await parley.newPage({ bypassCSP: true });
    const guestProblems = collectErrors(guest);
    const reader = new ParleyPage(guest, parley.baseUrl);
    const scriptsSwitch = themes.main.getByRole("switch", {
      name: "Run the current theme's JavaScript and scripts on every page",
    });
    const scriptsSave = themes.main
      .getByRole("region", { name: "Custom Scripts" })
      .getByRole("button", { name: "Save", exact: true });
    try {
      // A copy of Foundation, in the editor: its header, footer, styles and JavaScript typed in, saved and applied.
      expect((await themes.goto()).status()).toBe(200);
      await waitForHydration(page);
      await press(themes.button("Copy", "Foundation"));
      await page.waitForURL(/\/dashboard\/themes\/\d+\/edit$/);
      await editor.heading.filter({ hasText: "Edit Copy of Foundation" }).waitFor();
      const themeID = editor.themeID();
      await waitForHydration(page);
      await typeInto(editor.field("Custom Header (HTML)"), header);
      await typeInto(editor.field("Custom Footer (HTML)"), footer);
      await typeInto(editor.field("Styles (CSS)"), "#theme-header { padding: 8px 16px; background: #f3e8ff; }");
      await typeInto(editor.field("JavaScript"), javascript);
      await typeInto(editor.field("Primary Color"), "#6d28d9");
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, "theme-assets-editor");
      await press(editor.button("Save"));
      await page.waitForURL(`${parley.baseUrl}/dashboard/themes/${themeID}/edit?done=saved`);
      await editor.status.filter({ hasText: "Your changes have been saved as a new revision." }).waitFor();
      expect(await editor.field("Custom Header (HTML)").inputValue()).toBe(header);
      await waitForHydration(page);
      await press(editor.button("Apply"));
      await page.waitForURL(`${parley.baseUrl}/dashboard/themes/${themeID}/edit?done=applied`);

      // A reader's first response: the header after the skip link, before the banner; the footer in <footer>.
      const response = await reader.open("/discussions");
      expect(response.status()).toBe(200);
      const html = await response.text();
      const at = (needle: string) => html.indexOf(needle);
      expect(at('href="#content"')).toBeGreaterThan(at('<div id="app">'));
      expect(at('<div id="theme-header"')).toBeGreaterThan(at('href="#content"'));
      expect(at('<div id="theme-header"')).toBeLessThan(at("<header"));
      expect(at('<div id="theme-footer">')).toBeGreaterThan(at("<footer"));
      expect(at('<div id="theme-footer">')).toBeLessThan(at("</footer>"));
      expect(html).not.toContain("javascript.js");
      const expected = {
        headerAfterSkipLink: true,
        headerBeforeBanner: true,
        headerRegion: "Site Header",
        footerIn: "footer",
        headerHtml: header,
        footerHtml: footer,
        script: null,
      };
      expect(await placement(guest)).toEqual(expected);

      // Hydrated, the same markup (no mismatch reported), and the page by keyboard: the skip link, then the header's link.
      await waitForHydration(guest);
      expect(await placement(guest)).toEqual(expected);
      await guest.keyboard.press("Tab");
      expect(await guest.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
      await guest.keyboard.press("Tab");
      expect(await guest.evaluate(() => document.activeElement?.closest("#theme-header") !== null)).toBe(true);
      expect(await guest.evaluate(() => document.activeElement?.textContent)).toBe("Violet Forum");
      expect(await reader.footer.getByText("Footer notes").count()).toBe(1);
      expect(await seriousAxeViolations(guest)).toEqual([]);
      // No content outside a landmark (axe's "region" rule, moderate): the theme's header and footer are in them.
      expect((await axeViolations(guest)).filter((violation) => violation.id === "region")).toEqual([]);
      await screenshot(guest, "theme-assets-reader");

      // Scripts allowed (the switch on the themes page, by keyboard): the theme's JavaScript runs on the reader's page.
      await themes.goto();
      await waitForHydration(page);
      expect(await scriptsSwitch.isChecked()).toBe(false);
      expect(await scriptsSwitch.getAttribute("aria-describedby")).toBe("theme-scripts-warning");
      expect(await themes.scriptsWarning.innerText()).toContain(
        "Only turn this on if you trust every administrator who can edit themes.",
      );
      expect(await seriousAxeViolations(page)).toEqual([]);
      await scriptsSwitch.focus();
      await page.keyboard.press("Space");
      await press(scriptsSave);
      await themes.status.filter({ hasText: "Pages now run the current theme's JavaScript and scripts." }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("status");
      expect(await scriptsSwitch.isChecked()).toBe(true);
      await screenshot(page, "theme-assets-scripts-on");
      await reader.open("/discussions");
      await guest.waitForFunction(() => document.documentElement.dataset["themeScript"] === "ran");
      await waitForHydration(guest);
      expect(await placement(guest)).toEqual({ ...expected, script: "ran" });

      // Off again: the page no longer loads it.
      await themes.goto();
      await waitForHydration(page);
      expect(await scriptsSwitch.isChecked()).toBe(true);
      await scriptsSwitch.focus();
      await page.keyboard.press("Space");
      await press(scriptsSave);
      await themes.status.filter({ hasText: "Pages no longer run any theme's JavaScript or scripts." }).waitFor();
      const off = await reader.open("/discussions");
      expect(await off.text()).not.toContain("javascript.js");
      await guest.waitForLoadState("load");
      expect((await placement(guest)).script).toBeNull();

      expect(problems.errors).toEqual([]);
      expect(guestProblems.errors).toEqual([]);
    } finally {
      await setTheme(parley.baseUrl, "theme-foundation");
      await (await signInAdmin(parley.baseUrl)).patch("/config", { "themes.allowCustomScripts": false });
    }
  });

  it("turns the scripts switch on and off with plain form posts when JavaScript is off", async () => {
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const themes = new ThemesListPage(page, parley.baseUrl);
    const scriptsSwitch = themes.main.getByRole("switch", {
      name: "Run the current theme's JavaScript and scripts on every page",
    });
    const save = themes.main
      .getByRole("region", { name: "Custom Scripts" })
      .getByRole("button", { name: "Save", exact: true });
    const admin = await signInAdmin(parley.baseUrl);
    const allowed = async () =>
      (await admin.get<Record<string, boolean>>("/config?select=themes.allowCustomScripts"))[
        "themes.allowCustomScripts"
      ];
    try {
      await themes.goto();
      await scriptsSwitch.check();
      await save.click();
      await themes.status.filter({ hasText: "Pages now run the current theme's JavaScript and scripts." }).waitFor();
      expect(await allowed()).toBe(true);
      await themes.goto();
      expect(await scriptsSwitch.isChecked()).toBe(true);
      await scriptsSwitch.uncheck();
      await save.click();
      await themes.status.filter({ hasText: "Pages no longer run any theme's JavaScript or scripts." }).waitFor();
      expect(await allowed()).toBe(false);
    } finally {
      await admin.patch("/config", { "themes.allowCustomScripts": false });
    }
  });
});
