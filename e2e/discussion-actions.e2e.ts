import { BodyEditor } from "./pages/BodyEditor.ts";
import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import {
  categoryID,
  createDiscussion,
  pathOf,
  signInAdmin,
  signInApi,
  type CreatedDiscussion,
} from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { DiscussionActionsPage, EditDiscussionPage } from "./pages/DiscussionActions.ts";

const parley = useParley();

interface DiscussionState {
  name: string;
  score: number | null;
  bookmarked: boolean;
}

describe("the discussion page's member actions", () => {
  const member = newMember("actions");
  let discussion: CreatedDiscussion;
  let read: () => Promise<DiscussionState>;

  it("a member reacts (score changes), bookmarks and edits within the window; screenshots at 375 and 1280", async () => {
    await registerConfirmed(parley, member);
    const api = await signInApi(parley.baseUrl, member.name, member.password);
    discussion = await createDiscussion(api, {
      name: "Actions on a discussion",
      body: "Something worth reacting to.",
      categoryID: await categoryID(api, "general"),
    });
    read = () => api.get<DiscussionState>(`/discussions/${discussion.discussionID}`);

    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, member);
    const view = new DiscussionActionsPage(page, parley.baseUrl);
    expect((await view.goto(pathOf(discussion.url))).status()).toBe(200);
    await waitForHydration(page);

    // Reactions: none yet, so no chip, only the React button; its menu offers the member's types only (no
    // Flag, no Promote); choosing one makes its chip, and the count and the score rise.
    expect(await view.reactionRow.getByRole("button").count()).toBe(1);
    const types = await view.reactionTypes();
    expect(types).toContain("like");
    expect(types).not.toContain("spam");
    expect(types).not.toContain("promote");
    expect(await view.reactionCount("Like")).toBe(0);
    await view.react("Like");
    await expect.poll(() => view.reactionCount("Like")).toBe(1);
    expect(await view.reaction("Like").getAttribute("aria-pressed")).toBe("true");
    await expect.poll(async () => (await read()).score).toBe(1);
    // Switching to Disagree takes Like's point away (its chip goes) and Disagree's in: 1 - 1 - 1 = -1.
    await view.react("Disagree");
    await expect.poll(() => view.reactionCount("Disagree")).toBe(1);
    expect(await view.reaction("Like").count()).toBe(0);
    await expect.poll(async () => (await read()).score).toBe(-1);

    // Bookmark: pressed at once, and kept by the server. Its icon is Lucide's stroke in the text colour (the icons'
    // class, ui/icons), drawn filled once pressed (an inline style, over that class).
    expect(await view.bookmarkButton.getAttribute("aria-label")).toBe("Bookmark");
    const unpressed = await view.bookmarkIconPaint();
    expect(unpressed).toMatchObject({ fill: "none", stroke: unpressed.color, strokeWidth: "2px" });
    await view.bookmarkButton.click();
    await expect.poll(() => view.bookmarkButton.getAttribute("aria-label")).toBe("Unbookmark");
    expect(await view.bookmarkButton.getAttribute("aria-pressed")).toBe("true");
    // A spinner stands in for the icon while the call runs; then the bookmark comes back, filled.
    await expect.poll(() => view.bookmarkButton.getAttribute("data-state")).toBe("bookmarked");
    const pressed = await view.bookmarkIconPaint();
    expect(pressed).toMatchObject({ fill: pressed.color, stroke: pressed.color, strokeWidth: "2px" });
    await expect.poll(async () => (await read()).bookmarked).toBe(true);

    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "discussion-actions-member-375");
    await page.setViewportSize({ width: 1280, height: 800 });
    await view.openOptions();
    expect(await view.menuItem(/.*/).allInnerTexts()).toEqual(["Edit", "Unbookmark", "Mute", "Share"]);
    await screenshot(page, "discussion-actions-menu-1280");

    // Edit: the menu's Edit goes to the edit page, which saves and comes back.
    await view.menuItem("Edit").click();
    await page.waitForURL(`**/post/editdiscussion/${discussion.discussionID}`);
    const edit = new EditDiscussionPage(page, parley.baseUrl);
    await waitForHydration(page);
    expect(await edit.title.inputValue()).toBe("Actions on a discussion");
    // A Markdown body continues in the rich editor (read from its rendered HTML) and saves as rich2.
    const bodyEditor = new BodyEditor(page, "Body");
    await bodyEditor.waitForEditor();
    expect(await bodyEditor.textContent()).toBe("Something worth reacting to.");
    await edit.title.fill("Actions on a discussion, edited");
    await bodyEditor.text.click();
    await page.keyboard.press("Control+a");
    await page.keyboard.type("Edited body.");
    await edit.saveButton.click();
    await page.waitForURL((url) => url.pathname.startsWith(`/discussion/${discussion.discussionID}/`));
    await expect.poll(() => view.heading.innerText()).toBe("Actions on a discussion, edited");
    expect(await view.post.innerText()).toContain("Edited body.");
    expect((await read()).name).toBe("Actions on a discussion, edited");
    expect(problems.errors).toEqual([]);
  });

  it("the edit page works without JavaScript", async () => {
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, member);
    const edit = new EditDiscussionPage(page, parley.baseUrl);
    expect((await edit.goto(discussion.discussionID)).status()).toBe(200);
    await edit.title.fill("Edited without JavaScript");
    await edit.saveButton.click();
    await page.waitForURL((url) => url.pathname.startsWith(`/discussion/${discussion.discussionID}/`));
    expect(await new DiscussionActionsPage(page, parley.baseUrl).heading.innerText()).toBe("Edited without JavaScript");
  });

  it("a guest sees the counts but no action buttons", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const view = new DiscussionActionsPage(page, parley.baseUrl);
    expect((await view.goto(pathOf(discussion.url))).status()).toBe(200);
    await waitForHydration(page);
    expect(await view.reactionCounts.innerText()).toContain("Disagree");
    expect(await view.reactionRow.count()).toBe(0);
    expect(await view.bookmarkButton.count()).toBe(0);
    expect(await view.optionsButton.count()).toBe(0);
    expect(await view.main.getByRole("button", { name: "Quote" }).count()).toBe(0);
    expect(await view.main.getByRole("link", { name: "Reply" }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "discussion-actions-guest-375");
  });

  it("a moderator deletes after 'Are you sure you want to delete this discussion?' and lands on the category", async () => {
    const page = await parley.newPage();
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const view = new DiscussionActionsPage(page, parley.baseUrl);
    await view.goto(pathOf(discussion.url));
    await waitForHydration(page);
    await view.openOptions();
    await view.menuItem("Delete").click();
    await view.dialog.waitFor();
    expect(await view.dialog.innerText()).toContain("Are you sure you want to delete this discussion?");
    await screenshot(page, "discussion-actions-delete-1280");
    await view.dialog.getByRole("button", { name: "Delete" }).click();
    await page.waitForURL((url) => url.pathname === "/categories/general");
    // The URL changes just before React renders the category page: wait for its heading first.
    await expect.poll(() => view.main.getByRole("heading", { level: 1 }).innerText()).toBe("General Discussion");
    expect(await view.main.getByText("Edited without JavaScript").count()).toBe(0);
    // Deleted, it is gone (410), not unknown.
    const gone = await fetch(`${parley.baseUrl}/api/v2/discussions/${discussion.discussionID}`);
    expect(gone.status).toBe(410);
    expect(problems.errors).toEqual([]);
  });
});

describe("editing a discussion's category and tags", () => {
  const author = newMember("mover");
  interface Moved {
    categoryID: number;
    tags?: Array<{ name: string }>;
  }

  it("its author sees the category read-only; a moderator moves it with the picker and tags it", async () => {
    await registerConfirmed(parley, author);
    const api = await signInApi(parley.baseUrl, author.name, author.password);
    const admin = await signInAdmin(parley.baseUrl);
    const discussion = await createDiscussion(api, {
      name: "Asked in the wrong place",
      body: "Where does this go?",
      categoryID: await categoryID(api, "general"),
    });
    const read = () => admin.get<Moved>(`/discussions/${discussion.discussionID}?expand=tags`);

    // The author may edit but not move it (discussions.edit moves): no picker, the category as text.
    const mine = await parley.newPage({ bypassCSP: true });
    await signInContext(mine, parley.baseUrl, author);
    const own = new EditDiscussionPage(mine, parley.baseUrl);
    expect((await own.goto(discussion.discussionID)).status()).toBe(200);
    await waitForHydration(mine);
    expect(await own.categoryText.innerText()).toBe("Category: General Discussion");
    expect(await own.category.count()).toBe(0);

    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const edit = new EditDiscussionPage(page, parley.baseUrl);
    await edit.goto(discussion.discussionID);
    await waitForHydration(page);
    await expect.poll(() => edit.hasPickers()).toBe(true);
    expect(await edit.category.inputValue()).toBe("General Discussion");
    await edit.chooseCategory("Off Topic", "off");
    const fresh = `moved${Date.now().toString(36)}`;
    await edit.addTag(fresh, `New tag: ${fresh}`);
    expect(await edit.tagChips.allInnerTexts()).toEqual([fresh]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "edit-discussion-category-tags-1280");
    await edit.saveButton.click();
    await page.waitForURL((url) => url.pathname.startsWith(`/discussion/${discussion.discussionID}/`));
    const moved = await read();
    expect(moved.categoryID).toBe(await categoryID(api, "off-topic"));
    expect(moved.tags?.map((tag) => tag.name)).toEqual([fresh]);
    expect(problems.errors).toEqual([]);
  });

  it("moves and tags without JavaScript too (the select and the comma-separated field)", async () => {
    const admin = await signInAdmin(parley.baseUrl);
    const discussion = await createDiscussion(admin, {
      name: "Moved without JavaScript",
      body: "A plain form post.",
      categoryID: await categoryID(admin, "general"),
    });
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const edit = new EditDiscussionPage(page, parley.baseUrl);
    expect((await edit.goto(discussion.discussionID)).status()).toBe(200);
    await edit.chooseCategory("Off Topic");
    await edit.tags.fill("plain-one, plain-two");
    await edit.saveButton.click();
    await page.waitForURL((url) => url.pathname.startsWith(`/discussion/${discussion.discussionID}/`));
    const moved = await admin.get<Moved>(`/discussions/${discussion.discussionID}?expand=tags`);
    expect(moved.categoryID).toBe(await categoryID(admin, "off-topic"));
    expect(moved.tags?.map((tag) => tag.name).sort()).toEqual(["plain-one", "plain-two"]);
  });
});
