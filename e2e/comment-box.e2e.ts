import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { addComments, categoryID, createDiscussion, pathOf, signInAdmin, signInApi } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { BodyEditor } from "./pages/BodyEditor.ts";
import { DiscussionPage } from "./pages/DiscussionPage.ts";

const parley = useParley();

/** Sixty characters, all told apart, so a dropped or reordered key shows. */
const sixty = "Parley keeps every key: 0123456789 abcdefghijklmnopqrstuvwxy";

/** The rich editor's chunk (the build names it RichEditor-<hash>.js). */
const editorChunk = /\/assets\/RichEditor-[\w-]+\.js$/;

/** Holds the editor's chunk back until `release()`: the comment box stays a text area until then. */
async function holdEditorChunk(page: Page): Promise<{ release: () => void; requested: () => boolean }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(editorChunk, async (route: Route) => {
    requested = true;
    await released;
    await route.continue();
  });
  return { release, requested: () => requested };
}

/**
 * Records, in the page, how much the text area held when the editor took its place (the removed text
 * area keeps its value): proof that the swap came in the middle of the typing.
 */
async function recordSwap(page: Page): Promise<() => Promise<number | null>> {
  await page.addInitScript(() => {
    const record = window as Window & { __swapAt?: number };
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of Array.from(mutation.removedNodes)) {
          if (node instanceof HTMLTextAreaElement && node.name === "body") record.__swapAt = node.value.length;
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as Window & { __swapAt?: number }).__swapAt ?? null);
}

async function memberOnDiscussion(name: string, options: Parameters<typeof parley.newPage>[0] = {}) {
  const member = newMember(name);
  await registerConfirmed(parley, member);
  const api = await signInApi(parley.baseUrl, member.name, member.password);
  const discussion = await createDiscussion(api, {
    name: `A discussion for ${name}`,
    body: "Start of the thread.",
    categoryID: await categoryID(api, "general"),
  });
  const page = await parley.newPage(options);
  await signInContext(page, parley.baseUrl, member);
  return { page, discussion, view: new DiscussionPage(page, parley.baseUrl) };
}

describe("the comment box: one editor, and no lost keystroke (issue 31)", () => {
  expect(sixty).toHaveLength(60);

  it("from a cold page load, 60 keys at 100 ms each end up in the rich editor in order, and are posted exactly", async () => {
    const { page, discussion, view } = await memberOnDiscussion("coldtyper");
    const problems = collectErrors(page);
    const swapAt = await recordSwap(page);
    // A slow network: every script comes a second late, so the first keys go to the server's text area before
    // the page hydrates, the next ones to it while the editor's chunk is on its way.
    await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    expect((await page.goto(parley.baseUrl + pathOf(discussion.url), { waitUntil: "commit" }))?.status()).toBe(200);
    // No waiting for anything: the member goes to the box as soon as it is there.
    await view.commentField.focus();
    const ready = () => page.evaluate(() => (window as Window & { __parleyReady?: boolean }).__parleyReady === true);
    expect(await ready()).toBe(false);
    await page.keyboard.type(sixty, { delay: 100 });

    const editor = new BodyEditor(page, "Comment", view.replyBox);
    await editor.waitForEditor();
    expect(await editor.plainTextArea.count()).toBe(0);
    expect((await editor.text.innerText()).trim()).toBe(sixty);
    const posted = await editor.posted();
    expect(posted.format).toBe("rich2");
    expect(JSON.parse(posted.body)).toEqual([{ type: "p", children: [{ text: sixty }] }]);
    console.log(`cold load: the editor took over after ${await swapAt()} of 60 characters`);
    await screenshot(page, "comment-box-typed-1280");

    await view.postCommentButton.click();
    const mine = view.comments.filter({ hasText: sixty });
    await mine.waitFor();
    expect(await mine.locator("p", { hasText: sixty }).innerText()).toBe(sixty);
    await page.reload();
    expect(await view.comments.filter({ hasText: sixty }).locator("p", { hasText: sixty }).innerText()).toBe(sixty);
    expect(problems.errors).toEqual([]);
  });

  it("the editor's chunk arriving mid-typing takes the text and the caret: nothing lost, nothing reordered", async () => {
    const { page, discussion, view } = await memberOnDiscussion("slowchunk", { bypassCSP: true });
    const problems = collectErrors(page);
    const swapAt = await recordSwap(page);
    const chunk = await holdEditorChunk(page);
    expect((await view.goto(pathOf(discussion.url))).status()).toBe(200);
    await waitForHydration(page);
    const editor = new BodyEditor(page, "Comment", view.replyBox);

    // Fetched early: the browser idles after hydrating, the pointer comes over the box.
    await view.commentField.hover();
    await expect.poll(chunk.requested).toBe(true);
    await view.commentField.focus();
    await page.keyboard.type("world.", { delay: 100 });
    // The caret moves in the text area: the editor must start there, not at the end.
    await page.keyboard.press("Home");
    await page.keyboard.type("Hello", { delay: 100 });
    expect(await editor.plainTextArea.inputValue()).toBe("Helloworld.");
    await screenshot(page, "comment-box-before-swap-1280");

    // The chunk comes while the member goes on typing.
    chunk.release();
    await page.keyboard.type(sixty, { delay: 100 });
    await editor.waitForEditor();
    const expected = `Hello${sixty}world.`;
    expect((await editor.text.innerText()).trim()).toBe(expected);
    const at = await swapAt();
    console.log(`delayed chunk: the editor took over after ${at} of ${expected.length} characters`);
    expect(at).toBeGreaterThan("Helloworld.".length);
    expect(at).toBeLessThan(expected.length);
    // The caret is still where the member was typing.
    await page.keyboard.type("!");
    expect((await editor.text.innerText()).trim()).toBe(`Hello${sixty}!world.`);
    await screenshot(page, "comment-box-after-swap-1280");
    expect(await seriousAxeViolations(page)).toEqual([]);

    await view.postCommentButton.click();
    const mine = view.comments.filter({ hasText: sixty });
    await mine.waitFor();
    expect(await mine.locator("p", { hasText: sixty }).innerText()).toBe(`Hello${sixty}!world.`);
    expect(problems.errors).toEqual([]);
  });

  it("Quote while the box is still a text area: the posted comment has a block quote, not `>` Markdown", async () => {
    const { page, discussion, view } = await memberOnDiscussion("earlyquoter");
    const problems = collectErrors(page);
    const [quoted] = await addComments(await signInAdmin(parley.baseUrl), discussion.discussionID, [
      "Brevity is the soul of wit.",
    ]);
    const chunk = await holdEditorChunk(page);
    expect((await view.goto(pathOf(discussion.url))).status()).toBe(200);
    await waitForHydration(page);
    const editor = new BodyEditor(page, "Comment", view.replyBox);

    await view.comment(quoted!.commentID).getByRole("button", { name: "Quote", exact: true }).click();
    // The text area has the quote as its format writes it (Markdown), the caret after it.
    await expect
      .poll(() => editor.plainTextArea.inputValue())
      .toMatch(/^> \[admin\]\(.+\) said:\n>\n> Brevity is the soul of wit\.\n\n$/);
    await page.keyboard.type("Agreed, ", { delay: 100 });
    chunk.release();
    await page.keyboard.type("and briefly.", { delay: 100 });
    await editor.waitForEditor();
    const quote = editor.text.locator("blockquote");
    expect(await quote.innerText()).toContain("admin said:");
    expect(await quote.getByRole("link", { name: "admin", exact: true }).count()).toBe(1);
    expect(await editor.text.innerText()).not.toContain(">");
    expect(await editor.text.innerText()).toContain("Agreed, and briefly.");
    await screenshot(page, "comment-box-quote-taken-over-1280");

    await view.postCommentButton.click();
    const mine = view.comments.filter({ hasText: "Agreed, and briefly." });
    await mine.waitFor();
    const html = await mine.innerHTML();
    expect(html).toContain("<blockquote");
    expect(html).not.toContain("&gt;");
    expect(await mine.innerText()).not.toContain(">");
    expect(await mine.locator("blockquote").innerText()).toContain("Brevity is the soul of wit.");
    expect(problems.errors).toEqual([]);
  });

  it("Quote when the editor never loads: the text area posts Markdown, and the comment still shows a block quote", async () => {
    const { page, discussion, view } = await memberOnDiscussion("plainquoter");
    const [quoted] = await addComments(await signInAdmin(parley.baseUrl), discussion.discussionID, ["Less is more."]);
    await page.route(editorChunk, (route) => route.abort());
    expect((await view.goto(pathOf(discussion.url))).status()).toBe(200);
    await waitForHydration(page);
    const editor = new BodyEditor(page, "Comment", view.replyBox);

    await view.comment(quoted!.commentID).getByRole("button", { name: "Quote", exact: true }).click();
    await expect.poll(() => editor.plainTextArea.inputValue()).toContain("> Less is more.");
    await page.keyboard.type("Quite.", { delay: 50 });
    expect(await editor.plainTextArea.count()).toBe(1);
    await view.postCommentButton.click();
    const mine = view.comments.filter({ hasText: "Quite." });
    await mine.waitFor();
    expect(await mine.innerHTML()).toContain("<blockquote");
    expect(await mine.innerText()).not.toContain(">");
    expect(await mine.locator("blockquote").innerText()).toContain("Less is more.");
    await screenshot(page, "comment-box-quote-plain-1280");
  });

  it("editing a rich comment in place uses the same editor: its text, never its JSON, and saved as rich2", async () => {
    const member = newMember("richeditor");
    await registerConfirmed(parley, member);
    const api = await signInApi(parley.baseUrl, member.name, member.password);
    const discussion = await createDiscussion(api, {
      name: "Edited in place",
      body: "Start of the thread.",
      categoryID: await categoryID(api, "general"),
    });
    const comment = await api.post<{ commentID: number }>("/comments", {
      discussionID: discussion.discussionID,
      body: JSON.stringify([{ type: "p", children: [{ text: "Written richly." }] }]),
      format: "rich2",
    });
    const page = await parley.newPage();
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, member);
    const view = new DiscussionPage(page, parley.baseUrl);
    expect((await view.goto(pathOf(discussion.url))).status()).toBe(200);
    await waitForHydration(page);

    const post = view.comment(comment.commentID);
    await view.commentAction(comment.commentID, /^Edit/);
    const editor = new BodyEditor(page, "Edit Comment", post);
    await editor.waitForEditor();
    expect((await editor.text.innerText()).trim()).toBe("Written richly.");
    await editor.text.click();
    await page.keyboard.press("End");
    await page.keyboard.type(" And edited.", { delay: 50 });
    await screenshot(page, "comment-edit-rich-1280");
    await post.getByRole("button", { name: "Save", exact: true }).click();
    await post.getByText("Written richly. And edited.", { exact: true }).waitFor();
    expect(await post.innerText()).not.toContain('"type"');
    expect(problems.errors).toEqual([]);
  });
});
