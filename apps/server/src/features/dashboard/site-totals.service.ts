import { siteTotalNames, siteTotalWindows, type SiteTotalName } from "@parley/contracts/site-totals-constants";
import type { SiteTotal, SiteTotals, SiteTotalsQuery } from "@parley/contracts";
import type { Clock } from "../../platform/clock.ts";
import { fieldError, notFound, validationFailed } from "../../platform/errors.ts";

/** Counts from the tables' owners: all of them, or those inserted since a date (ISO, as stored). */
export interface SiteTotalSources {
  members(since?: string): Promise<number>;
  discussions(since?: string): Promise<number>;
  comments(since?: string): Promise<number>;
  categories(): Promise<number>;
}

const DAY_MS = 86_400_000;

/** The names asked for: `all` (or nothing) for every one; an unknown name is refused by name. */
function namesOf(counts: string[] | undefined): SiteTotalName[] {
  const asked = (counts ?? ["all"]).flatMap((value) => value.split(",")).map((value) => value.trim());
  if (asked.length === 0 || asked.includes("all")) return [...siteTotalNames];
  const unknown = asked.filter((name) => !(siteTotalNames as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw validationFailed([
      fieldError(
        "counts",
        "invalid",
        `Unknown count: ${unknown.join(", ")}. The counts are ${siteTotalNames.join(", ")} or all.`,
      ),
    ]);
  return [...new Set(asked as SiteTotalName[])];
}

/**
 * `GET /site-totals`: the site's members, discussions, comments, posts and categories, as Vanilla counts
 * them for everyone (totals, not records), with the new members and posts of the last 7 and 30 days.
 */
export function createSiteTotalsService(sources: SiteTotalSources, clock: Clock) {
  /** A count of all, and of the recent windows, of one source. */
  async function withWindows(count: (since?: string) => Promise<number>): Promise<number[]> {
    const now = clock.nowMs();
    return Promise.all([
      count(),
      ...siteTotalWindows.map((days) => count(new Date(now - days * DAY_MS).toISOString())),
    ]);
  }
  const total = ([count, last7Days, last30Days]: number[]): SiteTotal => ({
    count: count!,
    isCalculating: false,
    isFiltered: false,
    last7Days: last7Days!,
    last30Days: last30Days!,
  });

  return {
    async totals(query: SiteTotalsQuery): Promise<SiteTotals> {
      // Parley has one site section: the whole site.
      if (query.siteSectionID !== undefined && query.siteSectionID !== "") throw notFound("Site section");
      const names = namesOf(query.counts);
      const needs = new Set(names);
      const [members, discussions, comments, categories] = await Promise.all([
        needs.has("user") ? withWindows((since) => sources.members(since)) : null,
        needs.has("discussion") || needs.has("post") ? withWindows((since) => sources.discussions(since)) : null,
        needs.has("comment") || needs.has("post") ? withWindows((since) => sources.comments(since)) : null,
        needs.has("category") ? sources.categories() : null,
      ]);
      const counts: Record<string, SiteTotal> = {};
      for (const name of names) {
        if (name === "user") counts[name] = total(members!);
        if (name === "discussion") counts[name] = total(discussions!);
        if (name === "comment") counts[name] = total(comments!);
        if (name === "post") counts[name] = total(discussions!.map((count, index) => count + comments![index]!));
        if (name === "category") counts[name] = { count: categories!, isCalculating: false, isFiltered: false };
      }
      return { counts };
    },
  };
}

export type SiteTotalsService = ReturnType<typeof createSiteTotalsService>;
