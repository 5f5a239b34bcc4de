import type { Locator, Response } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

/** What the /entry pages share: labelled fields with their errors next to them, and form messages. */
export class EntryPage extends ParleyPage {
  /** Opens an entry page, with `?Target=` when given. */
  openEntry(pathname: string, target?: string): Promise<Response> {
    return this.open(target === undefined ? pathname : `${pathname}?Target=${encodeURIComponent(target)}`);
  }

  get form(): Locator {
    return this.main.locator("form");
  }

  /** The input labelled `label` (its <label for>). */
  field(label: string): Locator {
    return this.main.getByLabel(label, { exact: true });
  }

  /**
   * The error of a field: the element its aria-describedby names with the `-error` suffix, or null.
   * It must sit in the field's own container, right after the input (that is "next to the field").
   */
  async fieldError(label: string): Promise<string | null> {
    const input = this.field(label);
    const ids = ((await input.getAttribute("aria-describedby")) ?? "").split(/\s+/).filter(Boolean);
    const errorId = ids.find((id) => id.endsWith("-error"));
    if (!errorId) return null;
    const error = this.page.locator(`[id="${errorId}"]`);
    const sameField = await input.evaluate(
      (element, id) => element.parentElement?.querySelector(`[id="${CSS.escape(id)}"]`) !== null,
      errorId,
    );
    if (!sameField) throw new Error(`The error of "${label}" is not inside the field's container.`);
    return (await error.innerText()).trim();
  }

  /** Field label → error, for every field of the form that shows one. */
  async fieldErrors(): Promise<Record<string, string>> {
    const errors: Record<string, string> = {};
    for (const label of await this.form.locator("label[for]").allInnerTexts()) {
      const error = await this.fieldError(label.trim());
      if (error !== null) errors[label.trim()] = error;
    }
    return errors;
  }

  /** The message about the whole form when it failed (role=alert). */
  get alert(): Locator {
    return this.main.getByRole("alert");
  }

  /** A success message in the main content (role=status). */
  get success(): Locator {
    return this.main.getByRole("status");
  }

  button(name: string): Locator {
    return this.main.getByRole("button", { name, exact: true });
  }
}
