import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../../test/databases.ts";
import type { SearchCriteria, SearchDocument } from "./search.driver.ts";
import { createSearchEngine } from "./search.engine.ts";
import { searchLanguageOf } from "./search.language.ts";
import { testCriteria } from "./search.testing.ts";

const doc = (recordID: number, body: string): SearchDocument => ({
  recordType: "discussion",
  recordID,
  discussionID: recordID,
  categoryID: 1,
  insertUserID: 1,
  type: "discussion",
  name: "",
  body,
  dateInserted: new Date(Date.UTC(2024, 0, 1) + recordID * 60_000).toISOString(),
  dateUpdated: null,
});

const criteria = (query: string): SearchCriteria =>
  testCriteria(query, { recordTypes: ["discussion"], sort: "-dateInserted" });

describe("searchLanguageOf", () => {
  it("maps a locale to PostgreSQL's configuration and SQLite's tokenizer", () => {
    expect(searchLanguageOf("fr-CA")).toMatchObject({ postgres: "french", stems: false });
    expect(searchLanguageOf("en_GB")).toMatchObject({ postgres: "english", stems: true });
    expect(searchLanguageOf("en").tokenizer).toContain("porter");
    expect(searchLanguageOf("xx").postgres).toBe("simple");
  });
});

describe.each(engines)("search in the site's language on %s", (engine) => {
  let database: TestDatabase;
  const french = searchLanguageOf("fr");

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const { driver } = createSearchEngine(database, french);
    await database.db.transaction().execute(async (trx) => {
      await driver.clear(trx);
      await driver.bulkInsert(trx, [doc(1, "Les chevaux galopent."), doc(2, "Un cheval blanc."), doc(3, "Queries.")]);
      await driver.finishBulk(trx);
    });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("stems in that language where the engine can, and never with English rules", async () => {
    const { driver } = createSearchEngine(database, french);
    const horses = (await driver.search(criteria("cheval"))).hits.map((hit) => hit.recordID);
    // PostgreSQL's French stemmer finds the plural; SQLite indexes French words unstemmed.
    expect(horses).toEqual(engine === "postgres" ? [2, 1] : [2]);
    expect((await driver.search(criteria("query"))).hits).toEqual([]);
    expect((await driver.search(criteria("queries"))).hits.map((hit) => hit.recordID)).toEqual([3]);
  });

  it("knows when the index was built for another language, until a rebuild", async () => {
    expect(await createSearchEngine(database, french).driver.inOtherLanguage()).toBe(false);
    const english = createSearchEngine(database, searchLanguageOf("en"));
    expect(await english.driver.inOtherLanguage()).toBe(true);
    await english.indexer.rebuild();
    expect(await english.driver.inOtherLanguage()).toBe(false);
  });
});
