import type { Locator, Page } from "playwright-core";

/** The moderators' bulk selection on a discussion list: checkboxes, the selection toast and its dialogs. */
export class BulkActions {
  constructor(readonly page: Page) {}

  /** A list item's checkbox, named "Select {title}". */
  checkbox(title: string): Locator {
    return this.page.getByRole("checkbox", { name: `Select ${title}`, exact: true });
  }

  /** Every selection checkbox on the page. */
  get checkboxes(): Locator {
    return this.page.locator('input[type="checkbox"][data-selection]');
  }

  /** Any checkbox at all on the page (where there is nothing to select, there is none). */
  get anyCheckbox(): Locator {
    return this.page.getByRole("checkbox");
  }

  /** The selection toast. */
  get toast(): Locator {
    return this.page.getByRole("region", { name: "Bulk actions", exact: true });
  }

  toastButton(name: string): Locator {
    return this.toast.getByRole("button", { name, exact: true });
  }

  dialog(title: string): Locator {
    return this.page.getByRole("dialog", { name: title });
  }

  /** The dialog's action button (its form's submit button). */
  submit(dialog: Locator): Locator {
    return dialog.locator('button[type="submit"]');
  }

  /** Chooses a category in a dialog's category picker by typing its name and picking the suggestion. */
  async chooseCategory(dialog: Locator, name: string): Promise<void> {
    await dialog.getByRole("combobox", { name: "Category", exact: true }).fill(name);
    await this.page
      .getByRole("listbox")
      .getByRole("option", { name: new RegExp(`^${name}( |$)`) })
      .click();
  }
}
