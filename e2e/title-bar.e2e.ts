import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { registerConfirmed, registerThroughApi, newMember, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { welcome } from "./support/demo.ts";
import { useParley } from "./support/parley.ts";
import { TitleBarPage } from "./pages/TitleBarPage.ts";

const parley = useParley();

const widths = [375, 800, 1280] as const;
const isCompact = (width: number) => width <= 800;

async function openAt(
  width: number,
  path = "/categories",
  { member, bypassCSP = false }: { member?: { name: string; password: string }; bypassCSP?: boolean } = {},
): Promise<{ bar: TitleBarPage; page: Page; errors: string[] }> {
  const page = await parley.newPage({ viewport: { width, height: 800 }, bypassCSP });
  const { errors } = collectErrors(page);
  if (member) await signInContext(page, parley.baseUrl, member);
  const bar = new TitleBarPage(page, parley.baseUrl);
  await bar.open(path);
  await waitForHydration(page);
  return { bar, page, errors };
}

let confirmedMember: { name: string; password: string } | undefined;
async function member() {
  if (!confirmedMember) {
    const created = newMember("bar");
    await registerConfirmed(parley, created);
    confirmedMember = created;
  }
  return confirmedMember;
}

describe.each(widths)("title bar at %i px", (width) => {
  it("shows a guest the logo, navigation or hamburger, search, Sign In and Register", async () => {
    const { bar, page, errors } = await openAt(width);
    expect(await bar.logo.getAttribute("href")).toBe("/");
    expect(await bar.searchButton.isVisible()).toBe(true);
    expect(await bar.signInLink.getAttribute("href")).toBe("/entry/signin?Target=%2Fcategories");
    expect(await bar.registerLink.getAttribute("href")).toBe("/entry/register?Target=%2Fcategories");
    expect(await bar.registerLink.isVisible()).toBe(true);
    if (isCompact(width)) {
      expect(await bar.hamburger.isVisible()).toBe(true);
      expect(await bar.mainNavigation.isVisible()).toBe(false);
    } else {
      expect(await bar.hamburger.isVisible()).toBe(false);
      expect(await bar.mainNavigation.getByRole("link").allInnerTexts()).toEqual([
        "Posts",
        "Categories",
        "Knowledge Base",
        "Groups",
      ]);
    }
    // The bar is 48 px high, 44 on compact screens, and stays within the window.
    const box = await bar.titleBar.boundingBox();
    expect(box?.height).toBe(isCompact(width) ? 44 : 48);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await bar.bodyClasses()).toContain(isCompact(width) ? "isCompact" : "device-no_bleed");
    await screenshot(page, `title-bar-guest-${width}`);
    expect(errors).toEqual([]);
  });

  it("shows a member the menus: dropdowns on desktop, one side panel with tabs on compact screens", async () => {
    const signedIn = await member();
    const { bar, page, errors } = await openAt(width, "/categories", { member: signedIn });
    expect(await bar.signInLink.count()).toBe(0);
    if (isCompact(width)) {
      expect(await bar.notificationsButton.isVisible()).toBe(false);
      // The notifications list is a chunk of its own, held back here so the tab opens while it loads:
      // only the tab's content may wait (the panel, and the focus in it, stay for Escape below).
      await page.route(/\/assets\/NotificationsMenu-[^/]+\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await bar.memberPanelButton.click();
      const panel = bar.dialog(signedIn.name);
      await panel.waitFor();
      expect(await panel.getByRole("tab").allInnerTexts()).toEqual(["My Account", "Notifications", "Messages"]);
      expect(await panel.getByRole("link", { name: "Sign Out" }).getAttribute("href")).toBe(
        "/entry/signout?Target=%2Fcategories",
      );
      await panel.getByRole("tab", { name: "Notifications" }).click();
      await panel.getByRole("link", { name: "All Notifications" }).waitFor();
      await panel.getByRole("tabpanel").getByText("You do not have any notifications yet.").waitFor();
      await screenshot(page, `title-bar-member-panel-${width}`);
      await page.keyboard.press("Escape");
      await panel.waitFor({ state: "detached" });
    } else {
      expect(await bar.notificationsButton.isVisible()).toBe(true);
      expect(await bar.messagesButton.isVisible()).toBe(true);
      await bar.memberName(signedIn.name).waitFor();
      await bar.accountButton.click();
      const menu = bar.dialog("My Account");
      await menu.waitFor();
      expect(await menu.getByRole("link", { name: "Profile" }).getAttribute("href")).toBe(
        `/profile/${encodeURIComponent(signedIn.name)}`,
      );
      await screenshot(page, `title-bar-member-account-${width}`);
      // Opening another menu closes the first.
      await page.keyboard.press("Escape");
      await bar.notificationsButton.click();
      await bar.dialog("Notifications").waitFor();
      expect(await menu.count()).toBe(0);
      await screenshot(page, `title-bar-member-notifications-${width}`);
    }
    expect(errors).toEqual([]);
  });

  it("expands the search in place, closes it on Cancel, and submits to /search?query=…", async () => {
    const { bar, page } = await openAt(width);
    await bar.searchButton.click();
    const field = bar.searchField;
    await field.waitFor();
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.type === "search");
    await screenshot(page, `title-bar-search-${width}`);
    await bar.searchForm.getByRole("button", { name: "Cancel" }).click();
    await bar.searchForm.waitFor({ state: "detached" });
    expect(await bar.searchButton.isVisible()).toBe(true);

    await bar.searchButton.click();
    await field.fill("hello world");
    await field.press("Enter");
    await page.waitForURL((url) => url.pathname === "/search");
    expect(new URL(page.url()).searchParams.get("query")).toBe("hello world");
  });
});

describe("site navigation panel", () => {
  it.each([375, 800])(
    "opens from the hamburger at %i px, follows a link, and closes with Close or Escape",
    async (width) => {
      const { bar, page } = await openAt(width);
      await bar.hamburger.click();
      await bar.siteNavigationPanel.waitFor();
      expect(await bar.siteNavigationPanel.getByRole("link").allInnerTexts()).toEqual([
        "Posts",
        "Categories",
        "Knowledge Base",
        "Groups",
      ]);
      await screenshot(page, `title-bar-site-navigation-${width}`);

      await bar.siteNavigationPanel.getByRole("button", { name: "Close" }).click();
      await bar.siteNavigationPanel.waitFor({ state: "detached" });
      await bar.waitForFocus("Site Navigation");

      await page.keyboard.press("Enter");
      await bar.siteNavigationPanel.waitFor();
      // Escape reaches the panel once React Aria has moved the focus into it (a busy machine takes a moment).
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null))
        .toBe(true);
      await page.keyboard.press("Escape");
      await bar.siteNavigationPanel.waitFor({ state: "detached" });
      await bar.waitForFocus("Site Navigation");

      await bar.hamburger.click();
      await bar.siteNavigationPanel.getByRole("link", { name: "Posts" }).click();
      await page.waitForURL((url) => url.pathname === "/discussions");
      await bar.siteNavigationPanel.waitFor({ state: "detached" });
    },
  );
});

describe("member dropdowns from the keyboard", () => {
  it("Tab reaches each trigger, Enter opens it, Escape closes it and focus returns to the trigger", async () => {
    const signedIn = await member();
    const { bar, page } = await openAt(1280, "/categories", { member: signedIn });
    const seen: string[] = [];
    for (let step = 0; step < 20 && seen.length < 3; step += 1) {
      await page.keyboard.press("Tab");
      const label = await bar.focusedLabel();
      const menu = ["Notifications", "Messages", "My Account"].find((name) => label.startsWith(name));
      if (!menu) continue;
      seen.push(menu);
      await page.keyboard.press("Enter");
      const dialog = bar.dialog(menu);
      await dialog.waitFor();
      // React Aria moves focus into the menu once it is open.
      await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') != null);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      await bar.waitForFocus(menu);
    }
    expect(seen).toEqual(["Notifications", "Messages", "My Account"]);
  });
});

describe("user card", () => {
  it("opens as a popover at 1280 px and as a modal at 375 px from the author's name", async () => {
    for (const width of [1280, 375]) {
      const { bar, page, errors } = await openAt(width, welcome.path);
      const author = bar.main.getByRole("link", { name: welcome.author, exact: true }).first();
      expect(await author.getAttribute("href")).toBe(`/profile/${welcome.author}`);
      await author.click();
      // A skeleton shows while the user loads, then the card.
      await bar.userCard.getByRole("link", { name: "View Profile" }).waitFor();
      expect(await bar.userCard.getByRole("heading", { name: welcome.author }).count()).toBe(1);
      expect(await bar.userCard.getAttribute("data-user-card")).toBe(width === 1280 ? "popover" : "modal");
      const text = await bar.userCard.innerText();
      expect(text).toContain("Discussions");
      expect(text).toContain("Joined");
      expect(await bar.userCard.getByRole("link", { name: "View Profile" }).getAttribute("href")).toBe(
        `/profile/${welcome.author}`,
      );
      // Guests cannot message anyone.
      expect(await bar.userCard.getByRole("link", { name: "Message" }).count()).toBe(0);
      await screenshot(page, `user-card-${width}`);
      await page.keyboard.press("Escape");
      await bar.userCard.waitFor({ state: "detached" });
      expect(new URL(page.url()).pathname).toBe(welcome.path);
      expect(errors).toEqual([]);
    }
  });

  it("offers a signed-in member the Message button", async () => {
    const signedIn = await member();
    const { bar } = await openAt(1280, welcome.path, { member: signedIn });
    await bar.main.getByRole("link", { name: welcome.author, exact: true }).first().click();
    const message = bar.userCard.getByRole("link", { name: "Message" });
    await message.waitFor();
    expect(await message.getAttribute("href")).toBe(`/messages/add/${welcome.author}`);
  });
});

describe("email-unconfirmed toast", () => {
  it.each([375, 1280])("shows at %i px for an unconfirmed member, server-rendered and hydrated", async (width) => {
    const unconfirmed = newMember("toast");
    await registerThroughApi(parley.baseUrl, unconfirmed);
    for (const javaScriptEnabled of [false, true]) {
      const page = await parley.newPage({ viewport: { width, height: 800 }, javaScriptEnabled });
      await signInContext(page, parley.baseUrl, unconfirmed);
      const bar = new TitleBarPage(page, parley.baseUrl);
      await bar.open("/categories");
      if (javaScriptEnabled) await waitForHydration(page);
      expect(await bar.emailToast.innerText()).toContain("Your email address is not confirmed.");
      expect(await bar.emailToast.getByRole("link", { name: "Resend confirmation email" }).getAttribute("href")).toBe(
        "/entry/emailconfirmrequest",
      );
      expect(await bar.emailToast.isVisible()).toBe(true);
      // Without JavaScript the member's links stand in the bar, which stays within the window.
      if (!javaScriptEnabled) {
        expect(await bar.titleBar.getByRole("link", { name: "Sign Out", exact: true }).isVisible()).toBe(true);
        expect(await bar.mainNavigation.isVisible()).toBe(true);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `email-toast-${width}-${javaScriptEnabled ? "js" : "no-js"}`);
    }
  });
});

describe("accessibility of the shell (axe-core)", () => {
  const pages = [
    { path: "/", name: "home" },
    { path: "/discussions", name: "discussions" },
    { path: "/categories", name: "categories" },
    { path: "/no-such-page", name: "not-found" },
  ];
  for (const width of [375, 1280]) {
    it.each(pages)(`has no serious or critical violations on $path at ${width} px`, async ({ path, name }) => {
      const { bar, page } = await openAt(width, path, { bypassCSP: true });
      expect(await bar.heading.count()).toBe(1);
      const violations = await seriousAxeViolations(page);
      await screenshot(page, `title-bar-axe-${name}-${width}`);
      expect(violations).toEqual([]);
    });
  }

  it("has none with a member's menu open or the site navigation panel open", async () => {
    const signedIn = await member();
    const desktop = await openAt(1280, "/categories", { member: signedIn, bypassCSP: true });
    await desktop.bar.notificationsButton.click();
    await desktop.bar.dialog("Notifications").waitFor();
    expect(await seriousAxeViolations(desktop.page)).toEqual([]);

    const compact = await openAt(375, "/categories", { bypassCSP: true });
    await compact.bar.hamburger.click();
    await compact.bar.siteNavigationPanel.waitFor();
    expect(await seriousAxeViolations(compact.page)).toEqual([]);
  });
});
