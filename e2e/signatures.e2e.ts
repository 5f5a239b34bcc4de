import { describe, expect, it } from "vitest";
import { collectErrors, waitForHydration } from "./support/browser.ts";
import { newMember, registerConfirmed } from "./support/accounts.ts";
import { addComments, categoryID, createDiscussion, pathOf, signInAdmin, signInApi } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { DiscussionPage } from "./pages/DiscussionPage.ts";

const parley = useParley();

describe("Signatures (spec §2 post buttons, §5)", () => {
  it("a member's signature shows under their comment, and under nobody else's", async () => {
    const member = newMember("signer");
    await registerConfirmed(parley, member);
    const api = await signInApi(parley.baseUrl, member.name, member.password);
    await api.patch("/users/$me", { signature: "**Yours truly**, the <script>signer</script>" });

    const admin = await signInAdmin(parley.baseUrl);
    const discussion = await createDiscussion(admin, {
      name: "Signed replies",
      body: "Who signs their posts?",
      categoryID: await categoryID(admin, "general"),
    });
    const [signed] = await addComments(api, discussion.discussionID, ["I do."]);
    const [unsigned] = await addComments(admin, discussion.discussionID, ["Not me."]);

    const page = await parley.newPage();
    const problems = collectErrors(page);
    const view = new DiscussionPage(page, parley.baseUrl);
    expect((await view.goto(pathOf(discussion.url))).status()).toBe(200);

    // Server-rendered: the signature is in the first HTML, under the member's comment body.
    const check = async () => {
      const signature = view.comment(signed!.commentID).locator("[data-part=signature]");
      expect(await signature.count()).toBe(1);
      expect(await signature.locator("strong").innerText()).toBe("Yours truly");
      expect(await signature.locator("script").count()).toBe(0);
      expect(await view.comment(unsigned!.commentID).locator("[data-part=signature]").count()).toBe(0);
      expect(await view.post.locator("[data-part=signature]").count()).toBe(0);
      // Under the body: a separator line, smaller and muted.
      const style = await signature.evaluate((element) => {
        const css = getComputedStyle(element);
        const body = getComputedStyle(element.previousElementSibling!);
        return { border: css.borderTopStyle, size: parseFloat(css.fontSize), bodySize: parseFloat(body.fontSize) };
      });
      expect(style.border).toBe("solid");
      expect(style.size).toBeLessThan(style.bodySize);
      expect(await signature.isVisible()).toBe(true);
    };
    await check();
    await waitForHydration(page);
    await check();
    expect(problems.errors).toEqual([]);
  });
});
