import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { newMember, registerConfirmed, signInContext, type Member } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import {
  addComments,
  categoryID,
  createDiscussion,
  pathOf,
  signInAdmin,
  type CreatedDiscussion,
} from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { BulkActions } from "./pages/BulkActions.ts";
import { CategoryPage } from "./pages/CategoryPage.ts";
import { DiscussionActionsPage } from "./pages/DiscussionActions.ts";
import { ReportsPage } from "./pages/ReportsPage.ts";

const parley = useParley();

interface DiscussionState {
  categoryID: number;
  closed: boolean;
}

/** Records the scripts a page downloads, to show the moderators' chunk never reaches others. */
function scriptUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") urls.push(response.url());
  });
  return urls;
}

describe("moderation (issue 10): bulk actions and the options menu", () => {
  const moderator = newMember("moder");
  const member = newMember("plain");
  let created: CreatedDiscussion[] = [];
  let offTopicID = 0;

  it("a moderator selects three discussions, moves them, closes one and deletes one with confirmation", async () => {
    const admin = await signInAdmin(parley.baseUrl);
    const moderatorID = await registerConfirmed(parley, moderator);
    await registerConfirmed(parley, member);
    const roles = await admin.get<Array<{ roleID: number; name: string }>>("/roles");
    const moderatorRole = roles.find((role) => role.name === "Moderator")!.roleID;
    await admin.patch(`/users/${moderatorID}`, { roleID: [moderatorRole] });
    const general = await categoryID(admin, "general");
    offTopicID = await categoryID(admin, "off-topic");
    created = [];
    for (const name of ["Bulk alpha", "Bulk beta", "Bulk gamma"])
      created.push(await createDiscussion(admin, { name, body: `${name} body.`, categoryID: general }));
    const read = (id: number) => admin.get<DiscussionState>(`/discussions/${id}`);

    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, moderator);
    const category = new CategoryPage(page, parley.baseUrl);
    const bulk = new BulkActions(page);
    expect((await category.goto("general")).status()).toBe(200);
    await waitForHydration(page);

    // Select three: the toast appears with the first and counts them.
    await bulk.checkbox("Bulk alpha").waitFor();
    expect(await bulk.toast.count()).toBe(0);
    await bulk.checkbox("Bulk alpha").check();
    await expect.poll(() => bulk.toast.innerText()).toContain("You have selected 1 discussion.");
    await bulk.checkbox("Bulk beta").check();
    await bulk.checkbox("Bulk gamma").check();
    await expect.poll(() => bulk.toast.innerText()).toContain("You have selected 3 discussions.");
    expect(await bulk.toast.getByRole("button").allInnerTexts()).toEqual([
      "Move",
      "Merge",
      "Close",
      "Delete",
      "Clear selection",
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "moderation-selection-375");
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, "moderation-selection-1280");

    // Move: choose Off Topic; the three move and leave the selection.
    await bulk.toastButton("Move").click();
    const move = bulk.dialog("Move Discussions");
    await move.waitFor();
    // The dialog opens with no error; moving without a category says what is missing, choosing one clears it.
    expect(await move.getByRole("alert").count()).toBe(0);
    await bulk.submit(move).click();
    await move.getByRole("alert").filter({ hasText: "Choose a category." }).waitFor();
    await bulk.chooseCategory(move, "Off Topic");
    await move.getByRole("alert").waitFor({ state: "detached" });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "moderation-move-dialog-1280");
    await bulk.submit(move).click();
    await move.waitFor({ state: "detached" });
    await bulk.toast.waitFor({ state: "detached" });
    for (const discussion of created)
      await expect.poll(async () => (await read(discussion.discussionID)).categoryID).toBe(offTopicID);
    // The category page's list follows: they are no longer in General Discussion.
    await expect.poll(() => category.discussions.titles()).not.toContain("Bulk alpha");

    // Close one in its new category.
    expect((await category.goto("off-topic")).status()).toBe(200);
    await waitForHydration(page);
    await bulk.checkbox("Bulk alpha").check();
    await bulk.toastButton("Close").click();
    const close = bulk.dialog("Close Discussions");
    await close.waitFor();
    expect(await close.innerText()).toContain("Are you sure you want to close 1 discussion?");
    await bulk.submit(close).click();
    await close.waitFor({ state: "detached" });
    await expect.poll(async () => (await read(created[0]!.discussionID)).closed).toBe(true);
    await expect
      .poll(() => category.discussions.item("Bulk alpha").getByText("Closed", { exact: true }).count())
      .toBe(1);

    // Closing it again is refused with spec §5's sentence.
    await bulk.checkbox("Bulk alpha").check();
    await bulk.toastButton("Close").click();
    await close.waitFor();
    expect(await close.innerText()).toContain("Selected discussions are already closed.");
    expect(await bulk.submit(close).isDisabled()).toBe(true);
    await close.getByRole("button", { name: "Cancel" }).click();
    await bulk.toastButton("Clear selection").click();
    await bulk.toast.waitFor({ state: "detached" });

    // Delete one, after the confirmation.
    await bulk.checkbox("Bulk beta").check();
    await bulk.toastButton("Delete").click();
    const remove = bulk.dialog("Delete Discussions");
    await remove.waitFor();
    expect(await remove.innerText()).toContain("Are you sure you want to delete 1 discussion?");
    await bulk.submit(remove).click();
    await remove.waitFor({ state: "detached" });
    await expect.poll(() => category.discussions.titles()).not.toContain("Bulk beta");
    expect(await category.discussions.titles()).toContain("Bulk gamma");
    await expect
      .poll(() => fetch(`${parley.baseUrl}/api/v2/discussions/${created[1]!.discussionID}`).then((r) => r.status))
      .toBe(410);
    await bulk.toast.waitFor({ state: "detached" });

    // The options menu of a discussion: the moderation and status groups.
    const view = new DiscussionActionsPage(page, parley.baseUrl);
    await view.goto(pathOf(created[2]!.url));
    await waitForHydration(page);
    await view.openOptions();
    const entries = await view.menuItem(/.*/).allInnerTexts();
    expect(entries).toEqual(expect.arrayContaining(["Announce", "Move", "Sink", "Bump", "Close", "Delete"]));
    await page.waitForTimeout(300); // the menu's entry animation
    await screenshot(page, "moderation-options-menu-1280");
    await page.keyboard.press("Escape");
    expect(problems.errors).toEqual([]);
  });

  it("a member and a guest see no checkboxes, no selection toast and no moderation entries, and never load them", async () => {
    for (const who of [member, null] as Array<Member | null>) {
      const page = await parley.newPage();
      const scripts = scriptUrls(page);
      if (who) await signInContext(page, parley.baseUrl, who);
      const category = new CategoryPage(page, parley.baseUrl);
      const bulk = new BulkActions(page);
      expect((await category.goto("off-topic")).status()).toBe(200);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      expect(await category.discussions.titles()).toContain("Bulk gamma");
      expect(await bulk.checkboxes.count()).toBe(0);
      expect(await bulk.anyCheckbox.count()).toBe(0);
      expect(await bulk.toast.count()).toBe(0);

      const view = new DiscussionActionsPage(page, parley.baseUrl);
      await view.goto(pathOf(created[2]!.url));
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      if (who) {
        await view.openOptions();
        expect(await view.menuItem(/.*/).allInnerTexts()).toEqual(["Report", "Bookmark", "Mute", "Share"]);
        await page.keyboard.press("Escape");
      } else {
        expect(await view.optionsButton.count()).toBe(0);
      }
      expect(scripts.filter((url) => /BulkActions|BulkModals/.test(url))).toEqual([]);
    }
  });

  it("a member reports a comment; a moderator sees it in the queue and dismisses it, then merges two discussions", async () => {
    const admin = await signInAdmin(parley.baseUrl);
    const [comment] = await addComments(admin, created[2]!.discussionID, ["Cheap watches at example.test!"]);

    // The member reports the comment from the discussion page.
    const memberPage = await parley.newPage();
    const memberProblems = collectErrors(memberPage);
    await signInContext(memberPage, parley.baseUrl, member);
    const view = new DiscussionActionsPage(memberPage, parley.baseUrl);
    await view.goto(pathOf(created[2]!.url));
    await waitForHydration(memberPage);
    await view.reportComment(comment!.commentID);
    const report = view.reportDialog;
    await view.sendReport(/^Spam/, "An advert.");
    await view.toast("Thank you. Your report has been sent to the moderators.").waitFor();
    await report.waitFor({ state: "detached" });
    expect(memberProblems.errors).toEqual([]);
    // The queue is for moderators only.
    expect((await memberPage.goto(`${parley.baseUrl}/dashboard/content/reports`))?.status()).toBe(403);
    expect((await fetch(`${parley.baseUrl}/dashboard/content/reports`)).status).toBe(403);

    // The moderator sees the comment's report count, then the queue.
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, moderator);
    const modView = new DiscussionActionsPage(page, parley.baseUrl);
    await modView.goto(pathOf(created[2]!.url));
    await waitForHydration(page);
    const count = modView.reportCountLink(comment!.commentID, "1 report");
    await count.click();
    await page.waitForURL(/\/dashboard\/content\/reports\?statuses=none&recordType=comment/);
    const reports = new ReportsPage(page, parley.baseUrl);
    await reports.text("An advert.").waitFor();

    expect((await reports.goto()).status()).toBe(200);
    await waitForHydration(page);
    const item = reports.report("Cheap watches at example.test!");
    expect(await item.innerText()).toMatch(/Spam[\s\S]*An advert\.[\s\S]*plain/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "reports-queue-375");
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, "reports-queue-1280");
    // Keyboard: Tab reaches Dismiss; Enter dismisses.
    const dismiss = reports.dismissButton("Cheap watches at example.test!");
    for (let i = 0; i < 40 && !(await dismiss.evaluate((node) => node === document.activeElement)); i++)
      await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await reports.text("The report has been dismissed.").waitFor();
    await expect.poll(() => item.count()).toBe(0);
    await reports.filterByStatus("dismissed");
    await page.waitForURL(/statuses=dismissed/);
    await reports.report("Cheap watches at example.test!").waitFor();

    // Merge two discussions.
    const general = await categoryID(admin, "general");
    const into = await createDiscussion(admin, { name: "Merge target", body: "Target body.", categoryID: general });
    const from = await createDiscussion(admin, { name: "Merge source", body: "Source body.", categoryID: general });
    const category = new CategoryPage(page, parley.baseUrl);
    const bulk = new BulkActions(page);
    expect((await category.goto("general")).status()).toBe(200);
    await waitForHydration(page);
    await bulk.checkbox("Merge target").check();
    await bulk.checkbox("Merge source").check();
    await bulk.toastButton("Merge").click();
    const merge = bulk.dialog("Merge Discussions");
    await merge.waitFor();
    await merge.getByRole("radio", { name: "Merge target" }).check();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "moderation-merge-dialog-1280");
    await bulk.submit(merge).click();
    await merge.waitFor({ state: "detached" });
    await expect.poll(() => category.discussions.titles()).not.toContain("Merge source");
    expect(await category.discussions.titles()).toContain("Merge target");
    await expect
      .poll(() => fetch(`${parley.baseUrl}/api/v2/discussions/${from.discussionID}`).then((r) => r.status))
      .toBe(410);
    expect((await admin.get<{ countComments: number }>(`/discussions/${into.discussionID}`)).countComments).toBe(1);
    expect(problems.errors).toEqual([]);
  }, 150_000);
  it("a moderator selects two comments by the checkbox at the end of each author's line and deletes them", async () => {
    const admin = await signInAdmin(parley.baseUrl);
    const commentModerator = newMember("cmoder");
    const moderatorID = await registerConfirmed(parley, commentModerator);
    const roles = await admin.get<Array<{ roleID: number; name: string }>>("/roles");
    await admin.patch(`/users/${moderatorID}`, { roleID: [roles.find((role) => role.name === "Moderator")!.roleID] });
    const discussion = await createDiscussion(admin, {
      name: "Comments to tidy",
      body: "Three replies follow.",
      categoryID: await categoryID(admin, "general"),
    });
    const [first, second, third] = await addComments(admin, discussion.discussionID, [
      "First reply, off topic.",
      "Second reply, also off topic.",
      "Third reply, on topic.",
    ]);

    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, commentModerator);
    const posts = new DiscussionActionsPage(page, parley.baseUrl);
    const bulk = new BulkActions(page);
    expect((await posts.open(pathOf(discussion.url))).status()).toBe(200);
    await waitForHydration(page);
    const box = posts.comment(first!.commentID).getByRole("checkbox", { name: /^Select admin: First reply/ });
    await box.waitFor();
    // On the author's line, above the post's body and its buttons (not among Reply and Quote).
    const checkboxTop = (await box.boundingBox())!.y;
    const bodyTop = (await posts.comment(first!.commentID).getByText("First reply, off topic.").boundingBox())!.y;
    expect(checkboxTop).toBeLessThan(bodyTop);
    await box.check();
    await posts.comment(second!.commentID).getByRole("checkbox").check();
    await expect.poll(() => bulk.toast.innerText()).toContain("You have selected 2 comments.");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "moderation-comment-selection-1280");
    await bulk.toastButton("Delete").click();
    const confirm = bulk.dialog("Delete Comments");
    await confirm.waitFor();
    await bulk.submit(confirm).click();
    await confirm.waitFor({ state: "detached" });
    await expect.poll(() => posts.commentIDs()).toEqual([third!.commentID]);
    expect(problems.errors).toEqual([]);
  });
});
