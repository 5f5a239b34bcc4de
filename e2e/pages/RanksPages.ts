import type { Locator, Response } from "playwright-core";
import { DashboardPage } from "./DashboardPage.ts";

/** `/dashboard/ranks`: the ranks' table and the Add Rank form. */
export class RanksDashboardPage extends DashboardPage {
  override goto(): Promise<Response> {
    return this.open("/dashboard/ranks");
  }

  get table(): Locator {
    return this.main.getByRole("table", { name: "Ranks" });
  }

  row(name: string): Locator {
    return this.table.getByRole("row", { name, exact: true });
  }

  /** The Add Rank form (the one whose button says so). */
  get addForm(): Locator {
    return this.main.locator("form").filter({ has: this.page.getByRole("button", { name: "Add Rank", exact: true }) });
  }

  /** Fills Add Rank in; the caller submits with `submitAndWait(addButton)`. */
  async fillNewRank(rank: {
    name: string;
    label: string;
    level: number;
    minPosts: number;
    links?: "May post links" | "May not post links";
    editing?: string;
  }): Promise<void> {
    await this.addForm.getByLabel("Name", { exact: true }).fill(rank.name);
    await this.addForm.getByLabel("Label", { exact: true }).fill(rank.label);
    await this.addForm.getByLabel("Level", { exact: true }).fill(String(rank.level));
    await this.addForm.getByLabel("Minimum posts", { exact: true }).fill(String(rank.minPosts));
    if (rank.links) await this.addForm.getByLabel("Links", { exact: true }).selectOption({ label: rank.links });
    if (rank.editing)
      await this.addForm.getByLabel("Editing Posts", { exact: true }).selectOption({ label: rank.editing });
  }

  /** A rank's abilities as its row says them ("May not post links; Authors may edit for 1 hour"). */
  abilities(name: string): Locator {
    return this.row(name).getByRole("cell").nth(2);
  }

  get addButton(): Locator {
    return this.addForm.getByRole("button", { name: "Add Rank", exact: true });
  }
}
