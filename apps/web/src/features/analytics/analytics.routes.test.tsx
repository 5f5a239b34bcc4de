import type { AnalyticsDay, AnalyticsSummary, Me } from "@parley/contracts";
import { cleanup, render, screen, within } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApiClient } from "../../lib/api.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { Providers } from "../../Providers.tsx";
import { RouteErrorPage } from "../../shell/ErrorPages.tsx";
import { memberMe } from "../../shell/testing.tsx";
import { createFakeTransport, jsonResponse } from "../../test/fixtures.ts";
import { plotHeight } from "./analytics.chart.ts";
import { createAnalyticsRoutes } from "./analytics.routes.tsx";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const manager: Me = { ...memberMe, permissions: [...memberMe.permissions, "site.manage"] };

const day = (date: string, counts: Partial<AnalyticsDay>): AnalyticsDay => ({
  date,
  pageViews: 0,
  visits: 0,
  activeMembers: 0,
  newMembers: 0,
  discussions: 0,
  comments: 0,
  ...counts,
});

const days = [
  day("2026-11-30", { pageViews: 120, visits: 40, activeMembers: 3, newMembers: 1, discussions: 2, comments: 9 }),
  day("2026-12-01", { pageViews: 75, visits: 31, activeMembers: 5, discussions: 1, comments: 4 }),
  day("2026-12-02", { pageViews: 0, visits: 0 }),
  day("2026-12-03", { pageViews: 310, visits: 96, activeMembers: 7, newMembers: 4, discussions: 6, comments: 17 }),
  day("2026-12-04", { pageViews: 42, visits: 18, activeMembers: 2, newMembers: 2, comments: 3 }),
];

const summary: AnalyticsSummary = {
  from: "2026-11-30",
  to: "2026-12-04",
  days,
  totals: { pageViews: 547, visits: 185, activeMembers: 3, newMembers: 7, discussions: 9, comments: 33 },
  topDiscussions: [
    { discussionID: 12, name: "Sowing beans", url: "http://localhost/discussion/12/sowing-beans", views: 88 },
    { discussionID: 9, name: "Frost dates", url: "http://localhost/discussion/9/frost-dates", views: 31 },
  ],
  topCategories: [{ categoryID: 3, name: "Garden", url: "http://localhost/categories/garden", views: 140 }],
  searchesWithoutResults: [],
};

function renderAt(path: string, { me = manager, answer = jsonResponse(summary) } = {}) {
  const transport = createFakeTransport({
    "GET /users/me": jsonResponse(me),
    "GET /analytics/summary": answer,
  });
  const queryClient = createQueryClient();
  const api = createApiClient(transport);
  const router = createMemoryRouter(
    [{ errorElement: <RouteErrorPage />, children: createAnalyticsRoutes({ queryClient, api }) }],
    { initialEntries: [path] },
  );
  render(
    <Providers queryClient={queryClient} api={api} head={null} now={Date.parse("2026-12-04T12:00:00Z")}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { transport };
}

/** The values a chart's line stands for, read back from its points on a plot whose top is `max`. */
const valuesOfPath = (path: string, max: number) =>
  [...path.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map(([, , y]) =>
    Math.round(((plotHeight - Number(y)) / plotHeight) * max),
  );

/** A chart's figure: its lines' values as drawn, and its table's columns as the table says them. */
function readChart(figure: HTMLElement) {
  const svg = within(figure).getByRole("img");
  const max = Number(figure.querySelector('[aria-hidden="true"] span')!.textContent);
  const drawn: Record<string, number[]> = {};
  for (const path of svg.querySelectorAll("path[data-measure]")) {
    drawn[path.getAttribute("data-measure")!] = valuesOfPath(path.getAttribute("d")!, max);
  }
  const table = within(figure).getByRole("table");
  const rows = within(table).getAllByRole("row").slice(1);
  const tabled: Record<string, number[]> = {};
  for (const measure of Object.keys(drawn)) {
    tabled[measure] = rows.map((row) =>
      Number(row.querySelector(`td[data-measure="${measure}"]`)!.textContent.replace(/,/g, "")),
    );
  }
  const dates = rows.map((row) => row.querySelector("time")!.getAttribute("datetime"));
  return { svg, drawn, tabled, dates };
}

describe("/dashboard/analytics", () => {
  it("shows the period's totals, four charts each with the same figures as a table, and the top lists", async () => {
    const { transport } = renderAt("/dashboard/analytics?period=custom&from=2026-11-30&to=2026-12-04");
    await screen.findByRole("heading", { level: 1, name: "Analytics" });
    expect(transport.requests.find((request) => request.path === "/analytics/summary")?.query).toEqual({
      from: "2026-11-30",
      to: "2026-12-04",
    });

    const totals = screen.getByRole("region", { name: "Totals" });
    expect(within(totals).getByText("Nov 30, 2026 to Dec 4, 2026: 5 days.")).toBeTruthy();
    const terms = within(totals)
      .getAllByRole("term")
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(terms).toEqual([
      "Page views: 547",
      "Visits: 185",
      "Active members a day, on average: 3",
      "New members: 7",
      "Discussions: 9",
      "Comments: 33",
    ]);

    const figures = screen.getAllByRole("figure");
    expect(figures.map((figure) => figure.querySelector("figcaption")!.textContent)).toEqual([
      "Page Views and Visits",
      "New Members",
      "Discussions and Comments",
      "Active Members",
    ]);
    const traffic = readChart(figures[0]!);
    expect(traffic.svg.getAttribute("aria-label")).toBe(
      "Page Views and Visits, a day from Nov 30, 2026 to Dec 4, 2026. Page views: at most 310 a day. Visits: at most 96 a day.",
    );
    expect(traffic.drawn).toEqual({ pageViews: [120, 75, 0, 310, 42], visits: [40, 31, 0, 96, 18] });
    expect(traffic.dates).toEqual(days.map((item) => item.date));
    for (const figure of figures) {
      const chart = readChart(figure);
      expect(chart.tabled).toEqual(chart.drawn);
      for (const [measure, values] of Object.entries(chart.drawn)) {
        expect(values).toEqual(days.map((item) => item[measure as keyof Omit<AnalyticsDay, "date">]));
      }
      // The table is the chart's alternative, right with it: in a disclosure of the figure, with a caption and headers.
      const table = within(figure).getByRole("table");
      expect(table.closest("details")?.querySelector("summary")?.textContent).toBe("Show the figures as a table");
      expect(table.querySelector("caption")?.textContent).toMatch(/, day by day$/);
      expect(within(table).getAllByRole("columnheader")[0]!.getAttribute("scope")).toBe("col");
      expect(within(table).getAllByRole("rowheader")).toHaveLength(days.length);
    }

    const discussions = screen.getByRole("table", { name: "Most Viewed Discussions" });
    expect(within(discussions).getByRole("link", { name: "Sowing beans" }).getAttribute("href")).toBe(
      "http://localhost/discussion/12/sowing-beans",
    );
    expect(within(discussions).getAllByRole("row")[1]!.textContent).toBe("Sowing beans88");
    expect(within(screen.getByRole("table", { name: "Most Viewed Categories" })).getByText("140")).toBeTruthy();
    const searches = screen.getByRole("region", { name: "Searches That Found Nothing" });
    expect(within(searches).queryByRole("table")).toBeNull();
    expect(within(searches).getByText("Every search in this period found something.")).toBeTruthy();

    expect(screen.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe(
      "/api/v2/analytics/summary.csv?from=2026-11-30&to=2026-12-04",
    );
    expect(screen.getByLabelText<HTMLSelectElement>("Period").value).toBe("custom");
    expect(screen.getByLabelText<HTMLInputElement>("From").value).toBe("2026-11-30");
  });

  it("shows the last 30 days ending today (UTC) without a period", async () => {
    vi.spyOn(Date, "now").mockReturnValue(Date.parse("2026-12-04T23:30:00Z"));
    const { transport } = renderAt("/dashboard/analytics");
    await screen.findAllByRole("figure");
    expect(transport.requests.find((request) => request.path === "/analytics/summary")?.query).toEqual({
      from: "2026-11-05",
      to: "2026-12-04",
    });
    expect(screen.getByLabelText<HTMLSelectElement>("Period").value).toBe("30");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Last 7 days",
      "Last 30 days",
      "Last 90 days",
      "Last 365 days",
      "Custom dates",
    ]);
  });

  it("says why dates cannot be shown beside them, and asks nothing of the API", async () => {
    const { transport } = renderAt("/dashboard/analytics?period=custom&from=2026-12-04&to=2026-11-01");
    await screen.findByText("The end date must not be before the start date.");
    expect(screen.queryAllByRole("figure")).toEqual([]);
    expect(screen.queryByRole("link", { name: "Download CSV" })).toBeNull();
    expect(transport.requests.some((request) => request.path === "/analytics/summary")).toBe(false);
  });

  it("says the API's refusal of a period beside the dates", async () => {
    renderAt("/dashboard/analytics?period=custom&from=2026-01-01&to=2026-01-02", {
      answer: jsonResponse({ message: "The period starts before the site's first day.", status: 400 }, 400),
    });
    await screen.findByText("The period starts before the site's first day.");
    expect(screen.queryAllByRole("figure")).toEqual([]);
  });

  it("refuses a member without site.manage: the permission page", async () => {
    const { transport } = renderAt("/dashboard/analytics", { me: memberMe });
    await screen.findByRole("heading", { level: 1, name: "Permission Problem" });
    expect(transport.requests.some((request) => request.path === "/analytics/summary")).toBe(false);
  });
});
