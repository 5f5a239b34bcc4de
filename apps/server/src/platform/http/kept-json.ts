import type { FastifyInstance, FastifyReply } from "fastify";
import { lazySerializers } from "./schema-compilers.ts";

/**
 * Records serialised once for every viewer (issue 26). A list's rows kept for every viewer (`platform/read-cache.ts`:
 * frozen, dropped on every content change and after their time) are presented the same way for each request that
 * lists them, but for the viewer's own fields; presenting and serialising them (escaping the rendered bodies above
 * all) was a third of a member's list's CPU. A kept row's JSON is made the first time a list shows it and lives as
 * long as the row (so its bytes follow the read cache's bound: a record's JSON is about its row's size).
 */

/**
 * The JSON of each kept row, made by `make` and made again when anything else it was made from (`from`: a key of the
 * request's variant, the embedded objects as the caches hold them) is not the same as the last time.
 */
export function createKeptJson<R extends object>() {
  const kept = new WeakMap<R, { from: readonly unknown[]; json: string }>();
  return (row: R, from: readonly unknown[], make: () => string): string => {
    const made = kept.get(row);
    if (made?.from.length === from.length && made.from.every((value, index) => value === from[index])) return made.json;
    const json = make();
    kept.set(row, { from, json });
    return json;
  };
}

/**
 * Serialisers of single records, compiled on first use as Fastify compiles a route's response schema (the app's
 * compiler, its shared schemas): each makes the JSON an array's schema would have made of that record.
 */
export function recordSerializers<K extends string>(
  app: FastifyInstance,
  url: string,
  schemas: Record<K, object>,
): () => Record<K, (record: unknown) => string> {
  let compiled: Record<K, (record: unknown) => string> | undefined;
  return () => {
    if (compiled) return compiled;
    const compile = lazySerializers(app.getSchemas());
    compiled = Object.fromEntries(
      Object.entries<object>(schemas).map(([name, schema]) => [
        name,
        compile({ schema, url, method: "GET", httpStatus: "200" }),
      ]),
    ) as Record<K, (record: unknown) => string>;
    return compiled;
  };
}

/** Answers records serialised already, as one JSON array. */
export const sendJsonArray = (reply: FastifyReply, records: string[]): FastifyReply =>
  reply.type("application/json; charset=utf-8").send(`[${records.join(",")}]`);
