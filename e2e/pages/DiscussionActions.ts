import { NewDiscussionPage } from "./NewDiscussionPage.ts";
import type { Locator, Response } from "playwright-core";
import { DiscussionPage } from "./DiscussionPage.ts";

/** The member actions of a discussion page: reactions, bookmark, options menu, delete confirmation. */
export class DiscussionActionsPage extends DiscussionPage {
  /** The discussion post's reactions row (members: a toolbar of chips and the React button). */
  get reactionRow(): Locator {
    return this.post.getByRole("toolbar", { name: "Reactions" });
  }

  /** A reaction chip by its type name ("Like"): the row shows one per type the post has; its name is "Like {count}". */
  reaction(name: string): Locator {
    return this.reactionRow.getByRole("button", { name: new RegExp(`^${name} \\d+$`) });
  }

  /** The row's React button, which opens the menu of the types the member may add. */
  get reactButton(): Locator {
    return this.reactionRow.getByRole("button", { name: "React", exact: true });
  }

  /** Every React button of the page (none for a guest). */
  get anyReactButton(): Locator {
    return this.main.getByRole("button", { name: "React", exact: true });
  }

  /** Focus at the top of the document, as a keyboard user starts (the next Tab reaches the first control). */
  async focusDocumentStart(): Promise<void> {
    await this.page.locator("body").focus();
  }

  /** The React menu (open). */
  get reactMenu(): Locator {
    return this.page.getByRole("menu", { name: "React" });
  }

  /** Opens the React menu and returns it. */
  async openReactMenu(): Promise<Locator> {
    await this.reactButton.click();
    await this.reactMenu.waitFor();
    return this.reactMenu;
  }

  /** Reacts through the React menu with a type ("Like"). */
  async react(name: string): Promise<void> {
    const menu = await this.openReactMenu();
    await menu.getByRole("menuitem", { name, exact: true }).click();
  }

  /** The url codes of the types the React menu offers, in order (it is left closed). */
  async reactionTypes(): Promise<string[]> {
    const menu = await this.openReactMenu();
    const names = await menu.getByRole("menuitem").evaluateAll((items) =>
      items.map(
        (item) =>
          item
            .querySelector("img")
            ?.getAttribute("src")
            ?.match(/([a-z-]+)\.svg$/)?.[1] ?? "",
      ),
    );
    await this.page.keyboard.press("Escape");
    await this.reactMenu.waitFor({ state: "detached" });
    return names;
  }

  /** Each type's icon in the React menu: its address, and whether the browser loaded it (not a broken image). */
  async reactionIcons(): Promise<Array<{ src: string; loaded: boolean }>> {
    const menu = await this.openReactMenu();
    // Each image is read once it has finished loading or failed (decode() settles then), never while in flight.
    const icons = await menu.getByRole("menuitem").evaluateAll(async (items) =>
      Promise.all(
        items.map(async (item) => {
          const image = item.querySelector("img");
          await image?.decode().catch(() => undefined);
          return { src: image?.getAttribute("src") ?? "", loaded: Boolean(image?.complete && image.naturalWidth > 0) };
        }),
      ),
    );
    await this.page.keyboard.press("Escape");
    await this.reactMenu.waitFor({ state: "detached" });
    return icons;
  }

  /** The count a reaction chip shows: 0 when the row has no chip for it. */
  async reactionCount(name: string): Promise<number> {
    if ((await this.reaction(name).count()) === 0) return 0;
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

  /** How the bookmark button's icon is painted (its computed style), beside the button's text colour. */
  async bookmarkIconPaint(): Promise<{ fill: string; stroke: string; strokeWidth: string; color: string }> {
    return this.bookmarkButton.locator("svg").evaluate((icon) => {
      const style = getComputedStyle(icon);
      return { fill: style.fill, stroke: style.stroke, strokeWidth: style.strokeWidth, color: style.color };
    });
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

/**
 * `/post/editdiscussion/{id}`: category (a picker for those who may move the discussion, read-only text for
 * others), title, body, tags and Save; the category and tag pickers are the new-discussion form's.
 */
export class EditDiscussionPage extends NewDiscussionPage {
  override goto(discussionID?: number): Promise<Response> {
    return this.open(`/post/editdiscussion/${discussionID}`);
  }

  override get body(): Locator {
    return this.main.locator("textarea#discussion-body");
  }

  get saveButton(): Locator {
    return this.button("Save");
  }

  /** A poll's new option field on its edit ("New option 1"…), beside its own options (`pollOption`). */
  newPollOption(number: number): Locator {
    return this.pollFields.getByRole("textbox", { name: `New option ${number}`, exact: true });
  }

  /** The checkbox that removes one of the poll's own options on save. */
  removePollOption(number: number): Locator {
    return this.pollFields.getByRole("checkbox", { name: `Remove Option ${number}`, exact: true });
  }

  /** The read-only "Category: X" of those who may not move the discussion. */
  get categoryText(): Locator {
    return this.main.getByText(/^Category: /);
  }
}
