import type { Locator, Response } from "playwright-core";
import { EntryPage } from "./EntryPage.ts";
import { ReportDialog } from "./ReportDialog.ts";

/** What a page's `application/ld+json` says about a discussion (the fields the tests read). */
export interface ForumPostingData {
  "@context": string;
  "@type": string;
  "@id": string;
  headline: string;
  url: string;
  datePublished: string;
  author: { "@type": string; name: string; url?: string };
  interactionStatistic: { "@type": string; interactionType: string; userInteractionCount: number };
  comment: Array<{ "@type": string; url: string; datePublished: string; author: { name: string }; text: string }>;
}

/** `/discussion/{id}/{slug}[/p{n}]`: the post, its comments, the pager and the reply box. */
export class DiscussionPage extends EntryPage {
  /** Opens a discussion by its root-relative path (`/discussion/1/welcome-…`). */
  goto(pathname: string): Promise<Response> {
    return this.open(pathname);
  }

  get breadcrumbs(): Locator {
    return this.page.getByRole("navigation", { name: "Breadcrumb" });
  }

  /** Names and hrefs of the breadcrumb links. */
  async breadcrumbLinks(): Promise<{ name: string; href: string | null }[]> {
    // After a client-side navigation the page may still be loading: wait for the trail to be there.
    await this.breadcrumbs.getByRole("link").first().waitFor();
    const links = await this.breadcrumbs.getByRole("link").all();
    return Promise.all(
      links.map(async (link) => ({ name: (await link.innerText()).trim(), href: await link.getAttribute("href") })),
    );
  }

  /** The discussion's own post (only on its first page): the article without a Comment_ id. */
  get post(): Locator {
    return this.main.locator("article:not([id])");
  }

  /** The post's field values under it (the post types add-on): label → value, as listed. */
  async postMeta(): Promise<Record<string, string>> {
    const meta = this.post.locator("[data-post-meta]");
    const terms = await meta.getByRole("term").allInnerTexts();
    const values = await meta.getByRole("definition").allInnerTexts();
    return Object.fromEntries(terms.map((term, index) => [term, values[index] ?? ""]));
  }

  get comments(): Locator {
    return this.main.locator('article[id^="Comment_"]');
  }

  /** One of the viewer's own posts awaiting approval (premoderation), shown after the thread, by its text. */
  pendingPost(text: string): Locator {
    return this.main.locator('[data-part="pending-post"]').filter({ hasText: text });
  }

  /** The "Awaiting approval" mark of such a post. */
  awaitingApprovalMark(text: string): Locator {
    return this.pendingPost(text).getByText("Awaiting approval", { exact: true });
  }

  comment(commentID: number): Locator {
    return this.main.locator(`article[id="Comment_${commentID}"]`);
  }

  /** The idea's panel under it (the ideation add-on): score, status, notes, votes, the moderators' status form. */
  get ideaPanel(): Locator {
    return this.main.getByRole("region", { name: "Idea", exact: true });
  }

  /** "Vote up" or "Vote down" (pressed when it is the viewer's vote; pressing it again takes the vote back). */
  voteButton(name: "Vote up" | "Vote down"): Locator {
    return this.ideaPanel.getByRole("button", { name, exact: true });
  }

  /** The idea's score as shown ("1 vote", "3 votes"). */
  get ideaScore(): Locator {
    return this.ideaPanel.locator("[data-idea-score]");
  }

  /** The idea's status pill on its page. */
  get ideaStatus(): Locator {
    return this.ideaPanel.locator("[data-idea-status]");
  }

  /** Moderators: sets the idea's status with notes, by the form under the idea. */
  async setIdeaStatus(status: string, notes: string): Promise<void> {
    const form = this.ideaPanel.getByRole("form", { name: "Set the idea's status", exact: true });
    await form.getByRole("combobox", { name: "Status", exact: true }).selectOption({ label: status });
    await form.getByRole("textbox", { name: "Status notes", exact: true }).fill(notes);
    await form.getByRole("button", { name: "Set status", exact: true }).click();
  }

  /** The poll above the first post (the polls add-on), named by its question. */
  pollPanel(question: string): Locator {
    return this.main.getByRole("region", { name: question, exact: true });
  }

  /** The poll's vote form (radio buttons or checkboxes, then Vote or Change vote). */
  pollForm(question: string): Locator {
    return this.pollPanel(question).getByRole("form", { name: "Vote in this poll", exact: true });
  }

  /** The poll's results as the bar chart shows them: each option's "n votes · p%". */
  pollBar(question: string, option: string): Locator {
    return this.pollPanel(question).locator(`[data-poll-chart] li[data-poll-option="${option}"]`);
  }

  /** The results' table (for screen readers), its row for an option: [option, votes, percentage, your vote]. */
  pollTableRow(question: string, option: string): Locator {
    return this.pollPanel(question)
      .getByRole("table")
      .getByRole("row")
      .filter({ has: this.page.getByRole("rowheader", { name: option, exact: true }) });
  }

  /** "Change vote" (a disclosure holding the form again). */
  changeVote(question: string): Locator {
    return this.pollPanel(question).locator("summary", { hasText: "Change vote" });
  }

  /** An answer's Accept Answer / Reject Answer button (the asker's and moderators', the QnA add-on). */
  answerButton(commentID: number, name: "Accept Answer" | "Reject Answer"): Locator {
    return this.comment(commentID).getByRole("button", { name, exact: true });
  }

  /** The "Accepted Answer" label of a comment. */
  acceptedLabel(commentID: number): Locator {
    return this.comment(commentID).getByText("Accepted Answer", { exact: true });
  }

  /** The accepted answers shown right under the question. */
  get acceptedAnswers(): Locator {
    return this.main.getByRole("region", { name: "Accepted Answers", exact: true });
  }

  /** The comment IDs on this page, in order. */
  async commentIDs(): Promise<number[]> {
    const ids = await this.comments.evaluateAll((articles) => articles.map((article) => article.id));
    return ids.map((id) => Number(id.replace("Comment_", "")));
  }

  /** "3 Comments" above the comments. */
  get commentsHeading(): Locator {
    return this.main.getByRole("heading", { level: 2 }).filter({ hasText: /^\d+ Comments?$/ });
  }

  /** Shares the discussion: its post's options menu (⋯), then an entry of the menu ("Copy Link", …). */
  async share(menuItem: string): Promise<void> {
    await this.postOptions(this.post).click();
    await this.page.getByRole("menuitem", { name: menuItem }).click();
  }

  /** A post's options menu button (⋯), named "Options for the post by {author}". */
  postOptions(post: Locator): Locator {
    return post.getByRole("button", { name: /^Options for the post by / });
  }

  /** The entries of the open options menu. */
  get menuItems(): Locator {
    return this.page.getByRole("menu").getByRole("menuitem");
  }

  /** Opens a comment's options menu with a click and chooses an entry (`/^Edit/`, "Report", "Delete"). */
  async commentAction(commentID: number, item: string | RegExp): Promise<void> {
    await this.postOptions(this.comment(commentID)).click();
    await this.page.getByRole("menuitem", { name: item }).click();
  }

  /** Opens a comment's options menu from the keyboard (Tab to its button, then Enter); the menu has the focus. */
  async openCommentMenuByKeyboard(commentID: number): Promise<Locator> {
    await this.postOptions(this.comment(commentID)).focus();
    await this.page.keyboard.press("Enter");
    const menu = this.page.getByRole("menu");
    await menu.waitFor();
    return menu;
  }

  /** The options menu without JavaScript: a native disclosure (`<details>`) and its link to the post. */
  noScriptMenu(post: Locator): { summary: Locator; link: Locator } {
    const details = post.locator("details[data-part=post-menu]");
    return { summary: details.locator("summary"), link: details.getByRole("link", { name: "Link to this post" }) };
  }

  /** The comment form's status after posting ("Your comment was posted."). */
  get postedStatus(): Locator {
    return this.replyBox.locator("[data-part=comment-posted]");
  }

  /** The element that has the focus, as `Comment_{id}` or its tag. */
  focusedID(): Promise<string> {
    return this.page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName || "");
  }

  /** The comment sort ("Sort by": Oldest, Newest). */
  get commentSort(): Locator {
    return this.page.getByRole("combobox", { name: "Sort by" });
  }

  /** Without JavaScript the sort applies with its "Sort" button. */
  get commentSortButton(): Locator {
    return this.page.getByRole("button", { name: "Sort" });
  }

  /** Links out of the forum: through the "leaving" page (`/home/leaving?target=`). */
  get leavingLinks(): Locator {
    return this.main.locator('a[href*="/home/leaving?target="]');
  }

  /** The discussion's tags. */
  get tags(): Locator {
    return this.page.getByRole("list", { name: "Tags" }).getByRole("listitem");
  }

  /** A tag's link (to `/discussions/tagged/{urlcode}`). */
  tagLink(name: string): Locator {
    return this.page.getByRole("list", { name: "Tags" }).getByRole("link", { name, exact: true });
  }

  get pager(): Locator {
    return this.main.getByRole("navigation", { name: "Comment pages", exact: true });
  }

  pageLink(n: number): Locator {
    return this.pager.getByRole("link", { name: `Page ${n}`, exact: true });
  }

  /** The reply form (inside "Leave a Comment"); the comment sort is a form of its own. */
  override get form(): Locator {
    return this.replyBox.locator("form");
  }

  /** The "Leave a Comment" section: the form, or a notice saying why there is none. */
  get replyBox(): Locator {
    return this.main.getByRole("region", { name: "Leave a Comment", exact: true });
  }

  get commentField(): Locator {
    return this.field("Comment");
  }

  get postCommentButton(): Locator {
    return this.button("Post Comment");
  }

  /** Types a comment and presses "Post Comment"; the caller waits for what should follow. */
  async postComment(body: string): Promise<void> {
    await this.commentField.fill(body);
    await this.postCommentButton.click();
  }

  /** "Saved Draft Available.": the toast that leads to the reply form when it is out of sight. */
  get savedDraftToastLink(): Locator {
    return this.page.getByRole("link", { name: "Saved Draft Available.", exact: true });
  }

  /** Opens the report dialog of a comment (its options menu's "Report"). */
  async reportComment(commentID: number): Promise<void> {
    await this.commentAction(commentID, "Report");
  }

  /** The "Report Comment" dialog. */
  get reportDialog(): Locator {
    return new ReportDialog(this.page, "Report Comment").dialog;
  }

  /** A reason offered in the report dialog, by the start of its label. */
  reportReason(name: RegExp): Locator {
    return new ReportDialog(this.page, "Report Comment").reason(name);
  }

  /** In the open report dialog: picks a reason, writes the note and sends the report. */
  sendReport(reason: RegExp, note: string): Promise<void> {
    return new ReportDialog(this.page, "Report Comment").send(reason, note);
  }

  /** A comment's report count, as moderators see it ("1 report"): a link to the queue. */
  reportCountLink(commentID: number, label: string): Locator {
    return this.comment(commentID).getByRole("link", { name: label });
  }

  /** Every `application/ld+json` block of the document, parsed. */
  async structuredData(): Promise<ForumPostingData[]> {
    const blocks = await this.page.locator('script[type="application/ld+json"]').allTextContents();
    return blocks.map((text) => JSON.parse(text) as ForumPostingData);
  }

  /** The comment ID in the URL's `#Comment_{id}`, or null. */
  hashCommentID(): number | null {
    const match = /^#Comment_(\d+)$/.exec(new URL(this.page.url()).hash);
    return match ? Number(match[1]) : null;
  }

  /** Whether the element is at least partly inside the viewport (that is where the page "lands"). */
  isInViewport(locator: Locator): Promise<boolean> {
    return locator.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight;
    });
  }

  /** The link-preview cards in the discussion's own post (an address alone on a line, issue 32). */
  get previewCards(): Locator {
    return this.post.locator(".linkPreview");
  }

  /** A card's click-to-load control of a known provider ("Load video", "Load post"). */
  previewLoad(name: string): Locator {
    return this.previewCards.getByRole("link", { name, exact: true });
  }

  /** The players loaded in place of cards. */
  get previewFrames(): Locator {
    return this.post.locator("iframe.linkPreview-frame");
  }
}
