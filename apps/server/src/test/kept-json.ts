import { expect } from "vitest";
import type { DialectName } from "../platform/db/database.ts";
import { createApi, type Api, type Session } from "./accounts.ts";
import { createUnkeptTwin } from "./app.ts";
import { createContentFixture, type ContentFixture } from "./content.ts";

/** The kept-JSON tests' readers: two members and a moderator. */
export type KeptJsonCast = "member" | "other" | "moderator";

/**
 * The kept-JSON tests' setting (`discussions.list-json.test.ts`, `comments.list-json.test.ts`): a content fixture whose
 * app keeps the lists' rows for a minute, as the server runs, and a second app on its database that keeps none, whose
 * answers are the presenter's own. The readers are named "{prefix} Member", "{prefix} Other" and "{prefix} Moderator".
 */
export async function createKeptJsonFixture(
  engine: DialectName,
  prefix: string,
): Promise<{ f: ContentFixture<KeptJsonCast>; unkept: Api; close: () => Promise<void> }> {
  const f = await createContentFixture(
    engine,
    {
      member: { name: `${prefix} Member`, role: "member", bypassSpam: true },
      other: { name: `${prefix} Other`, role: "member", bypassSpam: true },
      moderator: { name: `${prefix} Moderator`, role: "moderator", bypassSpam: true },
    },
    { readCacheTtlMs: 60_000 },
  );
  const twin = await createUnkeptTwin(f.t);
  return {
    f,
    unkept: createApi(twin),
    close: async () => {
      await twin.close();
      await f.t.close();
    },
  };
}

/** A list's answer as a client reads it, its records and its total, after checking it is a JSON 200. */
export async function listAnswer<T>(
  api: Api,
  path: string,
  as: Session | null,
): Promise<{ items: T[]; total: unknown }> {
  const response = await api.get(path, { as });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
  return { items: response.json<T[]>(), total: response.headers["x-app-page-result-count"] };
}
