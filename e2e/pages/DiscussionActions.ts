import type { Locator, Response } from "playwright-core";
import { DiscussionPage } from "./DiscussionPage.ts";
import { EntryPage } from "./EntryPage.ts";

/** The member actions of a discussion page: reactions, bookmark, options menu, delete confirmation. */
export class DiscussionActionsPage extends DiscussionPage {
  /** The discussion post's reactions row (members: toggle buttons). */
  get reactionRow(): Locator {
    return this.post.getByRole("group", { name: "Reactions" });
  }

  /** A reaction toggle by its type name ("Like"); its accessible name is "Like {count}". */
  reaction(name: string): Locator {
    return this.reactionRow.getByRole("button", { name: new RegExp(`^${name} \\d+$`) });
  }

  /** The url codes of the types the row offers, in order. */
  async reactionTypes(): Promise<string[]> {
    return this.reactionRow
      .getByRole("button")
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute("data-reaction") ?? ""));
  }

  /** Each toggle's icon: its address, and whether the browser loaded it (a real image, not a broken one). */
  async reactionIcons(): Promise<Array<{ src: string; loaded: boolean }>> {
    return this.reactionRow.getByRole("button").evaluateAll((buttons) =>
      buttons.map((button) => {
        const image = button.querySelector("img");
        return { src: image?.getAttribute("src") ?? "", loaded: Boolean(image?.complete && image.naturalWidth > 0) };
      }),
    );
  }

  /** The count a reaction toggle shows. */
  async reactionCount(name: string): Promise<number> {
    const text = (await this.reaction(name).innerText()).trim();
    return Number(text.split(/\s+/).at(-1));
  }

  /** The guests' plain counts. */
  get reactionCounts(): Locator {
    return this.post.getByRole("list", { name: "Reactions" });
  }

  get bookmarkButton(): Locator {
    return this.main.getByRole("button", { name: /^(Bookmark|Unbookmark)$/ });
  }

  get optionsButton(): Locator {
    return this.main.getByRole("button", { name: "Discussion Options" });
  }

  /** Opens the options menu and returns it. */
  async openOptions(): Promise<Locator> {
    await this.optionsButton.click();
    const menu = this.page.getByRole("menu", { name: "Discussion Options" });
    await menu.waitFor();
    return menu;
  }

  menuItem(name: string | RegExp): Locator {
    // Exact: "Delete" must not also find "Deleted Comments".
    return this.page.getByRole("menu", { name: "Discussion Options" }).getByRole("menuitem", { name, exact: true });
  }

  /** The delete confirmation. */
  get dialog(): Locator {
    return this.page.getByRole("dialog", { name: "Delete Discussion" });
  }

  /** The toasts' live region text. */
  toast(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }
}

/** `/post/editdiscussion/{id}`: title and body, Save. */
export class EditDiscussionPage extends EntryPage {
  goto(discussionID: number): Promise<Response> {
    return this.open(`/post/editdiscussion/${discussionID}`);
  }

  get title(): Locator {
    return this.field("Title");
  }

  get body(): Locator {
    return this.main.locator("textarea#discussion-body");
  }

  get saveButton(): Locator {
    return this.button("Save");
  }
}
