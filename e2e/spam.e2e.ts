import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { welcome } from "./support/demo.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { DiscussionPage } from "./pages/DiscussionPage.ts";
import { WatchedWordsPage } from "./pages/WatchedWordsPage.ts";

const parley = useParley();
const admin = { name: "admin", password: adminPassword };

describe("watched words at /dashboard/moderation/watched-words", () => {
  it("an administrator blocks a word; a member's comment with it is refused with the message on the form", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, admin);
    const words = new WatchedWordsPage(page, parley.baseUrl);
    await words.goto();
    await waitForHydration(page);
    await words.navLink("Watched Words").waitFor();
    await words.fill("Zorblax", "Block: refuse the post");
    await words.submitAndWait(words.addButton);
    await words.status("“Zorblax” is now watched.").waitFor();
    await words.fill("frobnicate*", "Censor: shown as ■■■");
    await words.submitAndWait(words.addButton);
    await words.status("“frobnicate*” is now watched.").waitFor();
    expect(await words.rows()).toEqual([
      ["frobnicate*", "Censor: shown as ■■■"],
      ["Zorblax", "Block: refuse the post"],
    ]);
    // A regular expression is refused beside its field.
    await words.fill("(a+)+$", "Flag: report the post to moderators");
    await words.submitAndWait(words.addButton);
    await words.main.getByText(/letters, digits, spaces/).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "watched-words");

    const member = newMember("wordy");
    await registerConfirmed(parley, member);
    const memberPage = await parley.newPage({ bypassCSP: true });
    await signInContext(memberPage, parley.baseUrl, member);
    const discussion = new DiscussionPage(memberPage, parley.baseUrl);
    await discussion.open(welcome.path);
    await waitForHydration(memberPage);
    await discussion.commentField.fill("I say ZÖRB\u200BLAX to that.");
    await discussion.submitAndWait(discussion.replyBox.getByRole("button", { name: "Post Comment" }));
    await discussion.replyBox.getByText("“Zorblax” is not allowed here.").waitFor();
    expect(await discussion.comments.filter({ hasText: "to that." }).count()).toBe(0);
    expect(await seriousAxeViolations(memberPage)).toEqual([]);
    await screenshot(memberPage, "watched-words-refused-comment");

    // The word deleted, the same comment goes through.
    await words.goto();
    await waitForHydration(page);
    await words.submitAndWait(words.deleteButton("Zorblax"));
    await words.status("“Zorblax” is no longer watched.").waitFor();
    expect(problems.errors.filter((problem) => !problem.includes("422"))).toEqual([]);
  });

  it("works without JavaScript: a word added and deleted through the plain forms", async () => {
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, admin);
    const words = new WatchedWordsPage(page, parley.baseUrl);
    expect((await words.goto()).status()).toBe(200);
    await words.fill("Quibble", "Flag: report the post to moderators");
    await words.submitAndWait(words.addButton);
    await words.status("“Quibble” is now watched.").waitFor();
    expect(await words.rows()).toContainEqual(["Quibble", "Flag: report the post to moderators"]);
    await words.submitAndWait(words.deleteButton("Quibble"));
    await words.status("“Quibble” is no longer watched.").waitFor();
  });
});
