import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const src = path.resolve(import.meta.dirname, "..");

/**
 * Modules that only some processes use, each loaded with `await import(…)` where it is first needed: a value import at
 * the top of a file would load them in every process at start (issue 26: resident memory and cold start).
 */
const LAZY: Record<string, string> = {
  sharp: "libvips and its libraries, ≈ 7 MB resident from the moment they load; only a photo upload resizes",
  pg: "PostgreSQL's client, only with DATABASE_URL",
  ioredis: "Redis's client, only with REDIS_URL",
  "@aws-sdk/client-s3": "1.4 MB of SDK, only with PARLEY_STORAGE=s3",
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test" ? [] : sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });

/** `import x from "m"`, `import { x } from "m"`, `import "m"`, `export … from "m"`; not `import type`. */
const valueImport = (module: string) =>
  new RegExp(
    String.raw`^\s*(import|export)\s+(?!type\b)([^;]*?\sfrom\s+)?["']${module.replace(/[/.]/g, "\\$&")}["']`,
    "m",
  );

describe("the server's optional heavy modules", () => {
  it("are never imported for their values at a file's top: each loads where it is used", () => {
    const eager = sourceFiles(src).flatMap((file) => {
      const text = readFileSync(file, "utf8");
      return Object.keys(LAZY)
        .filter((module) => valueImport(module).test(text))
        .map((module) => `${path.relative(src, file)}: ${module} (${LAZY[module]})`);
    });
    expect(eager, "load it with `await import(…)` where it is needed").toEqual([]);
  });

  it("each has the dynamic import the rule expects", () => {
    const all = sourceFiles(src)
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    for (const module of Object.keys(LAZY)) expect(all, module).toContain(`import("${module}")`);
    // The rule recognises a value import when there is one.
    expect(valueImport("sharp").test(`import sharp, { type Metadata } from "sharp";`)).toBe(true);
    expect(valueImport("sharp").test(`import type { Metadata } from "sharp";`)).toBe(false);
  });
});
