import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { welcome } from "./support/demo.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { DiscussionPage } from "./pages/DiscussionPage.ts";
import { DraftsPage } from "./pages/DraftsPage.ts";
import { NewDiscussionPage } from "./pages/NewDiscussionPage.ts";
import { NotificationsPage } from "./pages/NotificationsPage.ts";
import { PremoderationPage } from "./pages/PremoderationPage.ts";

const parley = useParley();
const admin = { name: "admin", password: adminPassword };
const COMMENT =
  "My kiwifruit guide: https://kiwi.example.org/one, https://kiwi.example.org/two and https://kiwi.example.org/three for pruning, feeding and harvest.";

describe("the premoderation queue", () => {
  it("holds a new member's link-heavy comment, shown to them as Awaiting approval, until a moderator approves it", async () => {
    const adminPage = await parley.newPage({ bypassCSP: true });
    await signInContext(adminPage, parley.baseUrl, admin);
    const configured = await adminPage.request.patch(`${parley.baseUrl}/api/v2/config`, {
      data: { "premoderation.maxLinks": 2 },
      headers: { origin: parley.baseUrl, "x-requested-with": "XMLHttpRequest" },
    });
    expect(configured.status(), await configured.text()).toBe(200);

    // A new member posts: the comment is held, and shows to them alone, after the thread.
    const member = newMember("premod");
    await registerConfirmed(parley, member);
    const memberPage = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(memberPage);
    await signInContext(memberPage, parley.baseUrl, member);
    const discussion = new DiscussionPage(memberPage, parley.baseUrl);
    await discussion.goto(welcome.path);
    await waitForHydration(memberPage);
    await discussion.commentField.fill(COMMENT);
    await discussion.submitAndWait(discussion.postCommentButton);
    await discussion.awaitingApprovalMark("kiwifruit guide").waitFor();
    expect(await discussion.comments.filter({ hasText: "kiwifruit guide" }).count()).toBe(0);
    expect(await seriousAxeViolations(memberPage)).toEqual([]);
    await screenshot(memberPage, "premoderation-awaiting-approval");
    await discussion.goto(welcome.path);
    await discussion.awaitingApprovalMark("kiwifruit guide").waitFor();

    // Nobody else sees it.
    const guestPage = await parley.newPage();
    const guestView = new DiscussionPage(guestPage, parley.baseUrl);
    await guestView.goto(welcome.path);
    expect(await guestView.pendingPost("kiwifruit guide").count()).toBe(0);
    expect(await guestView.comments.filter({ hasText: "kiwifruit guide" }).count()).toBe(0);

    // A moderator approves it from the queue.
    const queue = new PremoderationPage(adminPage, parley.baseUrl);
    await queue.goto();
    await waitForHydration(adminPage);
    // The navigation says how many wait.
    await queue.navLink("Premoderation, 1 waiting").waitFor();
    await queue.reason("kiwifruit guide", "Too many links").waitFor();
    expect(await seriousAxeViolations(adminPage)).toEqual([]);
    await screenshot(adminPage, "premoderation-queue");
    await adminPage.setViewportSize({ width: 375, height: 800 });
    expect(
      await adminPage.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await screenshot(adminPage, "premoderation-queue-phone");
    await adminPage.setViewportSize({ width: 1280, height: 800 });
    await queue.submitAndWait(queue.approveButton("kiwifruit guide"));
    await queue.status("The post has been approved.").waitFor();
    expect(await queue.items("kiwifruit guide").count()).toBe(0);
    // Counted again: nothing waits, so no badge.
    await queue.navLink("Premoderation").waitFor();

    // The member is told; everyone sees the comment.
    const notifications = new NotificationsPage(memberPage, parley.baseUrl);
    await notifications.goto();
    await notifications.notification(/Your comment in .* was approved/).waitFor();
    await screenshot(memberPage, "premoderation-approved-notification");
    await guestView.goto(welcome.path);
    await guestView.comments.filter({ hasText: "kiwifruit guide" }).waitFor();
    await screenshot(guestPage, "premoderation-approved-comment");

    // The member edits the published comment, still with too many links: the edit is held, the comment unchanged.
    await discussion.goto(welcome.path);
    await waitForHydration(memberPage);
    // By its ID: while it is edited, the comment shows the form instead of its text.
    const commentID = Number(
      (await discussion.comments.filter({ hasText: "kiwifruit guide" }).getAttribute("id"))!.replace("Comment_", ""),
    );
    const published = discussion.comment(commentID);
    await discussion.commentAction(commentID, /^Edit/);
    const editor = published.getByRole("textbox", { name: "Edit Comment" });
    await editor.fill(`${COMMENT} Also mulching.`);
    await published.getByRole("button", { name: "Save", exact: true }).click();
    await published.getByRole("status").getByText("Your edit is awaiting approval.").waitFor();
    await discussion.pendingPost("Also mulching").getByText("Your edit is awaiting approval.").waitFor();
    await screenshot(memberPage, "premoderation-held-edit");
    await guestView.goto(welcome.path);
    await guestView.comments.filter({ hasText: "kiwifruit guide" }).waitFor();
    expect(await guestView.comments.filter({ hasText: "Also mulching" }).count()).toBe(0);

    // The queue shows the current and the proposed text; approved, everyone sees the edit.
    await queue.goto();
    await queue.item("Also mulching").getByText("Edit of a comment", { exact: true }).waitFor();
    await queue.item("Also mulching").getByText("Current text", { exact: true }).waitFor();
    await screenshot(adminPage, "premoderation-queue-held-edit");
    await queue.submitAndWait(queue.approveButton("Also mulching"));
    await queue.status("The post has been approved.").waitFor();
    await guestView.goto(welcome.path);
    await guestView.comments.filter({ hasText: "Also mulching" }).waitFor();
    expect(problems.errors).toEqual([]);

    await adminPage.request.patch(`${parley.baseUrl}/api/v2/config`, {
      data: { "premoderation.maxLinks": 0 },
      headers: { origin: parley.baseUrl, "x-requested-with": "XMLHttpRequest" },
    });
  }, 120_000);

  it("works without JavaScript: a held discussion is confirmed on the drafts page, a held comment shows on reload", async () => {
    const adminPage = await parley.newPage();
    await signInContext(adminPage, parley.baseUrl, admin);
    const configured = await adminPage.request.patch(`${parley.baseUrl}/api/v2/config`, {
      data: { "premoderation.newMemberPosts": 1 },
      headers: { origin: parley.baseUrl, "x-requested-with": "XMLHttpRequest" },
    });
    expect(configured.status(), await configured.text()).toBe(200);
    const member = newMember("nojspremod");
    await registerConfirmed(parley, member);
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, member);

    const form = new NewDiscussionPage(page, parley.baseUrl);
    expect((await form.goto()).status()).toBe(200);
    await Promise.all([
      page.waitForResponse((r) => r.request().isNavigationRequest() && r.request().method() === "POST"),
      form.post({ category: "General Discussion", title: "Persimmon season", body: "Who grows persimmons here?" }),
    ]);
    await page.waitForLoadState("load");
    expect(new URL(page.url()).pathname).toBe("/drafts");
    const drafts = new DraftsPage(page, parley.baseUrl);
    await drafts.heldConfirmation.waitFor();
    await drafts.awaitingApproval("Persimmon season").waitFor();
    await screenshot(page, "premoderation-held-discussion-no-js");

    const discussion = new DiscussionPage(page, parley.baseUrl);
    await discussion.goto(welcome.path);
    await discussion.commentField.fill("Greetings from a persimmon orchard.");
    await discussion.submitAndWait(discussion.postCommentButton);
    await page.waitForLoadState("load");
    await discussion.awaitingApprovalMark("persimmon orchard").waitFor();
    expect(await discussion.comments.filter({ hasText: "persimmon orchard" }).count()).toBe(0);

    await adminPage.request.patch(`${parley.baseUrl}/api/v2/config`, {
      data: { "premoderation.newMemberPosts": 0 },
      headers: { origin: parley.baseUrl, "x-requested-with": "XMLHttpRequest" },
    });
  });
});
