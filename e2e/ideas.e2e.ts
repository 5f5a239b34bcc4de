import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { categoryID, pathOf, signInAdmin, signInApi } from "./support/content.ts";
import { adminPassword } from "./support/server.ts";
import { useParley } from "./support/parley.ts";
import { DiscussionPage } from "./pages/DiscussionPage.ts";
import { DiscussionsPage } from "./pages/DiscussionsPage.ts";
import { NewDiscussionPage } from "./pages/NewDiscussionPage.ts";
import { NotificationsPage } from "./pages/NotificationsPage.ts";

const parley = useParley();

describe("ideas (the ideation add-on)", () => {
  it("a member posts an idea and votes by keyboard; a moderator sets Planned; the voter is told", async () => {
    const author = newMember("ideaauthor");
    await registerConfirmed(parley, author);
    // bypassCSP lets the inline axe script run under the server's Content-Security-Policy.
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, author);
    const authoring = await signInApi(parley.baseUrl, author.name, author.password);
    const general = await categoryID(authoring, "general");

    // Starting a post offers "New Idea": the same form, the idea type chosen.
    const form = new NewDiscussionPage(page, parley.baseUrl);
    await form.goto(general);
    await waitForHydration(page);
    await form.newIdeaLink.click();
    await page.waitForURL((url) => url.searchParams.get("type") === "idea");
    await form.waitForEditors();
    expect(await form.heading.innerText()).toBe("New Idea");
    expect(await form.type.inputValue()).toBe("idea");
    const title = `Dark mode ${Date.now().toString(36)}`;
    await form.title.fill(title);
    await form.body.fill("Easier on the eyes at night.");
    await form.submitButton.click();
    await page.waitForURL((url) => /^\/discussion\/\d+/.test(url.pathname));
    const ideaPath = new URL(page.url()).pathname;

    // Its page: Active, no votes; the author votes it up by keyboard.
    const idea = new DiscussionPage(page, parley.baseUrl);
    await waitForHydration(page);
    await expect.poll(() => idea.ideaStatus.innerText()).toBe("Active");
    expect(await idea.ideaScore.innerText()).toBe("0 votes");
    await idea.voteButton("Vote up").focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => idea.ideaScore.innerText()).toBe("1 vote");
    await expect.poll(() => idea.voteButton("Vote up").getAttribute("aria-pressed")).toBe("true");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "ideas-voted");

    // A moderator (the administrator here) sets it Planned with notes, by the form under the idea.
    const moderatorPage = await parley.newPage();
    await signInContext(moderatorPage, parley.baseUrl, { name: "admin", password: adminPassword });
    const moderated = new DiscussionPage(moderatorPage, parley.baseUrl);
    await moderated.goto(ideaPath);
    await waitForHydration(moderatorPage);
    await moderated.setIdeaStatus("Planned", "Coming next quarter.");
    await expect.poll(() => moderated.ideaStatus.innerText()).toBe("Planned");
    await expect.poll(() => moderated.ideaPanel.innerText()).toContain("Coming next quarter.");

    // The voter: the notification, the idea's status on its page and in the list.
    const notifications = new NotificationsPage(page, parley.baseUrl);
    await notifications.goto();
    await expect.poll(() => notifications.notification(new RegExp(`changed the status of ${title}`)).count()).toBe(1);
    await idea.goto(ideaPath);
    await expect.poll(() => idea.ideaStatus.innerText()).toBe("Planned");
    const list = new DiscussionsPage(page, parley.baseUrl);
    await list.goto();
    await expect.poll(() => list.list.ideaStatus(title).innerText()).toBe("Planned");
    expect(await list.list.ideaScore(title).innerText()).toBe("1 vote");
    expect(problems.errors).toEqual([]);
  });

  it("without JavaScript a member votes and takes the vote back by the same forms", async () => {
    const voter = newMember("ideanojs");
    await registerConfirmed(parley, voter);
    const admin = await signInAdmin(parley.baseUrl);
    const general = await categoryID(admin, "general");
    const posted = await admin.post<{ discussionID: number; url: string }>("/discussions/idea", {
      name: "An idea without scripts",
      body: "Does voting work?",
      format: "markdown",
      categoryID: general,
    });
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, voter);
    const idea = new DiscussionPage(page, parley.baseUrl);
    await idea.goto(pathOf(posted.url));
    await idea.voteButton("Vote up").click();
    await expect.poll(() => idea.ideaScore.innerText()).toBe("1 vote");
    expect(await idea.voteButton("Vote up").getAttribute("aria-pressed")).toBe("true");
    await idea.voteButton("Vote up").click();
    await expect.poll(() => idea.ideaScore.innerText()).toBe("0 votes");
    const record = await admin.get<{ score: number }>(`/discussions/${posted.discussionID}`);
    expect(record.score).toBe(0);
  });
});
