import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { addComments, categoryID, createDiscussion, pathOf, signInAdmin } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { DiscussionActionsPage } from "./pages/DiscussionActions.ts";
import { ModerationLogPage } from "./pages/ModerationLogPage.ts";

const parley = useParley();

describe("moderation history (issue 10): revision history and deleted comments", () => {
  it("shows a discussion's edit and restores a deleted comment, which is back in the thread", async () => {
    const admin = await signInAdmin(parley.baseUrl);
    const general = await categoryID(admin, "general");
    const created = await createDiscussion(admin, {
      name: "History original title",
      body: "The first wording of the post.",
      categoryID: general,
    });
    const id = created.discussionID;
    await admin.patch(`/discussions/${id}`, { name: "History edited title", body: "The second wording of the post." });
    const [, doomed] = await addComments(admin, id, ["A comment that stays.", "A comment deleted by mistake."]);

    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const deleted = await page.request.delete(`${parley.baseUrl}/api/v2/comments/${doomed!.commentID}`, {
      headers: { origin: parley.baseUrl, "x-requested-with": "XMLHttpRequest" },
    });
    expect(deleted.status()).toBe(204);

    // The options menu leads to the history, by keyboard.
    const view = new DiscussionActionsPage(page, parley.baseUrl);
    await view.goto(pathOf(created.url));
    await waitForHydration(page);
    await view.optionsButton.focus();
    await page.keyboard.press("Enter");
    await view.menuItem("Revision History").waitFor();
    expect(await view.menuItem(/.*/).allInnerTexts()).toEqual(
      expect.arrayContaining(["Revision History", "Deleted Comments", "Add to Collection", "Change Author"]),
    );
    await view.menuItem("Revision History").focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/log\/filter\?recordType=discussion&recordID=\d+$/);
    const log = new ModerationLogPage(page, parley.baseUrl);
    await log.title("Revision History").waitFor();
    const edit = log.entries;
    expect(await edit.count()).toBe(1);
    expect(await edit.getByRole("heading", { level: 2 }).innerText()).toMatch(/^admin\s+edited\s/);
    expect(await edit.locator("del").innerText()).toBe("History original title");
    expect(await edit.locator("ins").innerText()).toBe("History edited title");
    expect(await edit.getByRole("region", { name: "Before" }).innerText()).toContain("The first wording of the post.");
    expect(await edit.getByRole("region", { name: "After" }).innerText()).toContain("The second wording of the post.");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "moderation-revisions-1280");

    // Deleted comments: the page is real HTML first (no script needed), then Restore works by keyboard.
    const deletedPath = ModerationLogPage.deletedCommentsPath(id);
    const html = await (await page.request.get(`${parley.baseUrl}${deletedPath}`)).text();
    expect(html).toContain("A comment deleted by mistake.");
    expect(html).toContain(`<link rel="canonical" href="${parley.baseUrl}${deletedPath.replace(/&/g, "&amp;")}">`);
    await log.gotoDeletedComments(id);
    await waitForHydration(page);
    await log.title("Deleted Comments").waitFor();
    expect(await log.entries.innerText()).toContain("Deleted by admin");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "moderation-deleted-comments-1280");
    await log.restoreButton.focus();
    await page.keyboard.press("Enter");
    await log.restored("The comment has been restored.").waitFor();
    expect(await log.entries.count()).toBe(0);
    expect(await log.content.innerText()).toContain("This discussion has no deleted comments.");
    await screenshot(page, "moderation-restored-1280");
    await log.viewCommentLink.click();
    await page.waitForURL(/\/discussion\/\d+/);
    await view.comment(doomed!.commentID).waitFor();
    expect(await view.comment(doomed!.commentID).innerText()).toContain("A comment deleted by mistake.");
    expect(problems.errors).toEqual([]);
  });

  it("members and guests get the permission page", async () => {
    const member = newMember("histo");
    await registerConfirmed(parley, member);
    const path = "/log/filter?recordType=discussion&recordID=1";
    const guest = await fetch(`${parley.baseUrl}${path}`);
    expect([401, 403]).toContain(guest.status);
    const page = await parley.newPage();
    await signInContext(page, parley.baseUrl, member);
    const log = new ModerationLogPage(page, parley.baseUrl);
    const response = await log.open(path);
    expect(response.status()).toBe(403);
    expect(await log.pageHeading.innerText()).toBe("Permission Problem");
    expect(await log.content.innerText()).not.toContain("Revision History");
  });
});
