import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { addComments, categoryID, createDiscussion, pathOf, signInAdmin, signInApi } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { DiscussionPage } from "./pages/DiscussionPage.ts";

/**
 * Issue 31: a post's actions are Reply and Quote (icon buttons with their words) and one options menu (⋯) with
 * the rest; without JavaScript the menu is a native disclosure with the post's address. After posting a comment
 * the page lands on it, focuses it and says so.
 */
const parley = useParley();

describe("post actions", () => {
  it("the options menu opens by keyboard, its Edit and Report work, and after a reply the new comment has the focus", async () => {
    const member = newMember("postactions");
    await registerConfirmed(parley, member);
    const admin = await signInAdmin(parley.baseUrl);
    const mine = await signInApi(parley.baseUrl, member.name, member.password);
    const discussion = await createDiscussion(admin, {
      name: "Which mulch for tomatoes?",
      body: "Straw, wood chips or grass clippings: what works for you?",
      categoryID: await categoryID(admin, "general"),
    });
    const [adminComment] = await addComments(admin, discussion.discussionID, ["Straw, every year."]);
    const [ownComment] = await addComments(mine, discussion.discussionID, ["Grass clippings, dried first."]);

    // bypassCSP lets the inline axe script run under the server's Content-Security-Policy.
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, member);
    const view = new DiscussionPage(page, parley.baseUrl);
    expect((await view.goto(pathOf(discussion.url))).status()).toBe(200);
    await waitForHydration(page);

    // Keyboard: Enter on the ⋯ button opens the menu on its first entry; Escape gives the focus back.
    const menu = await view.openCommentMenuByKeyboard(ownComment!.commentID);
    expect(await view.menuItems.allInnerTexts()).toEqual([
      expect.stringMatching(/^Copy Link to Comment$/),
      "Share to a private message",
      expect.stringMatching(/^Edit/),
    ]);
    expect(await view.menuItems.first().evaluate((item) => item === document.activeElement)).toBe(true);
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    expect(
      await view.postOptions(view.comment(ownComment!.commentID)).evaluate((b) => b === document.activeElement),
    ).toBe(true);

    // Edit through the menu, by keyboard: the arrow keys move to it, Enter chooses it, the edit form opens.
    await view.openCommentMenuByKeyboard(ownComment!.commentID);
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await view.comment(ownComment!.commentID).getByRole("textbox", { name: "Edit Comment" }).waitFor();

    // Report through the menu of another member's comment.
    await view.reportComment(adminComment!.commentID);
    await view.reportDialog.waitFor();
    await page.keyboard.press("Escape");
    await view.reportDialog.waitFor({ state: "detached" });

    // The opening post stands apart (a frame of its own) and axe finds nothing serious.
    expect(await view.post.evaluate((post) => getComputedStyle(post).borderTopStyle)).toBe("solid");
    expect(await seriousAxeViolations(page)).toEqual([]);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `post-actions-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // A reply: the page lands on it, focused, and the status says it was posted.
    expect((await view.goto(pathOf(discussion.url))).status()).toBe(200);
    await waitForHydration(page);
    await view.postComment("Wood chips, but only on the paths.");
    await view.postedStatus.filter({ hasText: "Your comment was posted." }).waitFor();
    const focused = await view.focusedID();
    expect(focused).toMatch(/^Comment_\d+$/);
    expect(await view.comment(Number(focused.replace("Comment_", ""))).innerText()).toContain(
      "Wood chips, but only on the paths.",
    );
    expect(view.hashCommentID()).toBe(Number(focused.replace("Comment_", "")));
    expect(problems.errors).toEqual([]);
  });

  it("without JavaScript the options menu is a disclosure with the post's address; Reply stays a link", async () => {
    const admin = await signInAdmin(parley.baseUrl);
    const discussion = await createDiscussion(admin, {
      name: "Sharing without scripts",
      body: "The options menu as a native disclosure.",
      categoryID: await categoryID(admin, "general"),
    });
    const [comment] = await addComments(admin, discussion.discussionID, ["A comment to link to."]);
    const page = await parley.newPage({ javaScriptEnabled: false });
    const view = new DiscussionPage(page, parley.baseUrl);
    expect((await view.goto(pathOf(discussion.url))).status()).toBe(200);
    const fallback = view.noScriptMenu(view.comment(comment!.commentID));
    expect(await fallback.summary.getAttribute("aria-label")).toBe("Options for the post by admin");
    expect(await fallback.link.isVisible()).toBe(false);
    await fallback.summary.click();
    expect(await fallback.link.isVisible()).toBe(true);
    expect(new URL((await fallback.link.getAttribute("href"))!, parley.baseUrl).pathname).toBe(pathOf(comment!.url));
  });

  it("looks right at 1280 and 375 px in the light and dark themes", async () => {
    const admin = await signInAdmin(parley.baseUrl);
    const discussion = await createDiscussion(admin, {
      name: "Raised beds: wood or metal?",
      body: "We are building four raised beds this spring. **Wood** looks nicer, metal lasts longer. Opinions?",
      categoryID: await categoryID(admin, "general"),
    });
    await addComments(admin, discussion.discussionID, ["Metal, after my cedar ones rotted in six years.", "Wood."]);
    for (const theme of ["theme-foundation", "theme-foundation-dark"]) {
      await admin.send("PUT", "/themes/current", { themeID: theme });
      for (const width of [1280, 375]) {
        const page = await parley.newPage({ viewport: { width, height: 1000 }, bypassCSP: true });
        const view = new DiscussionPage(page, parley.baseUrl);
        expect((await view.goto(pathOf(discussion.url))).status()).toBe(200);
        await waitForHydration(page);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await screenshot(page, `post-actions-discussion-${width}-${theme.endsWith("dark") ? "dark" : "light"}`);
      }
    }
    await admin.send("PUT", "/themes/current", { themeID: "theme-foundation" });
  });
});
