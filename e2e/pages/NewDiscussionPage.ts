import type { Locator, Response } from "playwright-core";
import { BodyEditor } from "./BodyEditor.ts";
import { EntryPage } from "./EntryPage.ts";

export interface NewDiscussion {
  /**
   * The category's name. Without JavaScript it is the select's label (subcategories are indented
   * with "— "); with it, the name picked from the category picker's suggestions.
   */
  category?: string;
  title: string;
  body: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * `/post/discussion[/{categoryID}]`: Category, Title, Body (Markdown), Tags and "Post Discussion".
 * Category and Tags are a select and a comma-separated text field without JavaScript, and comboboxes
 * (suggestions in a listbox, chosen tags as removable chips) once the page runs.
 */
export class NewDiscussionPage extends EntryPage {
  goto(categoryID?: number): Promise<Response> {
    return this.open(categoryID === undefined ? "/post/discussion" : `/post/discussion/${categoryID}`);
  }

  /** "New Idea" atop the form (the ideation add-on): the same form, the idea type chosen. */
  get newIdeaLink(): Locator {
    return this.main.getByRole("navigation", { name: "Post type" }).getByRole("link", { name: "New Idea" });
  }

  /** "New Poll" atop the form (the polls add-on): the same form, the poll type chosen, with the poll's fields. */
  get newPollLink(): Locator {
    return this.main.getByRole("navigation", { name: "Post type" }).getByRole("link", { name: "New Poll" });
  }

  /** A site post type's link atop the form (the post types add-on), by its post button label. */
  postTypeLink(label: string): Locator {
    return this.main.getByRole("navigation", { name: "Post type" }).getByRole("link", { name: label, exact: true });
  }

  /** The post type's fields (the post types add-on). */
  get postFields(): Locator {
    return this.main.getByRole("group", { name: "Details", exact: true });
  }

  /** One of the post type's fields, by its label. */
  postField(label: string): Locator {
    return this.postFields.getByLabel(label, { exact: true });
  }

  /** Opens the form for a site post type by its address (`?postTypeID=`), as the link does without JavaScript. */
  gotoPostType(categoryID: number, postTypeID: string): Promise<Response> {
    return this.open(`/post/discussion/${categoryID}?postTypeID=${encodeURIComponent(postTypeID)}`);
  }

  /** The poll's fields (the polls add-on). */
  get pollFields(): Locator {
    return this.main.getByRole("group", { name: "Poll", exact: true });
  }

  /** The poll's option field of this number (1-based). */
  pollOption(number: number): Locator {
    return this.pollFields.getByRole("textbox", { name: `Option ${number}`, exact: true });
  }

  /** "Ask a Question" atop the form (the QnA add-on): the same form, the question type chosen. */
  get askQuestionLink(): Locator {
    return this.main.getByRole("navigation", { name: "Post type" }).getByRole("link", { name: "Ask a Question" });
  }

  /** The select, or the picker's text input once it has loaded (both are comboboxes). */
  get category(): Locator {
    return this.main.getByRole("combobox", { name: "Category", exact: true });
  }

  /** The post's type: only those the chosen category takes. */
  get type(): Locator {
    return this.main.getByRole("combobox", { name: "Type", exact: true });
  }

  /** The types offered, as labelled. */
  typeOptions(): Promise<string[]> {
    return this.type.locator("option").allInnerTexts();
  }

  get title(): Locator {
    return this.field("Title");
  }

  get body(): Locator {
    return this.field("Body");
  }

  /** The comma-separated text field, or the tag picker's text input. */
  get tags(): Locator {
    return this.field("Tags");
  }

  get submitButton(): Locator {
    return this.button("Post Discussion");
  }

  /** The open picker's suggestions. */
  get suggestions(): Locator {
    return this.page.getByRole("listbox").getByRole("option");
  }

  suggestion(name: string | RegExp): Locator {
    return this.page.getByRole("listbox").getByRole("option", { name, exact: typeof name === "string" });
  }

  /** A category suggestion: named by the category's name, then its trail ("Troubleshooting Help & Support"). */
  categorySuggestion(name: string): Locator {
    return this.suggestion(new RegExp(`^${escapeRegExp(name)}( |$)`));
  }

  /** The chosen tags (chips) of the picker. */
  get tagChips(): Locator {
    return this.main.getByRole("grid", { name: "Chosen tags" }).getByRole("row");
  }

  /** The category select of the plain form (the picker replaces it once the page runs). */
  get plainCategorySelect(): Locator {
    return this.page.locator('select[name="categoryID"]');
  }

  /** The title bar while hidden from assistive technology (React Aria hides it while a picker is open). */
  get hiddenTitleBar(): Locator {
    return this.page.locator('[aria-hidden="true"]').and(this.page.locator("header"));
  }

  /**
   * An element axe-core names by its selector, as it is now: its aria-hidden, and how many open
   * comboboxes it holds (React Aria hides all but the open picker while its suggestions show).
   */
  async axeTarget(selector: string): Promise<{ ariaHidden: string | null; openComboboxes: number }> {
    const element = this.page.locator(selector).first();
    return {
      ariaHidden: await element.getAttribute("aria-hidden"),
      openComboboxes: await element.locator('[role="combobox"][aria-expanded="true"]').count(),
    };
  }

  removeTagButton(name: string): Locator {
    return this.main.getByRole("button", { name: `Remove ${name}`, exact: true });
  }

  /** What the form will post as the category (the select's value or the picker's hidden input). */
  postedCategoryID(): Promise<string> {
    return this.form.locator('[name="categoryID"]').inputValue();
  }

  /** The hidden inputs the tag picker posts. */
  async postedTags(): Promise<{ tagIDs: string[]; newTagNames: string[] }> {
    const values = (name: string) =>
      this.form
        .locator(`input[type="hidden"][name="${name}"]`)
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    return { tagIDs: await values("tagIDs"), newTagNames: await values("newTagNames") };
  }

  /** Whether the category field is the picker (the page ran and its chunk loaded). */
  async hasPickers(): Promise<boolean> {
    return (await this.category.evaluate((element) => element.tagName)) === "INPUT";
  }

  /**
   * Waits for the page to be fully running: the pickers in place of the plain fields and the rich editor in
   * place of the text area. Text typed into the text area while the editor swaps in can land in the editor
   * before it has taken its initial content, and be replaced by it.
   */
  async waitForEditors(): Promise<void> {
    await this.waitForPickers();
    await new BodyEditor(this.page, "Body").waitForEditor();
  }

  /** Waits for the pickers to replace the plain fields. */
  async waitForPickers(): Promise<void> {
    await this.main.locator('input[role="combobox"]').first().waitFor();
  }

  /** The selected category's label (select), or the picker's text. */
  selectedCategory(): Promise<string> {
    return this.category.evaluate((field) =>
      field instanceof HTMLSelectElement
        ? (field.selectedOptions[0]?.textContent ?? "")
        : (field as HTMLInputElement).value,
    );
  }

  /**
   * Chooses the category `name`: from the select, or by typing `search` (the name by default) into the
   * picker and clicking the suggestion.
   */
  async chooseCategory(name: string, search = name): Promise<void> {
    if (!(await this.hasPickers())) {
      await this.category.selectOption({ label: name });
      return;
    }
    await this.category.fill(search);
    await this.categorySuggestion(name.replace(/^(— )+/, "")).click();
    // The list closes on the choice. While it is open the rest of the page is hidden from assistive technology, so
    // a field looked up next by its role would not be found: a list that stays open fails here, by its name.
    await this.category.and(this.page.locator('[aria-expanded="false"]')).waitFor({ timeout: 10_000 });
  }

  /**
   * Types into the tag picker and clicks the suggestion named `pick` (an existing tag, or "New tag: …"). The picker
   * replaces the plain field once its code has loaded, and on a loaded machine a search typed while it re-renders
   * can be dropped: the search is typed again (at most three times) until the suggestion shows.
   */
  async addTag(search: string, pick: string): Promise<void> {
    await this.main.getByRole("combobox", { name: "Tags" }).waitFor();
    const option = this.suggestion(pick);
    for (let attempt = 1; ; attempt += 1) {
      await this.tags.fill(search);
      try {
        await option.waitFor({ timeout: 10_000 });
        break;
      } catch (error) {
        if (attempt === 3) throw error;
        await this.tags.fill("");
      }
    }
    await option.click();
  }

  async fill({ category, title, body }: NewDiscussion): Promise<void> {
    if (category !== undefined) await this.chooseCategory(category);
    await this.title.fill(title);
    await this.body.fill(body);
  }

  /** Fills the form and presses "Post Discussion"; the caller waits for what should follow. */
  async post(discussion: NewDiscussion): Promise<void> {
    await this.fill(discussion);
    await this.submitButton.click();
  }
}
