import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { useParley } from "./support/parley.ts";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { adminPassword } from "./support/server.ts";
import { DashboardPage } from "./pages/DashboardPage.ts";
import { LanguagePickerPage } from "./pages/LanguagePickerPage.ts";

/** The interface in French, German and the right-to-left pseudo-locale (issue 31 item 8). */
const parley = useParley({ env: { PARLEY_PSEUDO_LOCALE: "true" } });

describe("interface locales", () => {
  it("a guest picks Français: the server renders the page in French, it hydrates cleanly, and English comes back", async () => {
    const page = await parley.newPage();
    const problems = collectErrors(page);
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (/hydrat|did not match/i.test(message.text())) warnings.push(message.text());
    });
    const locale = new LanguagePickerPage(page, parley.baseUrl);
    await locale.open("/discussions");
    expect(await locale.htmlLang()).toBe("en");
    expect(await locale.options()).toEqual(expect.arrayContaining(["English", "Français", "Deutsch"]));

    await locale.choose("Français");
    expect(new URL(page.url()).pathname).toBe("/discussions");
    expect(await locale.htmlLang()).toBe("fr");
    await expect.poll(() => locale.footer.innerText()).toContain("Propulsé par Parley");
    await waitForHydration(page);
    // Hydrated: the client's first render had the same French words (a mismatch is a console error).
    expect(await locale.footer.innerText()).toContain("Propulsé par Parley");
    expect(await locale.select.inputValue()).toBe("fr");

    // The first HTML the server sends for the cookie is French, with the pack's words.
    const html = await locale.serverHtml("/discussions");
    expect(html).toMatch(/^<!doctype html><html lang="fr">/);
    expect(html).toContain("Propulsé par Parley");
    expect(html).toContain("Se connecter");
    expect(html).not.toContain("Powered by Parley");

    await locale.choose("English");
    expect(await locale.htmlLang()).toBe("en");
    expect(await locale.footer.innerText()).toContain("Powered by Parley");
    await waitForHydration(page);
    expect(problems.errors).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it("a first visit without a cookie follows Accept-Language; the picker works without JavaScript", async () => {
    const page = await parley.newPage({ locale: "de-DE", javaScriptEnabled: false });
    const locale = new LanguagePickerPage(page, parley.baseUrl);
    await locale.open("/categories");
    expect(await locale.htmlLang()).toBe("de");
    expect(await locale.footer.innerText()).toContain("Betrieben mit Parley");

    await locale.choose("English");
    expect(new URL(page.url()).pathname).toBe("/categories");
    expect(await locale.htmlLang()).toBe("en");
    // The choice, a cookie now, wins over the browser's languages.
    expect(await locale.serverHtml("/categories", { "accept-language": "de" })).toMatch(/<html lang="en">/);
  });

  it("the right-to-left pseudo-locale lays the page out right to left, with no serious axe violation", async () => {
    for (const width of [1280, 375]) {
      const page = await parley.newPage({ viewport: { width, height: 900 }, bypassCSP: true });
      const problems = collectErrors(page);
      const locale = new LanguagePickerPage(page, parley.baseUrl);
      await locale.openInLocale("ar-XB", "/discussions");
      expect(await locale.htmlLang()).toBe("ar-XB");
      expect(await locale.htmlDir()).toBe("rtl");
      await waitForHydration(page);
      expect(await locale.footer.innerText()).toContain("\u202ePowered by Parley\u202c");
      await screenshot(page, `locales-rtl-discussions-${width}`);
      // Mirrored: the site's name starts the title bar on the right.
      const logo = await locale.titleBarLogo.boundingBox();
      expect(logo!.x + logo!.width).toBeGreaterThan(width * 0.75);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(problems.errors).toEqual([]);
    }
  });

  it("a member's pages in French carry the contracts' sentences too: notification preferences, edit windows", async () => {
    const member = newMember("francais");
    await registerConfirmed(parley, member);
    const page = await parley.newPage();
    await signInContext(page, parley.baseUrl, member);
    const locale = new LanguagePickerPage(page, parley.baseUrl);
    expect((await locale.openInLocale("fr", "/profile/preferences")).status()).toBe(200);
    expect(await locale.htmlLang()).toBe("fr");
    const text = await locale.main.innerText();
    for (const sentence of [
      "Choisissez d'être averti par une notification dans le site ou par e-mail.",
      "Mentions, citations et réactions",
      "M'avertir quand on me mentionne.",
    ])
      expect(text).toContain(sentence);
    expect(text).not.toContain("Notify me when");
    const admin = await parley.newPage();
    await signInContext(admin, parley.baseUrl, { name: "admin", password: adminPassword });
    const settings = new LanguagePickerPage(admin, parley.baseUrl);
    expect((await settings.openInLocale("fr", "/dashboard/settings")).status()).toBe(200);
    expect(await settings.main.innerText()).toContain("Les auteurs peuvent modifier pendant 1 heure");
  });

  it("the dashboard lays out right to left too: its navigation on the right, no serious axe violation", async () => {
    const page = await parley.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const dashboard = new DashboardPage(page, parley.baseUrl);
    const locale = new LanguagePickerPage(page, parley.baseUrl);
    await locale.openInLocale("ar-XB", "/dashboard");
    expect(await locale.htmlDir()).toBe("rtl");
    await waitForHydration(page);
    const navigation = await dashboard.navigationLandmark.boundingBox();
    const main = await dashboard.main.boundingBox();
    expect(navigation!.x).toBeGreaterThan(main!.x);
    await screenshot(page, "locales-rtl-dashboard-1280");
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});
