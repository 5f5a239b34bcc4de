import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { addComments, categoryID, createDiscussion, pathOf, signInApi } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { BodyEditor } from "./pages/BodyEditor.ts";
import { DiscussionPage } from "./pages/DiscussionPage.ts";
import { NotificationPreferencesPage, UnsubscribePage } from "./pages/NotificationPreferencesPages.ts";
import { NotificationsPage } from "./pages/NotificationsPage.ts";

const parley = useParley();

/** Resolves when the page has opened its live stream (after hydration, for members only). */
const streamOpened = (page: Page, discussionID?: number) =>
  page.waitForRequest((request) => {
    const url = new URL(request.url());
    return (
      url.pathname === "/api/v2/events/stream" &&
      (discussionID === undefined || url.searchParams.get("discussionID") === String(discussionID))
    );
  });

describe("notifications, live", () => {
  it("A mentions B: B's badge changes without reloading, B follows the notification to the comment, sees A's next comment live and marks all read", async () => {
    const a = newMember("alice");
    const b = newMember("bruno");
    await Promise.all([registerConfirmed(parley, a), registerConfirmed(parley, b)]);
    const apiA = await signInApi(parley.baseUrl, a.name, a.password);
    const discussion = await createDiscussion(apiA, {
      name: "Live notifications",
      body: "A place to mention people.",
      categoryID: await categoryID(apiA, "general"),
    });
    const path = pathOf(discussion.url);

    // B reads the discussion in one browser; the stream opens for it once the page has hydrated.
    const pageB = await parley.newPage({ bypassCSP: true });
    const problemsB = collectErrors(pageB);
    await signInContext(pageB, parley.baseUrl, b);
    const viewB = new NotificationsPage(pageB, parley.baseUrl);
    const discussionB = new DiscussionPage(pageB, parley.baseUrl);
    const streamB = streamOpened(pageB, discussion.discussionID);
    await discussionB.goto(path);
    await waitForHydration(pageB);
    await streamB;
    expect(await viewB.badgeLabel()).toBe("Notifications");

    // A, in another browser, mentions B in a comment through the reply form.
    const pageA = await parley.newPage();
    const problemsA = collectErrors(pageA);
    await signInContext(pageA, parley.baseUrl, a);
    const discussionA = new DiscussionPage(pageA, parley.baseUrl);
    await discussionA.goto(path);
    await waitForHydration(pageA);
    await discussionA.commentField.focus();
    const editor = new BodyEditor(pageA, "Comment");
    await editor.waitForEditor();
    await editor.text.pressSequentially(`Have a look, @"${b.name}" please.`);
    await pageA.keyboard.press("Escape");
    await discussionA.replyBox.getByRole("button", { name: "Post Comment" }).click();
    await pageA.waitForURL(/#Comment_\d+$/);
    const firstID = Number(new URL(pageA.url()).hash.replace("#Comment_", ""));

    // B's badge changes without a reload; the new comment is announced on the page B reads.
    await expect.poll(() => viewB.badgeLabel(), { timeout: 10_000 }).toBe("Notifications, 1 unread");
    await viewB.newCommentsNotice.getByText("There is 1 new comment.").waitFor();

    // B opens the dropdown: the notification is there, unread; the open dropdown passes axe.
    await viewB.notificationsButton.click();
    await viewB.menu.waitFor();
    const mention = viewB.notification(new RegExp(`${a.name} mentioned you in Live notifications`));
    await mention.waitFor();
    expect(await viewB.unreadNotifications.count()).toBe(1);
    expect(await seriousAxeViolations(pageB)).toEqual([]);
    await screenshot(pageB, "notifications-1-dropdown-1280");

    // B follows it and lands on the comment; the notification is read and the badge is gone.
    await mention.click();
    await pageB.waitForURL(new RegExp(`#Comment_${firstID}$`));
    await viewB.menu.waitFor({ state: "detached" });
    await discussionB.comment(firstID).waitFor();
    expect(await discussionB.comment(firstID).innerText()).toContain("Have a look");
    await expect.poll(() => viewB.badgeLabel()).toBe("Notifications");

    // A comments again (through the API): B's badge and the page's notice follow; B shows the comment.
    const second = await apiA.post<{ commentID: number }>("/comments", {
      discussionID: discussion.discussionID,
      body: `And another thing, @"${b.name}".`,
      format: "markdown",
    });
    await expect.poll(() => viewB.badgeLabel(), { timeout: 10_000 }).toBe("Notifications, 1 unread");
    const show = viewB.newCommentsNotice.getByRole("button", { name: "Show it" });
    await show.waitFor();
    await show.focus();
    await pageB.keyboard.press("Enter");
    await pageB.waitForURL(new RegExp(`#Comment_${second.commentID}$`));
    await discussionB.comment(second.commentID).waitFor();
    await expect.poll(() => pageB.evaluate(() => document.activeElement?.id ?? "")).toBe(`Comment_${second.commentID}`);

    // The notifications page (all of them) passes axe; Mark All Read empties the badge.
    await viewB.notificationsButton.click();
    await viewB.allNotificationsLink.click();
    await pageB.waitForURL(/\/profile\/notifications$/);
    await viewB.menu.waitFor({ state: "detached" });
    await viewB.heading.filter({ hasText: "Notifications" }).waitFor();
    expect(await viewB.list.getByRole("link").count()).toBe(2);
    expect(await viewB.unreadNotifications.count()).toBe(1);
    expect(await seriousAxeViolations(pageB)).toEqual([]);
    await screenshot(pageB, "notifications-2-page-1280");
    await viewB.markAllReadButton.click();
    await viewB.text("All notifications are marked read.").waitFor();
    await expect.poll(() => viewB.badgeLabel()).toBe("Notifications");
    expect(await viewB.unreadNotifications.count()).toBe(0);

    // Compact screens: the member panel's Notifications tab holds the same list.
    await pageB.setViewportSize({ width: 375, height: 800 });
    await screenshot(pageB, "notifications-3-page-375");
    await viewB.memberPanelButton.click();
    const panel = viewB.dialog(b.name);
    await panel.getByRole("tab", { name: "Notifications" }).click();
    await panel
      .getByRole("link", { name: new RegExp(`${a.name} mentioned you`) })
      .first()
      .waitFor();
    expect(await seriousAxeViolations(pageB)).toEqual([]);
    await screenshot(pageB, "notifications-4-panel-375");

    expect(problemsA.errors).toEqual([]);
    expect(problemsB.errors).toEqual([]);
  });

  it("several members reply to a discussion: its author sees one grouped row with the count, in the dropdown and on the page; following it marks all read", async () => {
    const author = newMember("ada");
    const repliers = [newMember("ben"), newMember("cat"), newMember("dan")];
    await Promise.all([author, ...repliers].map((member) => registerConfirmed(parley, member)));
    const apiAuthor = await signInApi(parley.baseUrl, author.name, author.password);
    const discussion = await createDiscussion(apiAuthor, {
      name: "Grouped replies",
      body: "Tell me what you think.",
      categoryID: await categoryID(apiAuthor, "general"),
    });
    for (const member of repliers) {
      const api = await signInApi(parley.baseUrl, member.name, member.password);
      await addComments(api, discussion.discussionID, [`${member.name} thinks so.`]);
    }
    // The first replier says more: still three people, and the row leads to the first reply.
    const first = await signInApi(parley.baseUrl, repliers[0]!.name, repliers[0]!.password);
    await addComments(first, discussion.discussionID, ["And one more thing."]);

    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, author);
    const view = new NotificationsPage(page, parley.baseUrl);
    await view.goto();
    await waitForHydration(page);
    const grouped = view.notification(new RegExp(`^${repliers[0]!.name} and 2 others commented on Grouped replies\\.`));
    await grouped.waitFor();
    expect(await view.list.getByRole("link", { name: /Grouped replies/ }).count()).toBe(1);
    expect(await view.list.locator('li[data-members="4"]').count()).toBe(1);
    // The unread dot says so to screen readers.
    expect(await grouped.textContent()).toContain("Unread");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "notifications-7-grouped-page-1280");

    // The title bar's dropdown shows the same row, compact.
    await expect.poll(() => view.badgeLabel()).toBe("Notifications, 4 unread");
    await view.notificationsButton.click();
    await view.menu.waitFor();
    const inMenu = view.menu.getByRole("link", { name: /and 2 others commented on Grouped replies/ });
    await inMenu.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "notifications-8-grouped-dropdown-1280");

    // Following it lands on the first reply and marks the four read.
    await inMenu.click();
    await page.waitForURL(new RegExp(`/discussion/${discussion.discussionID}`));
    await expect.poll(() => view.badgeLabel(), { timeout: 10_000 }).toBe("Notifications");
    await view.goto();
    expect(await view.unreadNotifications.count()).toBe(0);
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "notifications-9-grouped-page-375");
    expect(problems.errors).toEqual([]);
  });

  it("without JavaScript the notifications page is served with its list and Mark All Read works as a form", async () => {
    const a = newMember("anna");
    const b = newMember("boris");
    await Promise.all([registerConfirmed(parley, a), registerConfirmed(parley, b)]);
    const apiA = await signInApi(parley.baseUrl, a.name, a.password);
    const discussion = await createDiscussion(apiA, {
      name: "Quiet mentions",
      body: `Hello @${b.name}.`,
      categoryID: await categoryID(apiA, "general"),
    });
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, b);
    const view = new NotificationsPage(page, parley.baseUrl);
    expect((await view.goto()).status()).toBe(200);
    const link = view.notification(new RegExp(`${a.name} mentioned you in Quiet mentions`));
    expect(pathOf(new URL((await link.getAttribute("href"))!, parley.baseUrl).href)).toBe(
      `/discussion/${discussion.discussionID}`,
    );
    expect(await view.unreadNotifications.count()).toBe(1);
    await view.markAllReadButton.click();
    await view.text("All notifications are marked read.").waitFor();
    expect(await view.unreadNotifications.count()).toBe(0);
    expect(await view.notificationsButton.getAttribute("aria-label")).toBe("Notifications");
  });

  it("the preferences page saves popup and e-mail per activity; an e-mail's unsubscribe link works without JavaScript", async () => {
    const a = newMember("amos");
    const b = newMember("bella");
    await Promise.all([registerConfirmed(parley, a), registerConfirmed(parley, b)]);
    const apiA = await signInApi(parley.baseUrl, a.name, a.password);
    const apiB = await signInApi(parley.baseUrl, b.name, b.password);
    await createDiscussion(apiA, {
      name: "Mail me",
      body: `Hello @${b.name}, this comes by e-mail too.`,
      categoryID: await categoryID(apiA, "general"),
    });
    type Preferences = Record<string, { popup: boolean; email: boolean }>;
    expect((await apiB.get<Preferences>("/notification-preferences"))["Mention"]).toEqual({ popup: true, email: true });

    // The mention's e-mail carries a landing link; opening it changes nothing, its button unsubscribes.
    let landing: string | undefined;
    for (let tries = 0; tries < 50 && !landing; tries++) {
      const mail = (await parley.readOutbox()).find((one) => one.to === b.email && one.text.includes("/unsubscribe/"));
      landing = mail ? /https?:\/\/\S+\/unsubscribe\/[\w.-]+/.exec(mail.text)?.[0] : undefined;
      if (!landing) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(landing).toBeDefined();
    const noJs = await parley.newPage({ javaScriptEnabled: false });
    const unsubscribe = new UnsubscribePage(noJs, parley.baseUrl);
    await noJs.goto(landing!);
    expect((await apiB.get<Preferences>("/notification-preferences"))["Mention"]!.email).toBe(true);
    await unsubscribe.unsubscribe();
    await unsubscribe.text("You will no longer get e-mail notifications for: Mention.").waitFor();
    expect((await apiB.get<Preferences>("/notification-preferences"))["Mention"]).toEqual({
      popup: true,
      email: false,
    });

    // The preferences page shows it, and saves changes (with JavaScript: the same form).
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, b);
    const view = new NotificationPreferencesPage(page, parley.baseUrl);
    expect((await view.goto()).status()).toBe(200);
    await waitForHydration(page);
    const box = (activity: string, channel: string) => view.preference(activity, channel);
    expect(await box("Mention", "Email").isChecked()).toBe(false);
    expect(await box("Mention", "Notification Popup").isChecked()).toBe(true);
    expect(await box("Quote", "Email").isChecked()).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "notifications-5-preferences-1280");
    await box("Quote", "Email").check();
    await box("Reaction", "Notification Popup").uncheck();
    await view.save();
    await view.text("Your preferences have been saved.").waitFor();
    const saved = await apiB.get<Preferences>("/notification-preferences");
    expect(saved["Quote"]).toEqual({ popup: true, email: true });
    expect(saved["Reaction"]).toEqual({ popup: false, email: false });
    expect(saved["Mention"]).toEqual({ popup: true, email: false });
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "notifications-6-preferences-375");
    expect(problems.errors).toEqual([]);
  });
});
