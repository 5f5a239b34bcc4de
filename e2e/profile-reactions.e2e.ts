import { describe, expect, it } from "vitest";
import { collectErrors, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { newMember, registerConfirmed } from "./support/accounts.ts";
import { addComments, categoryID, createDiscussion, signInApi } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { ProfileReactionsPage } from "./pages/ProfileReactionsPage.ts";

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

    const check = async (reactions: ProfileReactionsPage) => {
      const comments = reactions.section("comments");
      const discussions = reactions.section("discussions");
      expect(await comments.getByRole("heading", { level: 2 }).innerText()).toBe("Comments");
      expect(await comments.getByText("A reply worth a like.").count()).toBe(1);
      expect(await discussions.getByRole("heading", { level: 2 }).innerText()).toBe("Discussions");
      expect(await discussions.getByText(discussion.name).count()).toBe(0);
      expect(await reactions.text("not available yet").count()).toBe(0);
      const like = reactions.reactionLink(/Like/);
      expect(await like.getAttribute("aria-current")).toBe("page");
    };

    const noJs = await parley.newPage({ javaScriptEnabled: false });
    const noJsReactions = new ProfileReactionsPage(noJs, parley.baseUrl);
    expect((await noJsReactions.goto(member.name, "like")).status()).toBe(200);
    await check(noJsReactions);

    // bypassCSP lets the inline axe script run under the server's Content-Security-Policy.
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    const reactions = new ProfileReactionsPage(page, parley.baseUrl);
    expect((await reactions.goto(member.name, "like")).status()).toBe(200);
    await waitForHydration(page);
    await check(reactions);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});
