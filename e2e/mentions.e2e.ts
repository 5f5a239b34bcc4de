import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { categoryID, createDiscussion, pathOf, signInApi } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { BodyEditor } from "./pages/BodyEditor.ts";
import { DiscussionPage } from "./pages/DiscussionPage.ts";

const parley = useParley();

interface NotificationRecord {
  activityType: string;
  recordType: string;
  recordID: number;
  read: boolean;
}

describe("mention autocomplete", () => {
  it("a member types @ and part of a name, picks a suggestion with the keyboard, posts, and the comment links the other member, who is notified", async () => {
    const a = newMember("mentioner");
    const b = newMember("mentionee");
    const c = newMember("mentionee");
    await Promise.all([registerConfirmed(parley, a), registerConfirmed(parley, b), registerConfirmed(parley, c)]);
    const apiA = await signInApi(parley.baseUrl, a.name, a.password);
    const discussion = await createDiscussion(apiA, {
      name: "Who knows about sourdough?",
      body: "Asking for a friend.",
      categoryID: await categoryID(apiA, "general"),
    });

    const page = await parley.newPage({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, a);
    const view = new DiscussionPage(page, parley.baseUrl);
    await view.goto(pathOf(discussion.url));
    await waitForHydration(page);
    await view.commentField.focus();
    const editor = new BodyEditor(page, "Comment");
    await editor.waitForEditor();

    // "@mentionee" matches both members: the list opens under the text, the first one highlighted.
    await editor.text.pressSequentially("Ask @mentionee");
    await editor.mentionSuggestions.waitFor();
    await expect
      .poll(() => editor.mentionSuggestions.getByRole("option").allInnerTexts())
      .toEqual(expect.arrayContaining([b.name, c.name]));
    const box = await editor.mentionSuggestions.boundingBox();
    expect(box?.width).toBe(200);
    expect(await editor.text.getAttribute("aria-controls")).toBe(await editor.mentionSuggestions.getAttribute("id"));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "mentions-1-suggestions-1280");

    // Arrow keys move the highlight (the focus stays in the text) until it is on B; Enter picks B.
    for (let step = 0; step < 5 && (await editor.activeSuggestion.innerText()) !== b.name; step++)
      await page.keyboard.press("ArrowDown");
    expect(await editor.activeSuggestion.innerText()).toBe(b.name);
    expect(await editor.text.getAttribute("aria-activedescendant")).toBe(
      await editor.activeSuggestion.getAttribute("id"),
    );
    await page.keyboard.press("Enter");
    await editor.mentionSuggestions.waitFor({ state: "detached" });
    await page.keyboard.type("about it.");
    expect(await editor.text.innerText()).toContain(`Ask @${b.name} about it.`);
    expect(JSON.parse((await editor.posted()).body)).toEqual([
      { type: "p", children: [{ text: `Ask @${b.name} about it.` }] },
    ]);

    await view.replyBox.getByRole("button", { name: "Post Comment" }).click();
    await page.waitForURL(/#Comment_\d+$/);
    const commentID = view.hashCommentID()!;
    const link = view.comment(commentID).getByRole("link", { name: `@${b.name}` });
    await link.waitFor();
    // The comment box is empty again, ready for the next comment.
    await expect
      .poll(() =>
        view.form
          .locator("textarea, [contenteditable='true'], input[name='body']")
          .evaluateAll((fields) =>
            fields.map((field) => ("value" in field ? String(field.value) : (field.textContent ?? ""))).join(" "),
          ),
      )
      .not.toContain("about it.");
    expect(pathOf(new URL((await link.getAttribute("href"))!, parley.baseUrl).href)).toBe(
      `/profile/${encodeURIComponent(b.name)}`,
    );

    // B was told, through the API; C, only suggested, was not.
    const apiB = await signInApi(parley.baseUrl, b.name, b.password);
    await expect
      .poll(async () => (await apiB.get<NotificationRecord[]>("/notifications")).find((n) => n.recordID === commentID))
      .toMatchObject({ activityType: "Mention", recordType: "comment", read: false });
    const apiC = await signInApi(parley.baseUrl, c.name, c.password);
    expect((await apiC.get<NotificationRecord[]>("/notifications")).some((n) => n.recordID === commentID)).toBe(false);

    // On a phone-sized screen the list fits; Escape closes it and leaves the text as typed.
    await page.setViewportSize({ width: 375, height: 800 });
    await view.commentField.focus();
    await editor.waitForEditor();
    await editor.text.click();
    await page.keyboard.type(`@${c.name.slice(0, -2)}`);
    await editor.mentionSuggestions.getByRole("option", { name: c.name }).waitFor();
    const small = await editor.mentionSuggestions.boundingBox();
    expect(small!.x + small!.width).toBeLessThanOrEqual(375);
    await screenshot(page, "mentions-2-suggestions-375");
    await page.keyboard.press("Escape");
    await editor.mentionSuggestions.waitFor({ state: "detached" });
    expect(await editor.text.innerText()).toContain(`@${c.name.slice(0, -2)}`);

    expect(problems.errors).toEqual([]);
  });
});
