import type { Locator } from "playwright-core";

/** A list of discussions (on /discussions and category pages): titles, badges, the sort select and the pager. */
export class DiscussionList {
  /** `root` holds the list, its sort select and its pager (the main region, or a category's section). */
  constructor(readonly root: Locator) {}

  /**
   * The list items: each has a heading linking to a discussion (level 3 under a section's heading, level 2
   * where the list is the page's).
   */
  get items(): Locator {
    return this.root.locator("li").filter({ has: this.root.page().locator(':is(h2, h3) a[href^="/discussion/"]') });
  }

  /** Discussion titles, in page order. */
  titles(): Promise<string[]> {
    return this.items.locator(":is(h2, h3)").allInnerTexts();
  }

  /** What an empty list shows instead: its icon, sentence and next place to go. */
  get emptyState(): Locator {
    return this.root.locator('[data-part="empty-state"]');
  }

  item(title: string): Locator {
    return this.items.filter({ has: this.root.page().getByRole("heading", { name: title, exact: true }) });
  }

  link(title: string): Locator {
    return this.item(title).getByRole("heading").getByRole("link");
  }

  /** Titles of the items marked "Announcement". */
  async announcements(): Promise<string[]> {
    const titles: string[] = [];
    for (const item of await this.items.all()) {
      if ((await item.getByText("Announcement", { exact: true }).count()) > 0) {
        titles.push(await item.locator(":is(h2, h3)").innerText());
      }
    }
    return titles;
  }

  /** The category links shown under the items. */
  categoryNames(): Promise<string[]> {
    return this.items.locator('a[href^="/categories/"]').allInnerTexts();
  }

  /** The sort form: a select synced to `?sort`, with a Sort button while JavaScript has not run. */
  get sortForm(): Locator {
    return this.root.getByRole("form", { name: "Sort by", exact: true });
  }

  get sortSelect(): Locator {
    return this.sortForm.getByRole("combobox", { name: "Sort by", exact: true });
  }

  /** The labels of the sort choices, in order. */
  sortOptions(): Promise<string[]> {
    return this.sortSelect.locator("option").allInnerTexts();
  }

  /** The label of the selected sort. */
  currentSort(): Promise<string> {
    return this.sortSelect.evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent ?? "");
  }

  /** Chooses a sort; without JavaScript the Sort button submits the form. */
  async chooseSort(label: string): Promise<void> {
    await this.sortSelect.selectOption({ label });
    const submit = this.sortForm.getByRole("button", { name: "Sort", exact: true });
    if ((await submit.count()) > 0) await submit.click();
  }

  /**
   * The Filter form of /discussions and its lists: a select whose choices lead to `/discussions/{filter}` (the
   * member's lists for members), with a Filter button without JavaScript.
   */
  get filterForm(): Locator {
    return this.root.getByRole("form", { name: "Filter", exact: true });
  }

  get filterSelect(): Locator {
    return this.filterForm.getByRole("combobox", { name: "Filter", exact: true });
  }

  /** Chooses a filter; without JavaScript the Filter button submits the form. */
  async chooseFilter(label: string): Promise<void> {
    await this.filterSelect.selectOption({ label });
    const submit = this.filterForm.getByRole("button", { name: "Filter", exact: true });
    if ((await submit.count()) > 0) await submit.click();
  }

  /** A listed question's status pill ("Unanswered", "Answered", "Accepted"); none for another discussion. */
  questionStatus(title: string): Locator {
    return this.item(title).locator("[data-question-status]");
  }

  /** A poll's badge in the list (the polls add-on). */
  pollBadge(title: string): Locator {
    return this.item(title).locator("[data-poll-badge]");
  }

  /** An idea's status pill in the list (the ideation add-on). */
  ideaStatus(title: string): Locator {
    return this.item(title).locator("[data-idea-status]");
  }

  /** An idea's score in the list ("3 votes"). */
  ideaScore(title: string): Locator {
    return this.item(title).locator("[data-idea-score]");
  }

  /**
   * The list's filter form of a type ("Questions" by status with the QnA add-on, "Ideas" with ideation, "Polls",
   * "Post type" with the post types add-on).
   */
  typeFilter(name: "Questions" | "Ideas" | "Polls" | "Post type"): Locator {
    return this.root.getByRole("form", { name, exact: true });
  }

  /** Lists the questions of a status ("Accepted"…, "All" for every discussion); without JavaScript by its button. */
  chooseQuestionStatus(label: string): Promise<void> {
    return this.chooseTypeStatus("Questions", label);
  }

  /** Lists the ideas of a status ("Planned"…, "All" for every discussion); without JavaScript by its button. */
  chooseIdeaStatus(label: string): Promise<void> {
    return this.chooseTypeStatus("Ideas", label);
  }

  /** Lists polls only ("Polls only", "All" for every discussion); without JavaScript by its button. */
  choosePolls(label: "Polls only" | "All"): Promise<void> {
    return this.chooseTypeStatus("Polls", label);
  }

  /** Lists one site post type only (its name, "All" for every discussion); without JavaScript by its button. */
  choosePostType(label: string): Promise<void> {
    return this.chooseTypeStatus("Post type", label);
  }

  private async chooseTypeStatus(name: "Questions" | "Ideas" | "Polls" | "Post type", label: string): Promise<void> {
    const form = this.typeFilter(name);
    await form.getByRole("combobox", { name, exact: true }).selectOption({ label });
    const submit = form.getByRole("button", { name, exact: true });
    if ((await submit.count()) > 0) await submit.click();
  }

  /** A tag link on a list item (it leads to `/discussions/tagged/{urlcode}`). */
  tagLink(title: string, tag: string): Locator {
    return this.item(title).getByRole("link", { name: tag, exact: true });
  }

  /** The 'Tagged: {name}' chip above a tag's list: a link back to all discussions. */
  get taggedChip(): Locator {
    return this.root.getByRole("link", { name: /^Tagged: / });
  }

  get pager(): Locator {
    return this.root.getByRole("navigation", { name: "Discussions pages", exact: true });
  }

  /** "1 - 10 of 12". */
  async pagerSummary(): Promise<string> {
    return (await this.pager.locator("span").first().innerText()).replace(/\s+/g, " ").trim();
  }

  pageLink(n: number): Locator {
    return this.pager.getByRole("link", { name: `Page ${n}`, exact: true });
  }

  get nextPageLink(): Locator {
    return this.pager.getByRole("link", { name: "Next Page", exact: true });
  }

  get previousPageLink(): Locator {
    return this.pager.getByRole("link", { name: "Previous Page", exact: true });
  }
}
