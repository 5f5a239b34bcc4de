import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { addComments, categoryID, createDiscussion, pathOf, signInAdmin, signInApi } from "./support/content.ts";
import { adminPassword } from "./support/server.ts";
import { useParley } from "./support/parley.ts";
import { BodyEditor } from "./pages/BodyEditor.ts";
import { EditDiscussionPage } from "./pages/DiscussionActions.ts";
import { DiscussionPage } from "./pages/DiscussionPage.ts";
import { DraftsPage } from "./pages/DraftsPage.ts";
import { NewDiscussionPage } from "./pages/NewDiscussionPage.ts";

const parley = useParley();

interface DraftRecord {
  draftID: number;
  recordType: string;
  parentRecordID: number;
  excerpt: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Polls until it holds: a restored draft waits for its fetch and the editor's chunk (over a second under load). */
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

describe("Drafts (spec §4 draft lifecycle)", () => {
  it("a long comment is autosaved: after a reload the text is back, the toast links to it when the form is out of sight, and posting deletes the draft", async () => {
    const member = newMember("drafter");
    await registerConfirmed(parley, member);
    const api = await signInApi(parley.baseUrl, member.name, member.password);
    const discussion = await createDiscussion(api, {
      name: "A thread for a long reply",
      body: Array.from({ length: 30 }, (_, i) => `Paragraph ${i + 1} of the opening post.`).join("\n\n"),
      categoryID: await categoryID(api, "general"),
    });
    const longText = `${"This is a long reply that must never be lost. ".repeat(12)}The end.`;

    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, member);
    const view = new DiscussionPage(page, parley.baseUrl);
    expect((await view.goto(pathOf(discussion.url))).status()).toBe(200);
    await waitForHydration(page);
    const editor = new BodyEditor(page, "Comment", view.replyBox);
    await view.commentField.focus();
    await editor.waitForEditor();
    await editor.text.click();
    // Most of it pasted in one go (typing 600 characters key by key takes a minute on a loaded machine).
    await page.keyboard.insertText(longText.slice(0, -"The end.".length));
    await page.keyboard.type("The end.", { delay: 2 });

    // Saved to the server once the form has been still for 5 seconds.
    let drafts: DraftRecord[] = [];
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      drafts = await api.get<DraftRecord[]>("/drafts?recordType=comment");
      if (drafts.length && drafts[0]!.excerpt.includes("The end.")) break;
      await sleep(500);
    }
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ recordType: "comment", parentRecordID: discussion.discussionID });

    await page.reload();
    await waitForHydration(page);
    await editor.waitForEditor();
    await eventually(() => editor.text.innerText()).toContain("The end.");
    expect(await editor.text.innerText()).toContain("must never be lost");

    // The form out of sight: 'Saved Draft Available.' links to it; in sight, the toast goes.
    await page.evaluate(() => window.scrollTo(0, 0));
    const toastLink = view.savedDraftToastLink;
    await toastLink.waitFor();
    expect(await toastLink.getAttribute("href")).toBe(`${pathOf(discussion.url)}?hasDraft=true#create-comment`);
    await screenshot(page, "drafts-saved-draft-toast");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await toastLink.click();
    await toastLink.waitFor({ state: "detached" });
    // The form is in view with the rich text (never its JSON in a plain text area).
    expect(await editor.text.innerText()).toContain("The end.");
    expect(await view.replyBox.locator("textarea").count()).toBe(0);
    await screenshot(page, "drafts-comment-restored");

    // Another browser (no local copy) gets the server's draft.
    const other = await parley.newPage();
    await signInContext(other, parley.baseUrl, member);
    const otherView = new DiscussionPage(other, parley.baseUrl);
    await otherView.goto(`${pathOf(discussion.url)}?hasDraft=true#create-comment`);
    await waitForHydration(other);
    const otherEditor = new BodyEditor(other, "Comment", otherView.replyBox);
    await otherEditor.waitForEditor();
    await eventually(() => otherEditor.text.innerText()).toContain("The end.");

    // Posting the comment deletes the draft.
    await view.postCommentButton.click();
    await view.comments.filter({ hasText: "The end." }).waitFor();
    expect(await api.get<DraftRecord[]>("/drafts")).toEqual([]);
    expect(problems.errors).toEqual([]);
  }, 150_000);

  it("/drafts lists drafts and scheduled posts; schedule, cancel schedule and delete refresh the list; guests go to sign in", async () => {
    const admin = await signInAdmin(parley.baseUrl);
    const general = await categoryID(admin, "general");
    const draft = await admin.post<{ draftID: number }>("/drafts", {
      recordType: "discussion",
      parentRecordType: "category",
      parentRecordID: general,
      attributes: {
        body: "An announcement for next week.",
        format: "markdown",
        draftType: "discussion",
        draftMeta: { name: "Next week's news", categoryID: general, pinLocation: "none" },
      },
    });

    const guest = await parley.newPage();
    const answer = await guest.goto(`${parley.baseUrl}/drafts`);
    expect(new URL(guest.url()).pathname).toBe("/entry/signin");
    expect(answer?.status()).toBe(200);

    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const drafts = new DraftsPage(page, parley.baseUrl);
    expect((await drafts.goto()).status()).toBe(200);
    await waitForHydration(page);
    const item = drafts.draft(draft.draftID);
    expect(await drafts.draftLink(draft.draftID, "Next week's news").getAttribute("href")).toBe(
      `${parley.baseUrl}/post/editdiscussion/0/${draft.draftID}`,
    );
    const inAWeek = new Date(Date.now() + 7 * 86_400_000);
    const local = new Date(inAWeek.getTime() - inAWeek.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await drafts.schedule(draft.draftID, local);
    await drafts.text("The post has been scheduled.").waitFor();
    const scheduled = drafts.scheduledDraft(draft.draftID);
    await scheduled.waitFor();
    const saved = await admin.get<{ draftStatus: string; dateScheduled: string }>(`/drafts/${draft.draftID}`);
    expect(saved.draftStatus).toBe("scheduled");
    expect(Math.abs(Date.parse(saved.dateScheduled) - inAWeek.getTime())).toBeLessThan(60_000);
    await screenshot(page, "drafts-page-scheduled");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "drafts-page-scheduled-375");
    await page.setViewportSize({ width: 1280, height: 900 });

    await drafts.cancelSchedule(draft.draftID);
    await drafts.text("The schedule has been cancelled.").waitFor();
    await drafts.unpostedDraft(draft.draftID).waitFor();
    expect((await admin.get<{ draftStatus: string }>(`/drafts/${draft.draftID}`)).draftStatus).toBe("draft");

    await drafts.deleteDraft(draft.draftID);
    await drafts.text("The draft has been deleted.").waitFor();
    await item.waitFor({ state: "detached" });
    await drafts.text("You do not have any drafts.").waitFor();
    expect(await admin.get<unknown[]>("/drafts")).toEqual([]);
    expect(problems.errors).toEqual([]);
  }, 90_000);

  it("replying to a comment while a top-level comment draft exists asks to discard it (spec §8 'Discard Draft')", async () => {
    const member = newMember("replier");
    await registerConfirmed(parley, member);
    const api = await signInApi(parley.baseUrl, member.name, member.password);
    const discussion = await createDiscussion(api, {
      name: "Reply or draft",
      body: "Opening.",
      categoryID: await categoryID(api, "general"),
    });
    const [comment] = await addComments(await signInAdmin(parley.baseUrl), discussion.discussionID, ["Reply to me."]);

    const page = await parley.newPage({ bypassCSP: true });
    await signInContext(page, parley.baseUrl, member);
    const view = new DiscussionPage(page, parley.baseUrl);
    await view.goto(pathOf(discussion.url));
    await waitForHydration(page);
    const editor = new BodyEditor(page, "Comment", view.replyBox);
    await view.commentField.focus();
    await editor.waitForEditor();
    await editor.text.click();
    await page.keyboard.type("A top-level thought in progress.");
    let drafts: DraftRecord[] = [];
    for (let i = 0; i < 30 && !drafts.length; i++) {
      await sleep(500);
      drafts = await api.get<DraftRecord[]>("/drafts");
    }
    expect(drafts).toHaveLength(1);

    await view.comment(comment!.commentID).getByRole("link", { name: "Reply", exact: true }).click();
    const dialog = view.dialogNamed("Discard Draft");
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(
      "You have an unposted draft, replying to this comment will discard your draft.",
    );
    expect(await dialog.innerText()).toContain("Are you sure you want to discard it?");
    await screenshot(page, "drafts-discard-dialog");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Discard", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await view.replyBox.getByRole("link", { name: "Replying to a comment" }).waitFor();
    expect(await editor.text.innerText()).not.toContain("top-level thought");
    await eventually(() => api.get<DraftRecord[]>("/drafts")).toEqual([]);

    // The reply posts under that comment.
    await editor.text.click();
    await page.keyboard.type("A threaded answer.");
    await view.postCommentButton.click();
    await view.comments.filter({ hasText: "A threaded answer." }).waitFor();
    const posted = await api.get<Array<{ body: string; parentCommentID?: number | null }>>(
      `/comments?discussionID=${discussion.discussionID}`,
    );
    expect(posted.find((c) => c.body.includes("A threaded answer."))?.parentCommentID).toBe(comment!.commentID);
    // On the page it names the comment it answers, and leads to it.
    const answer = view.comments.filter({ hasText: "A threaded answer." });
    const inReplyTo = answer.getByRole("link", { name: "In reply to admin" });
    expect(await inReplyTo.getAttribute("href")).toBe(`#Comment_${comment!.commentID}`);
    expect(
      await view
        .comment(comment!.commentID)
        .getByRole("link", { name: /^In reply to/ })
        .count(),
    ).toBe(0);
  }, 90_000);

  it("/drafts works without JavaScript: the list is in the first response and Delete posts the form", async () => {
    const admin = await signInAdmin(parley.baseUrl);
    const draft = await admin.post<{ draftID: number }>("/drafts", {
      recordType: "discussion",
      attributes: { body: "Written without scripts.", format: "markdown", draftMeta: { name: "No-script draft" } },
    });
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const drafts = new DraftsPage(page, parley.baseUrl);
    expect((await drafts.goto()).status()).toBe(200);
    const item = drafts.draft(draft.draftID);
    expect(await item.innerText()).toContain("Written without scripts.");
    await drafts.deleteDraft(draft.draftID);
    await drafts.text("The draft has been deleted.").waitFor();
    expect(await item.count()).toBe(0);
    expect(await admin.get<unknown[]>("/drafts")).toEqual([]);
  }, 60_000);

  it("a new discussion is autosaved, continues from its draft link /post/editdiscussion/0/{draftID} in another browser, and posting deletes the draft", async () => {
    const member = newMember("starter");
    await registerConfirmed(parley, member);
    const api = await signInApi(parley.baseUrl, member.name, member.password);
    const general = await categoryID(api, "general");

    const page = await parley.newPage();
    await signInContext(page, parley.baseUrl, member);
    const form = new NewDiscussionPage(page, parley.baseUrl);
    await form.goto(general);
    await waitForHydration(page);
    const editor = new BodyEditor(page, "Body");
    await editor.waitForEditor();
    await form.title.fill("A topic worth a draft");
    await editor.text.click();
    await page.keyboard.type("Everything I meant to say, saved as I go.");
    let drafts: Array<DraftRecord & { editUrl: string; name: string }> = [];
    for (let i = 0; i < 30 && !drafts.length; i++) {
      await sleep(500);
      drafts = await api.get<typeof drafts>("/drafts?recordType=discussion");
    }
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ name: "A topic worth a draft" });
    expect(drafts[0]!.editUrl).toBe(`${parley.baseUrl}/post/editdiscussion/0/${drafts[0]!.draftID}`);

    // A member without schedule.allow sees the draft on /drafts, without the schedule controls.
    const draftsPage = new DraftsPage(page, parley.baseUrl);
    await draftsPage.goto();
    const listed = draftsPage.draft(drafts[0]!.draftID);
    expect(await listed.innerText()).toContain("A topic worth a draft");
    expect(await draftsPage.scheduleField(drafts[0]!.draftID).count()).toBe(0);
    expect(await draftsPage.deleteButton(drafts[0]!.draftID).count()).toBe(1);

    const other = await parley.newPage();
    await signInContext(other, parley.baseUrl, member);
    await other.goto(drafts[0]!.editUrl);
    expect(new URL(other.url()).pathname + new URL(other.url()).search).toBe(
      `/post/discussion?draftID=${drafts[0]!.draftID}`,
    );
    await waitForHydration(other);
    const otherForm = new NewDiscussionPage(other, parley.baseUrl);
    const otherEditor = new BodyEditor(other, "Body");
    await eventually(() => otherForm.title.inputValue()).toBe("A topic worth a draft");
    await otherEditor.waitForEditor();
    await eventually(() => otherEditor.text.innerText()).toContain("saved as I go.");
    await otherForm.submitButton.click();
    // The discussion's own page (the form's address, /post/discussion/{categoryID}, matches a looser pattern).
    await other.waitForURL((url) => /^\/discussion\/\d+/.test(url.pathname));
    // The address changes before React has rendered the new page.
    await eventually(() => otherForm.pageHeading.innerText()).toBe("A topic worth a draft");
    expect(await api.get<unknown[]>("/drafts")).toEqual([]);
  }, 90_000);

  it("editing an existing discussion is autosaved with it as the record: after a reload the edit is back, its link is /post/editdiscussion/{id}/{draftID}, and saving deletes the draft", async () => {
    const member = newMember("editor");
    await registerConfirmed(parley, member);
    const api = await signInApi(parley.baseUrl, member.name, member.password);
    const discussion = await createDiscussion(api, {
      name: "A post to rework",
      body: "The first version.",
      categoryID: await categoryID(api, "general"),
    });

    const page = await parley.newPage();
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, member);
    const edit = new EditDiscussionPage(page, parley.baseUrl);
    await edit.goto(discussion.discussionID);
    await waitForHydration(page);
    // The Markdown discussion continues in the rich editor (it is saved as rich2 from now on).
    const editor = new BodyEditor(page, "Body");
    await editor.waitForEditor();
    await editor.text.click();
    await page.keyboard.press("End");
    await page.keyboard.type(" A much better second version, typed slowly.", { delay: 2 });
    let drafts: Array<DraftRecord & { recordID: number | null; editUrl: string }> = [];
    for (let i = 0; i < 30 && !drafts[0]?.excerpt.includes("typed slowly."); i++) {
      await sleep(500);
      drafts = await api.get<typeof drafts>(`/drafts?recordID=${discussion.discussionID}`);
    }
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ recordType: "discussion", recordID: discussion.discussionID });
    expect(drafts[0]!.editUrl).toBe(
      `${parley.baseUrl}/post/editdiscussion/${discussion.discussionID}/${drafts[0]!.draftID}`,
    );

    await page.reload();
    await waitForHydration(page);
    await editor.waitForEditor();
    await expect
      .poll(() => editor.textContent())
      .toBe("The first version. A much better second version, typed slowly.");
    // Its draft link continues it too.
    await page.goto(drafts[0]!.editUrl);
    await waitForHydration(page);
    await editor.waitForEditor();
    await eventually(() => editor.textContent()).toContain("typed slowly.");
    await screenshot(page, "drafts-edit-restored");

    await edit.saveButton.click();
    await page.waitForURL((url) => url.pathname.startsWith(`/discussion/${discussion.discussionID}/`));
    const saved = await api.get<{ body: string }>(`/discussions/${discussion.discussionID}`);
    expect(saved.body).toContain("typed slowly.");
    await eventually(() => api.get<unknown[]>("/drafts")).toEqual([]);
    expect(problems.errors).toEqual([]);
  }, 90_000);
});
