import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { categoryID, pathOf, signInAdmin } from "./support/content.ts";
import { adminPassword } from "./support/server.ts";
import { composeAs } from "./support/compose.ts";
import { useParley } from "./support/parley.ts";
import { DiscussionPage } from "./pages/DiscussionPage.ts";
import { DiscussionsPage } from "./pages/DiscussionsPage.ts";
import { NotificationsPage } from "./pages/NotificationsPage.ts";
import { SearchPage } from "./pages/SearchPage.ts";

const parley = useParley();

describe("ideas (the ideation add-on)", () => {
  it("a member posts an idea and votes by keyboard; a moderator sets Planned; the voter is told", async () => {
    // Starting a post offers "New Idea": the same form, the idea type chosen.
    const { page, problems, form } = await composeAs(parley, "ideaauthor", "idea");
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

    // The list's Ideas filter: Planned lists it, Completed does not.
    await waitForHydration(page);
    await list.list.chooseIdeaStatus("Planned");
    await page.waitForURL((url) => url.searchParams.get("statusID") === "3");
    await expect.poll(() => list.list.titles()).toContain(title);
    await list.list.chooseIdeaStatus("Completed");
    await page.waitForURL((url) => url.searchParams.get("statusID") === "5");
    await expect.poll(() => list.list.titles()).not.toContain(title);

    // An administrator's own status (issue 36): offered by the moderators' status form and by the list's filter.
    const admin = await signInAdmin(parley.baseUrl);
    const custom = await admin.post<{ statusID: number }>("/discussions/statuses", { name: "Shortlisted" });
    await moderated.goto(ideaPath);
    await waitForHydration(moderatorPage);
    await moderated.setIdeaStatus("Shortlisted", "On the shortlist.");
    await expect.poll(() => moderated.ideaStatus.innerText()).toBe("Shortlisted");
    await list.goto();
    await waitForHydration(page);
    await list.list.chooseIdeaStatus("Shortlisted");
    await page.waitForURL((url) => url.searchParams.get("statusID") === String(custom.statusID));
    await expect.poll(() => list.list.titles()).toContain(title);

    // Search's Types filter finds it among ideas.
    const search = new SearchPage(page, parley.baseUrl);
    await search.goto(`?query=${encodeURIComponent(title)}`);
    await waitForHydration(page);
    await search.typeFilter("Ideas").check();
    await search.searchButton.click();
    await page.waitForURL((url) => url.searchParams.get("types") === "idea");
    await expect.poll(() => search.records()).toEqual([`discussion:${ideaPath.split("/")[2]}`]);
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
