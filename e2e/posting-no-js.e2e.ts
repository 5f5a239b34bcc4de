import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { screenshot } from "./support/browser.ts";
import { welcome } from "./support/demo.ts";
import { useParley } from "./support/parley.ts";
import { DiscussionPage } from "./pages/DiscussionPage.ts";
import { NewDiscussionPage } from "./pages/NewDiscussionPage.ts";

const parley = useParley();
const noJs = { javaScriptEnabled: false } as const;

/**
 * A member without JavaScript posts through the plain forms: the server runs the route's action and
 * answers with the next page. Nothing is lost and CSRF passes on the browser's own same-origin post.
 */
describe("posting without JavaScript", () => {
  it("a member replies to a discussion and sees the comment on the page", async () => {
    const member = newMember("nojsreply");
    await registerConfirmed(parley, member);
    const page = await parley.newPage(noJs);
    await signInContext(page, parley.baseUrl, member);
    const discussion = new DiscussionPage(page, parley.baseUrl);
    expect((await discussion.open(welcome.path)).status()).toBe(200);

    const body = `A reply posted without JavaScript ${Date.now()}`;
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().isNavigationRequest() && r.request().method() === "POST"),
      discussion.postComment(body),
    ]);
    expect(response.status()).toBeLessThan(400);
    await page.waitForLoadState("load");
    expect(await discussion.comments.filter({ hasText: body }).count()).toBe(1);
    expect(discussion.hashCommentID()).not.toBeNull();
    await screenshot(page, "posting-no-js-reply");
  });

  it("a member starts a discussion and lands on it", async () => {
    const member = newMember("nojsnew");
    await registerConfirmed(parley, member);
    const page = await parley.newPage(noJs);
    await signInContext(page, parley.baseUrl, member);
    const form = new NewDiscussionPage(page, parley.baseUrl);
    expect((await form.goto()).status()).toBe(200);
    const title = `Started without JavaScript by ${member.name}`;
    await Promise.all([
      page.waitForResponse((r) => r.request().isNavigationRequest() && r.request().method() === "POST"),
      form.post({ category: "General Discussion", title, body: "**Bold** words and a [link](https://example.com)." }),
    ]);
    await page.waitForLoadState("load");
    expect(new URL(page.url()).pathname).toMatch(/^\/discussion\/\d+\//);
    const discussion = new DiscussionPage(page, parley.baseUrl);
    expect(await discussion.pageHeading.innerText()).toBe(title);
    expect(await discussion.post.locator("strong", { hasText: "Bold" }).count()).toBeGreaterThan(0);
    expect(await discussion.leavingLinks.count()).toBeGreaterThan(0);
  });
});
