import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../../test/databases.ts";
import type { SearchCriteria, SearchDocument } from "./search.driver.ts";
import { createSearchEngine } from "./search.engine.ts";
import { parseSearchText } from "./search.text.ts";

/** More documents than a search reaches (MAX_RESULTS) and than PostgreSQL's ts_rank ranks (RANK_WITHIN). */
const COMMON = 3_000;

const doc = (index: number, name: string, body: string): SearchDocument => ({
  recordType: index % 2 ? "comment" : "discussion",
  recordID: index,
  discussionID: index,
  categoryID: 1,
  insertUserID: 1,
  type: index % 2 ? "comment" : "discussion",
  name,
  body,
  dateInserted: new Date(Date.UTC(2024, 0, 1) + index * 60_000).toISOString(),
  dateUpdated: null,
});

const criteria = (query: string, overrides: Partial<SearchCriteria> = {}): SearchCriteria => ({
  text: parseSearchText(query),
  title: null,
  operator: "and",
  prefix: false,
  recordTypes: ["discussion", "comment"],
  types: null,
  categoryIDs: null,
  dates: {},
  sort: "relevance",
  offset: 0,
  limit: 10,
  ...overrides,
});

describe.each(engines)("search driver at scale on %s", (engine) => {
  let database: TestDatabase;
  let engineOf: ReturnType<typeof createSearchEngine>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    engineOf = createSearchEngine(database);
    const docs: SearchDocument[] = [];
    for (let index = 1; index <= COMMON; index++) {
      // Every document says "widget"; every hundredth discussion has it in its title.
      const titled = index % 100 === 0;
      // An old body that says it five times: ranked, it would come first of the body matches.
      const body = index === 5 ? "Widget, widget, widget, widget, widget." : `A widget report number ${index}.`;
      docs.push(doc(index, titled ? `Widget question ${index}` : "", body));
    }
    docs.push(doc(COMMON + 1, "Rare gizmo", "Only once."));
    // A rare word: said three times in an older short post, once in a newer long one.
    docs.push(doc(COMMON + 2, "", "Sprocket, sprocket, sprocket."));
    docs.push(doc(COMMON + 3, "", `One sprocket among ${"many other words about other things entirely, ".repeat(6)}`));
    // A member and a category that say it too: found only when asked for.
    docs.push({ ...doc(COMMON + 4, "Sprocket Fan", ""), recordType: "user", type: "user", categoryID: null });
    docs.push({ ...doc(COMMON + 5, "Gears", "All about the sprocket."), recordType: "category", type: "category" });
    const { driver } = engineOf;
    await database.db.transaction().execute(async (trx) => {
      await driver.clear(trx);
      await driver.bulkInsert(trx, docs);
      await driver.finishBulk(trx);
    });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("caps a common word's results and still answers pages", async () => {
    const { hits, total } = await engineOf.driver.search(criteria("widget"));
    expect(total).toBe(1_000);
    expect(hits).toHaveLength(10);
    // Past the cap (and, on PostgreSQL, past what ts_rank ranks): title matches first, newest first.
    expect(hits.slice(0, 3).map((hit) => hit.recordID)).toEqual([3_000, 2_900, 2_800]);
    const newest = await engineOf.driver.search(criteria("widget", { sort: "-dateInserted", limit: 3 }));
    expect(newest.hits.map((hit) => hit.recordID)).toEqual([3_000, 2_999, 2_998]);
    const oldest = await engineOf.driver.search(criteria("widget", { sort: "dateInserted", limit: 3 }));
    expect(oldest.hits.map((hit) => hit.recordID)).toEqual([1, 2, 3]);
    const beyondTitles = await engineOf.driver.search(criteria("widget", { offset: 28, limit: 4 }));
    // The last two of the thirty title matches, then the newest body matches (never the old post
    // that says it five times: nothing ranks a word this common).
    expect(beyondTitles.hits.map((hit) => hit.recordID)).toEqual([200, 100, 2_999, 2_998]);
    expect(beyondTitles.total).toBe(1_000);
    const twoWords = await engineOf.driver.search(criteria("widget report", { limit: 3 }));
    // No title says both words: the newest matches.
    expect(twoWords.hits.map((hit) => hit.recordID)).toEqual([3_000, 2_999, 2_998]);
    // Suggestions: a common prefix matches the titles, newest first.
    const prefix = await engineOf.driver.search(criteria("widg", { prefix: true, limit: 3 }));
    expect(prefix.hits.map((hit) => hit.recordID)).toEqual([3_000, 2_900, 2_800]);
    expect(prefix.total).toBe(30);
    expect((await engineOf.driver.search(criteria("widget", { offset: 1_000 }))).hits).toEqual([]);
  });

  it("ranks every match of a rarer word", async () => {
    const { hits, total } = await engineOf.driver.search(criteria("gizmo"));
    expect(total).toBe(1);
    expect(hits.map((hit) => hit.recordID)).toEqual([COMMON + 1]);
    // A page past the last still tells how many there are.
    expect(await engineOf.driver.search(criteria("gizmo", { offset: 10 }))).toEqual({ hits: [], total: 1 });
  });

  it("ranks a rare word's matches by relevance, not by date", async () => {
    const { hits, total } = await engineOf.driver.search(criteria("sprocket"));
    expect(total).toBe(2);
    expect(hits.map((hit) => hit.recordID)).toEqual([COMMON + 2, COMMON + 3]);
    const oldest = await engineOf.driver.search(criteria("sprocket", { sort: "dateInserted" }));
    expect(oldest.hits.map((hit) => hit.recordID)).toEqual([COMMON + 2, COMMON + 3]);
  });

  it("matches what the documents say, never their record type (kept beside the names on SQLite)", async () => {
    expect(await engineOf.driver.search(criteria("discussion"))).toEqual({ hits: [], total: 0 });
    const prefix = criteria("discussi", { prefix: true, recordTypes: ["discussion"] });
    expect(await engineOf.driver.search(prefix)).toEqual({ hits: [], total: 0 });
    const named = await engineOf.driver.search(criteria("wid", { prefix: true, recordTypes: ["discussion"] }));
    expect(named.total).toBe(30);
    expect(named.hits[0]!.name).toBe("Widget question 3000");
  });

  it("counts only the record types asked for, in date order too", async () => {
    const posts = await engineOf.driver.search(criteria("sprocket", { sort: "-dateInserted" }));
    expect(posts.total).toBe(2);
    expect(posts.hits.map((hit) => hit.recordID)).toEqual([COMMON + 3, COMMON + 2]);
    const everything = await engineOf.driver.search(
      criteria("sprocket", { sort: "-dateInserted", recordTypes: ["discussion", "comment", "user", "category"] }),
    );
    expect(everything.total).toBe(4);
    const members = await engineOf.driver.search(criteria("sprocket", { recordTypes: ["user"] }));
    expect(members.hits.map((hit) => hit.recordType)).toEqual(["user"]);
  });
});
