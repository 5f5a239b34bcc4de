import { readFile } from "node:fs/promises";
import type { Locator, Response } from "playwright-core";
import { DashboardPage } from "./DashboardPage.ts";
import { PrivacyPage } from "./PrivacyPage.ts";

/** A chart as the page draws it and as its table says it: each line's values a day, and the table's rows. */
interface ReadChart {
  /** The SVG's accessible name. */
  label: string;
  /** Each line's values (by measure), read back from its points on the plot. */
  drawn: Record<string, number[]>;
  /** The table's columns of figures (by measure) and its days (`YYYY-MM-DD`), top to bottom. */
  tabled: Record<string, number[]>;
  days: string[];
}

/**
 * `/dashboard/analytics`: the period form, the totals, the charts (each an SVG with its table in a disclosure), the
 * top lists and the CSV download.
 */
export class AnalyticsPage extends DashboardPage {
  override goto(search = ""): Promise<Response> {
    return this.open(`/dashboard/analytics${search}`);
  }

  /** Follows the dashboard navigation's Analytics link (from any dashboard page). */
  async openFromNavigation(): Promise<void> {
    await this.navLink("Analytics").click();
    await this.page.waitForURL((url) => url.pathname === "/dashboard/analytics");
  }

  /** A chart's figure, by its caption ("Page Views and Visits"). */
  chart(caption: string): Locator {
    const escaped = caption.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return this.main
      .locator("figure")
      .filter({ has: this.page.locator("figcaption", { hasText: new RegExp(`^${escaped}$`) }) });
  }

  /** The charts' captions, in order. */
  async chartCaptions(): Promise<string[]> {
    return this.main.locator("figure figcaption").allInnerTexts();
  }

  /** Opens a chart's table ("Show the figures as a table") unless it is open. */
  async openTable(caption: string): Promise<Locator> {
    const figure = this.chart(caption);
    const table = figure.getByRole("table");
    if (!(await table.isVisible())) await figure.getByText("Show the figures as a table", { exact: true }).click();
    await table.waitFor();
    return table;
  }

  /** Reads a chart: its lines as drawn (through the value axis's top) and its table's figures, which it opens. */
  async readChart(caption: string): Promise<ReadChart> {
    await this.openTable(caption);
    return this.chart(caption).evaluate((figure) => {
      const svg = figure.querySelector('svg[role="img"]')!;
      const height = Number(svg.getAttribute("viewBox")!.split(" ")[3]);
      const axisTop = figure.querySelector('[aria-hidden="true"] span')!.textContent;
      // The axis abbreviates (1.2k): only small test figures are read back exactly.
      const max = Number(axisTop);
      const drawn: Record<string, number[]> = {};
      for (const path of Array.from(svg.querySelectorAll("path[data-measure]"))) {
        const points = [...path.getAttribute("d")!.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)];
        drawn[path.getAttribute("data-measure")!] = points.map(([, , y]) =>
          Math.round(((height - Number(y)) / height) * max),
        );
      }
      const rows = Array.from(figure.querySelectorAll("tbody tr"));
      const tabled: Record<string, number[]> = {};
      for (const measure of Object.keys(drawn)) {
        tabled[measure] = rows.map((row) =>
          Number(row.querySelector(`td[data-measure="${measure}"]`)!.textContent.replace(/\D/g, "")),
        );
      }
      const days = rows.map((row) => row.querySelector("time")!.getAttribute("datetime")!);
      return { label: svg.getAttribute("aria-label")!, drawn, tabled, days };
    });
  }

  /** The totals list: each term and its count. */
  async totals(): Promise<Record<string, number>> {
    const region = this.main.getByRole("region", { name: "Totals", exact: true });
    const terms = await region.getByRole("term").allInnerTexts();
    const counts = await region.getByRole("definition").allInnerTexts();
    return Object.fromEntries(terms.map((term, index) => [term, Number(counts[index]!.replace(/\D/g, ""))]));
  }

  /** A top list's table ("Most Viewed Discussions"), or its empty state's sentence when it has none. */
  topList(title: string): Locator {
    return this.main.getByRole("region", { name: title, exact: true });
  }

  /** A top list's rows as text: name and count. */
  async topRows(title: string): Promise<Array<[string, number]>> {
    const rows = this.topList(title).getByRole("row");
    const texts = await rows.evaluateAll((found) =>
      found.slice(1).map((row) => Array.from(row.children).map((cell) => (cell.textContent ?? "").trim())),
    );
    return texts.map(([name, count]) => [name!, Number(count!.replace(/\D/g, ""))]);
  }

  get periodSelect(): Locator {
    return this.main.getByLabel("Period", { exact: true });
  }

  /** The period the form shows (the select's chosen option's text). */
  async chosenPeriod(): Promise<string> {
    return this.periodSelect.evaluate((select) => {
      const element = select as HTMLSelectElement;
      return element.options[element.selectedIndex]?.text ?? "";
    });
  }

  /** The From and To dates the form shows. */
  async dates(): Promise<{ from: string; to: string }> {
    return {
      from: await this.main.getByLabel("From", { exact: true }).inputValue(),
      to: await this.main.getByLabel("To", { exact: true }).inputValue(),
    };
  }

  /**
   * Chooses a period with the keyboard only: focuses the Period select, moves through its options with the arrow keys
   * until `label` is chosen, then tabs to Show and presses Enter.
   */
  async choosePeriodByKeyboard(label: string): Promise<void> {
    const options = await this.periodSelect.locator("option").allInnerTexts();
    const target = options.indexOf(label);
    if (target < 0) throw new Error(`The Period select has no option "${label}".`);
    await this.periodSelect.focus();
    const current = options.indexOf(await this.chosenPeriod());
    const key = target > current ? "ArrowDown" : "ArrowUp";
    for (let step = 0; step < Math.abs(target - current); step += 1) await this.page.keyboard.press(key);
    if ((await this.chosenPeriod()) !== label) throw new Error(`The arrow keys chose "${await this.chosenPeriod()}".`);
    const show = this.main.getByRole("button", { name: "Show", exact: true });
    for (let tab = 0; tab < 6 && !(await show.evaluate((button) => button === document.activeElement)); tab += 1) {
      await this.page.keyboard.press("Tab");
    }
    await this.page.keyboard.press("Enter");
  }

  get csvLink(): Locator {
    return this.main.getByRole("link", { name: "Download CSV", exact: true });
  }

  /** Downloads the CSV through its link, as the browser does; returns its file name and its text. */
  async downloadCsv(): Promise<{ fileName: string; text: string }> {
    const [download] = await Promise.all([this.page.waitForEvent("download"), this.csvLink.click()]);
    const file = await download.path();
    return { fileName: download.suggestedFilename(), text: await readFile(file, "utf8") };
  }
}

/** The member's privacy page's "Site Analytics" part: one box and its own Save. */
export class AnalyticsPrivacyPage extends PrivacyPage {
  get leaveOutBox(): Locator {
    return this.main.getByRole("checkbox", { name: "Leave my visits out of the site's analytics", exact: true });
  }

  get saveChoiceButton(): Locator {
    return this.main.getByRole("button", { name: "Save my choice about the site's analytics", exact: true });
  }

  isLeftOut(): Promise<boolean> {
    return this.leaveOutBox.isChecked();
  }

  /** Ticks (or clears) the box and saves it; waits for the form's post. */
  async leaveOut(leave: boolean): Promise<void> {
    await this.leaveOutBox.setChecked(leave);
    await this.submitAndWait(this.saveChoiceButton);
  }
}
