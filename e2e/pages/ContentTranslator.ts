import type { Locator, Page } from "playwright-core";

/** The content translator dialog (spec §2): a locale dropdown, a translation per property, Cancel and Save. */
export class ContentTranslator {
  readonly dialog: Locator;

  constructor(
    readonly page: Page,
    title: string | RegExp,
  ) {
    this.dialog = page.getByRole("dialog", { name: title });
  }

  get locale(): Locator {
    return this.dialog.getByLabel("Translate into");
  }

  /** The editable translation of a property ('Name', 'Description'). */
  field(property: string): Locator {
    return this.dialog.getByLabel(`${property} translation`, { exact: true });
  }

  get saveButton(): Locator {
    return this.dialog.getByRole("button", { name: "Save" });
  }

  /** The 'Unsaved Changes' question. */
  get unsavedChanges(): Locator {
    return this.page.getByRole("dialog", { name: "Unsaved Changes" });
  }
}
