import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { welcome } from "./support/demo.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { categoryID, createDiscussion, pathOf, signInAdmin } from "./support/content.ts";
import { ConversationsPage } from "./pages/ConversationsPage.ts";
import { DiscussionPage } from "./pages/DiscussionPage.ts";
import { RegistrationSettingsPage } from "./pages/RegistrationSettingsPage.ts";

const parley = useParley();
const admin = { name: "admin", password: adminPassword };
const linksRefusal = "New members can post at most 2 links. You can post more after 3 posts or 2 days.";

describe("limits for new members", () => {
  it("an administrator sets them; a new member's comment with too many links shows the sentence in the composer", async () => {
    // The e2e server starts with nobody new (PARLEY_NEW_MEMBER_LIMITS=false): the administrator sets the limits.
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, admin);
    const settings = new RegistrationSettingsPage(page, parley.baseUrl);
    await settings.goto();
    await waitForHydration(page);
    await settings.newMemberLimit("Links in a post").fill("2");
    await settings.newMemberLimit("Images in a post").fill("1");
    await settings.newMemberLimit("Trusted after posts").fill("3");
    await settings.newMemberLimit("Trusted after days").fill("2");
    await settings.newMembersMayMessage.setChecked(false);
    await settings.saveAndWait();
    await settings.status("Your changes have been saved.").waitFor();
    expect(await settings.newMemberLimit("Links in a post").inputValue()).toBe("2");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "new-member-limits-settings");
    await page.setViewportSize({ width: 375, height: 800 });
    await settings.newMembers.scrollIntoViewIfNeeded();
    await screenshot(page, "new-member-limits-settings-375");

    const member = newMember("newbie");
    await registerConfirmed(parley, member);
    const memberPage = await parley.newPage({ bypassCSP: true });
    await signInContext(memberPage, parley.baseUrl, member);
    const discussion = new DiscussionPage(memberPage, parley.baseUrl);
    await discussion.open(welcome.path);
    await waitForHydration(memberPage);
    await discussion.commentField.fill(
      "Useful: [one](https://one.example), [two](https://two.example) and [three](https://three.example).",
    );
    await discussion.submitAndWait(discussion.postCommentButton);
    await discussion.replyBox.getByText(linksRefusal).waitFor();
    expect(await discussion.comments.filter({ hasText: "Useful:" }).count()).toBe(0);
    expect(await seriousAxeViolations(memberPage)).toEqual([]);
    await screenshot(memberPage, "new-member-limits-refused-comment");

    // Two links go through (in a sentence: a brand-new account's post of little but links is one the spam check
    // holds for approval).
    await discussion.commentField.fill(
      "Useful reading on pruning kiwi vines in winter: [one](https://one.example) and [two](https://two.example).",
    );
    await discussion.submitAndWait(discussion.postCommentButton);
    await discussion.comments.filter({ hasText: "Useful reading" }).first().waitFor();
    expect(problems.errors).toEqual([]);
  });

  it("a new member who may not message sees why instead of New Message, without JavaScript too", async () => {
    const member = newMember("quiet");
    await registerConfirmed(parley, member);
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, member);
    const messages = new ConversationsPage(page, parley.baseUrl);
    await messages.goto();
    await messages.newMemberNotice.waitFor();
    expect(await messages.newMemberNotice.innerText()).toBe(
      "New members cannot send private messages. You can send them after 3 posts or 2 days.",
    );
    expect(await messages.newMessageLink.count()).toBe(0);
    await messages.goto("/messages/add");
    await messages.newMemberNotice.waitFor();
    expect(await messages.newMessageForm.count()).toBe(0);
    await screenshot(page, "new-member-limits-messages");
  });
});

describe("watched words to censor in discussion titles", () => {
  it("masks the word in the page's heading and its <title>", async () => {
    const session = await signInAdmin(parley.baseUrl);
    await session.post("/watched-words", { word: "rutabaga", action: "censor" });
    const created = await createDiscussion(session, {
      name: "Rutabaga growing tips",
      body: "Plant them early.",
      categoryID: await categoryID(session, "general"),
    });
    const page = await parley.newPage({ javaScriptEnabled: false });
    const discussion = new DiscussionPage(page, parley.baseUrl);
    await discussion.open(pathOf(created.url));
    expect(await discussion.pageHeading.innerText()).toBe("■■■ growing tips");
    expect(await page.title()).toMatch(/^■■■ growing tips/);
    const html = await page.content();
    expect([...html.matchAll(/.{80}rutabaga.{80}/gi)].map((match) => match[0])).toEqual([]);
  });
});
