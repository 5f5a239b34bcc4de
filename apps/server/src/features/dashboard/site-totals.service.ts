import { siteTotalNames, siteTotalWindows, type SiteTotalName } from "@parley/contracts/site-totals-constants";
import type { SiteTotal, SiteTotals, SiteTotalsQuery } from "@parley/contracts";
import type { Clock } from "../../platform/clock.ts";
import { fieldError, validationFailed } from "../../platform/errors.ts";

/**
 * Counts from the tables' owners: all of them, or those inserted since a date (ISO, as stored); the posts and
 * categories of a subcommunity's categories when given them.
 */
export interface SiteTotalSources {
  members(since?: string): Promise<number>;
  discussions(since?: string, categoryIDs?: number[]): Promise<number>;
  comments(since?: string, categoryIDs?: number[]): Promise<number>;
  categories(categoryIDs?: number[]): Promise<number>;
  /** A `siteSectionID` filter's categories (a subcommunity's subtree); null for the whole site; 404 unknown. */
  sectionCategories(
    siteSectionID: string | undefined,
  ): Promise<{ siteSectionID: number; categoryIDs: number[] } | null>;
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
  const total = ([count, last7Days, last30Days]: number[], isFiltered = false): SiteTotal => ({
    count: count!,
    isCalculating: false,
    isFiltered,
    last7Days: last7Days!,
    last30Days: last30Days!,
  });

  return {
    async totals(query: SiteTotalsQuery): Promise<SiteTotals> {
      // A subcommunity's totals (issue 40): its posts and categories; members are the whole site's.
      const section = await sources.sectionCategories(query.siteSectionID);
      const within = section?.categoryIDs;
      const filtered = section !== null;
      const names = namesOf(query.counts);
      const needs = new Set(names);
      const [members, discussions, comments, categories] = await Promise.all([
        needs.has("user") ? withWindows((since) => sources.members(since)) : null,
        needs.has("discussion") || needs.has("post")
          ? withWindows((since) => sources.discussions(since, within))
          : null,
        needs.has("comment") || needs.has("post") ? withWindows((since) => sources.comments(since, within)) : null,
        needs.has("category") ? sources.categories(within) : null,
      ]);
      const counts: Record<string, SiteTotal> = {};
      for (const name of names) {
        if (name === "user") counts[name] = total(members!);
        if (name === "discussion") counts[name] = total(discussions!, filtered);
        if (name === "comment") counts[name] = total(comments!, filtered);
        if (name === "post")
          counts[name] = total(
            discussions!.map((count, index) => count + comments![index]!),
            filtered,
          );
        if (name === "category") counts[name] = { count: categories!, isCalculating: false, isFiltered: filtered };
      }
      return section ? { siteSectionID: section.siteSectionID, counts } : { counts };
    },
  };
}

export type SiteTotalsService = ReturnType<typeof createSiteTotalsService>;
