import type { PlanSamples } from "./plan.ts";
import { searchTexts } from "./search-queries.ts";

/**
 * What the benchmark loads, one line per endpoint, with the figures from
 * shared/guide/PERFORMANCE.md it is judged against. `path` gets the seeded data's samples (a
 * discussion with a full page of comments, the busiest category, a common search word).
 * An endpoint whose route does not exist yet (404 on the first request) is reported as skipped.
 */
export interface Reference {
  kind: "target" | "peer" | "ceiling";
  label: string;
  reqPerSec?: number;
  p50Ms?: number;
  p95Ms?: number;
  p99Ms?: number;
}

/** Who asks: a guest (no cookie: the guest caches may answer) or the seeded member, signed in. */
export type Viewer = "guest" | "member";
const viewers: Viewer[] = ["guest", "member"];

export interface Endpoint {
  name: string;
  description: string;
  path: (samples: PlanSamples) => string;
  references: Reference[];
  /**
   * Who the endpoint is run as, one row each (default both). A member's request is the real work
   * the targets apply to: no guest cache answers it. Guests' rows are labelled "cached" when the
   * server says a cache answered them (`x-parley-cache: hit`), and are then judged against no target.
   */
  viewers?: Viewer[];
  /** A cache of the server that answers this row whoever asks (the search cache): never judged. */
  cachedBy?: string;
  /** Extra request headers (a browser's Accept-Encoding: the answer as browsers get it, compressed). */
  headers?: Record<string, string>;
  /**
   * Paths taken in turn, one per request, instead of `path` (which is then the first, for the
   * probe): a different search each time, so no cache of the server answers.
   */
  variants?: (samples: PlanSamples) => string[];
  /**
   * For a row a cache of the server answers whoever asks (a sitemap): the real work, timed one request at a time,
   * each right after a write (as the administrator) that the cache drops the answer for, `count` times.
   */
  afterWrite?: { count: number; write: (samples: PlanSamples, index: number) => BenchWrite };
}

/** A write the benchmark sends as the administrator (cookie, CSRF by origin). */
interface BenchWrite {
  method: "POST" | "PATCH";
  path: string;
  body: unknown;
}

/** One measured row: an endpoint as one viewer (`api-discussions:member`). */
export interface Row {
  endpoint: Endpoint;
  viewer: Viewer;
  name: string;
}

export const rowsOf = (endpoint: Endpoint): Row[] =>
  (endpoint.viewers ?? viewers).map((viewer) => ({ endpoint, viewer, name: `${endpoint.name}:${viewer}` }));

const ref = (kind: Reference["kind"], label: string, figures: Omit<Reference, "kind" | "label"> = {}): Reference => ({
  kind,
  label,
  ...figures,
});

const htmlPage = ref("target", "member's HTML page", { reqPerSec: 1_100, p50Ms: 10 });
const nodebbTopicPage = ref("peer", "NodeBB topic HTML page", { reqPerSec: 221, p50Ms: 43 });
const searchTarget = ref("target", "search", { reqPerSec: 2_000, p95Ms: 50 });
/** Crawlers ask for sitemaps compressed (Googlebot: gzip, deflate, br). */
const crawlerEncoding = { "accept-encoding": "gzip, deflate, br" };
/** No target of PERFORMANCE.md names feeds: the list's at 1M posts is the nearest (a feed is a list page with bodies). */
const categoryFeedTarget = ref("target", "list p99 at 1M posts", { p99Ms: 25 });
const sqliteCeiling = ref("ceiling", "Fastify + 30 SQLite rows", { reqPerSec: 13_000, p50Ms: 1.3 });

// prettier-ignore
export const endpoints: Endpoint[] = [
  { name: "healthz", description: "GET /healthz (every hook, no data: the server's floor)", path: () => "/healthz", viewers: ["guest"], references: [ref("ceiling", "bare Fastify JSON route", { reqPerSec: 80_000 })] },
  { name: "api-categories", description: "GET /api/v2/categories (tree, JSON)", path: () => "/api/v2/categories", references: [sqliteCeiling] },
  { name: "page-categories", description: "GET /categories (server-rendered HTML)", path: () => "/categories", references: [htmlPage, nodebbTopicPage] },
  { name: "api-discussions", description: "30 recent discussions, users expanded", path: () => "/api/v2/discussions?limit=30&expand=insertUser,lastUser", references: [ref("target", "discussion list", { reqPerSec: 4_500, p99Ms: 10 }), ref("peer", "NodeBB topic list JSON", { reqPerSec: 457, p50Ms: 21 })] },
  { name: "api-category-p1", description: "the busiest category's first page (30)", path: (s) => `/api/v2/discussions?categoryID=${s.categoryID}&limit=30&page=1`, references: [ref("target", "list p99 at 1M posts", { p99Ms: 25 })] },
  { name: "api-category-deep", description: "a deep page of the busiest category (page 1,000 when it has that many)", path: (s) => `/api/v2/discussions?categoryID=${s.categoryID}&limit=30&page=${deepPage(s)}`, references: [ref("target", "deep page ≤ 1.5× page 1", {})] },
  { name: "api-leaders", description: "the all-time leaderboard (10, from the points ledger)", path: () => "/api/v2/users/leaders?slotType=a&limit=10", references: [ref("target", "list p99 at 1M posts", { p99Ms: 25 })] },
  { name: "api-leaders-category-month", description: "this month's leaders of the busiest category (10)", path: (s) => `/api/v2/users/leaders?slotType=m&categoryID=${s.categoryID}&limit=10`, references: [ref("target", "list p99 at 1M posts", { p99Ms: 25 })] },
  { name: "api-comments", description: "a discussion's first page of comments", path: (s) => `/api/v2/comments?discussionID=${s.discussionID}&limit=30`, references: [ref("target", "discussion + comments JSON", { reqPerSec: 5_000 }), ref("peer", "NodeBB one topic JSON", { reqPerSec: 510 })] },
  { name: "page-discussion", description: "a discussion page (server-rendered HTML)", path: (s) => `/discussion/${s.discussionID}/${s.discussionSlug}`, references: [htmlPage, nodebbTopicPage] },
  { name: "page-discussion-br", description: "the same page asked for as Chromium does (Accept-Encoding: gzip, deflate, br)", path: (s) => `/discussion/${s.discussionID}/${s.discussionSlug}`, headers: { "accept-encoding": "gzip, deflate, br" }, references: [htmlPage, nodebbTopicPage] },
  { name: "api-search", description: "full-text search for a common word (relevance, 30 results; the same each time: cached)", path: (s) => `/api/v2/search?query=${encodeURIComponent(s.searchQuery)}`, references: [searchTarget, ref("peer", "NodeBB search", { reqPerSec: 423 })], viewers: ["member"], cachedBy: "search cache" },
  { name: "api-search-two", description: "two words, both required (cached)", path: (s) => `/api/v2/search?query=${encodeURIComponent(s.searchTwoWords)}`, references: [searchTarget], viewers: ["member"], cachedBy: "search cache" },
  { name: "api-search-phrase", description: "a quoted phrase (cached)", path: (s) => `/api/v2/search?query=${encodeURIComponent(`"${s.searchPhrase}"`)}`, references: [searchTarget], viewers: ["member"], cachedBy: "search cache" },
  { name: "api-search-suggest", description: "title bar suggestions: a word's first letters, 10, no body (cached)", path: (s) => `/api/v2/search?query=${encodeURIComponent(s.searchQuery.slice(0, 4))}&matchMode=prefix&collapse=true&expand=-body&limit=10`, references: [searchTarget], viewers: ["member"], cachedBy: "search cache" },
  // Feeds and sitemaps are read as a guest whoever asks (issue 32): one row each. No cache of the server answers a feed;
  // the sitemaps' own cache answers a repeated sitemap: its real work is timed after writes that drop it (afterWrite).
  { name: "feed-category", description: "the busiest category's RSS feed (its 20 newest discussions, bodies rendered)", path: (s) => `/categories/${s.categoryUrlcode}/feed.rss`, viewers: ["guest"], references: [categoryFeedTarget] },
  { name: "feed-recent", description: "the recent discussions' Atom feed", path: () => "/discussions/feed.atom", viewers: ["guest"], references: [categoryFeedTarget] },
  { name: "sitemap-index", description: "the sitemap index (every category's chunks)", path: () => "/sitemap.xml", viewers: ["guest"], references: [], cachedBy: "sitemap cache", headers: crawlerEncoding },
  { name: "sitemap-chunk", description: "the busiest category's first sitemap chunk (up to 50,000 discussions; cached)", path: (s) => `/sitemaps/discussions/${s.categoryID}/1.xml`, viewers: ["guest"], references: [], cachedBy: "sitemap cache", headers: crawlerEncoding, afterWrite: { count: 20, write: (s, i) => ({ method: "POST", path: "/api/v2/discussions", body: { categoryID: s.categoryID, name: `A discussion that changes the category's sitemap (${i + 1})`, body: "New.", format: "markdown" } }) } },
  // Searches run as the member only (a guest's would be answered by the guest API cache).
  // The same searches, a different one per request (the words, pairs and phrases of the seeded text): the server's search cache never answers these.
  { name: "api-search-varied", description: "one word, a different one per request (uncached)", path: () => searchPath(searchTexts().words[0]!), variants: () => searchTexts().words.map(searchPath), references: [searchTarget], viewers: ["member"] },
  { name: "api-search-two-varied", description: "two words, different per request (uncached)", path: () => searchPath(searchTexts().pairs[0]!), variants: () => searchTexts().pairs.map(searchPath), references: [searchTarget], viewers: ["member"] },
  { name: "api-search-phrase-varied", description: "a quoted phrase, different per request (uncached)", path: () => searchPath(`"${searchTexts().phrases[0]!}"`), variants: () => searchTexts().phrases.map((p) => searchPath(`"${p}"`)), references: [searchTarget], viewers: ["member"] },
  { name: "api-search-suggest-varied", description: "suggestions for a word's first letters, different per request (uncached)", path: () => suggestPath(searchTexts().words[0]!), variants: () => searchTexts().words.map(suggestPath), references: [searchTarget], viewers: ["member"] },
];

const searchPath = (text: string) => `/api/v2/search?query=${encodeURIComponent(text)}`;
/** The first 3 to 5 letters of a word, as typed into the title bar. */
const suggestPath = (word: string) =>
  `/api/v2/search?query=${encodeURIComponent(word.slice(0, 3 + (word.length % 3)))}&matchMode=prefix&collapse=true&expand=-body&limit=10`;

/** Page 1,000 of the busiest category, or its last page when it has fewer. */
const deepPage = (s: PlanSamples) => Math.max(1, Math.min(1_000, Math.floor((s.categoryDiscussions ?? 0) / 30)));

/** Resident memory under load: our target and NodeBB's figure on the same data. */
export const memoryReferences = { targetMb: 150, nodebbMb: "600–657" };

/** The live-events row (bench/sse.ts, `sse-stream`): PERFORMANCE.md's ≥ 5,000 open streams per process, event delay p99 ≤ 200 ms. */
export const sseReferences = { connections: 5_000, p99Ms: 200 };
export const sseRowName = "sse-stream";
