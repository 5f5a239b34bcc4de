import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { addComments, categoryID, createDiscussion, signInAdmin, signInApi } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { DiscussionPage } from "./pages/DiscussionPage.ts";
import { adminPassword } from "./support/server.ts";
import { NotificationsPage } from "./pages/NotificationsPage.ts";
import {
  ModerationMessagesPage,
  ModerationMessagesView,
  ProfileWarningsPage,
  ReadOnlyView,
} from "./pages/WarningsPages.ts";

const parley = useParley();
const admin = { name: "admin", password: adminPassword };

describe("Warnings and moderation messages (issue 30)", () => {
  it("a moderator warns a member from the profile; the member sees the warning, the notification and the read-only notice", async () => {
    const member = newMember("warned");
    await registerConfirmed(parley, member);
    const adminApi = await signInAdmin(parley.baseUrl);
    const discussion = await createDiscussion(adminApi, {
      name: `A place to talk ${member.name}`,
      body: "Say something nice.",
      categoryID: await categoryID(adminApi, "general"),
    });
    // The member comments before being warned: theirs to edit until then.
    const memberApi = await signInApi(parley.baseUrl, member.name, member.password);
    const [mine] = await addComments(memberApi, discussion.discussionID, ["Hello there, nice to meet you all."]);

    // The moderator (the administrator) warns from the member's profile: 3 points make them read-only.
    const modPage = await parley.newPage({ bypassCSP: true });
    const modProblems = collectErrors(modPage);
    await signInContext(modPage, parley.baseUrl, admin);
    const profile = new ProfileWarningsPage(modPage, parley.baseUrl);
    expect((await profile.goto(member.name)).status()).toBe(200);
    await waitForHydration(modPage);
    await profile.warnButton(member.name).click();
    await profile.fillWarning("Please stop posting insults.", 3, 30);
    await profile.submitAndWait(profile.submitWarning);
    await profile.statusMessage("can't post for now").waitFor();
    await profile.warning("Please stop posting insults.").waitFor();
    expect(await profile.warningsSection.getByText("Read-only until").count()).toBe(1);
    // A private note, for moderators only.
    await profile.noteField.fill("Second time this month.");
    await profile.submitAndWait(profile.addNoteButton);
    await profile.notesSection.getByText("Second time this month.").waitFor();
    expect(await seriousAxeViolations(modPage)).toEqual([]);
    await modPage.setViewportSize({ width: 1280, height: 900 });
    await screenshot(modPage, "warnings-0-moderator-profile-1280");
    await modPage.setViewportSize({ width: 375, height: 900 });
    await screenshot(modPage, "warnings-1-moderator-profile-375");
    expect(modProblems.errors).toEqual([]);

    // The member: the warning on their own profile, never the note.
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, member);
    const own = new ProfileWarningsPage(page, parley.baseUrl);
    expect((await own.goto(member.name)).status()).toBe(200);
    await waitForHydration(page);
    await own.warning("Please stop posting insults.").waitFor();
    expect(await own.warningsSection.getByText("You can't post until").count()).toBe(1);
    expect(await own.notesSection.count()).toBe(0);
    expect(await own.text("Second time this month.").count()).toBe(0);
    expect(await own.warnButton(member.name).count()).toBe(0);
    await page.setViewportSize({ width: 375, height: 900 });
    await screenshot(page, "warnings-2-own-profile-375");
    await page.setViewportSize({ width: 1280, height: 900 });

    // The notification.
    const notifications = new NotificationsPage(page, parley.baseUrl);
    expect((await notifications.goto()).status()).toBe(200);
    await notifications.notification(/warned you: Please stop posting insults\./).waitFor();
    await screenshot(page, "warnings-3-notification-1280");

    // The discussion says why there is no comment form.
    const view = new ReadOnlyView(page, parley.baseUrl);
    expect((await view.goto(new URL(discussion.url).pathname)).status()).toBe(200);
    await waitForHydration(page);
    await view.notice.waitFor();
    expect(await view.notice.innerText()).toContain("You have been warned and can't post until");
    expect(await view.commentForm.count()).toBe(0);
    // No Edit on their own comment; the reaction buttons are there but disabled, described by the same sentence.
    const thread = new DiscussionPage(page, parley.baseUrl);
    await thread.postOptions(thread.comment(mine!.commentID)).click();
    await thread.menuItems.first().waitFor();
    expect(await thread.menuItems.allInnerTexts()).toEqual(["Copy Link to Comment", "Share to a private message"]);
    await page.keyboard.press("Escape");
    // Nor Reply or Quote on any post.
    expect(await view.postingActions.count()).toBe(0);
    const reactions = view.main.getByRole("toolbar", { name: "Reactions" }).first();
    await reactions.waitFor();
    expect(await reactions.getByRole("button").first().isDisabled()).toBe(true);
    expect(await reactions.getAttribute("title")).toContain("You have been warned and can't post until");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 900 });
    await screenshot(page, "warnings-4-read-only-375");
    await page.setViewportSize({ width: 1280, height: 900 });
    // The discussion list offers no New Discussion.
    expect((await view.goto("/discussions")).status()).toBe(200);
    await waitForHydration(page);
    await view.main.getByRole("heading", { level: 1 }).first().waitFor();
    await expect.poll(() => view.postingActions.count()).toBe(0);
    // And so does the new-discussion page.
    expect((await view.goto("/post/discussion")).status()).toBe(200);
    await view.notice.waitFor();
    expect(problems.errors).toEqual([]);
  });

  it("a community manager adds a moderation message on the dashboard; it shows on the forum, dismissible per browser", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, admin);
    const dashboard = new ModerationMessagesPage(page, parley.baseUrl);
    expect((await dashboard.goto()).status()).toBe(200);
    await waitForHydration(page);
    await dashboard.fillNew("The forum will be **read-only** on Sunday night.", { dismissible: true });
    await dashboard.submitAndWait(dashboard.addButton);
    await dashboard.listed("on Sunday night").waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "warnings-5-messages-dashboard-1280");

    // A guest sees it at the top of the forum's pages.
    const guest = await parley.newPage({ bypassCSP: true });
    const guestProblems = collectErrors(guest);
    const forum = new ModerationMessagesView(guest, parley.baseUrl);
    expect((await forum.goto("/")).status()).toBe(200);
    await waitForHydration(guest);
    const message = forum.message("on Sunday night");
    expect(await message.locator("strong").innerText()).toBe("read-only");
    await guest.setViewportSize({ width: 375, height: 800 });
    await screenshot(guest, "warnings-6-message-375");
    await guest.setViewportSize({ width: 1280, height: 800 });
    await screenshot(guest, "warnings-7-message-1280");
    // Dismissed, it stays hidden in this browser.
    await forum.dismissButton("on Sunday night").click();
    expect(await forum.message("on Sunday night").count()).toBe(0);
    expect((await forum.goto("/discussions")).status()).toBe(200);
    await waitForHydration(guest);
    expect(await forum.message("on Sunday night").count()).toBe(0);
    expect(guestProblems.errors).toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});
