import { crc32, deflateSync } from "node:zlib";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { categoryID, createDiscussion, signInAdmin } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { BodyEditor } from "./pages/BodyEditor.ts";
import { DiscussionPage } from "./pages/DiscussionPage.ts";
import { NewDiscussionPage } from "./pages/NewDiscussionPage.ts";

const parley = useParley();

/** A real PNG of one colour (big enough to see in the screenshots). */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A new member on the new discussion form, its rich editor in place. */
async function newDiscussionEditor(name: string): Promise<{ page: Page; editor: BodyEditor }> {
  const member = newMember(name);
  await registerConfirmed(parley, member);
  const page = await parley.newPage();
  await signInContext(page, parley.baseUrl, member);
  await new NewDiscussionPage(page, parley.baseUrl).goto();
  await waitForHydration(page);
  const editor = new BodyEditor(page, "Body");
  await editor.waitForEditor();
  return { page, editor };
}

describe("the rich editor", () => {
  it("a member writes a discussion with bold text, a list and an uploaded image; the page shows them", async () => {
    const member = newMember("editor");
    await registerConfirmed(parley, member);
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, member);

    const form = new NewDiscussionPage(page, parley.baseUrl);
    expect((await form.goto()).status()).toBe(200);
    await waitForHydration(page);
    const editor = new BodyEditor(page, "Body");
    // The pickers and the editor both in place: a category chosen while the select turns into its picker fails.
    await form.waitForEditors();
    // The server-rendered text area is gone; the form now posts rich2.
    expect(await editor.plainTextArea.count()).toBe(0);

    await form.chooseCategory("General Discussion");
    await form.title.fill("Written with the rich editor");
    await editor.text.click();
    await page.keyboard.type("Hello ");
    await page.keyboard.press("Control+b");
    expect(await editor.isPressed("Bold")).toBe(true);
    await page.keyboard.type("bold world");
    await page.keyboard.press("Control+b");
    expect(await editor.isPressed("Bold")).toBe(false);
    await page.keyboard.type(" and plain.");
    await page.keyboard.press("Enter");
    await editor.button("Bulleted list").click();
    expect(await editor.isPressed("Bulleted list")).toBe(true);
    await page.keyboard.type("first item");
    await page.keyboard.press("Enter");
    await page.keyboard.type("second item");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    expect(await editor.isPressed("Bulleted list")).toBe(false);
    await page.keyboard.type("After the list.");

    const image = await editor.uploadImage({
      name: "square.png",
      mimeType: "image/png",
      buffer: png(120, 80, [3, 125, 188]),
    });
    expect(await image.getAttribute("src")).toMatch(/\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    await page.keyboard.type("Below the image.");

    const posted = await editor.posted();
    expect(posted.format).toBe("rich2");
    // Each block with its text, so that a failure shows where the text went.
    expect(await editor.postedBlocks()).toEqual([
      "p: Hello bold world and plain.",
      "ul: first item|second item",
      "p: After the list.",
      "rich_embed_card: ",
      "p: Below the image.",
    ]);

    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "editor-1-new-discussion-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await editor.toolbar.scrollIntoViewIfNeeded();
    await screenshot(page, "editor-2-new-discussion-375");
    await page.setViewportSize({ width: 1280, height: 800 });

    await form.submitButton.click();
    await page.waitForURL(/\/discussion\/\d+\//);
    await waitForHydration(page);
    const discussion = new DiscussionPage(page, parley.baseUrl);
    const post = discussion.post;
    expect(await post.locator("strong").innerText()).toBe("bold world");
    expect(await post.locator("li").allInnerTexts()).toEqual(["first item", "second item"]);
    const shown = post.locator("img[src*='/uploads/']");
    expect(await shown.getAttribute("alt")).toBe("square.png");
    expect(await shown.getAttribute("width")).toBe("120");
    // The file is really served: the browser decoded it.
    await shown.scrollIntoViewIfNeeded();
    await page.waitForFunction((img) => (img as HTMLImageElement).complete, await shown.elementHandle());
    expect(await shown.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(120);
    await screenshot(page, "editor-3-posted-discussion");

    // Reading a discussion loads no editor code with the page (javascript-budget.e2e.ts); a member's comment box
    // fetches it once the browser is idle, and stays a text area until it is focused.
    const scripts = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((entry) => entry.name)
          .filter((name) => name.endsWith(".js")),
      );
    await page.reload();
    await waitForHydration(page);
    const commentEditor = new BodyEditor(page, "Comment");
    expect(await commentEditor.plainTextArea.count()).toBe(1);
    await discussion.commentField.focus();
    await commentEditor.waitForEditor();
    expect((await scripts()).filter((name) => name.includes("RichEditor"))).toHaveLength(1);
    await screenshot(page, "editor-4-comment-box");
    expect(problems.errors).toEqual([]);
  });

  it("hands the keyboard back to the text as a toolbar button runs, so the next key is never the button's", async () => {
    const { page, editor } = await newDiscussionEditor("editor-focus");
    await editor.text.click();
    await page.keyboard.type("Shopping:");
    await page.keyboard.press("Enter");
    // Pressed with the mouse (the button takes the focus as it is pressed), and the focus read in the same task:
    // no timer has run yet, as when a key follows the press at once on a slow device. Slate's own focus waited for
    // one, and a space typed meanwhile pressed the button again.
    const focused = await editor.pressInOneTask("Bulleted list");
    // The button had the focus as it went down (as in a real click), and the text has it back.
    expect(focused).toEqual({ pressedOn: "Bulleted list", after: "Body" });
    await page.keyboard.type("eggs and milk");
    expect(await editor.isPressed("Bulleted list")).toBe(true);
    expect(await editor.postedBlocks()).toEqual(["p: Shopping:", "ul: eggs and milk"]);
  });

  it("previews a comment as the server will render it, then goes back to the same text and posts it", async () => {
    const admin = await signInAdmin(parley.baseUrl);
    const topic = await createDiscussion(admin, {
      name: "Previewing a comment",
      body: "Say something.",
      categoryID: await categoryID(admin, "general"),
    });
    const member = newMember("preview");
    await registerConfirmed(parley, member);
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, member);
    const discussion = new DiscussionPage(page, parley.baseUrl);
    expect((await discussion.goto(new URL(topic.url).pathname)).status()).toBe(200);
    await waitForHydration(page);
    const editor = new BodyEditor(page, "Comment");
    await discussion.commentField.focus();
    await editor.waitForEditor();

    await editor.text.click();
    await page.keyboard.type("A ");
    await page.keyboard.press("Control+b");
    await page.keyboard.type("bold");
    await page.keyboard.press("Control+b");
    await page.keyboard.type(" word and the docs");
    await editor.linkLastWord(4, "https://example.com/docs");
    expect(await editor.editButton.getAttribute("aria-pressed")).toBe("true");

    // Preview: the editor gives way to the server's rendering (the same pipeline as the posted comment's).
    const preview = await editor.showPreview();
    expect(await editor.previewButton.getAttribute("aria-pressed")).toBe("true");
    expect(await editor.editButton.getAttribute("aria-pressed")).toBe("false");
    expect(await editor.text.isVisible()).toBe(false);
    expect(await preview.locator("strong").innerText()).toBe("bold");
    const link = preview.getByRole("link", { name: "docs", exact: true });
    const href = await link.getAttribute("href");
    expect(href).toContain(encodeURIComponent("https://example.com/docs"));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "editor-comment-preview");

    // Edit (by keyboard): the same text, still editable; then it posts as previewed.
    await editor.editButton.focus();
    await page.keyboard.press("Enter");
    await editor.text.waitFor();
    expect(await editor.textContent()).toBe("A bold word and the docs");
    await discussion.postCommentButton.click();
    const posted = discussion.comments.last();
    await posted.locator("strong").waitFor();
    expect(await posted.locator("strong").innerText()).toBe("bold");
    expect(await posted.getByRole("link", { name: "docs", exact: true }).getAttribute("href")).toBe(href);
    expect(problems.errors).toEqual([]);
  });

  it("inserts emoji from the toolbar's picker by keyboard and by :shortcode: completion", async () => {
    const member = newMember("emoji");
    await registerConfirmed(parley, member);
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, member);
    const form = new NewDiscussionPage(page, parley.baseUrl);
    expect((await form.goto()).status()).toBe(200);
    await waitForHydration(page);
    const editor = new BodyEditor(page, "Body");
    await form.waitForEditors();
    await editor.text.click();
    await page.keyboard.type("Picked ");

    // The picker, by keyboard: Tab to the toolbar's Emoji button, Enter opens it with the focus in its search box.
    await editor.button("Emoji").focus();
    await page.keyboard.press("Enter");
    await editor.emojiSearch.waitFor();
    expect(await editor.button("Emoji").getAttribute("aria-expanded")).toBe("true");
    await expect.poll(() => editor.activeEmoji.getAttribute("aria-label")).toBe("grinning face");
    await page.keyboard.type("pizza");
    await expect.poll(() => editor.activeEmoji.getAttribute("aria-label")).toBe("pizza");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace");
    await page.keyboard.type("heart");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => editor.activeEmoji.getAttribute("aria-label")).toBe("red heart");
    await screenshot(page, "editor-emoji-picker-1280");
    await page.keyboard.press("Enter");
    await editor.emojiPicker.waitFor({ state: "detached" });
    await expect.poll(() => editor.textContent()).toMatch(/^Picked \u2764\uFE0F?$/);

    // Completion: ":smile" suggests 😄 first; Enter puts it in place of the shortcode.
    await page.keyboard.type(" and :smile");
    await editor.emojiSuggestions.waitFor();
    await expect
      .poll(() => editor.activeEmojiSuggestion.getAttribute("aria-label"))
      .toBe("grinning face with smiling eyes :smile:");
    await page.keyboard.press("Enter");
    await editor.emojiSuggestions.waitFor({ state: "detached" });
    await expect.poll(() => editor.textContent()).toMatch(/^Picked \u2764\uFE0F? and 😄$/);
    expect(problems.errors).toEqual([]);
  });

  it("refuses a file over the limit or of another type before uploading it", async () => {
    const { page, editor } = await newDiscussionEditor("editor-checks");
    const uploads: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/v2/media")) uploads.push(request.method());
    });
    await editor.chooseFile({
      name: "page.html",
      mimeType: "text/html",
      buffer: Buffer.from("<script>alert(1)</script>"),
    });
    const alert = editor.uploadError;
    expect(await alert.innerText()).toMatch(
      /^The uploaded file did not have an allowed extension\. Allowed extensions: txt, jpg/,
    );
    expect(uploads).toEqual([]);
  });
});
