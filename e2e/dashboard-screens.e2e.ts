import { describe, expect, it } from "vitest";
import { signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, blockingAxeViolations, waitForHydration } from "./support/browser.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { DashboardPage } from "./pages/DashboardPage.ts";

const parley = useParley();
const admin = { name: "admin", password: adminPassword };

/** A page name as a screenshot's file name: "Roles & Permissions" → "roles-permissions". */
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * Every page of the dashboard's navigation (read from the navigation itself, so a new page is covered the day it
 * joins), at a desktop's and a phone's width: it answers 200 with its title in the first response, hydrates without a
 * console error, has no serious axe violation nor skipped heading level (heading-order), and does not scroll sideways on a phone (wide tables scroll in their
 * own box). The screenshots are in test-results/e2e/dashboard-screen-*.png, to look at.
 */
describe("every dashboard page at 1280 and 375 px", () => {
  it.each([1280, 375])(
    "renders at %i px, passes axe and does not scroll sideways",
    async (width) => {
      const page = await parley.newPage({ bypassCSP: true });
      const problems = collectErrors(page);
      await signInContext(page, parley.baseUrl, admin);
      const dashboard = new DashboardPage(page, parley.baseUrl);
      await dashboard.goto();
      const links = await dashboard.navigation
        .getByRole("link")
        .evaluateAll((anchors) =>
          anchors.map((anchor) => ({ name: anchor.textContent ?? "", href: anchor.getAttribute("href") ?? "" })),
        );
      expect(links.length).toBeGreaterThanOrEqual(13);

      const overflowing: string[] = [];
      await page.setViewportSize({ width, height: 900 });
      for (const link of links) {
        const response = await dashboard.open(link.href);
        expect([link.name, response.status()]).toEqual([link.name, 200]);
        await waitForHydration(page);
        await dashboard.main.getByRole("heading", { level: 1 }).first().waitFor();
        expect([link.name, await blockingAxeViolations(page)]).toEqual([link.name, []]);
        // The navigation is beside the page on a desktop; on a phone it follows the page, reached by "Dashboard menu".
        const title = (await dashboard.main.getByRole("heading", { level: 1 }).first().boundingBox())!;
        const nav = (await dashboard.navigation.boundingBox())!;
        const jump = dashboard.main.getByRole("link", { name: "Dashboard menu" });
        if (width === 375) {
          expect([link.name, nav.y > title.y, await jump.isVisible()]).toEqual([link.name, true, true]);
        } else {
          expect([link.name, nav.x < title.x, await jump.isVisible()]).toEqual([link.name, true, false]);
        }
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (sideways > 0) overflowing.push(`${link.name} at ${width}px: ${sideways}px too wide`);
        await screenshot(page, `dashboard-screen-${slug(link.name)}-${width}`);
      }
      expect(overflowing).toEqual([]);
      expect(problems.errors).toEqual([]);
    },
    180_000,
  );
});
