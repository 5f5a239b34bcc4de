import type { Locator } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

/** The title bar and what it opens: the site navigation panel, member menus, search, user cards. */
export class TitleBarPage extends ParleyPage {
  get logo(): Locator {
    return this.titleBar.getByRole("link", { name: "Parley", exact: true });
  }

  get hamburger(): Locator {
    return this.titleBar.getByRole("button", { name: "Site Navigation" });
  }

  get siteNavigationPanel(): Locator {
    return this.page.getByRole("dialog", { name: "Site Navigation" });
  }

  /** The side panel, whatever it is titled (it takes the name of the entry drilled into). */
  get sidePanel(): Locator {
    return this.page.getByRole("dialog");
  }

  get searchButton(): Locator {
    return this.titleBar.getByRole("link", { name: "Search" });
  }

  get searchForm(): Locator {
    return this.titleBar.getByRole("search");
  }

  /** The search field: a searchbox, a combobox once its suggestions have loaded. */
  get searchField(): Locator {
    return this.searchForm.getByLabel("Search", { exact: true }).and(this.page.locator("input"));
  }

  get searchSuggestions(): Locator {
    return this.page.getByRole("listbox", { name: "Search suggestions" });
  }

  get notificationsButton(): Locator {
    return this.titleBar.getByRole("button", { name: /^Notifications/ });
  }

  get messagesButton(): Locator {
    return this.titleBar.getByRole("button", { name: /^Messages/ });
  }

  /** Desktop: the My Account button (photo and name). */
  get accountButton(): Locator {
    return this.titleBar.locator('button[data-menu="account"]');
  }

  /** Compact: the one button that opens the member panel. */
  get memberPanelButton(): Locator {
    return this.titleBar.getByRole("button", { name: /^My Account/ });
  }

  dialog(name: string | RegExp): Locator {
    return this.page.getByRole("dialog", { name });
  }

  /** The user card, as a popover or a modal. */
  get userCard(): Locator {
    return this.page.locator("[data-user-card]");
  }

  get emailToast(): Locator {
    return this.page.locator('[data-toast="email-unconfirmed"]');
  }

  /** Where the focus is: the accessible-ish description of document.activeElement. */
  async focusedLabel(): Promise<string> {
    return this.page.evaluate(() => {
      const element = document.activeElement;
      return element?.getAttribute("aria-label") ?? (element?.textContent ?? "").trim();
    });
  }

  /** Waits until focus is on an element whose label starts with `label` (React Aria restores focus a frame after closing). */
  async waitForFocus(label: string): Promise<void> {
    await this.page.waitForFunction((expected) => {
      const element = document.activeElement;
      const text = element?.getAttribute("aria-label") ?? (element?.textContent ?? "").trim();
      return text.startsWith(expected);
    }, label);
  }

  async bodyClasses(): Promise<string[]> {
    return this.page.evaluate((): string[] => Array.from(document.body.classList));
  }
}
