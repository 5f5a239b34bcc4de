import { describe, expect, it } from "vitest";
import { blockingAxeViolations, screenshot, waitForHydration } from "./support/browser.ts";
import { signInContext } from "./support/accounts.ts";
import { welcome } from "./support/demo.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { ParleyPage } from "./pages/ParleyPage.ts";

const parley = useParley();

/**
 * Every main page type (issue 31): a guest's reading and entry pages, and a member's (the administrator's)
 * own pages and the dashboard's. Each must have one h1, no serious or critical axe violation, and no
 * `heading-order` finding (a heading that skips a level).
 */
const pages: Array<{ path: string; name: string; status?: number; signedIn?: boolean }> = [
  { path: "/", name: "home" },
  { path: "/categories", name: "categories" },
  { path: "/categories/help", name: "category-help" },
  { path: "/discussions", name: "discussions" },
  { path: welcome.path, name: "discussion" },
  { path: "/profile/admin", name: "profile" },
  { path: "/kb", name: "knowledge" },
  { path: "/kb/help-center", name: "knowledge-base" },
  { path: "/kb/articles/2", name: "knowledge-article" },
  { path: "/groups", name: "groups" },
  { path: "/entry/signin", name: "sign-in" },
  { path: "/entry/register", name: "register" },
  { path: "/no-such-page", name: "not-found", status: 404 },
  { path: "/", name: "home-member", signedIn: true },
  { path: welcome.path, name: "discussion-member", signedIn: true },
  { path: "/search?search=welcome", name: "search", signedIn: true },
  { path: "/profile/notifications", name: "notifications", signedIn: true },
  { path: "/messages", name: "messages", signedIn: true },
  { path: "/drafts", name: "drafts", signedIn: true },
  { path: "/discussions/bookmarked", name: "bookmarks", signedIn: true },
  { path: "/post/discussion", name: "new-discussion", signedIn: true },
  { path: "/profile/admin", name: "profile-own", signedIn: true },
  { path: "/dashboard/settings", name: "dashboard-settings", signedIn: true },
  { path: "/dashboard/users", name: "dashboard-users", signedIn: true },
  { path: "/dashboard/themes", name: "dashboard-themes", signedIn: true },
  { path: "/dashboard/style-guide", name: "dashboard-style-guide", signedIn: true },
];

describe("accessibility (axe-core) of every main page type", () => {
  it("refuses a skipped heading level (the check is not vacuous)", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    await page.setContent(
      '<html lang="en"><head><title>Headings</title></head><body><main><h1>Page</h1><h3>Skipped</h3></main></body></html>',
    );
    expect((await blockingAxeViolations(page)).map((violation) => violation.id)).toContain("heading-order");
  });

  it.each(pages)(
    "has no serious or critical violation and no skipped heading level on $name ($path)",
    async ({ path, name, status = 200, signedIn = false }) => {
      // bypassCSP lets the inline axe script run under the server's Content-Security-Policy.
      const page = await parley.newPage({ bypassCSP: true });
      if (signedIn) await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
      const parleyPage = new ParleyPage(page, parley.baseUrl);
      expect((await parleyPage.open(path)).status()).toBe(status);
      await waitForHydration(page);
      expect(await parleyPage.heading.count()).toBe(1);

      const violations = await blockingAxeViolations(page);
      await screenshot(page, `axe-${name}`);
      expect(violations).toEqual([]);
    },
  );
});
