import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { categoryID, createDiscussion, pathOf, signInApi } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { BodyEditor } from "./pages/BodyEditor.ts";
import { DiscussionPage } from "./pages/DiscussionPage.ts";

const parley = useParley();

interface DraftRecord {
  draftID: number;
  recordType: string;
  parentRecordID: number;
  excerpt: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    await page.keyboard.type(longText, { delay: 2 });

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
    await expect.poll(() => editor.text.innerText()).toContain("The end.");
    expect(await editor.text.innerText()).toContain("must never be lost");

    // The form out of sight: 'Saved Draft Available.' links to it; in sight, the toast goes.
    await page.evaluate(() => window.scrollTo(0, 0));
    const toastLink = page.getByRole("link", { name: "Saved Draft Available.", exact: true });
    await toastLink.waitFor();
    expect(await toastLink.getAttribute("href")).toBe(`${pathOf(discussion.url)}?hasDraft=true#create-comment`);
    await screenshot(page, "drafts-saved-draft-toast");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await toastLink.click();
    await toastLink.waitFor({ state: "detached" });
    await screenshot(page, "drafts-comment-restored");

    // Another browser (no local copy) gets the server's draft.
    const other = await parley.newPage();
    await signInContext(other, parley.baseUrl, member);
    const otherView = new DiscussionPage(other, parley.baseUrl);
    await otherView.goto(`${pathOf(discussion.url)}?hasDraft=true#create-comment`);
    await waitForHydration(other);
    const otherEditor = new BodyEditor(other, "Comment", otherView.replyBox);
    await otherEditor.waitForEditor();
    await expect.poll(() => otherEditor.text.innerText()).toContain("The end.");

    // Posting the comment deletes the draft.
    await view.postCommentButton.click();
    await view.comments.filter({ hasText: "The end." }).waitFor();
    expect(await api.get<DraftRecord[]>("/drafts")).toEqual([]);
    expect(problems.errors).toEqual([]);
  }, 90_000);
});
