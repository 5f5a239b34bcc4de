import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { cacheStatements } from "./database.ts";

/** `select … where id in (?, ?, …)` with `count` placeholders: a new text for every length, as lists of ids make. */
const idList = (count: number) =>
  `select id from t where id in (${Array.from({ length: count }, () => "?").join(", ")})`;

describe("the SQLite statement cache", () => {
  const sqlite = new SQLite(":memory:");
  sqlite.exec("create table t (id integer primary key)");
  afterAll(() => sqlite.close());
  const cache = cacheStatements(sqlite, 20_000);

  it("hands back the prepared statement of a text it has seen", () => {
    const first = sqlite.prepare("select id from t where id = ?");
    expect(sqlite.prepare("select id from t where id = ?")).toBe(first);
    expect(sqlite.prepare("select id from t where id > ?")).not.toBe(first);
  });

  it("holds at most its budget of SQL text, however many lengths of id lists pass through, keeping what is in use", () => {
    const everyday = sqlite.prepare("select count(*) as n from t");
    const firstList = sqlite.prepare(idList(100));
    for (let count = 100; count < 1_100; count += 1) {
      sqlite.prepare(idList(count)).all(...Array.from({ length: count }, (_, index) => index));
      // Used all along: never the least recently used.
      expect(sqlite.prepare("select count(*) as n from t")).toBe(everyday);
    }
    expect(cache.chars).toBeLessThanOrEqual(20_000);
    // Counted in statements (as it was), it would hold 1,000 of them here.
    expect(cache.size).toBeLessThan(20);
    // The newest list is still there; the first ones are gone.
    expect(sqlite.prepare(idList(1_099))).toBe(sqlite.prepare(idList(1_099)));
    expect(sqlite.prepare(idList(100))).not.toBe(firstList);
  });

  it("prepares a very long statement for its one use only", () => {
    const long = idList(6_000);
    expect(long.length).toBeGreaterThan(16_000);
    const before = cache.chars;
    expect(sqlite.prepare(long)).not.toBe(sqlite.prepare(long));
    expect(cache.chars).toBe(before);
  });
});
