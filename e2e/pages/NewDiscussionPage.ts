import type { Locator, Response } from "playwright-core";
import { EntryPage } from "./EntryPage.ts";

export interface NewDiscussion {
  /** The category's name as the select shows it (subcategories are indented with "— "). */
  category?: string;
  title: string;
  body: string;
}

/** `/post/discussion[/{categoryID}]`: Category, Title, Body (Markdown) and "Post Discussion". */
export class NewDiscussionPage extends EntryPage {
  goto(categoryID?: number): Promise<Response> {
    return this.open(categoryID === undefined ? "/post/discussion" : `/post/discussion/${categoryID}`);
  }

  get category(): Locator {
    return this.field("Category");
  }

  get title(): Locator {
    return this.field("Title");
  }

  get body(): Locator {
    return this.field("Body");
  }

  get submitButton(): Locator {
    return this.button("Post Discussion");
  }

  /** The selected category's label. */
  selectedCategory(): Promise<string> {
    return this.category.evaluate((select) => {
      const element = select as HTMLSelectElement;
      return element.selectedOptions[0]?.textContent ?? "";
    });
  }

  async fill({ category, title, body }: NewDiscussion): Promise<void> {
    if (category !== undefined) await this.category.selectOption({ label: category });
    await this.title.fill(title);
    await this.body.fill(body);
  }

  /** Fills the form and presses "Post Discussion"; the caller waits for what should follow. */
  async post(discussion: NewDiscussion): Promise<void> {
    await this.fill(discussion);
    await this.submitButton.click();
  }
}
