import { describe, expect, it } from "vitest";
import { createLruCache } from "./cache.ts";

describe("render cache", () => {
  it("computes once per key and evicts the least recently used", () => {
    const cache = createLruCache(2, 1_000);
    let calls = 0;
    const compute = (value: string) => () => {
      calls += 1;
      return value;
    };
    expect(cache.get("v", "a", compute("A"))).toBe("A");
    expect(cache.get("v", "a", compute("other"))).toBe("A");
    expect(calls).toBe(1);
    cache.get("v", "b", compute("B"));
    cache.get("v", "a", compute("A")); // a is now the most recent
    cache.get("v", "c", compute("C")); // evicts b
    expect(cache.size).toBe(2);
    expect(cache.get("v", "b", compute("B2"))).toBe("B2");
    expect(calls).toBe(4);
  });

  it("keeps a source's variants apart, and evicts them with their source", () => {
    const cache = createLruCache(3, 1_000);
    expect(cache.get("markdown", "*a*", () => "<em>a</em>")).toBe("<em>a</em>");
    expect(cache.get("text", "*a*", () => "*a*")).toBe("*a*");
    expect(cache.get("markdown", "*a*", () => "again")).toBe("<em>a</em>");
    expect(cache.get("text", "*a*", () => "again")).toBe("*a*");
    expect(cache.size).toBe(2);
    // Two more sources go past three values: the oldest source goes with both its variants.
    cache.get("text", "b", () => "b");
    cache.get("text", "c", () => "c");
    expect(cache.size).toBe(2);
    expect(cache.get("markdown", "*a*", () => "recomputed")).toBe("recomputed");
  });

  it("keeps within its character budget and skips entries too big to keep", () => {
    const cache = createLruCache(100, 100);
    cache.get("", "k1", () => "x".repeat(8));
    cache.get("", "k2", () => "y".repeat(8));
    expect(cache.size).toBe(2);
    const big = "z".repeat(50);
    expect(cache.get("", "big", () => big)).toBe(big);
    expect(cache.size).toBe(2);
    for (let i = 0; i < 20; i += 1) cache.get("", `key${i}`, () => "v".repeat(5));
    expect(cache.size).toBeLessThanOrEqual(100 / 9);
  });
});
