import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { useParley } from "./support/parley.ts";
import { DiscussionsPage } from "./pages/DiscussionsPage.ts";

const parley = useParley();

/** The demo discussions carrying a tag (see the seed): postgresql is only on one of them. */
const postgres = "Running Parley on PostgreSQL";
const features = "Favourite forum features?";

describe("/discussions filters (spec §2: query parameters are passed on)", () => {
  it("a guest follows a tag on an item to the tagged discussions, and the chip leads back", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    const list = new DiscussionsPage(page, parley.baseUrl);
    expect((await list.goto()).status()).toBe(200);
    await waitForHydration(page);
    // Guests get no member filters.
    expect(await list.list.filterForm.count()).toBe(0);
    await list.list.tagLink(postgres, "postgresql").click();
    await expect.poll(() => new URL(page.url()).search).toBe(`?tagID=${await tagIDOf(page, "postgresql")}`);
    await expect.poll(() => list.list.titles()).toEqual([postgres]);
    expect(await list.list.taggedChip.innerText()).toContain("Tagged: postgresql");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "list-filters-tagged-375");
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await seriousAxeViolations(page)).toEqual([]);

    await list.list.taggedChip.click();
    await expect.poll(() => new URL(page.url()).search).toBe("");
    await expect.poll(async () => (await list.list.titles()).length).toBe(10);
    expect(await list.list.titles()).toContain(features);
    expect(problems.errors).toEqual([]);
  });

  it("a member who bookmarked a discussion picks 'Bookmarked' and sees only it; the sort is kept", async () => {
    const member = newMember("filters");
    await registerConfirmed(parley, member);
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, member);
    const discussions = (await (await page.request.get(`${parley.baseUrl}/api/v2/discussions?limit=30`)).json()) as {
      discussionID: number;
      name: string;
    }[];
    const target = discussions.find((discussion) => discussion.name === features)!;
    const bookmark = await page.request.put(`${parley.baseUrl}/api/v2/discussions/${target.discussionID}/bookmark`, {
      data: { bookmarked: true },
      headers: { origin: parley.baseUrl, "x-requested-with": "XMLHttpRequest" },
    });
    expect(bookmark.status(), await bookmark.text()).toBe(200);

    const list = new DiscussionsPage(page, parley.baseUrl);
    expect((await list.goto("?sort=dateInserted")).status()).toBe(200);
    await waitForHydration(page);
    expect(await list.list.filterSelect.locator("option").allInnerTexts()).toEqual([
      "All Discussions",
      "Bookmarked",
      "Participated",
      "Mine",
    ]);
    await list.list.chooseFilter("Bookmarked");
    await expect.poll(() => new URL(page.url()).search).toBe("?sort=dateInserted&filter=bookmarked");
    await expect.poll(() => list.list.titles()).toEqual([features]);
    expect(await list.list.currentSort()).toBe("Oldest");
    await screenshot(page, "list-filters-bookmarked-1280");
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A member's own discussions: none yet.
    await list.list.chooseFilter("Mine");
    await expect.poll(() => new URL(page.url()).search).toBe("?sort=dateInserted&filter=mine");
    await expect.poll(() => list.list.titles()).toEqual([]);
    expect(problems.errors).toEqual([]);
  });

  it("without JavaScript, the filter and tag links work as plain GETs", async () => {
    const page = await parley.newPage({ javaScriptEnabled: false });
    const list = new DiscussionsPage(page, parley.baseUrl);
    expect((await list.goto()).status()).toBe(200);
    await list.list.tagLink(features, "feedback").click();
    await page.waitForURL(/tagID=/);
    expect(await list.list.titles()).toEqual([features]);
    expect(await list.list.taggedChip.innerText()).toContain("Tagged: feedback");
  });
});

/** A tag's id by name, as the tags API answers it. */
async function tagIDOf(page: Page, name: string): Promise<number> {
  const response = await page.request.get(`${parley.baseUrl}/api/v2/tags?query=${encodeURIComponent(name)}`);
  const tags = (await response.json()) as { tagID: number; name: string }[];
  return tags.find((tag) => tag.name === name)!.tagID;
}
