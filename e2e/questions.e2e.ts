import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, waitForHydration } from "./support/browser.ts";
import { categoryID, pathOf, signInApi, type CreatedComment } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { DiscussionPage } from "./pages/DiscussionPage.ts";
import { CategoryPage } from "./pages/CategoryPage.ts";
import { SearchPage } from "./pages/SearchPage.ts";
import { DiscussionsPage } from "./pages/DiscussionsPage.ts";
import { NewDiscussionPage } from "./pages/NewDiscussionPage.ts";

const parley = useParley();

describe("questions (the QnA add-on)", () => {
  it("a member asks, another answers, the asker accepts; the list shows the status and filters by it", async () => {
    const asker = newMember("asker");
    const answerer = newMember("answerer");
    await registerConfirmed(parley, asker);
    await registerConfirmed(parley, answerer);
    const page = await parley.newPage();
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, asker);
    const answering = await signInApi(parley.baseUrl, answerer.name, answerer.password);
    const general = await categoryID(answering, "general");

    // Starting a post offers "Ask a Question": the same form, the question type chosen.
    const discussions = new DiscussionsPage(page, parley.baseUrl);
    const ask = new NewDiscussionPage(page, parley.baseUrl);
    await ask.goto(general);
    await waitForHydration(page);
    expect(await ask.type.inputValue()).toBe("discussion");
    await ask.askQuestionLink.click();
    await page.waitForURL((url) => url.searchParams.get("type") === "question");
    await ask.waitForEditors();
    expect(await ask.heading.innerText()).toBe("Ask a Question");
    expect(await ask.type.inputValue()).toBe("question");
    const title = `How do I ask well ${Date.now().toString(36)}?`;
    await ask.title.fill(title);
    await ask.body.fill("I would like answers.");
    await ask.submitButton.click();
    await page.waitForURL((url) => /^\/discussion\/\d+/.test(url.pathname));
    const discussionPath = new URL(page.url()).pathname;
    const discussionID = Number(/^\/discussion\/(\d+)/.exec(discussionPath)![1]);

    await discussions.goto();
    expect(await discussions.list.questionStatus(title).innerText()).toBe("Unanswered");

    // Another member answers; the asker is asked whether it answered the question, and accepts it.
    const answer = await answering.post<CreatedComment>("/comments", {
      discussionID,
      body: "Say what you tried first.",
      format: "markdown",
    });
    const question = new DiscussionPage(page, parley.baseUrl);
    await question.goto(discussionPath);
    await waitForHydration(page);
    await expect.poll(() => question.answerButton(answer.commentID, "Accept Answer").count()).toBe(1);
    await screenshot(page, "questions-answer-prompt");
    await question.answerButton(answer.commentID, "Accept Answer").click();
    await expect.poll(() => question.acceptedLabel(answer.commentID).count()).toBe(1);
    await expect.poll(() => question.acceptedAnswers.innerText()).toContain("Say what you tried first.");
    expect(await question.answerButton(answer.commentID, "Reject Answer").count()).toBe(1);
    await screenshot(page, "questions-accepted");

    // The list: the status pill, and the question status filter.
    await discussions.goto();
    await waitForHydration(page);
    expect(await discussions.list.questionStatus(title).innerText()).toBe("Accepted");
    await discussions.list.chooseQuestionStatus("Accepted");
    await page.waitForURL((url) => url.searchParams.get("status") === "accepted");
    await expect.poll(() => discussions.list.titles()).toContain(title);
    await discussions.list.chooseQuestionStatus("Unanswered");
    await page.waitForURL((url) => url.searchParams.get("status") === "unanswered");
    expect(await discussions.list.titles()).not.toContain(title);

    // The question's category filters its own list the same way, and keeps the filter across its pages' links.
    const category = new CategoryPage(page, parley.baseUrl);
    await category.goto("general");
    await waitForHydration(page);
    await category.discussions.chooseQuestionStatus("Accepted");
    await page.waitForURL(
      (url) => url.pathname === "/categories/general" && url.searchParams.get("status") === "accepted",
    );
    await expect.poll(() => category.discussions.titles()).toContain(title);
    await category.discussions.chooseQuestionStatus("All");
    // (Hydrated, the choice navigates to the list's own address; as a plain GET form it asks `?status=all`.)
    await page.waitForURL(
      (url) => url.pathname === "/categories/general" && (url.searchParams.get("status") ?? "all") === "all",
    );
    await expect.poll(async () => (await category.discussions.titles()).length).toBeGreaterThan(1);

    // Search's Types filter finds it among questions, and not among ideas.
    const search = new SearchPage(page, parley.baseUrl);
    await search.goto(`?query=${encodeURIComponent(title)}`);
    await waitForHydration(page);
    await search.typeFilter("Questions").check();
    await search.searchButton.click();
    await page.waitForURL((url) => url.searchParams.get("types") === "question");
    await expect.poll(() => search.records()).toEqual([`discussion:${discussionID}`]);
    await search.goto(`?query=${encodeURIComponent(title)}&types=idea`);
    await expect.poll(() => search.records()).toEqual([]);
    expect(problems.errors).toEqual([]);
  });

  it("without JavaScript the asker accepts an answer by the same form", async () => {
    const asker = newMember("nojsasker");
    const answerer = newMember("nojsanswer");
    await registerConfirmed(parley, asker);
    await registerConfirmed(parley, answerer);
    const asking = await signInApi(parley.baseUrl, asker.name, asker.password);
    const answering = await signInApi(parley.baseUrl, answerer.name, answerer.password);
    const general = await categoryID(asking, "general");
    const asked = await asking.post<{ discussionID: number; url: string }>("/discussions", {
      name: "A question without scripts",
      body: "Does it work?",
      format: "markdown",
      categoryID: general,
      type: "question",
    });
    const answer = await answering.post<CreatedComment>("/comments", {
      discussionID: asked.discussionID,
      body: "It does.",
      format: "markdown",
    });
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, asker);
    const question = new DiscussionPage(page, parley.baseUrl);
    await question.goto(pathOf(asked.url));
    await question.answerButton(answer.commentID, "Accept Answer").click();
    await page.waitForURL((url) => url.hash === `#Comment_${answer.commentID}`);
    expect(await question.acceptedLabel(answer.commentID).count()).toBe(1);
    expect(await question.acceptedAnswers.innerText()).toContain("It does.");
    const record = await asking.get<{ attributes: { question?: { status: string } } }>(
      `/discussions/${asked.discussionID}`,
    );
    expect(record.attributes.question?.status).toBe("accepted");
  });
});
