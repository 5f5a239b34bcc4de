import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app.ts";
import { createAdmin } from "../../db/seed/admin.ts";
import { seedDemo } from "../../db/seed/demo.ts";
import { testConfig } from "../../test/app.ts";
import { createApi } from "../../test/accounts.ts";
import { postDiscussion } from "../../test/content.ts";
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from "../../test/databases.ts";
import { createTwoInstances, type TwoInstances } from "../../test/instances.ts";

describe("guest API answer cache", () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    await seedDemo(database.db, await createAdmin(database.db, "test-password"));
    app = await buildApp({ config: testConfig(database.dataDir), database, guestApiCacheTtlMs: 60_000 });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers: { host: "forum.test", ...headers } });

  it("answers a guest's repeated read from the cache, paging headers included", async () => {
    const first = await get("/api/v2/discussions?limit=2");
    const second = await get("/api/v2/discussions?limit=2");
    expect(first.headers["x-parley-cache"]).toBeUndefined();
    expect(second.headers["x-parley-cache"]).toBe("hit");
    expect(second.body).toBe(first.body);
    expect(second.headers["x-app-page-result-count"]).toBe(first.headers["x-app-page-result-count"]);
    expect(second.headers["content-type"]).toContain("application/json");
  });

  it("never serves or stores answers for requests with a cookie or a token, or for /users/me", async () => {
    await get("/api/v2/categories");
    expect((await get("/api/v2/categories", { cookie: "parley_session=x" })).headers["x-parley-cache"]).toBeUndefined();
    await get("/api/v2/users/me");
    expect((await get("/api/v2/users/me")).headers["x-parley-cache"]).toBeUndefined();
  });

  it("does not keep failures", async () => {
    await get("/api/v2/discussions/999999");
    const again = await get("/api/v2/discussions/999999");
    expect(again.statusCode).toBe(404);
    expect(again.headers["x-parley-cache"]).toBeUndefined();
  });

  it("forgets everything when content changes", async () => {
    await get("/api/v2/discussions?limit=3");
    expect((await get("/api/v2/discussions?limit=3")).headers["x-parley-cache"]).toBe("hit");
    await app.platform.events.emit("comment.created", {
      commentID: 1,
      discussionID: 1,
      categoryID: 1,
      insertUserID: 1,
      actorUserID: 1,
    });
    expect((await get("/api/v2/discussions?limit=3")).headers["x-parley-cache"]).toBeUndefined();
  });
});

const redisUrl = process.env["TEST_REDIS_URL"] || null;

describe.skipIf(!redisUrl || !testDatabaseUrl)(
  "guest API answer cache across two server instances (PostgreSQL and Redis)",
  () => {
    let instances: TwoInstances;
    beforeAll(async () => {
      instances = await createTwoInstances(redisUrl!, { guestApiCacheTtlMs: 60_000 });
    });
    afterAll(async () => {
      await instances?.close();
    });

    it("a new discussion through one instance drops the other's cached guest answers", async () => {
      const guestList = () => instances.appB.inject({ method: "GET", url: "/api/v2/discussions?limit=50" });
      await guestList();
      expect((await guestList()).headers["x-parley-cache"]).toBe("hit");
      const writer = await createApi(instances.appA).signIn(instances.users.writer);
      const discussion = await postDiscussion(createApi(instances.appA), writer, {
        name: "Seen by guests everywhere",
        body: "Through Redis.",
        categoryID: instances.general,
      });
      // B's copy would last a minute; Redis tells B at once.
      await vi.waitFor(
        async () => {
          const answer = await guestList();
          expect(answer.headers["x-parley-cache"]).toBeUndefined();
          expect(answer.json<Array<{ discussionID: number }>>().map((row) => row.discussionID)).toContain(
            discussion.discussionID,
          );
        },
        { timeout: 5_000, interval: 50 },
      );
    });
  },
);
