import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { addComments, categoryID, createDiscussion, pathOf, signInAdmin, signInApi } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { BodyEditor } from "./pages/BodyEditor.ts";
import { DiscussionPage } from "./pages/DiscussionPage.ts";

const parley = useParley();

describe("Quote (spec §2 post buttons)", () => {
  it("a member quotes a comment: the rich comment box gets a block quote, and the posted comment shows it", async () => {
    const member = newMember("quoter");
    await registerConfirmed(parley, member);
    const api = await signInApi(parley.baseUrl, member.name, member.password);
    const discussion = await createDiscussion(api, {
      name: "Worth quoting",
      body: "Start of the thread.",
      categoryID: await categoryID(api, "general"),
    });
    const [quoted] = await addComments(await signInAdmin(parley.baseUrl), discussion.discussionID, [
      "Brevity is the soul of wit.",
    ]);

    const page = await parley.newPage();
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, member);
    const view = new DiscussionPage(page, parley.baseUrl);
    expect((await view.goto(pathOf(discussion.url))).status()).toBe(200);
    await waitForHydration(page);
    const editor = new BodyEditor(page, "Comment", view.replyBox);
    await view.commentField.focus();
    await editor.waitForEditor();

    await view.comment(quoted!.commentID).getByRole("button", { name: "Quote", exact: true }).click();
    const quote = editor.text.locator("blockquote");
    await quote.waitFor();
    expect(await quote.innerText()).toContain("admin said:");
    expect(await quote.innerText()).toContain("Brevity is the soul of wit.");
    // The caret is after the quote, in an empty paragraph: the member's own line goes there.
    await page.keyboard.type("Agreed, and briefly.");
    const posted = JSON.parse((await editor.posted()).body) as { type: string }[];
    // The quote is appended after what the box held (an empty paragraph), the typed line after it.
    expect(posted.map((node) => node.type).slice(-2)).toEqual(["blockquote", "p"]);
    expect(JSON.stringify(posted.at(-1))).toContain("Agreed, and briefly.");
    await view.postCommentButton.click();

    // The new comment renders the quote as a block quote naming the author, then the member's line.
    const mine = view.comments.filter({ hasText: "Agreed, and briefly." });
    await mine.waitFor();
    const rendered = mine.locator("blockquote");
    expect(await rendered.count()).toBe(1);
    expect(await rendered.innerText()).toContain("Brevity is the soul of wit.");
    expect(await rendered.getByRole("link", { name: "admin", exact: true }).count()).toBe(1);
    expect(await mine.innerText()).toContain("Agreed, and briefly.");

    // And after a reload, as the server renders it.
    await page.reload();
    await waitForHydration(page);
    const reloaded = view.comments.filter({ hasText: "Agreed, and briefly." }).locator("blockquote");
    expect(await reloaded.innerText()).toContain("Brevity is the soul of wit.");
    expect(problems.errors).toEqual([]);
  });

  it("a long quote in a post collapses behind Expand / Collapse after hydration, and shows whole without JavaScript", async () => {
    const admin = await signInAdmin(parley.baseUrl);
    const discussion = await createDiscussion(admin, {
      name: "A long quote",
      body: "Opening post.",
      categoryID: await categoryID(admin, "general"),
    });
    const lines = Array.from({ length: 20 }, (_, index) => `> Quoted line ${index + 1}`).join("\n>\n");
    await addComments(admin, discussion.discussionID, [`${lines}\n\nMy answer.`, "> One short line\n\nShort."]);

    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    const view = new DiscussionPage(page, parley.baseUrl);
    expect((await view.goto(pathOf(discussion.url))).status()).toBe(200);
    await waitForHydration(page);
    const expand = view.main.getByRole("button", { name: "Expand", exact: true });
    await expand.waitFor();
    expect(await expand.count()).toBe(1);
    const quote = await view.controlledBy(expand);
    expect(await quote.evaluate((element) => element.tagName)).toBe("BLOCKQUOTE");
    expect(await quote.evaluate((element) => element.getBoundingClientRect().height)).toBeLessThanOrEqual(101);
    await screenshot(page, "quote-collapsed-1280");
    await expand.click();
    const collapse = view.main.getByRole("button", { name: "Collapse", exact: true });
    expect(await collapse.getAttribute("aria-expanded")).toBe("true");
    expect(await quote.evaluate((element) => element.getBoundingClientRect().height)).toBeGreaterThan(150);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems.errors).toEqual([]);

    const plain = await parley.newPage({ javaScriptEnabled: false });
    const noJs = new DiscussionPage(plain, parley.baseUrl);
    await noJs.goto(pathOf(discussion.url));
    expect(await noJs.main.getByRole("button", { name: "Expand" }).count()).toBe(0);
    expect(await noJs.main.getByText("Quoted line 20").isVisible()).toBe(true);
  });
});
