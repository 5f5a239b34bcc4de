import { describe, expect, it } from "vitest";
import { screenshot, waitForHydration } from "./support/browser.ts";
import { contrastRatio, parseRgb } from "./support/colors.ts";
import { demoTopCategories, helpSubcategories } from "./support/demo.ts";
import { useParley } from "./support/parley.ts";
import { CategoriesPage } from "./pages/CategoriesPage.ts";

const parley = useParley();

describe.each([
  { javaScriptEnabled: false, label: "server-rendered" },
  { javaScriptEnabled: true, label: "hydrated" },
])("keyboard on /categories, $label", ({ javaScriptEnabled }) => {
  async function openCategories() {
    const page = await parley.newPage({ javaScriptEnabled });
    const categories = new CategoriesPage(page, parley.baseUrl);
    await categories.goto();
    if (javaScriptEnabled) await waitForHydration(page);
    return categories;
  }

  it("focuses a visible 'Skip to content' link first; Enter moves focus to the main content", async () => {
    const categories = await openCategories();
    const { page } = categories;
    await page.keyboard.press("Tab");
    expect(await categories.focusedElement()).toMatchObject({ tag: "a", text: "Skip to content", href: "#content" });
    // The link hides above the viewport until it has focus; focused, it must be on screen.
    const box = await categories.skipLink.boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual(0);
    expect(box?.height).toBeGreaterThan(0);
    await screenshot(page, `skip-link-focused-${javaScriptEnabled ? "js" : "no-js"}`);

    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.activeElement?.id === "content");
    expect(await categories.focusedElement()).toMatchObject({ tag: "main", id: "content" });
    expect(new URL(page.url()).hash).toBe("#content");

    // The next Tab continues inside the main content, at the first category.
    await page.keyboard.press("Tab");
    expect(await categories.focusedElement()).toMatchObject({ tag: "a", text: "Announcements" });
  });

  it("reaches every category and subcategory link by tabbing, in reading order", async () => {
    const categories = await openCategories();
    const focusedLinks: string[] = [];
    for (let step = 0; step < 30; step += 1) {
      await categories.page.keyboard.press("Tab");
      const focused = await categories.focusedElement();
      if (focused.tag === "body") break;
      if (focused.tag === "a" && focused.href?.startsWith("/categories/")) focusedLinks.push(focused.text);
    }
    const [before = [], after = []] = [demoTopCategories.slice(0, 3), demoTopCategories.slice(3)];
    expect(focusedLinks).toEqual([...before, ...helpSubcategories.map((item) => item.name), ...after]);
  });
});

describe("focus indicators in the title bar", () => {
  it("outlines the focused logo and navigation links in a colour that stands out from the bar (3:1)", async () => {
    const page = await parley.newPage();
    const categories = new CategoriesPage(page, parley.baseUrl);
    await categories.goto();
    await waitForHydration(page);
    await page.keyboard.press("Tab"); // Skip to content
    const seen: string[] = [];
    for (const expected of ["Parley", "Posts", "Categories", "Knowledge Base", "Groups"]) {
      await page.keyboard.press("Tab");
      const focused = await categories.focusedElement();
      expect(focused.text).toBe(expected);
      const style = await categories.focusStyle();
      expect(style.outlineStyle).not.toBe("none");
      expect(parseFloat(style.outlineWidth)).toBeGreaterThanOrEqual(2);
      const ratio = contrastRatio(parseRgb(style.outlineColor), parseRgb(style.titleBarBackground));
      expect(ratio, `focus outline of "${expected}" against the title bar`).toBeGreaterThanOrEqual(3);
      seen.push(focused.text);
      await screenshot(page, `title-bar-focus-${expected.toLowerCase()}`);
    }
    expect(seen).toEqual(["Parley", "Posts", "Categories", "Knowledge Base", "Groups"]);
  });
});
