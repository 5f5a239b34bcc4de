import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { signInContext } from "./support/accounts.ts";
import { contrastRatio, parseRgb } from "./support/colors.ts";
import { useParley } from "./support/parley.ts";
import { adminCookie, createTheme, setTheme } from "./support/themes.ts";
import { adminPassword } from "./support/server.ts";
import { ParleyPage } from "./pages/ParleyPage.ts";
import { ReadingLayoutPage } from "./pages/ReadingLayoutPage.ts";
import { SignInPage } from "./pages/SignInPage.ts";
import { TitleBarPage } from "./pages/TitleBarPage.ts";
import { ThemesListPage } from "./pages/ThemesPages.ts";

const parley = useParley();

/** What the browser applies: the page's colours and the title bar's, and whether Open Sans is in use. */
async function appliedTheme(page: Page) {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const body = getComputedStyle(document.body);
    const banner = document.querySelector("header, [role=banner]");
    const root = getComputedStyle(document.documentElement);
    return {
      bodyBg: body.backgroundColor,
      bodyFg: body.color,
      primary: root.getPropertyValue("--color-primary").trim(),
      titleBarBg: banner ? getComputedStyle(banner).backgroundColor : null,
      openSans:
        document.fonts.check('14px "Open Sans"') &&
        Array.from(document.fonts as unknown as Iterable<FontFace>).some((font) => font.status === "loaded"),
      fontFamily: body.fontFamily,
    };
  });
}

describe("themes", () => {
  it("applies the default theme with the bundled Open Sans, from this server only", async () => {
    const page = await parley.newPage();
    const foreign: string[] = [];
    const fonts: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(parley.baseUrl)) foreign.push(request.url());
      if (request.resourceType() === "font") fonts.push(new URL(request.url()).pathname);
    });
    const parleyPage = new ParleyPage(page, parley.baseUrl);
    expect((await parleyPage.open("/categories")).status()).toBe(200);
    await waitForHydration(page);
    const applied = await appliedTheme(page);
    expect(applied.bodyBg).toBe("rgb(255, 255, 255)");
    expect(applied.primary).toBe("#037dbc");
    expect(applied.fontFamily.startsWith('"Open Sans"')).toBe(true);
    expect(applied.openSans).toBe(true);
    expect(fonts.some((font) => /^\/assets\/open-sans-latin-\d00-normal-[\w-]+\.woff2$/.test(font))).toBe(true);
    expect(foreign).toEqual([]);
  });

  it("switches every page to the dark theme after PUT /themes/current, readable and accessible", async () => {
    await setTheme(parley.baseUrl, "theme-foundation-dark");
    try {
      const page = await parley.newPage({ bypassCSP: true });
      const parleyPage = new ParleyPage(page, parley.baseUrl);
      expect((await parleyPage.open("/categories")).status()).toBe(200);
      await waitForHydration(page);
      const applied = await appliedTheme(page);
      expect(applied.bodyBg).toBe("rgb(50, 54, 57)");
      expect(applied.primary).toBe("#43bdfc");
      expect(contrastRatio(parseRgb(applied.bodyFg), parseRgb(applied.bodyBg))).toBeGreaterThan(7);
      await screenshot(page, "theme-dark-categories");
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await setTheme(parley.baseUrl, "theme-foundation");
    }
    const page = await parley.newPage();
    await new ParleyPage(page, parley.baseUrl).open("/categories");
    expect((await appliedTheme(page)).bodyBg).toBe("rgb(255, 255, 255)");
  });

  it("an administrator previews a theme from the themes page, keyboard only, then cancels or applies it", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const guest = await parley.newPage();
    const guestBg = async () => {
      await new ParleyPage(guest, parley.baseUrl).open("/categories");
      return (await appliedTheme(guest)).bodyBg;
    };
    const themes = new ThemesListPage(page, parley.baseUrl);
    const banner = themes.themePreviewBanner;
    try {
      // From the account menu's link.
      expect((await themes.open("/")).status()).toBe(200);
      await waitForHydration(page);
      await themes.openFromAccountMenu();
      await page.waitForURL(`${parley.baseUrl}/dashboard/themes`);
      await themes.title.waitFor();
      await waitForHydration(page);
      expect(await themes.text("Current Theme", { exact: true }).count()).toBe(1);
      await screenshot(page, "themes-page");
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Preview, from the keyboard: the forum in the dark theme, with the banner, for this browser only.
      await themes.button("Preview", "Foundation Dark").focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(`${parley.baseUrl}/`);
      await banner.waitFor();
      expect(await banner.innerText()).toContain("You are previewing the Foundation Dark theme.");
      expect((await appliedTheme(page)).bodyBg).toBe("rgb(50, 54, 57)");
      expect(await guestBg()).toBe("rgb(255, 255, 255)");
      await waitForHydration(page);
      await screenshot(page, "theme-preview-banner");
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Cancel: back to the themes page in the site's theme.
      await banner.getByRole("button", { name: "Cancel" }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(`${parley.baseUrl}/dashboard/themes`);
      await themes.title.waitFor();
      expect(await banner.count()).toBe(0);
      expect((await appliedTheme(page)).bodyBg).toBe("rgb(255, 255, 255)");

      // Preview again and apply it from the banner: everyone gets it.
      await themes.button("Preview", "Foundation Dark").click();
      await banner.waitFor();
      await waitForHydration(page);
      await banner.getByRole("button", { name: "Apply" }).click();
      await page.waitForURL(`${parley.baseUrl}/dashboard/themes`);
      await themes.title.waitFor();
      expect(await banner.count()).toBe(0);
      expect((await appliedTheme(page)).bodyBg).toBe("rgb(50, 54, 57)");
      expect(await guestBg()).toBe("rgb(50, 54, 57)");
      // The page in the dark theme: its buttons readable too, hovered as well (the primary colour's
      // darker state is lighter on a dark theme: its text is the theme's contrast colour, never white).
      await waitForHydration(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      const apply = themes.button("Apply", "Foundation");
      await apply.hover();
      const hovered = await apply.evaluate((button) => {
        const style = getComputedStyle(button);
        return { fg: style.color, bg: style.backgroundColor };
      });
      expect(contrastRatio(parseRgb(hovered.fg), parseRgb(hovered.bg))).toBeGreaterThan(4.5);

      // Applying Foundation from the page puts it back.
      await themes.button("Apply", "Foundation").click();
      await themes.button("Apply", "Foundation Dark").waitFor();
      expect((await appliedTheme(page)).bodyBg).toBe("rgb(255, 255, 255)");
      expect(problems.errors).toEqual([]);
    } finally {
      await setTheme(parley.baseUrl, "theme-foundation");
    }
  });

  it("gives the title bar, buttons and form fields the theme's own sizes, and the medium buttons their §9 height", async () => {
    const cookie = await adminCookie(parley.baseUrl);
    const themeID = await createTheme(
      parley.baseUrl,
      {
        name: "Tall Buttons",
        parentTheme: "theme-foundation",
        assets: {
          variables: {
            data: {
              sizes: {
                buttonHeight: 44,
                buttonMinWidth: 120,
                titleBarHeight: 60,
                titleBarHeightMobile: 52,
                formElementHeight: 40,
              },
            },
          },
        },
      },
      cookie,
    );
    await setTheme(parley.baseUrl, themeID, cookie);
    try {
      const page = await parley.newPage();
      await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
      const forum = new ReadingLayoutPage(page, parley.baseUrl);
      // In the server's HTML and after hydration alike: the sizes are the theme's variables, never inline.
      for (const pathname of ["/discussions", "/categories"]) {
        expect((await forum.open(pathname)).status()).toBe(200);
        for (const step of ["server", "hydrated"]) {
          if (step === "hydrated") await waitForHydration(page);
          if (pathname === "/discussions") {
            expect(await forum.controlSize(forum.mainLink("New Discussion"))).toEqual({
              height: 44,
              minWidth: "120px",
            });
            // The title bar is the theme's height too (it stayed at §9's 48 px whatever the theme said).
            expect((await forum.controlSize(forum.titleBar)).height).toBe(60);
          } else {
            // A category's Follow button is the medium size of §9: 32 px high whatever the theme's default height.
            expect((await forum.controlSize(forum.mainButton(/^Follow /))).height).toBe(32);
          }
        }
      }
      // A guest's sign-in form: its fields are the theme's form element height.
      const guest = await parley.newPage();
      const signIn = new SignInPage(guest, parley.baseUrl);
      expect((await signIn.goto()).status()).toBe(200);
      expect((await signIn.controlSize(signIn.username)).height).toBe(40);
      // On a phone, the theme's mobile height.
      const phone = await parley.newPage({ viewport: { width: 390, height: 844 } });
      const phoneForum = new ReadingLayoutPage(phone, parley.baseUrl);
      expect((await phoneForum.open("/discussions")).status()).toBe(200);
      expect((await phoneForum.controlSize(phoneForum.titleBar)).height).toBe(52);
    } finally {
      await setTheme(parley.baseUrl, "theme-foundation", cookie);
    }
  });

  it("lays pages out at the theme's own breakpoints: the stylesheet's compact rules and the device classes", async () => {
    const at = async (width: number, signedIn: boolean) => {
      // A guest's page without JavaScript: the stylesheet alone lays it out.
      const page = await parley.newPage({ viewport: { width, height: 800 }, javaScriptEnabled: signedIn });
      if (signedIn) await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
      const bar = new TitleBarPage(page, parley.baseUrl);
      expect((await bar.open("/discussions")).status()).toBe(200);
      return bar;
    };
    // §9's compact width is 800 px: at 900 the title bar has its navigation, not the hamburger.
    const wide = await at(900, false);
    await expect.poll(() => wide.hamburger.isVisible()).toBe(false);
    expect((await wide.controlSize(wide.titleBar)).height).toBe(48);

    const cookie = await adminCookie(parley.baseUrl);
    const themeID = await createTheme(
      parley.baseUrl,
      {
        name: "Early Compact",
        parentTheme: "theme-foundation",
        assets: {
          variables: { data: { layout: { breakpoints: { oneColumn: 600, compact: 1000, twoColumns: 1400 } } } },
        },
      },
      cookie,
    );
    await setTheme(parley.baseUrl, themeID, cookie);
    try {
      // The stylesheet alone: compact up to the theme's 1000 px.
      const guest = await at(900, false);
      await expect.poll(() => guest.hamburger.isVisible()).toBe(true);
      expect((await guest.controlSize(guest.titleBar)).height).toBe(44);
      await screenshot(guest.page, "theme-breakpoints-900");
      // A member's hydrated page: the body's classes follow the theme's breakpoints too (one column ends at
      // 600 + the panel + two gutters = 848 px, so 900 is a tablet).
      const member = await at(900, true);
      await waitForHydration(member.page);
      await expect.poll(() => member.bodyClass()).toMatch(/\bisCompact\b/);
      expect(await member.bodyClass()).toMatch(/\bdevice-tablet\b/);
      await member.hamburger.click();
      await expect.poll(() => member.siteNavigationPanel.isVisible()).toBe(true);
      // Past the theme's compact width, the full title bar again.
      const wider = await at(1100, true);
      await waitForHydration(wider.page);
      await expect.poll(() => wider.hamburger.isVisible()).toBe(false);
      expect(await wider.bodyClass()).not.toMatch(/\bisCompact\b/);
    } finally {
      await setTheme(parley.baseUrl, "theme-foundation", cookie);
    }
  });

  it("keeps the themes page to those who may manage the site", async () => {
    const page = await parley.newPage();
    const response = await new ParleyPage(page, parley.baseUrl).open("/dashboard/themes");
    // A guest is sent to sign in first.
    expect(new URL(page.url()).pathname).toBe("/entry/signin");
    expect(response.status()).toBe(200);
  });
});
