import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CompiledQuery, sql, type KyselyPlugin } from "kysely";
import { searchCountBound } from "@parley/contracts";
import type { DialectName } from "../../platform/db/database.ts";
import { createTestDatabase, engines, type TestDatabase } from "../../test/databases.ts";
import type { SearchCriteria, SearchDocument } from "./search.driver.ts";
import { createSearchEngine } from "./search.engine.ts";
import { createPostgresSearchDriver } from "./search.postgres.ts";
import { testCriteria, testDocument } from "./search.testing.ts";

/** More documents than a search reaches (MAX_RESULTS) and than PostgreSQL's ts_rank ranks (RANK_WITHIN). */
const COMMON = 3_000;

const doc = testDocument;
const criteria = testCriteria;

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
    docs.push(doc(COMMON + 6, "", "We set up automatic off-site backups last week."));
    // A knowledge-base article that says common words: counted only when articles are asked for.
    docs.push({
      ...doc(COMMON + 7, "Widget question handbook", "How to answer a widget question."),
      recordType: "article",
      type: "article",
      discussionID: null,
      categoryID: null,
    });
    // A group that says them in its name and description: counted only when groups are asked for.
    docs.push({
      ...doc(COMMON + 8, "Widget question club", "We answer every widget question here, zealously."),
      recordType: "group",
      type: "group",
      discussionID: null,
    });
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

  if (engine === "postgres")
    it("gives the per-entry GIN indexes pending lists for a rebuild only, merged and off after it", async () => {
      const { db } = database;
      const pendingLists = async (executor: typeof db) =>
        (
          await sql<{ name: string; options: string[] | null }>`select c.relname as name, c.reloptions as options
              from pg_class c join pg_am a on a.oid = c.relam
              where a.amname = 'gin' and c.relnamespace = to_regnamespace(current_schema())
              order by c.relname`.execute(executor)
        ).rows.map((row) => `${row.name}: ${row.options?.join(",") ?? "default"}`);
      const settled = [
        "searchDocuments_pairs: fastupdate=off",
        "searchDocuments_title: fastupdate=off",
        "searchDocuments_vector: default",
        "searchTitles_prefixes: fastupdate=off",
        "searchTitles_vector: fastupdate=off",
      ];
      // After beforeAll's rebuild.
      expect(await pendingLists(db)).toEqual(settled);
      const during = await db
        .transaction()
        .execute(async (trx) => {
          await engineOf.driver.clear(trx);
          const lists = await pendingLists(trx);
          throw Object.assign(new Error("rolled back"), { lists });
        })
        .catch((error: { lists?: string[] }) => error.lists);
      expect(during).toEqual(settled.map((line) => line.replace("fastupdate=off", "fastupdate=on")));
      expect(await pendingLists(db)).toEqual(settled);
    });

  it("ranks every match of a rarer word", async () => {
    const { hits, total } = await engineOf.driver.search(criteria("gizmo"));
    expect(total).toBe(1);
    expect(hits.map((hit) => hit.recordID)).toEqual([COMMON + 1]);
    // A page past the last still tells how many there are.
    expect(await engineOf.driver.search(criteria("gizmo", { offset: 10 }))).toEqual({ hits: [], total: 1 });
  });

  it("finds nothing for stop words alone, and leaves them out beside other words", async () => {
    // PostgreSQL drops English stop words (FTS5 keeps them: "the" is in no document here either).
    expect(await engineOf.driver.search(criteria("the"))).toEqual({ hits: [], total: 0 });
    const withStopWord = await engineOf.driver.search(criteria("the gizmo", { limit: 3 }));
    expect(withStopWord.hits.map((hit) => hit.recordID)).toEqual(engine === "postgres" ? [COMMON + 1] : []);
  });

  it("finds a phrase with a hyphenated word, as written", async () => {
    // PostgreSQL's parser reads "off-site" as off-sit, off and site, one position each: the phrase is
    // read by the same parser, or its words would be a position apart from the document's.
    const found = await engineOf.driver.search(criteria('"automatic off-site backups"'));
    expect(found.hits.map((hit) => hit.recordID)).toEqual([COMMON + 6]);
    const apart = await engineOf.driver.search(criteria('"automatic backups"'));
    expect(apart.hits).toEqual([]);
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

  it("counts a common word's matches among the record types asked for, articles and groups only when asked", async () => {
    // Too common to rank, few enough together to count: SQLite counts them in the index, less the
    // other kinds' matches.
    const posts = await engineOf.driver.search(criteria("widget question"));
    expect(posts.total).toBe(30);
    expect(posts.hits.map((hit) => hit.recordType)).not.toContain("article");
    const withArticles = await engineOf.driver.search(
      criteria("widget question", { recordTypes: ["discussion", "comment", "article"] }),
    );
    expect(withArticles.total).toBe(31);
    expect(withArticles.hits[0]).toMatchObject({ recordType: "article", recordID: COMMON + 7 });
    // Groups likewise (SQLite counts them in the names index, where their descriptions are too).
    const withGroups = await engineOf.driver.search(
      criteria("widget question", { recordTypes: ["discussion", "comment", "group"] }),
    );
    expect(withGroups.total).toBe(31);
    expect(withGroups.hits[0]).toMatchObject({ recordType: "group", recordID: COMMON + 8 });
    // A word only the group's description says, among the posts' common ones: counted all the same.
    const described = await engineOf.driver.search(
      criteria("widget zealously", { recordTypes: ["discussion", "group"] }),
    );
    expect(described.total).toBe(1);
    expect((await engineOf.driver.search(criteria("widget zealously"))).total).toBe(0);
  });

  it("gives the same pages whichever way it reads them (a filter reads every match from the index)", async () => {
    // Unfiltered, PostgreSQL reads common words in the table's order and stops at the page; filtered
    // (here by the only category there is), it sorts every match the GIN index finds. Same answers.
    for (const [query, offset] of [
      ["widget", 0],
      ["widget", 25],
      ["widget", 28],
      ["widget question", 0],
      ['"widget report"', 0],
    ] as const) {
      const plain = await engineOf.driver.search(criteria(query, { offset, limit: 6 }));
      const filtered = await engineOf.driver.search(criteria(query, { offset, limit: 6, categoryIDs: [1] }));
      expect(
        filtered.hits.map((hit) => hit.recordID),
        `${query} from ${offset}`,
      ).toEqual(plain.hits.map((hit) => hit.recordID));
      expect(plain.hits.length).toBe(6);
    }
  });

  it("reads the page's details with it where it can, the same as asked for on their own", async () => {
    const { driver } = engineOf;
    const cases: Array<[string, Partial<SearchCriteria>]> = [
      ["widget", {}],
      ["widget", { offset: 28 }],
      ["widget", { categoryIDs: [1] }],
      ["sprocket", {}],
      ["widget report", { sort: "dateInserted" }],
      ["widg", { prefix: true, recordTypes: ["discussion"] }],
    ];
    for (const [query, overrides] of cases) {
      const asked = criteria(query, { ...overrides, details: true });
      const page = await driver.search(asked);
      expect(page.hits.length, query).toBeGreaterThan(0);
      const separate = await driver.details(
        asked,
        page.hits.map((hit) => hit.docID),
      );
      if (engine === "postgres") expect(page.details, query).toEqual(separate);
      else expect(page.details).toBeUndefined();
    }
  });

  // Last: it changes the documents.
  it("keeps title matches current through renames, moves and removals", async () => {
    const { driver } = engineOf;
    const write = (documents: SearchDocument[]) =>
      database.db.transaction().execute((trx) => driver.write(trx, documents));
    const titleMatches = async (overrides: Partial<SearchCriteria> = {}) =>
      (await driver.search(criteria("widget", { limit: 4, ...overrides }))).hits.map((hit) => hit.recordID);
    expect(await titleMatches()).toEqual([3_000, 2_900, 2_800, 2_700]);
    // A title that now says it; one that no longer does (its body still does: a body match now).
    await write([doc(2_950, "Widget renamed 2950", "A widget report number 2950."), doc(3_000, "Gadget", "A widget.")]);
    expect(await titleMatches()).toEqual([2_950, 2_900, 2_800, 2_700]);
    // Moved to a category the searcher cannot see; removed.
    await write([{ ...doc(2_900, "Widget question 2900", "A widget report number 2900."), categoryID: 2 }]);
    expect(await titleMatches({ categoryIDs: [1] })).toEqual([2_950, 2_800, 2_700, 2_600]);
    await database.db
      .transaction()
      .execute((trx) => driver.remove(trx, [{ recordType: "discussion", recordID: 2_800 }]));
    expect(await titleMatches({ categoryIDs: [1] })).toEqual([2_950, 2_700, 2_600, 2_500]);
    // Suggestions match names: the new ones, not the old.
    const suggested = await driver.search(criteria("widg", { prefix: true, limit: 3 }));
    expect(suggested.hits.map((hit) => hit.recordID)).toEqual([2_950, 2_900, 2_700]);
    expect((await driver.search(criteria("gadg", { prefix: true }))).hits.map((hit) => hit.recordID)).toEqual([3_000]);
  });
});

/** A fresh database of the engine with these documents indexed in bulk (as a reindex writes them). */
function useIndexed(engine: DialectName, documents: () => SearchDocument[]) {
  const indexed = {} as { database: TestDatabase; engine: ReturnType<typeof createSearchEngine> };
  beforeAll(async () => {
    indexed.database = await createTestDatabase(engine);
    indexed.engine = createSearchEngine(indexed.database);
    await indexed.database.db.transaction().execute(async (trx) => {
      await indexed.engine.driver.bulkInsert(trx, documents());
      await indexed.engine.driver.finishBulk(trx);
    });
  });
  afterAll(async () => {
    await indexed.database?.dispose();
  });
  return indexed;
}

describe.each(engines)("autocomplete matches words as written on %s", (engine) => {
  const names = [
    "Port 3000 already in use",
    "Scheduled posts",
    "Connection pool exhausted",
    "Running Parley on PostgreSQL",
    "Privacy policy",
    "Café opening hours",
  ];
  const suggested = async (query: string) =>
    (await indexed.engine.driver.search(criteria(query, { prefix: true, recordTypes: ["discussion"] }))).hits
      .map((hit) => hit.name)
      .sort();

  const indexed = useIndexed(engine, () =>
    names.map((name, index) => doc(2 * (index + 1), name, "Nothing in the body.")),
  );

  const expectations = async () => {
    // Porter took "pos" for a plural and looked for "po*": policy, pool, port.
    expect(await suggested("pos")).toEqual(["Running Parley on PostgreSQL", "Scheduled posts"]);
    // No stem of a word's beginning begins its stem: "connecti" is not a beginning of "connect".
    expect(await suggested("connecti")).toEqual(["Connection pool exhausted"]);
    expect(await suggested("runn")).toEqual(["Running Parley on PostgreSQL"]);
    expect(await suggested("exhau")).toEqual(["Connection pool exhausted"]);
    // Case and Latin diacritics folded on both engines; earlier words whole, as written.
    expect(await suggested("CAFÉ op")).toEqual(["Café opening hours"]);
    expect(await suggested("cafe op")).toEqual(["Café opening hours"]);
    expect(await suggested("cafè")).toEqual(["Café opening hours"]);
    expect(await suggested("connection po")).toEqual(["Connection pool exhausted"]);
    // Stop words are words like any other when typed into the title bar.
    expect(await suggested("in us")).toEqual(["Port 3000 already in use"]);
  };

  it("matches the beginnings of words as written, never of their stems", async () => {
    await expectations();
    // A search (whole words) still stems: "posts" finds "post".
    const search = await indexed.engine.driver.search(criteria("post", { recordTypes: ["discussion"] }));
    expect(search.hits.map((hit) => hit.name)).toEqual(["Scheduled posts"]);
  });

  it("0019 fills autocomplete's names from an index written before it", async () => {
    const migration = await import("../../db/migrations/0019_search_prefixes.ts");
    await migration.down(indexed.database.db as never, indexed.database.dialect);
    await migration.up(indexed.database.db as never, indexed.database.dialect);
    // And 0020 after it, as an upgrade runs them (PostgreSQL's names folded).
    const folding = await import("../../db/migrations/0020_search_diacritics.ts");
    await folding.up(indexed.database.db as never, indexed.database.dialect);
    await expectations();
  });
});

describe.each(engines)("Latin diacritics folded on %s", (engine) => {
  const docs = [
    doc(2, "Café opening hours", "Open from eight."),
    doc(4, "Plain cafe menu", "Tea and cake."),
    doc(6, "Question about a resume", "My résumé reads naïve things."),
    doc(8, "Мой город", "Наш дом."),
  ];
  const found = async (query: string) =>
    (await indexed.engine.driver.search(criteria(query))).hits.map((hit) => hit.recordID).sort((a, b) => a - b);

  const indexed = useIndexed(engine, () => docs);

  const expectations = async () => {
    expect(await found("cafe")).toEqual([2, 4]);
    expect(await found("CAFÉ")).toEqual([2, 4]);
    expect(await found("resume")).toEqual([6]);
    expect(await found('"reads naive things"')).toEqual([6]);
    expect(await found("naïve résumé")).toEqual([6]);
    // Other scripts keep their marks: й (и with a breve) is a letter of its own.
    expect(await found("мой")).toEqual([8]);
    expect(await found("мои")).toEqual([]);
  };

  it("finds words with or without their diacritics, as the other engine does", expectations);

  if (engine === "postgres")
    it("0020 folds the vectors of an index written before it", async () => {
      // The index as the driver wrote it before 0020: the configuration's own lexemes, diacritics kept.
      await sql`update "searchDocuments" set "searchVector" = setweight(to_tsvector('english', "name"), 'A')
        || setweight(to_tsvector('english', "body"), 'B')`.execute(indexed.database.db);
      await sql`update "searchTitles" t set "titleVector" = ts_filter(d."searchVector", '{a}'),
        "prefixVector" = to_tsvector('simple', d."name") from "searchDocuments" d where d."docID" = t."docID"`.execute(
        indexed.database.db,
      );
      expect(await found("cafe")).toEqual([4]);
      const migration = await import("../../db/migrations/0020_search_diacritics.ts");
      await migration.up(indexed.database.db as never, indexed.database.dialect);
      await expectations();
      const suggested = await indexed.engine.driver.search(
        criteria("cafe op", { prefix: true, recordTypes: ["discussion"] }),
      );
      expect(suggested.hits.map((hit) => hit.recordID)).toEqual([2]);
    });
});

describe.each(engines)("phrases of common words on %s", (engine) => {
  // "red" and "gadget" in 2,600 documents (too many to rank), side by side in 40 of them, five of
  // those with the phrase in their title; "blue widget" in 2,700 (more than a search counts), 27 of
  // them with it in their title.
  const documents = () => {
    const docs: SearchDocument[] = [];
    for (let index = 1; index <= 2_600; index++) {
      const adjacent = index % 65 === 0;
      const body = adjacent
        ? `Our red gadget hums near the window ${index}.`
        : `A red ball beside a gadget box ${index}.`;
      docs.push(doc(index, adjacent && index % 520 === 0 ? `Red gadget report ${index}` : "", body));
    }
    for (let index = 2_601; index <= 5_300; index++)
      docs.push(
        doc(index, index % 100 === 0 ? `Blue widget question ${index}` : "", `The blue widget spins ${index}.`),
      );
    return docs;
  };
  const indexed = useIndexed(engine, documents);
  const found = async (query: string, overrides: Partial<SearchCriteria> = {}) => {
    const { hits, total } = await indexed.engine.driver.search(criteria(query, overrides));
    return { ids: hits.map((hit) => hit.recordID), total };
  };

  it("puts title matches first, newest first, then the other matches, and counts them all", async () => {
    expect(await found('"red gadget"')).toEqual({
      ids: [2_600, 2_080, 1_560, 1_040, 520, 2_535, 2_470, 2_405, 2_340, 2_275],
      total: 40,
    });
    // A page across the last title match.
    expect(await found('"red gadget"', { offset: 3, limit: 4 })).toEqual({
      ids: [1_040, 520, 2_535, 2_470],
      total: 40,
    });
    expect(await found('"red gadget"', { offset: 36, limit: 10 })).toEqual({ ids: [260, 195, 130, 65], total: 40 });
    // Newest first whatever the title says.
    expect(await found('"red gadget"', { sort: "-dateInserted", limit: 3 })).toEqual({
      ids: [2_600, 2_535, 2_470],
      total: 40,
    });
  });

  it("stops counting at the cap, with the title matches still first", async () => {
    const titles = Array.from({ length: 27 }, (_, index) => 5_300 - 100 * index);
    expect(await found('"blue widget"')).toEqual({ ids: titles.slice(0, 10), total: 1_000 });
    expect(await found('"blue widget"', { offset: 25, limit: 4 })).toEqual({
      ids: [2_800, 2_700, 5_299, 5_298],
      total: 1_000,
    });
    expect(await found('"blue widget"', { sort: "dateInserted", limit: 3 })).toEqual({
      ids: [2_601, 2_602, 2_603],
      total: 1_000,
    });
    // The words apart are no phrase.
    expect(await found('"widget blue"')).toEqual({ ids: [], total: 0 });
  });

  it("counts no further than the page's bound, and answers the same pages", async () => {
    const searches: Array<[string, Partial<SearchCriteria>]> = [
      ['"blue widget"', {}],
      ['"blue widget"', { offset: 25, limit: 4 }],
      ['"blue widget"', { offset: 95, limit: 10 }],
      ['"blue widget"', { offset: 190, limit: 10, sort: "-dateInserted" }],
      ['"blue widget"', { sort: "dateInserted", limit: 3 }],
      ['"red gadget"', {}],
      ['"red gadget"', { offset: 36, limit: 10 }],
      ["red gadget", {}],
      ["red gadget", { offset: 95, limit: 10 }],
      ["gadget", { sort: "-dateInserted" }],
      ["widget", { offset: 20, limit: 30 }],
      ['"red gadget" widget', { operator: "or", offset: 40, limit: 10 }],
    ];
    const bounds: number[] = [];
    for (const [query, overrides] of searches) {
      const offset = overrides.offset ?? 0;
      const limit = overrides.limit ?? 10;
      const bound = searchCountBound(offset, limit);
      bounds.push(bound);
      const full = await found(query, overrides);
      const bounded = await found(query, { ...overrides, countWithin: bound });
      expect(bounded, `${query} ${JSON.stringify(overrides)}`).toEqual({
        ids: full.ids,
        total: Math.min(full.total, bound),
      });
    }
    expect(bounds).toEqual([100, 100, 200, 300, 100, 100, 100, 100, 200, 100, 100, 100]);
    expect((await found('"blue widget"', { countWithin: 100 })).total).toBe(100);
    expect((await found('"red gadget"', { countWithin: 100 })).total).toBe(40);
  });
});

describe.each(engines)("phrases found by their neighbouring words on %s", (engine) => {
  const indexed = useIndexed(engine, () => [
    doc(2, "", "I switched to the kernel from backports."),
    doc(4, "", "Then I switched the kernel back."),
    doc(6, "", "Bugs bugs everywhere today."),
    doc(8, "", "Bugs everywhere, bugs today."),
    // Both pairs of "cron job restarts", never the three words together.
    doc(10, "", "Our cron job failed, so the job restarts each cron job."),
    doc(12, "", "The cron job restarts nightly."),
    doc(14, "Kernel panic on boot", "The kernel panics at boot after the upgrade."),
  ]);
  const found = async (query: string, overrides: Partial<SearchCriteria> = {}) =>
    (await indexed.engine.driver.search(criteria(query, overrides))).hits
      .map((hit) => hit.recordID)
      .sort((a, b) => a - b);

  it("finds what holds the phrase, not what holds its pairs apart", async () => {
    expect(await found('"cron job restarts"')).toEqual([12]);
    expect(await found('"bugs bugs everywhere"')).toEqual([6]);
    expect(await found('"bugs everywhere"')).toEqual([6, 8]);
    // Stop words between the words (PostgreSQL leaves them out, keeping the distance).
    expect(await found('"switched to the kernel"')).toEqual([2]);
    // A phrase of one word once PostgreSQL leaves out its stop words; phrases beside a word.
    expect(await found('"to the kernel"')).toEqual(engine === "postgres" ? [2, 4, 14] : [2]);
    expect(await found('"kernel panics" upgrade')).toEqual([14]);
    expect(await found('"kernel panics" "after the upgrade"')).toEqual([14]);
    expect(await found('"kernel panics" "after the backports"')).toEqual([]);
    // "Or": a document may hold the word without the phrase.
    expect(await found('"cron job restarts" backports', { operator: "or" })).toEqual([2, 12]);
  });

  if (engine === "postgres")
    it("indexes each document's neighbouring words, and serves a phrase's pairs from that index (0022)", async () => {
      const { db } = indexed.database;
      const pairs = await sql<{ document: string; phrases: string | null; apart: string | null }>`select
          parley_word_pairs(to_tsvector('english', 'Cron job restarts cron job'))::text as document,
          parley_phrase_pairs('english', array['cron job restarts', 'off-site backups'])::text as phrases,
          parley_phrase_pairs('english', array['switched to the kernel', 'kernel'])::text as apart`.execute(db);
      expect(pairs.rows[0]).toEqual({
        document: "'cron job' 'job restart' 'restart cron'",
        phrases: "'cron job' & 'job restart' & 'site backup'",
        apart: null,
      });
      const plan = await db.connection().execute(async (connection) => {
        await sql`set enable_seqscan = off`.execute(connection);
        try {
          return await sql<{ "QUERY PLAN": string }>`explain select "docID" from "searchDocuments"
              where parley_word_pairs("searchVector") @@ parley_phrase_pairs('english', array['cron job restarts'])`.execute(
            connection,
          );
        } finally {
          await sql`reset enable_seqscan`.execute(connection);
        }
      });
      expect(plan.rows.map((row) => row["QUERY PLAN"]).join("\n")).toContain('"searchDocuments_pairs"');
    });
});

describe.each(engines)("a phrase's title matches reaching the bound on %s", (engine) => {
  // "blue widget" in the bodies of 3,000 of 4,000 posts, and in the titles of 200 of the 2,000 named ones.
  const indexed = useIndexed(engine, () =>
    Array.from({ length: 4_000 }, (_, offset) => {
      const index = offset + 1;
      const name = index % 20 === 0 ? `Blue widget question ${index}` : index % 2 ? "" : `Report ${index}`;
      return doc(index, name, index <= 3_000 ? `The blue widget spins ${index}.` : `Nothing to see ${index}.`);
    }),
  );
  const newestTitles = [4_000, 3_980, 3_960, 3_940, 3_920, 3_900, 3_880, 3_860, 3_840, 3_820];

  it("says the bound when the title matches reach it, and counts every match when they fall short", async () => {
    const { driver } = indexed.engine;
    for (const [countWithin, total] of [
      [100, 100],
      [200, 200],
      [300, 300],
      [1_000, 1_000],
    ] as const) {
      const { hits, total: counted } = await driver.search(criteria('"blue widget"', { countWithin }));
      expect({ ids: hits.map((hit) => hit.recordID), total: counted }, `within ${countWithin}`).toEqual({
        ids: newestTitles,
        total,
      });
    }
    // Past the title matches, the other matches, newest first.
    const past = await driver.search(criteria('"blue widget"', { offset: 195, limit: 10, countWithin: 300 }));
    expect({ ids: past.hits.map((hit) => hit.recordID), total: past.total }).toEqual({
      ids: [100, 80, 60, 40, 20, 2_999, 2_998, 2_997, 2_996, 2_995],
      total: 300,
    });
  });

  if (engine === "postgres")
    it("does not read every match to count them when the title matches reach the bound", async () => {
      const { db } = indexed.database;
      const captured: CompiledQuery[] = [];
      const capture: KyselyPlugin = {
        transformQuery: (args) => {
          captured.push(db.getExecutor().compileQuery(args.node, args.queryId));
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      const driver = createPostgresSearchDriver(db.withPlugin(capture));
      /** The plan's lines that read the documents for the count of every match. */
      const countReads = async (countWithin: number) => {
        captured.length = 0;
        await driver.search(criteria('"blue widget"', { countWithin }));
        const query = captured.find((compiled) => compiled.sql.includes(" as counted"));
        expect(query, "one query counts the title matches and every match").toBeDefined();
        const plan = await db.executeQuery<{ "QUERY PLAN": string }>(
          CompiledQuery.raw(`explain (analyze, costs off) ${query!.sql}`, [...query!.parameters]),
        );
        return plan.rows.map((row) => row["QUERY PLAN"]).filter((line) => line.includes('on "searchDocuments" d_'));
      };
      // 200 title matches: enough for 100 and 200, so the scan of every match never runs.
      for (const countWithin of [100, 200]) {
        const lines = await countReads(countWithin);
        expect(lines.length, lines.join("\n")).toBeGreaterThan(0);
        for (const line of lines) expect(line).toContain("never executed");
      }
      const lines = await countReads(300);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line).not.toContain("never executed");
    });
});
