import type { Locator, Response } from "playwright-core";
import { DashboardPage } from "./DashboardPage.ts";

/** `/dashboard/moderation/watched-words`: the watched words, the add form and each word's Delete button. */
export class WatchedWordsPage extends DashboardPage {
  override goto(): Promise<Response> {
    return this.open("/dashboard/moderation/watched-words");
  }

  get table(): Locator {
    return this.main.getByRole("table", { name: "Watched words" });
  }

  /** The words listed with their actions, in order. */
  async rows(): Promise<string[][]> {
    return this.table.locator("tbody tr").evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll("td"))
          .slice(0, 2)
          .map((cell) => cell.textContent ?? ""),
      ),
    );
  }

  /** Fills the add form; the caller submits with `submitAndWait(addButton)`. */
  async fill(word: string, action: string): Promise<void> {
    await this.main.getByLabel("Word or pattern").fill(word);
    await this.main.getByLabel("Action").selectOption({ label: action });
  }

  get addButton(): Locator {
    return this.main.getByRole("button", { name: "Add Word" });
  }

  deleteButton(word: string): Locator {
    return this.main.getByRole("button", { name: `Delete “${word}”` });
  }

  status(text: string): Locator {
    return this.main.getByRole("status").filter({ hasText: text });
  }
}
