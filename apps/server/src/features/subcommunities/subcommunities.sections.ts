import { SMART_SECTION_PREFIX } from "@parley/contracts";
import type { Clock } from "../../platform/clock.ts";
import type { ContentChanges } from "../../platform/content-changes.ts";
import { notFound } from "../../platform/errors.ts";
import type { SiteSection, SiteSections } from "../../platform/site-sections.ts";
import type { SubcommunitiesRepo, SubcommunityRow } from "./subcommunities.repo.ts";

/** How long a process trusts its copy of the sections without a change heard (another process's, without Redis). */
const FRESH_MS = 5_000;

/**
 * The changes after which the copy is stale: a subcommunity's own (this process's or another's, through Redis), or
 * one from a process that did not say which (null). Its rows name their root category by id only, and the lists
 * read the category tree from the categories' directory, so a category's rename or deletion changes nothing here.
 */
const staleAfter = (event: string | null) => event === null || event === "subcommunity.changed";

const sectionOf = (row: SubcommunityRow): SiteSection => ({
  subcommunityID: row.subcommunityID,
  siteSectionID: String(row.subcommunityID),
  name: row.name,
  folder: row.folder,
  basePath: `/${row.folder}`,
  categoryID: row.categoryID,
  locale: row.locale,
  themeID: row.themeID,
  sort: row.sort,
});

export interface LoadedSiteSections extends SiteSections {
  /** Reads the sections now (at start, and after this process changed one). */
  reload(): Promise<void>;
}

/**
 * The sections in memory, for the address router (synchronous, on every request) and the lists' filters: read at
 * start, again after a change on this process, when any process announces a subcommunity's change (content changes
 * travel through Redis with their event's name), and at most `FRESH_MS` after the last read otherwise.
 */
export function createSiteSections(
  repo: SubcommunitiesRepo,
  clock: Clock,
  changes: ContentChanges,
): LoadedSiteSections {
  let sections: SiteSection[] = [];
  let byFolder = new Map<string, SiteSection>();
  let readAt = -Infinity;
  let reading: Promise<void> | null = null;

  const reload = () =>
    (reading ??= repo
      .list()
      .then((rows) => {
        sections = rows.map(sectionOf);
        byFolder = new Map(sections.map((section) => [section.folder, section]));
        readAt = clock.nowMs();
      })
      .finally(() => {
        reading = null;
      }));
  const stale = () => clock.nowMs() - readAt > FRESH_MS;
  // A stale copy still answers the synchronous reads; the next read is fresh.
  const refreshSoon = () => {
    if (stale() && !reading) reload().catch(() => undefined);
  };
  changes.on((event) => {
    if (staleAfter(event)) readAt = -Infinity;
  });

  return {
    reload,
    list() {
      refreshSoon();
      return sections;
    },
    byFolder(folder) {
      refreshSoon();
      return byFolder.get(folder);
    },
    async resolve(filter) {
      if (filter === undefined || filter === "" || filter === "0") return null;
      if (stale()) await reload();
      const key = filter.startsWith(SMART_SECTION_PREFIX) ? filter.slice(SMART_SECTION_PREFIX.length) : filter;
      const found = /^\d{1,10}$/.test(key)
        ? sections.find((section) => section.siteSectionID === String(Number(key)))
        : filter !== key
          ? byFolder.get(key)
          : undefined;
      if (!found) throw notFound("Site section");
      return found;
    },
  };
}
