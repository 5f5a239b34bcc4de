import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { signInApi } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { BodyEditor } from "./pages/BodyEditor.ts";
import { DiscussionPage } from "./pages/DiscussionPage.ts";
import { NewDiscussionPage } from "./pages/NewDiscussionPage.ts";

const parley = useParley();

interface PostedDiscussion {
  discussionID: number;
  categoryID: number;
  category?: { name: string };
  tags?: Array<{ tagID: number; name: string }>;
}

/** The discussion of the page the browser is on, read back through the API with its tags. */
async function postedDiscussion(baseUrl: string, member: { name: string; password: string }, pathname: string) {
  const id = Number(/^\/discussion\/(\d+)/.exec(pathname)?.[1]);
  expect(id).toBeGreaterThan(0);
  const api = await signInApi(baseUrl, member.name, member.password);
  return api.get<PostedDiscussion>(`/discussions/${id}?expand=tags,category`);
}

/**
 * axe-core while a picker's suggestions are open. React Aria hides everything but the combobox and
 * its listbox from assistive technology while the list is open (aria-hidden outside, as for a modal;
 * Tab or Escape closes the list and restores it), which axe reports as "aria-hidden-focus" on those
 * hidden parts. That one rule is checked to concern only what React Aria hid; every other serious
 * rule must pass, and the page passes all of them once the list is closed.
 */
async function axeWithSuggestionsOpen(form: NewDiscussionPage) {
  const violations = await seriousAxeViolations(form.page);
  const hiding = violations.find((violation) => violation.id === "aria-hidden-focus");
  for (const target of hiding?.targets ?? []) {
    const now = await form.axeTarget(target);
    expect(now.ariaHidden, target).toBe("true");
    expect(now.openComboboxes).toBe(0);
  }
  return violations.filter((violation) => violation !== hiding);
}

describe("starting a discussion with the category and tag pickers", () => {
  it("a member finds a category by part of its name, adds an existing and a new tag, and posts", async () => {
    const member = newMember("picker");
    await registerConfirmed(parley, member);
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInContext(page, parley.baseUrl, member);

    const form = new NewDiscussionPage(page, parley.baseUrl);
    const response = await form.goto();
    expect(response.status()).toBe(200);
    // The first HTML has the plain fields.
    const html = await response.text();
    expect(html).toContain('<select id="discussion-category" name="categoryID"');
    expect(html).toContain('name="tags"');
    await waitForHydration(page);
    await form.waitForPickers();
    expect(await form.plainCategorySelect.count()).toBe(0);

    // Category: part of the name; the suggestion shows where the category sits.
    await form.category.fill("troub");
    const troubleshooting = form.categorySuggestion("Troubleshooting");
    await troubleshooting.waitFor();
    expect(await troubleshooting.getAttribute("aria-label")).toBeNull();
    expect((await troubleshooting.innerText()).replace(/\s+/g, " ")).toBe("Troubleshooting Help & Support");
    // Groups of categories are not offered.
    await form.category.fill("help");
    await expect.poll(() => form.suggestions.allInnerTexts()).toEqual(["No categories found."]);
    await form.category.fill("troub");
    await troubleshooting.click();
    expect(await form.category.inputValue()).toBe("Troubleshooting");
    const troubleshootingID = await form.postedCategoryID();
    expect(troubleshootingID).toMatch(/^\d+$/);

    await form.title.fill("Picked from the suggestions");
    const editor = new BodyEditor(page, "Body");
    await editor.waitForEditor();
    await editor.text.click();
    await page.keyboard.type("Chosen with the category picker.");

    // Tags: an existing one from the suggestions, a new one, and one added then removed.
    await form.addTag("feat", "features");
    const fresh = `fresh-${Date.now().toString(36)}`;
    await form.addTag(fresh, `New tag: ${fresh}`);
    await form.addTag("scal", "scaling");
    expect(await form.tagChips.allInnerTexts()).toEqual(["features", fresh, "scaling"]);
    await form.removeTagButton("scaling").click();
    expect(await form.tagChips.allInnerTexts()).toEqual(["features", fresh]);
    const posted = await form.postedTags();
    expect(posted.tagIDs).toHaveLength(1);
    expect(posted.newTagNames).toEqual([fresh]);

    // Open suggestions: accessible, and how they look at both widths.
    await form.category.fill("gen");
    await form.categorySuggestion("General Discussion").waitFor();
    expect(await axeWithSuggestionsOpen(form)).toEqual([]);
    await screenshot(page, "new-discussion-category-open-1280");
    await page.keyboard.press("Escape");
    expect(await form.category.inputValue()).toBe("Troubleshooting");
    await page.setViewportSize({ width: 375, height: 800 });
    await form.tags.fill("dep");
    await form.suggestion("deployment").waitFor();
    expect(await axeWithSuggestionsOpen(form)).toEqual([]);
    await screenshot(page, "new-discussion-tags-open-375");
    await page.keyboard.press("Escape");
    await form.tags.fill("");
    await page.setViewportSize({ width: 1280, height: 900 });
    // Closed again: the whole page, every rule.
    await expect.poll(() => form.hiddenTitleBar.count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await form.submitButton.click();
    await page.waitForURL(/\/discussion\/\d+\//);
    await waitForHydration(page);
    const discussionPage = new DiscussionPage(page, parley.baseUrl);
    expect((await discussionPage.breadcrumbLinks()).map((link) => link.name)).toEqual(
      expect.arrayContaining(["Help & Support", "Troubleshooting"]),
    );
    expect(await discussionPage.tags.allInnerTexts()).toEqual(["features", fresh]);
    const saved = await postedDiscussion(parley.baseUrl, member, new URL(page.url()).pathname);
    expect(String(saved.categoryID)).toBe(troubleshootingID);
    expect(saved.tags?.map((tag) => tag.name).sort()).toEqual(["features", fresh].sort());
    expect(saved.tags?.find((tag) => tag.name === "features")?.tagID).toBe(Number(posted.tagIDs[0]));
    await screenshot(page, "new-discussion-posted-1280");
    expect(problems.errors).toEqual([]);
  });

  it("opens with the category of /post/discussion/{categoryID} chosen", async () => {
    const member = newMember("preset");
    await registerConfirmed(parley, member);
    const api = await signInApi(parley.baseUrl, member.name, member.password);
    const [general] = await api.get<Array<{ categoryID: number; urlcode: string }>>(
      "/categories/search?query=General&filterDiscussionsAdd=true",
    );
    const page = await parley.newPage();
    await signInContext(page, parley.baseUrl, member);
    const form = new NewDiscussionPage(page, parley.baseUrl);
    await form.goto(general!.categoryID);
    await waitForHydration(page);
    await form.waitForPickers();
    expect(await form.category.inputValue()).toBe("General Discussion");
    expect(await form.postedCategoryID()).toBe(String(general!.categoryID));
  });

  it("keeps the chosen category and tags when the form comes back with an error", async () => {
    const member = newMember("pickererr");
    await registerConfirmed(parley, member);
    const page = await parley.newPage();
    await signInContext(page, parley.baseUrl, member);
    const form = new NewDiscussionPage(page, parley.baseUrl);
    await form.goto();
    await waitForHydration(page);
    await form.waitForPickers();
    await form.chooseCategory("Off Topic", "off");
    await form.addTag("rul", "rules");
    await form.submitButton.click();
    await expect.poll(() => form.fieldError("Title")).toBe("Give your discussion a title.");
    expect(await form.category.inputValue()).toBe("Off Topic");
    expect(await form.tagChips.allInnerTexts()).toEqual(["rules"]);
    expect((await form.postedTags()).tagIDs).toHaveLength(1);
  });

  it("without JavaScript, the select and a comma-separated list post the same discussion", async () => {
    const member = newMember("pickernojs");
    await registerConfirmed(parley, member);
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, member);
    const form = new NewDiscussionPage(page, parley.baseUrl);
    expect((await form.goto()).status()).toBe(200);
    expect(await form.hasPickers()).toBe(false);

    const fresh = `plain-${Date.now().toString(36)}`;
    await form.fill({ category: "— Installation", title: "Posted with the plain fields", body: "No scripts here." });
    await form.tags.fill(`Features, ${fresh}, features`);
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "new-discussion-no-js-375");
    await Promise.all([
      page.waitForResponse((r) => r.request().isNavigationRequest() && r.request().method() === "POST"),
      form.submitButton.click(),
    ]);
    await page.waitForLoadState("load");
    expect(new URL(page.url()).pathname).toMatch(/^\/discussion\/\d+\//);
    expect(await new DiscussionPage(page, parley.baseUrl).tags.allInnerTexts()).toEqual(
      expect.arrayContaining(["features", fresh]),
    );
    const saved = await postedDiscussion(parley.baseUrl, member, new URL(page.url()).pathname);
    expect(saved.category?.name).toBe("Installation");
    // "Features" is the existing tag "features" (any case), once; the other name is a new tag.
    expect(saved.tags?.map((tag) => tag.name).sort()).toEqual(["features", fresh].sort());
  });
});
