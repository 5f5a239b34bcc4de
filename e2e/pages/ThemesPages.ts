import type { Locator, Response } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

/** The focused control, activated from the keyboard (Enter), as a keyboard-only administrator does. */
export async function press(control: Locator, key = "Enter"): Promise<void> {
  await control.focus();
  await control.page().keyboard.press(key);
}

/** Replaces a text input's value from the keyboard: select all, then type. */
export async function typeInto(input: Locator, text: string): Promise<void> {
  await input.focus();
  await input.page().keyboard.press("ControlOrMeta+A");
  if (text) await input.page().keyboard.type(text);
  else await input.page().keyboard.press("Backspace");
}

/** `/dashboard/themes`: the themes with Apply, Preview, Copy, and Edit and Delete for the site's own. */
export class ThemesListPage extends ParleyPage {
  goto(): Promise<Response> {
    return this.open("/dashboard/themes");
  }

  /** Opens the page from the title bar: the My Account menu, then its Themes link. */
  async openFromAccountMenu(): Promise<void> {
    await this.page.getByRole("button", { name: "My Account" }).click();
    await this.page.getByRole("link", { name: "Themes" }).click();
  }

  /** The page's title, "Themes". */
  get title(): Locator {
    return this.page.getByRole("heading", { name: "Themes", level: 1 });
  }

  button(action: "Apply" | "Preview" | "Copy" | "Delete", themeName: string): Locator {
    return this.main.getByRole("button", { name: `${action} ${themeName}`, exact: true });
  }

  editLink(themeName: string): Locator {
    return this.main.getByRole("link", { name: `Edit ${themeName}`, exact: true });
  }

  /** A theme's entry in the list, by its heading (the name, and 'Current Theme' on the current one). */
  theme(name: string): Locator {
    const heading = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( Current Theme)?$`);
    return this.main.getByRole("listitem").filter({ has: this.page.getByRole("heading", { name: heading }) });
  }

  get status(): Locator {
    return this.main.getByRole("status");
  }

  /** The warning the Custom Scripts switch is described by. */
  get scriptsWarning(): Locator {
    return this.page.locator("#theme-scripts-warning");
  }
}

/** `/dashboard/themes/{id}/edit`: the theme editor, its miniature and its revision history. */
export class ThemeEditorPage extends ParleyPage {
  /** The theme's id, from the address. */
  themeID(): string {
    const match = /^\/dashboard\/themes\/(\d+)\/edit$/.exec(this.pathname());
    if (!match) throw new Error(`Not on a theme editor: ${this.page.url()}`);
    return match[1]!;
  }

  field(label: string): Locator {
    return this.main.getByLabel(label, { exact: true });
  }

  picker(label: string): Locator {
    return this.main.getByLabel(`Choose ${label}`, { exact: true });
  }

  button(name: "Save" | "Preview" | "Apply"): Locator {
    return this.main.getByRole("button", { name, exact: true });
  }

  get backLink(): Locator {
    return this.main.getByRole("link", { name: "Back to Themes" });
  }

  get status(): Locator {
    return this.main.getByRole("status");
  }

  /** The error shown with a field (its aria-describedby). */
  async fieldError(label: string): Promise<string> {
    return this.field(label).evaluate((input) => {
      const ids = (input.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id.endsWith("-error"));
      return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
    });
  }

  /** The miniature's title bar background and primary button, as computed. */
  async miniature(): Promise<{ titleBarBg: string; buttonBg: string }> {
    return this.main.locator('[data-part="miniature"]').evaluate((element) => ({
      titleBarBg: getComputedStyle(element.querySelector('[data-part="miniature-title-bar"]')!).backgroundColor,
      buttonBg: getComputedStyle(element.querySelector('[data-part="miniature-button"]')!).backgroundColor,
    }));
  }

  /** The miniature's primary button and logo as computed: the design the form's values make, live. */
  async miniatureDesign(): Promise<{
    buttonRadius: string;
    buttonBg: string;
    buttonBorder: string;
    logo: string | null;
  }> {
    return this.main.locator('[data-part="miniature"]').evaluate((element) => {
      const button = getComputedStyle(element.querySelector('[data-part="miniature-button"]')!);
      const logo = element.querySelector<HTMLImageElement>('[data-part="miniature-logo"]');
      return {
        buttonRadius: button.borderTopLeftRadius,
        buttonBg: button.backgroundColor,
        buttonBorder: button.borderTopColor,
        logo: logo ? new URL(logo.src).pathname : null,
      };
    });
  }

  get revisions(): Locator {
    return this.main.getByRole("region", { name: "Revision History" }).getByRole("listitem");
  }

  revision(label: string): Locator {
    return this.revisions.filter({ has: this.page.getByRole("heading", { name: label }) });
  }

  revisionButton(action: "Preview" | "Restore", label: string): Locator {
    return this.main.getByRole("button", { name: `${action} ${label}`, exact: true });
  }

  get unsavedDialog(): Locator {
    return this.page.getByRole("dialog", { name: "Unsaved Changes" });
  }
}
