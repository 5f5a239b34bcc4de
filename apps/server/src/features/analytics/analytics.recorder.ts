import { createHash } from "node:crypto";
import { analyticsLimits } from "@parley/contracts/analytics-constants";
import type { AnalyticsRepo } from "./analytics.repo.ts";

/** How often the counts gathered in memory are added to the rollups, in one transaction. */
export const ANALYTICS_FLUSH_MS = 5_000;
/** At most this many readers are gathered between two writes (a flood past it is not counted). */
const READERS_MAX = 50_000;

/** Who did something: a member (their id), or a guest (their address and browser, hashed with the day). */
export interface Reader {
  userID: number;
  ip: string;
  userAgent: string;
}

/** What a reader did, counted: a page view, a discussion's or category's view, a search that found nothing. */
export type ReaderEvent =
  | { kind: "pageView" }
  | { kind: "discussionView"; discussionID: number; categoryID: number | null }
  | { kind: "searchWithoutResults"; query: string }
  | { kind: "active" };

interface Gathered {
  day: string;
  userID: number;
  reader: string;
  counts: Map<string, number>;
}

const SEP = "\u0000";

/** The day (UTC) of an ISO date. */
const dayOf = (iso: string) => iso.slice(0, 10);

/**
 * Gathers what readers do in memory and adds it to the daily rollups every `ANALYTICS_FLUSH_MS` (no write per
 * request). A member who asked to be left out is dropped as the batch is written (one query per batch); a visit
 * is counted once a day per reader across processes (`analyticsVisitors`), and so is an active member.
 */
export function createAnalyticsRecorder({ repo, now }: { repo: AnalyticsRepo; now: () => string }) {
  let readers = new Map<string, Gathered>();
  let site = new Map<string, number>();
  let flushing: Promise<void> = Promise.resolve();
  let prunedDay = "";

  const readerKey = (reader: Reader, day: string) =>
    reader.userID > 0
      ? `u:${reader.userID}`
      : `g:${createHash("sha256").update(`${day}${SEP}${reader.ip}${SEP}${reader.userAgent}`).digest("hex").slice(0, 32)}`;

  /** Adds to a count: `metric` and `key`, or (key undefined) an id made already. */
  const add = (counts: Map<string, number>, metric: string, key: string | undefined, by = 1) => {
    const id = key === undefined ? metric : `${metric}${SEP}${key}`;
    counts.set(id, (counts.get(id) ?? 0) + by);
  };

  async function write(batch: Map<string, Gathered>, totals: Map<string, number>): Promise<void> {
    const leftOut = await repo.leftOut([...new Set([...batch.values()].map((entry) => entry.userID))]);
    const counts = new Map<string, number>(totals);
    // A visit: a reader's first page view of the day; an active member: a member's first view or post of the day.
    const visitors: Array<{ day: string; reader: string }> = [];
    for (const entry of batch.values()) {
      if (leftOut.has(entry.userID)) continue;
      if (entry.counts.has(`pageViews${SEP}`)) visitors.push({ day: entry.day, reader: entry.reader });
      if (entry.userID > 0) visitors.push({ day: entry.day, reader: `a:${entry.userID}` });
      for (const [id, count] of entry.counts) add(counts, `${entry.day}${SEP}${id}`, undefined, count);
    }
    await repo.add(visitors, (fresh) => {
      for (const { day, reader } of fresh)
        add(counts, `${day}${SEP}${reader.startsWith("a:") ? "activeMembers" : "visits"}`, "");
      return [...counts].map(([id, count]) => {
        const [day, metric, key] = id.split(SEP) as [string, string, string];
        return { day, metric, key, count };
      });
    });
    const today = dayOf(now());
    if (prunedDay !== today) {
      prunedDay = today;
      const kept = new Date(Date.parse(`${today}T00:00:00Z`) - analyticsLimits.visitorDaysKept * 86_400_000);
      await repo.pruneVisitors(kept.toISOString().slice(0, 10));
      await repo.compact(today, { day: analyticsLimits.keyedKeptPerDay, month: analyticsLimits.keyedKeptPerMonth });
    }
  }

  return {
    /** Counts what a reader did (in memory until the next write). */
    record(reader: Reader, event: ReaderEvent): void {
      const day = dayOf(now());
      const key = readerKey(reader, day);
      const id = `${day} ${key}`;
      let entry = readers.get(id);
      if (!entry) {
        if (readers.size >= READERS_MAX) return;
        entry = { day, userID: reader.userID, reader: key, counts: new Map() };
        readers.set(id, entry);
      }
      switch (event.kind) {
        case "pageView":
          add(entry.counts, "pageViews", "");
          break;
        case "discussionView":
          add(entry.counts, "discussionViews", String(event.discussionID));
          if (event.categoryID !== null) add(entry.counts, "categoryViews", String(event.categoryID));
          break;
        case "searchWithoutResults":
          add(entry.counts, "searchWithoutResults", event.query);
          break;
        case "active":
          break; // A member's entry is enough: they are counted active.
      }
    },

    /** Counts a site event that no reader's choice hides (a discussion, comment or member added). */
    count(metric: "discussions" | "comments" | "newMembers"): void {
      const id = `${dayOf(now())}${SEP}${metric}${SEP}`;
      site.set(id, (site.get(id) ?? 0) + 1);
    },

    /** Adds what was gathered to the rollups (on a timer, and before the server closes). */
    flush(): Promise<void> {
      const batch = readers;
      const totals = site;
      readers = new Map();
      site = new Map();
      if (batch.size === 0 && totals.size === 0) return flushing;
      // A failed write leaves the next ones to go on.
      flushing = flushing.then(
        () => write(batch, totals),
        () => write(batch, totals),
      );
      return flushing;
    },
  };
}

export type AnalyticsRecorder = ReturnType<typeof createAnalyticsRecorder>;
