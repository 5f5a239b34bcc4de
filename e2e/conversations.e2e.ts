import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { categoryID, createDiscussion, pathOf, signInApi } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { ConversationsPage } from "./pages/ConversationsPage.ts";
import { DiscussionPage } from "./pages/DiscussionPage.ts";

const parley = useParley();

/** Resolves when the page has opened its live stream (after hydration, for members only). */
const streamOpened = (page: Page) =>
  page.waitForRequest((request) => new URL(request.url()).pathname === "/api/v2/events/stream");

describe("private messages, live", () => {
  it("A writes to B from B's user card; B's badge changes without reloading; B replies and A sees it live", async () => {
    const a = newMember("amelie");
    const b = newMember("bastien");
    await Promise.all([registerConfirmed(parley, a), registerConfirmed(parley, b)]);
    const apiB = await signInApi(parley.baseUrl, b.name, b.password);
    const discussion = await createDiscussion(apiB, {
      name: "Say hello",
      body: "Write to me.",
      categoryID: await categoryID(apiB, "general"),
    });

    // B is reading the forum: the stream opens once the page has hydrated.
    const pageB = await parley.newPage({ bypassCSP: true });
    const problemsB = collectErrors(pageB);
    await signInContext(pageB, parley.baseUrl, b);
    const viewB = new ConversationsPage(pageB, parley.baseUrl);
    const streamB = streamOpened(pageB);
    await viewB.goto("/categories");
    await waitForHydration(pageB);
    await streamB;
    expect(await viewB.badgeLabel()).toBe("Messages");

    // A opens B's user card on B's discussion and follows Message to the composer.
    const pageA = await parley.newPage({ bypassCSP: true });
    const problemsA = collectErrors(pageA);
    await signInContext(pageA, parley.baseUrl, a);
    const viewA = new ConversationsPage(pageA, parley.baseUrl);
    const streamA = streamOpened(pageA);
    await new DiscussionPage(pageA, parley.baseUrl).goto(pathOf(discussion.url));
    await waitForHydration(pageA);
    await streamA;
    await viewA.main.getByRole("link", { name: b.name, exact: true }).first().click();
    const message = viewA.userCard.getByRole("link", { name: "Message" });
    await message.waitFor();
    await message.click();
    await pageA.waitForURL(new RegExp(`/messages/add/${b.name}$`));
    await waitForHydration(pageA);
    expect(await viewA.recipients.inputValue()).toBe(`${b.name}, `);
    expect(await seriousAxeViolations(pageA)).toEqual([]);
    await screenshot(pageA, "conversations-0-composer-1280");
    // The composer is the posts' rich editor: a word made bold with Ctrl+B is sent as rich2 and shows bold.
    const composer = viewA.bodyEditor;
    await composer.waitForEditor();
    await composer.text.click();
    await pageA.keyboard.type("Hello Bastien, ");
    await pageA.keyboard.press("Control+b");
    await pageA.keyboard.type("nice");
    await pageA.keyboard.press("Control+b");
    await pageA.keyboard.type(" discussion.");
    expect((await composer.posted()).format).toBe("rich2");
    await viewA.sendButton.click();
    await pageA.waitForURL(/\/messages\/\d+$/);
    const conversationPath = new URL(pageA.url()).pathname;
    await viewA.message("Hello Bastien, nice discussion.").waitFor();
    expect(await viewA.boldIn("Hello Bastien")).toEqual(["nice"]);

    // B's badge changes without a reload; the dropdown lists the conversation, unread.
    await expect.poll(() => viewB.badgeLabel(), { timeout: 10_000 }).toBe("Messages, 1 unread");
    await viewB.messagesButton.click();
    await viewB.menu.waitFor();
    const item = viewB.conversation(new RegExp(a.name));
    await item.waitFor();
    expect(await item.innerText()).toContain("Hello Bastien, nice discussion.");
    expect(await viewB.unreadConversations.count()).toBe(1);
    expect(await seriousAxeViolations(pageB)).toEqual([]);
    await screenshot(pageB, "conversations-1-dropdown-1280");

    // B opens it: read now, badge gone; B replies with the form.
    await item.click();
    await pageB.waitForURL(new RegExp(`${conversationPath}$`));
    await viewB.message("Hello Bastien").waitFor();
    await expect.poll(() => viewB.badgeLabel(), { timeout: 10_000 }).toBe("Messages");
    expect(await seriousAxeViolations(pageB)).toEqual([]);
    await viewB.replyEditor.waitForEditor();
    await viewB.replyEditor.text.fill("Thank you, Amélie!");
    await viewB.sendButton.click();
    await viewB.message("Thank you, Amélie!").waitFor();
    // A sent reply starts a fresh editor.
    await expect.poll(() => viewB.fieldText(viewB.replyEditor.text)).toBe("");

    // A, still on the conversation page, sees the reply arrive without reloading.
    const urlBefore = pageA.url();
    await viewA.message("Thank you, Amélie!").waitFor({ timeout: 10_000 });
    expect(pageA.url()).toBe(urlBefore);
    await viewA.statusMessage("New messages: 1").waitFor();
    expect(await seriousAxeViolations(pageA)).toEqual([]);
    await screenshot(pageA, "conversations-2-conversation-1280");

    // The list page passes axe; screenshots at both widths.
    await viewA.goto("/messages");
    await waitForHydration(pageA);
    await viewA.conversation(new RegExp(b.name)).waitFor();
    expect(await seriousAxeViolations(pageA)).toEqual([]);
    await screenshot(pageA, "conversations-3-list-1280");
    await pageA.setViewportSize({ width: 375, height: 800 });
    await screenshot(pageA, "conversations-4-list-375");
    await viewA.goto(conversationPath);
    await waitForHydration(pageA);
    await screenshot(pageA, "conversations-5-conversation-375");
    expect(await seriousAxeViolations(pageA)).toEqual([]);
    // Compact screens: the member panel's Messages tab.
    await viewA.memberPanelButton.click();
    const panel = viewA.dialog(a.name);
    await panel.getByRole("tab", { name: "Messages" }).click();
    await panel
      .getByRole("link", { name: new RegExp(b.name) })
      .first()
      .waitFor();
    expect(await seriousAxeViolations(pageA)).toEqual([]);
    await screenshot(pageA, "conversations-6-panel-375");

    expect(problemsA.errors).toEqual([]);
    expect(problemsB.errors).toEqual([]);
  });

  it("without JavaScript: /messages/add/{name} starts a conversation and the reply form posts", async () => {
    const a = newMember("anouk");
    const b = newMember("benoit");
    await Promise.all([registerConfirmed(parley, a), registerConfirmed(parley, b)]);
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, a);
    const view = new ConversationsPage(page, parley.baseUrl);
    expect((await view.goto(`/messages/add/${b.name}`)).status()).toBe(200);
    expect(await view.recipients.inputValue()).toBe(`${b.name}, `);
    await view.body.fill("Sent without JavaScript.");
    await view.sendButton.click();
    await page.waitForURL(/\/messages\/\d+(#latest)?$/);
    await view.message("Sent without JavaScript.").waitFor();
    await view.reply.fill("A second one, still without JavaScript.");
    await view.sendButton.click();
    await view.message("A second one, still without JavaScript.").waitFor();
    expect(await view.messages.count()).toBe(2);

    // B's list, server-rendered: one unread conversation.
    const pageB = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(pageB, parley.baseUrl, b);
    const viewB = new ConversationsPage(pageB, parley.baseUrl);
    expect((await viewB.goto("/messages")).status()).toBe(200);
    expect(await viewB.unreadConversations.count()).toBe(1);
    expect(await viewB.messagesButton.count()).toBe(1);

    // Guests are sent to sign in.
    const guest = await parley.newPage({ javaScriptEnabled: false });
    await new ConversationsPage(guest, parley.baseUrl).goto("/messages");
    expect(new URL(guest.url()).pathname).toBe("/entry/signin");
  });

  it("Share → 'Share to a private message' opens the composer with the discussion link", async () => {
    const a = newMember("adele");
    await registerConfirmed(parley, a);
    const apiA = await signInApi(parley.baseUrl, a.name, a.password);
    const discussion = await createDiscussion(apiA, {
      name: "Worth sharing",
      body: "Tell your friends.",
      categoryID: await categoryID(apiA, "general"),
    });
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, a);
    const view = new ConversationsPage(page, parley.baseUrl);
    const discussionView = new DiscussionPage(page, parley.baseUrl);
    await discussionView.goto(pathOf(discussion.url));
    await waitForHydration(page);
    await discussionView.share("Share to a private message");
    await page.waitForURL(/\/messages\/add\?content=/);
    await view.body.waitFor();
    const body = await view.fieldText(view.body);
    expect(body).toContain("Check out this post:");
    expect(body).toContain(pathOf(discussion.url));
    expect(await view.recipients.inputValue()).toBe("");
    expect(problems.errors).toEqual([]);
  });
});
