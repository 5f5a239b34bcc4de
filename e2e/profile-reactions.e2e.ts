import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { collectErrors, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { newMember, registerConfirmed } from "./support/accounts.ts";
import { addComments, categoryID, createDiscussion, signInApi } from "./support/content.ts";
import { useParley } from "./support/parley.ts";

const parley = useParley();

describe("Profile reactions tab (spec §2 profile links)", () => {
  it("lists the member's posts that received the chosen reaction, with and without JavaScript", async () => {
    const member = newMember("reacted");
    const fan = newMember("fan");
    await registerConfirmed(parley, member);
    await registerConfirmed(parley, fan);
    const author = await signInApi(parley.baseUrl, member.name, member.password);
    const liker = await signInApi(parley.baseUrl, fan.name, fan.password);
    const discussion = await createDiscussion(author, {
      name: `Nobody liked this ${member.name}`,
      body: "An opening post without reactions.",
      categoryID: await categoryID(author, "general"),
    });
    const [comment] = await addComments(author, discussion.discussionID, ["A reply worth a like."]);
    await liker.post(`/comments/${comment!.commentID}/reactions`, { reactionType: "like" });

    const path = `/profile/reactions/${encodeURIComponent(member.name)}?reaction=like`;
    const check = async (page: Page) => {
      const comments = page.locator("section[aria-labelledby=profile-reacted-comments]");
      const discussions = page.locator("section[aria-labelledby=profile-reacted-discussions]");
      expect(await comments.getByRole("heading", { level: 2 }).innerText()).toBe("Comments");
      expect(await comments.getByText("A reply worth a like.").count()).toBe(1);
      expect(await discussions.getByRole("heading", { level: 2 }).innerText()).toBe("Discussions");
      expect(await discussions.getByText(discussion.name).count()).toBe(0);
      expect(await page.getByText("not available yet").count()).toBe(0);
      const like = page.getByRole("link", { name: /Like/ });
      expect(await like.getAttribute("aria-current")).toBe("page");
    };

    const noJs = await parley.newPage({ javaScriptEnabled: false });
    expect((await noJs.goto(`${parley.baseUrl}${path}`))!.status()).toBe(200);
    await check(noJs);

    // bypassCSP lets the inline axe script run under the server's Content-Security-Policy.
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    expect((await page.goto(`${parley.baseUrl}${path}`))!.status()).toBe(200);
    await waitForHydration(page);
    await check(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});
