import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { categoryID, createDiscussion, pathOf, signInApi } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { DiscussionActionsPage } from "./pages/DiscussionActions.ts";

const parley = useParley();

/** What has focus: its accessible-ish name (text or aria-label), and whether it is inside the reactions row. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return {
      name: (active?.getAttribute("aria-label") ?? active?.textContent ?? "").trim(),
      inRow: Boolean(active?.closest('[role="toolbar"][aria-label="Reactions"]')),
      role: active?.getAttribute("role") ?? active?.tagName.toLowerCase() ?? "",
    };
  });

describe("the reactions row (issue 31): chips for the reactions a post has, one React button, one Tab stop", () => {
  it("a member reacts through the React menu by keyboard only; the row is one Tab stop; screenshots at 1280 and 375", async () => {
    const member = newMember("row");
    await registerConfirmed(parley, member);
    const api = await signInApi(parley.baseUrl, member.name, member.password);
    const discussion = await createDiscussion(api, {
      name: "A post nobody reacted to yet",
      body: "The reactions row starts empty.",
      categoryID: await categoryID(api, "general"),
    });

    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInContext(page, parley.baseUrl, member);
    const view = new DiscussionActionsPage(page, parley.baseUrl);
    const response = await view.goto(pathOf(discussion.url));
    expect(response.status()).toBe(200);
    // The server renders the member's row (the part loads before hydrating, so the two agree).
    const html = await response.text();
    expect(html).toContain('role="toolbar"');
    expect(html).toContain('aria-label="React"');
    await waitForHydration(page);

    // No reactions: no chip, only the React button.
    await view.reactButton.waitFor();
    expect(await view.reactionRow.getByRole("button").count()).toBe(1);
    expect(await view.reactButton.getAttribute("aria-haspopup")).toBe("menu");

    // Keyboard only: Tab from the top of the page until focus enters the row (at the React button).
    await view.focusDocumentStart();
    for (let presses = 0; presses < 80 && !(await focused(page)).inRow; presses++) await page.keyboard.press("Tab");
    expect(await focused(page)).toMatchObject({ name: "React", inRow: true });

    // Enter opens the menu on its first type; Escape closes it and gives focus back to the React button.
    await page.keyboard.press("Enter");
    await view.reactMenu.waitFor();
    expect((await focused(page)).role).toBe("menuitem");
    await screenshot(page, "reactions-row-menu-1280");
    await page.keyboard.press("Escape");
    await view.reactMenu.waitFor({ state: "detached" });
    // React Aria gives focus back once the popover has gone, a frame or so after it leaves the DOM.
    await expect.poll(() => focused(page)).toMatchObject({ name: "React", inRow: true });

    // Open again and go down to Like with the arrows; Enter adds it and closes the menu.
    await page.keyboard.press("Enter");
    await view.reactMenu.waitFor();
    for (let presses = 0; presses < 20 && (await focused(page)).name !== "Like"; presses++) {
      await page.keyboard.press("ArrowDown");
    }
    expect(await focused(page)).toMatchObject({ name: "Like", role: "menuitem" });
    await page.keyboard.press("Enter");
    await view.reactMenu.waitFor({ state: "detached" });
    await view.reaction("Like").waitFor();
    expect(await view.reactionCount("Like")).toBe(1);
    expect(await view.reaction("Like").getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => focused(page)).toMatchObject({ name: "React", inRow: true });
    await expect
      .poll(async () => (await api.get<{ score: number | null }>(`/discussions/${discussion.discussionID}`)).score)
      .toBe(1);

    // One Tab stop: a single tabindex=0 in the row; the arrows, Home and End move inside it.
    const tabStops = () => view.reactionRow.locator('button[tabindex="0"]').count();
    expect(await tabStops()).toBe(1);
    expect(await view.reactionRow.locator("button").count()).toBe(2);
    await page.keyboard.press("ArrowLeft");
    expect(await focused(page)).toMatchObject({ name: "Like 1", inRow: true });
    await page.keyboard.press("ArrowRight");
    expect(await focused(page)).toMatchObject({ name: "React", inRow: true });
    await page.keyboard.press("Home");
    expect(await focused(page)).toMatchObject({ name: "Like 1", inRow: true });
    await page.keyboard.press("End");
    expect(await focused(page)).toMatchObject({ name: "React", inRow: true });
    await page.keyboard.press("ArrowLeft");
    expect(await tabStops()).toBe(1);
    // The next Tab leaves the row; Shift+Tab comes back to where focus was in it (the Like chip).
    await page.keyboard.press("Tab");
    expect((await focused(page)).inRow).toBe(false);
    await page.keyboard.press("Shift+Tab");
    expect(await focused(page)).toMatchObject({ name: "Like 1", inRow: true });
    await page.keyboard.press("Shift+Tab");
    expect((await focused(page)).inRow).toBe(false);

    // Space on the chip takes the reaction back: the chip goes, focus goes to the React button.
    await page.keyboard.press("Tab");
    await page.keyboard.press(" ");
    await view.reaction("Like").waitFor({ state: "detached" });
    await expect.poll(() => focused(page)).toMatchObject({ name: "React", inRow: true });
    // And once more, to leave it reacted to for the screenshots.
    await view.react("Like");
    await view.reaction("Like").waitFor();

    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "reactions-row-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "reactions-row-375");
    // The menu marks the member's own reaction.
    const menu = await view.openReactMenu();
    expect(await menu.getByRole("menuitem", { name: "Like Your reaction", exact: true }).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "reactions-row-menu-375");
    // Touch targets: every button of the row at least 24 px high and wide.
    const sizes = await view.reactionRow
      .getByRole("button")
      .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect()));
    for (const size of sizes) expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(24);
    expect(problems.errors).toEqual([]);
  });

  it("a guest sees the counts only, no chip buttons and no React button", async () => {
    const member = newMember("rowguest");
    await registerConfirmed(parley, member);
    const api = await signInApi(parley.baseUrl, member.name, member.password);
    const discussion = await createDiscussion(api, {
      name: "A post with a reaction",
      body: "Liked once.",
      categoryID: await categoryID(api, "general"),
    });
    await api.post(`/discussions/${discussion.discussionID}/reactions`, { reactionType: "like" });
    const page = await parley.newPage({ bypassCSP: true });
    const view = new DiscussionActionsPage(page, parley.baseUrl);
    expect((await view.goto(pathOf(discussion.url))).status()).toBe(200);
    await waitForHydration(page);
    expect(await view.reactionCounts.innerText()).toContain("Like");
    expect(await view.reactionRow.count()).toBe(0);
    expect(await view.anyReactButton.count()).toBe(0);
  });
});
