import type { Kysely } from "kysely";
import { limits, type SearchOperator, type SearchSort } from "@parley/contracts";
import type { DB } from "../../platform/db/schema.ts";
import type { DateCondition } from "../../platform/http/filters.ts";
import type { SearchText } from "./search.text.ts";

/** What to find: the search service turns the API's parameters (and the viewer's rights) into this. */
export interface SearchCriteria {
  text: SearchText | null;
  operator: SearchOperator;
  /** Autocomplete: the last word matches as a prefix. Otherwise whole words only. */
  prefix: boolean;
  /** Words that must be in the title (`name`). */
  title: SearchText | null;
  recordTypes: string[];
  types: string[] | null;
  /**
   * The categories whose discussions, comments and category records may appear: the viewer's
   * viewable categories intersected with the filters. `null` when that is every category.
   */
  categoryIDs: number[] | null;
  discussionID?: number;
  insertUserIDs?: number[];
  tags?: { tagIDs: number[]; operator: SearchOperator };
  dates: { dateInserted?: DateCondition[]; dateUpdated?: DateCondition[] };
  sort: SearchSort;
  offset: number;
  limit: number;
  /**
   * Matches counted at most (`searchCountBound` of the page; never above MAX_RESULTS): the total is
   * exact below it, and equals it when there are that many or more.
   */
  countWithin: number;
  /** The page's details (excerpts, discussion titles) will be wanted: read with it if the engine can. */
  details?: boolean;
}

export interface SearchPageResult {
  hits: SearchHit[];
  total: number;
  /** Every hit's details, when the criteria asked for them and the driver read them with the page. */
  details?: Map<number, SearchDetails>;
}

export interface SearchHit {
  docID: number;
  recordType: string;
  recordID: number;
  discussionID: number | null;
  categoryID: number | null;
  insertUserID: number | null;
  type: string;
  name: string;
  dateInserted: string;
  dateUpdated: string | null;
  score: number;
}

export interface SearchDetails {
  /** Plain text with MARK_START / MARK_END around the matched words. */
  excerpt: string;
  /** A comment's discussion title. */
  discussionName: string | null;
}

/** One record's entry in the index. */
export interface SearchDocument {
  recordType: string;
  recordID: number;
  discussionID: number | null;
  categoryID: number | null;
  insertUserID: number | null;
  type: string;
  name: string;
  body: string;
  dateInserted: string;
  dateUpdated: string | null;
}

export type Executor = Kysely<DB>;

/** Results a search reaches at most: counting and ordering stay bounded however common a word is. */
export const MAX_RESULTS: number = limits.search.maxResults;

/**
 * Both engines rank a search by relevance (bm25, ts_rank) when its words and phrases are in this many
 * documents at most, together: their weights read every document of each word (≈ 1 ms per thousand).
 * Commoner ones are ordered by title matches, then date.
 */
export const RANK_WITHIN = 2_500;

/** A page needs its hits' details for bodies and excerpts, and for a comment's title (its discussion's). */
export const wantsDetails = (criteria: SearchCriteria, hits: SearchHit[]) =>
  criteria.details || hits.some((hit) => hit.recordType === "comment");

/**
 * The full-text engine behind search: FTS5 on SQLite, tsvector + GIN on PostgreSQL. Filters,
 * permissions and paging are inside its one query, so a page is always a full, correct page.
 */
export interface SearchDriver {
  /** `x-search-powered-by`. */
  readonly name: string;
  /**
   * One page of hits, best first, and how many there are in all; with `criteria.details`, their
   * details too where the engine reads them in the same query (PostgreSQL: one round trip fewer).
   */
  search(criteria: SearchCriteria): Promise<SearchPageResult>;
  /** Excerpts (with the matches marked) and discussion titles for the page's hits, in one query. */
  details(criteria: SearchCriteria, docIDs: number[]): Promise<Map<number, SearchDetails>>;
  /** Adds or replaces documents (inside the caller's transaction). */
  write(db: Executor, documents: SearchDocument[]): Promise<void>;
  /** Removes documents by record. */
  remove(db: Executor, records: Array<{ recordType: string; recordID: number }>): Promise<void>;
  /** Empties the index (before a full rebuild). */
  clear(db: Executor): Promise<void>;
  /** Appends documents known to be new, without index upkeep per row (a full rebuild). */
  bulkInsert(db: Executor, documents: SearchDocument[]): Promise<void>;
  /** After bulkInsert: builds the full-text index in one go where the engine can. */
  finishBulk(db: Executor): Promise<void>;
  /** Whether the index holds text stemmed in another language than the site's now (a rebuild fixes it). */
  inOtherLanguage(): Promise<boolean>;
}

/** How long, and how many, statistics of the index a driver keeps (see `statisticsMemo`). */
const STATISTICS_TTL_MS = 10 * 60_000;
const MAX_STATISTICS = 10_000;

/**
 * Statistics of the index kept a while (how many documents hold a word, what the planner expects of
 * a search): a forum's searches repeat their words, and a figure a little stale only moves a choice
 * of plan (ranked or dated order, an index or the table's order), never which documents match.
 */
export function statisticsMemo<T>() {
  const entries = new Map<string, { value: T; at: number }>();
  return {
    get(key: string): T | undefined {
      const entry = entries.get(key);
      return entry && Date.now() - entry.at < STATISTICS_TTL_MS ? entry.value : undefined;
    },
    set(key: string, value: T): void {
      if (entries.size >= MAX_STATISTICS) entries.clear();
      entries.set(key, { value, at: Date.now() });
    },
  };
}
