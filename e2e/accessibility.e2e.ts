import { describe, expect, it } from "vitest";
import { screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { useParley } from "./support/parley.ts";
import { ParleyPage } from "./pages/ParleyPage.ts";

const parley = useParley();

const pages = [
  { path: "/", name: "home", status: 200 },
  { path: "/categories", name: "categories", status: 200 },
  { path: "/categories/help", name: "category-help", status: 200 },
  { path: "/no-such-page", name: "not-found", status: 404 },
];

describe("accessibility (axe-core)", () => {
  it.each(pages)("has no serious or critical violations on $path", async ({ path, name, status }) => {
    // bypassCSP lets the inline axe script run under the server's Content-Security-Policy.
    const page = await parley.newPage({ bypassCSP: true });
    const parleyPage = new ParleyPage(page, parley.baseUrl);
    expect((await parleyPage.open(path)).status()).toBe(status);
    await waitForHydration(page);
    expect(await parleyPage.heading.count()).toBe(1);

    const violations = await seriousAxeViolations(page);
    await screenshot(page, `axe-${name}`);
    expect(violations).toEqual([]);
  });
});
