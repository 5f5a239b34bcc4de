import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { categoryID, pathOf, signInAdmin, signInApi } from "./support/content.ts";
import { composeAs } from "./support/compose.ts";
import { useParley } from "./support/parley.ts";
import { EditDiscussionPage } from "./pages/DiscussionActions.ts";
import { DiscussionPage } from "./pages/DiscussionPage.ts";
import { DiscussionsPage } from "./pages/DiscussionsPage.ts";
import { SearchPage } from "./pages/SearchPage.ts";

const parley = useParley();

describe("polls (the polls add-on)", () => {
  it("a member posts a poll by the composer, votes, sees the chart and the table, changes the vote; closed, it refuses votes", async () => {
    // "New Poll": the same form, the poll type chosen, with the poll's fields.
    const { page, problems, authoring, form } = await composeAs(parley, "pollauthor", "poll");
    const title = `Team lunch ${Date.now().toString(36)}`;
    const question = "Where shall we eat?";
    await form.title.fill(title);
    await form.body.fill("Vote by Friday.");
    await form.pollFields.getByRole("textbox", { name: "Question", exact: true }).fill(question);
    // Four option fields to start with; one more added by keyboard, one removed.
    await form.pollOption(1).fill("Pizza");
    await form.pollOption(2).fill("Sushi");
    await form.pollOption(3).fill("Tacos");
    await form.pollOption(4).fill("Salad");
    await form.pollFields.getByRole("button", { name: "Add option", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Option 5");
    await page.keyboard.type("Curry");
    await form.pollFields.getByRole("button", { name: "Remove option 4", exact: true }).click();
    await expect.poll(() => form.pollFields.getByRole("textbox", { name: /^Option \d+$/ }).count()).toBe(4);
    expect(await form.pollOption(4).inputValue()).toBe("Curry");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "polls-composer");
    await form.submitButton.click();
    await page.waitForURL((url) => /^\/discussion\/\d+/.test(url.pathname));
    const pollPath = new URL(page.url()).pathname;

    // The poll above the first post: radio buttons; the author votes by keyboard.
    const discussion = new DiscussionPage(page, parley.baseUrl);
    await waitForHydration(page);
    const voteForm = discussion.pollForm(question);
    // Before voting: the form first, the results (for everyone here) one press away.
    const showResults = discussion.pollPanel(question).locator("summary", { hasText: "Show results" });
    await showResults.click();
    await expect.poll(() => discussion.pollBar(question, "Sushi").innerText()).toContain("0 votes · 0%");
    await screenshot(page, "polls-form");
    await voteForm.getByRole("radio", { name: "Sushi", exact: true }).check();
    await voteForm.getByRole("button", { name: "Vote", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => discussion.pollBar(question, "Sushi").innerText()).toContain("1 vote · 100%");
    expect(await discussion.pollBar(question, "Sushi").innerText()).toContain("Your vote");
    expect(await discussion.pollBar(question, "Pizza").innerText()).toContain("0 votes · 0%");
    // The same as a table, for screen readers.
    expect(await discussion.pollTableRow(question, "Sushi").getByRole("cell").allInnerTexts()).toEqual([
      "1",
      "100%",
      "Yes",
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "polls-voted");
    // At 375 px: one column, still clean.
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "polls-voted-phone");
    await page.setViewportSize({ width: 1280, height: 800 });

    // Change vote: the form again, the current choice checked.
    await discussion.changeVote(question).click();
    const again = discussion.pollForm(question);
    expect(await again.getByRole("radio", { name: "Sushi", exact: true }).isChecked()).toBe(true);
    await again.getByRole("radio", { name: "Curry", exact: true }).check();
    await again.getByRole("button", { name: "Change vote", exact: true }).click();
    await expect.poll(() => discussion.pollBar(question, "Curry").innerText()).toContain("1 vote · 100%");
    expect(await discussion.pollBar(question, "Sushi").innerText()).toContain("0 votes");

    // Listed with its badge.
    const list = new DiscussionsPage(page, parley.baseUrl);
    await list.goto();
    await expect.poll(() => list.list.pollBadge(title).innerText()).toBe("Poll");

    // Closed by its author (Close poll): the form goes, the results stay, a vote is refused.
    const record = await authoring.get<{
      attributes: { poll: { pollID: number; options: Array<{ pollOptionID: number }> } };
    }>(`/discussions/${pollPath.split("/")[2]}`);
    const { pollID } = record.attributes.poll;
    await discussion.goto(pollPath);
    await waitForHydration(page);
    await discussion.pollPanel(question).getByRole("button", { name: "Close poll", exact: true }).click();
    await expect.poll(() => discussion.pollPanel(question).locator("[data-poll-state]").innerText()).toBe("Closed");
    expect(await discussion.pollPanel(question).getByRole("button", { name: "Close poll" }).count()).toBe(0);
    expect(await discussion.pollForm(question).count()).toBe(0);
    expect(await discussion.changeVote(question).count()).toBe(0);
    const refused = await authoring.send<{ message: string }>("POST", `/polls/${pollID}/votes`, {
      pollOptionIDs: [record.attributes.poll.options[0]!.pollOptionID],
    });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe("This poll is closed.");
    await screenshot(page, "polls-closed");
    expect(problems.errors).toEqual([]);
  });

  it("without JavaScript a member votes by the form, sees the results, a guest sees them too and finds polls by search's Types", async () => {
    const voter = newMember("pollnojs");
    await registerConfirmed(parley, voter);
    const admin = await signInAdmin(parley.baseUrl);
    const general = await categoryID(admin, "general");
    const question = "Tabs or spaces?";
    const posted = await admin.post<{ discussionID: number; url: string }>("/discussions/poll", {
      name: "A quillwort poll without scripts",
      body: "Settle it.",
      format: "markdown",
      categoryID: general,
      poll: { name: question, options: ["Tabs", "Spaces", "Both"], choiceMode: "multiple", maxChoices: 2 },
    });
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, voter);
    const discussion = new DiscussionPage(page, parley.baseUrl);
    await discussion.goto(pathOf(posted.url));
    const voteForm = discussion.pollForm(question);
    await voteForm.getByRole("checkbox", { name: "Tabs", exact: true }).check();
    await voteForm.getByRole("checkbox", { name: "Both", exact: true }).check();
    await voteForm.getByRole("button", { name: "Vote", exact: true }).click();
    await expect.poll(() => discussion.pollBar(question, "Tabs").innerText()).toContain("1 vote · 100%");
    expect(await discussion.pollBar(question, "Both").innerText()).toContain("1 vote · 100%");
    expect(await discussion.pollBar(question, "Spaces").innerText()).toContain("0 votes · 0%");

    // Three choices of two at most: refused, said in the poll.
    await discussion.changeVote(question).click();
    const again = discussion.pollForm(question);
    await again.getByRole("checkbox", { name: "Spaces", exact: true }).check();
    await again.getByRole("button", { name: "Change vote", exact: true }).click();
    await expect
      .poll(() => discussion.pollPanel(question).getByRole("alert").innerText())
      .toContain("Choose at most 2 options.");

    // A guest sees the results (they are for everyone) and is asked to sign in to vote.
    const guest = await parley.newPage({ javaScriptEnabled: false });
    const guestView = new DiscussionPage(guest, parley.baseUrl);
    await guestView.goto(pathOf(posted.url));
    await expect.poll(() => guestView.pollBar(question, "Tabs").innerText()).toContain("1 vote");
    expect(await guestView.pollForm(question).count()).toBe(0);
    expect(await guestView.pollPanel(question).innerText()).toContain("Sign in to vote.");

    // Search's Types filter finds polls (a plain GET form without JavaScript).
    await admin.post("/discussions", {
      name: "A quillwort chat",
      body: "Not a poll.",
      format: "markdown",
      categoryID: general,
    });
    const search = new SearchPage(guest, parley.baseUrl);
    await search.goto("?query=quillwort");
    await expect.poll(() => search.records()).toHaveLength(2);
    await search.typeFilter("Polls").check();
    await search.searchButton.click();
    await guest.waitForURL((url) => url.searchParams.get("types") === "poll");
    await expect.poll(() => search.records()).toEqual([`discussion:${posted.discussionID}`]);
  });

  it("without JavaScript the author edits the poll from the edit page and the lists filter polls only", async () => {
    const author = newMember("polledit");
    await registerConfirmed(parley, author);
    const session = await signInApi(parley.baseUrl, author.name, author.password);
    const general = await categoryID(session, "general");
    const stamp = Date.now().toString(36);
    const posted = await session.post<{ discussionID: number; url: string }>("/discussions/poll", {
      name: `A sedge poll ${stamp}`,
      body: "Which sedge?",
      format: "markdown",
      categoryID: general,
      poll: { name: "Pick a sedge", options: ["Carex", "Cyperus", "Scirpus"] },
    });
    await session.post("/discussions", {
      name: `A sedge chat ${stamp}`,
      body: "Not a poll.",
      format: "markdown",
      categoryID: general,
    });
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, author);
    const edit = new EditDiscussionPage(page, parley.baseUrl);
    await edit.goto(posted.discussionID);
    // The poll's own options to rename or remove, two new ones to add (empty ones left out).
    expect(await edit.pollOption(2).inputValue()).toBe("Cyperus");
    await edit.pollFields.getByRole("textbox", { name: "Question", exact: true }).fill("Pick a sedge, or two");
    await edit.pollOption(1).fill("Carex (true sedges)");
    await edit.removePollOption(3).check();
    await edit.newPollOption(1).fill("Eleocharis");
    await edit.pollFields.getByRole("radio", { name: "Several choices", exact: true }).check();
    await edit.saveButton.click();
    await page.waitForURL((url) => url.pathname.startsWith(`/discussion/${posted.discussionID}/`));
    const discussion = new DiscussionPage(page, parley.baseUrl);
    const question = "Pick a sedge, or two";
    await expect.poll(() => discussion.pollForm(question).count()).toBe(1);
    const form = discussion.pollForm(question);
    expect(
      await form
        .getByRole("checkbox")
        .evaluateAll((boxes) => boxes.map((box) => box.parentElement?.textContent?.trim())),
    ).toEqual(["Carex (true sedges)", "Cyperus", "Eleocharis"]);

    // Once voted, an option cannot be renamed: the refusal is said on the edit page.
    await form.getByRole("checkbox", { name: "Cyperus", exact: true }).check();
    await form.getByRole("button", { name: "Vote", exact: true }).click();
    await expect.poll(() => discussion.pollBar(question, "Cyperus").innerText()).toContain("1 vote");
    await edit.goto(posted.discussionID);
    await edit.pollOption(2).fill("Cyperus (flatsedges)");
    await edit.saveButton.click();
    await expect
      .poll(() => edit.main.getByRole("alert").first().innerText())
      .toContain("Options that have votes cannot be changed or removed; add new ones instead.");

    // The lists filter polls only (a GET form without JavaScript: ?type=poll).
    const list = new DiscussionsPage(page, parley.baseUrl);
    await list.goto();
    await expect.poll(() => list.list.item(`A sedge chat ${stamp}`).count()).toBe(1);
    await list.list.choosePolls("Polls only");
    await page.waitForURL((url) => url.searchParams.get("type") === "poll");
    await expect.poll(() => list.list.item(`A sedge poll ${stamp}`).count()).toBe(1);
    expect(await list.list.item(`A sedge chat ${stamp}`).count()).toBe(0);

    // With JavaScript: the edit page and the filtered list are clean (axe), at 1280 and 375 px.
    const scripted = await parley.newPage({ bypassCSP: true });
    await signInContext(scripted, parley.baseUrl, author);
    const scriptedEdit = new EditDiscussionPage(scripted, parley.baseUrl);
    await scriptedEdit.goto(posted.discussionID);
    await waitForHydration(scripted);
    await scriptedEdit.newPollOption(1).waitFor();
    expect(await seriousAxeViolations(scripted)).toEqual([]);
    await screenshot(scripted, "polls-edit");
    await scripted.setViewportSize({ width: 375, height: 800 });
    expect(await seriousAxeViolations(scripted)).toEqual([]);
    await screenshot(scripted, "polls-edit-phone");
    await scripted.setViewportSize({ width: 1280, height: 800 });
    const scriptedList = new DiscussionsPage(scripted, parley.baseUrl);
    await scriptedList.goto("?type=poll");
    await expect.poll(() => scriptedList.list.item(`A sedge poll ${stamp}`).count()).toBe(1);
    expect(await seriousAxeViolations(scripted)).toEqual([]);
    await screenshot(scripted, "polls-list-filter");
  });
});
