import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { countQueries } from "../../platform/db/query-count.ts";
import { createTestDatabase, type TestDatabase } from "../../test/databases.ts";
import type { SearchCriteria, SearchPageResult } from "./search.driver.ts";
import { createSearchEngine } from "./search.engine.ts";
import { createSearchReader } from "./search.reader.ts";
import { testCriteria, testDocument } from "./search.testing.ts";

const doc = testDocument;
const criteria = testCriteria;

/** SQLite only: PostgreSQL's client is asynchronous already, so it needs no thread of its own. */
describe("the SQLite search reader's thread", () => {
  let database: TestDatabase;
  let engine: ReturnType<typeof createSearchEngine>;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    engine = createSearchEngine(database);
    const docs = [
      doc(2, "Kernel panic after upgrade", "The kernel panics at boot since the upgrade."),
      doc(3, "", "Roll the kernel back: the upgrade broke the driver."),
      doc(4, "Garden hose leaks", "My hose leaks at the tap."),
      doc(5, "", "A kernel of truth about hoses."),
    ];
    await engine.driver.write(database.db, docs);
  });

  afterAll(async () => {
    await database?.dispose();
  });

  it("answers as the driver does in this thread, details included, and counts its queries here", async () => {
    const fallback = vi.fn((wanted: SearchCriteria) => engine.driver.search(wanted));
    const reader = createSearchReader({ file: database.sqliteFile!, locale: "en" }, fallback);
    try {
      for (const query of ["kernel upgrade", '"kernel panics"', "hose", "nothing-like-it"]) {
        const here = await engine.driver.search(criteria(query));
        const { result: there, queries } = await countQueries(() => reader.search(criteria(query)));
        expect(reader.running).toBe(true);
        expect(there.hits).toEqual(here.hits);
        expect(there.total).toBe(here.total);
        // A comment among the hits: its discussion's title comes with the page (no second call).
        const details = await engine.driver.details(
          criteria(query),
          here.hits.map((hit) => hit.docID),
        );
        if (here.hits.some((hit) => hit.recordType === "comment")) expect(there.details).toEqual(details);
        expect(queries).toBeGreaterThan(0);
      }
      expect(fallback).not.toHaveBeenCalled();
    } finally {
      await reader.close();
    }
    expect(reader.running).toBe(false);
    // Closed: searches are answered in this thread.
    expect((await reader.search(criteria("hose"))).hits.map((hit) => hit.recordID)).toEqual([4, 5]);
    expect(fallback).toHaveBeenCalledTimes(1);
  });

  it("sees a write as soon as it is committed", async () => {
    const reader = createSearchReader({ file: database.sqliteFile!, locale: "en" }, (wanted) =>
      engine.driver.search(wanted),
    );
    try {
      expect((await reader.search(criteria("trowel"))).total).toBe(0);
      await engine.driver.write(database.db, [doc(6, "Trowel handle snapped", "Any trowel recommendations?")]);
      expect((await reader.search(criteria("trowel"))).hits.map((hit) => hit.recordID)).toEqual([6]);
    } finally {
      await reader.close();
    }
  });

  it("answers in this thread when its thread cannot run, and gives the thread up after three failures", async () => {
    const failures: unknown[] = [];
    const fallback = vi.fn(async (): Promise<SearchPageResult> => ({ hits: [], total: 42 }));
    const reader = createSearchReader({ file: `${database.dataDir}/missing.sqlite`, locale: "en" }, fallback, (error) =>
      failures.push(error),
    );
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await reader.search(criteria("kernel"))).total).toBe(42);
      expect(failures).toHaveLength(attempt);
      expect(reader.running).toBe(false);
    }
    // Given up: no fourth thread.
    expect((await reader.search(criteria("kernel"))).total).toBe(42);
    expect(failures).toHaveLength(3);
    expect(fallback).toHaveBeenCalledTimes(4);
    await reader.close();
  });
});
