import { describe, expect, it } from "vitest";
import { createSearchCache, pageKey } from "./search.cache.ts";
import type { SearchCriteria, SearchDriver, SearchHit } from "./search.driver.ts";
import { testCriteria } from "./search.testing.ts";

const criteria = (overrides: Partial<SearchCriteria> = {}): SearchCriteria =>
  testCriteria("valkey", { categoryIDs: [1, 2, 3], limit: 30, ...overrides });

/** A driver that answers with the categories it was asked for and counts its calls. */
function countingDriver() {
  const calls = { search: 0, details: 0 };
  let release: (() => void) | null = null;
  const driver = {
    name: "counting",
    async search(c: SearchCriteria) {
      calls.search += 1;
      if (release === null && c.sort === "dateInserted") await new Promise<void>((resolve) => (release = resolve));
      const hits = (c.categoryIDs ?? [0]).map((categoryID) => ({ docID: categoryID, categoryID }) as SearchHit);
      return { hits, total: hits.length };
    },
    async details(_c: SearchCriteria, docIDs: number[]) {
      calls.details += 1;
      return new Map(docIDs.map((id) => [id, { excerpt: `excerpt ${id}`, discussionName: null }]));
    },
  } as unknown as SearchDriver;
  return { driver, calls, release: () => release?.() };
}

describe("search answer cache", () => {
  it("answers a repeated search from memory until the index changes", async () => {
    const cache = createSearchCache({ maxEntries: 10, ttlMs: 60_000, maxSize: 1_000_000 });
    const { driver, calls } = countingDriver();
    const cached = cache.wrap(driver);
    const first = await cached.search(criteria());
    expect(await cached.search(criteria())).toEqual(first);
    await cached.details(criteria(), [1, 2]);
    await cached.details(criteria({ offset: 30 }), [1, 2]);
    expect(calls).toEqual({ search: 1, details: 1 });
    cache.clear();
    await cached.search(criteria());
    await cached.details(criteria(), [1, 2]);
    expect(calls).toEqual({ search: 2, details: 2 });
  });

  it("never shares an answer between different rights, and always between equal ones", async () => {
    const cache = createSearchCache({ maxEntries: 10, ttlMs: 60_000, maxSize: 1_000_000 });
    const { driver, calls } = countingDriver();
    const cached = cache.wrap(driver);
    const staff = await cached.search(criteria({ categoryIDs: [1, 2, 3, 99] }));
    const member = await cached.search(criteria({ categoryIDs: [1, 2, 3] }));
    const everything = await cached.search(criteria({ categoryIDs: null }));
    const withMembers = await cached.search(criteria({ recordTypes: ["discussion", "comment", "user"] }));
    expect(calls.search).toBe(4);
    expect(staff.hits.map((hit) => hit.categoryID)).toContain(99);
    expect(member.hits.map((hit) => hit.categoryID)).not.toContain(99);
    expect(everything.hits.map((hit) => hit.categoryID)).toEqual([0]);
    expect(withMembers.hits).toHaveLength(3);
    // A guest and a member whose rights come to the same criteria share one answer.
    await cached.search(criteria({ categoryIDs: [1, 2, 3] }));
    expect(calls.search).toBe(4);
    // Long category lists are hashed, and still told apart.
    const many = Array.from({ length: 1_500 }, (_, index) => index + 1);
    expect(pageKey(criteria({ categoryIDs: many }))).not.toBe(pageKey(criteria({ categoryIDs: many.slice(1) })));
    expect(pageKey(criteria({ categoryIDs: many })).length).toBeLessThan(40);
  });

  it("stays within its size, drops old answers, shares one query between concurrent misses", async () => {
    const cache = createSearchCache({ maxEntries: 3, ttlMs: 60_000, maxSize: 1_000_000 });
    const { driver, calls, release } = countingDriver();
    const cached = cache.wrap(driver);
    for (let page = 0; page < 5; page++) await cached.search(criteria({ offset: page * 30 }));
    expect(cache.stats().entries).toBe(3);
    await cached.search(criteria({ offset: 0 })); // the oldest went first
    expect(calls.search).toBe(6);
    await cached.search(criteria({ offset: 120 }));
    expect(calls.search).toBe(6);

    const slow = criteria({ sort: "dateInserted" });
    const both = Promise.all([cached.search(slow), cached.search(slow)]);
    release();
    await both;
    expect(calls.search).toBe(7);

    const expiring = createSearchCache({ maxEntries: 3, ttlMs: -1, maxSize: 1_000_000 });
    const counted = countingDriver();
    const short = expiring.wrap(counted.driver);
    await short.search(criteria());
    await short.search(criteria());
    expect(counted.calls.search).toBe(2);
  });

  it("stays within its bytes, counting a two-byte text twice", async () => {
    const cache = createSearchCache({ maxEntries: 100, ttlMs: 60_000, maxSize: 50_000 });
    let excerpt = "x".repeat(4_000);
    let searches = 0;
    const driver = {
      name: "long excerpts",
      async search() {
        searches += 1;
        return { hits: [], total: 0 };
      },
      async details(_c: SearchCriteria, docIDs: number[]) {
        return new Map(docIDs.map((id) => [id, { excerpt, discussionName: null }]));
      },
    } as unknown as SearchDriver;
    const cached = cache.wrap(driver);
    // 10 excerpts of 4,000 one-byte characters: ≈ 42 kB, one answer fits.
    await cached.details(
      criteria(),
      Array.from({ length: 10 }, (_, i) => i),
    );
    expect(cache.stats().entries).toBe(1);
    const oneByte = cache.stats().size;
    expect(oneByte).toBeGreaterThan(40_000);
    expect(oneByte).toBeLessThanOrEqual(50_000);
    // A second one pushes the first out, whatever the count allows.
    await cached.details(
      criteria(),
      Array.from({ length: 10 }, (_, i) => i + 10),
    );
    expect(cache.stats()).toMatchObject({ entries: 1, size: oneByte });
    // The same excerpts with one "…": V8 holds them at two bytes a character.
    excerpt = `${"x".repeat(3_999)}…`;
    await cached.details(
      criteria(),
      Array.from({ length: 5 }, (_, i) => i + 20),
    );
    expect(cache.stats().size).toBeGreaterThan(40_000);
    // Small pages: many fit, each counted, and clear() forgets them all.
    for (let page = 0; page < 20; page++) await cached.search(criteria({ offset: page * 30 }));
    expect(searches).toBe(20);
    expect(cache.stats().entries).toBeGreaterThan(10);
    cache.clear();
    expect(cache.stats()).toMatchObject({ entries: 0, size: 0 });
  });

  it("forgets a failed answer", async () => {
    const cache = createSearchCache({ maxEntries: 3, ttlMs: 60_000, maxSize: 1_000_000 });
    let fail = true;
    const driver = {
      name: "flaky",
      async search() {
        if (fail) throw new Error("database busy");
        return { hits: [], total: 0 };
      },
    } as unknown as SearchDriver;
    const cached = cache.wrap(driver);
    await expect(cached.search(criteria())).rejects.toThrow("database busy");
    fail = false;
    await expect(cached.search(criteria())).resolves.toEqual({ hits: [], total: 0 });
  });
});
