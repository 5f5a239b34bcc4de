import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import type { Discussion, Group, SearchResult } from "@parley/contracts";
import { buildApp } from "../../app.ts";
import { createAdmin } from "../../db/seed/admin.ts";
import { seedDemo } from "../../db/seed/demo.ts";
import { createApi, seededAdmin, type Api, type Session } from "../../test/accounts.ts";
import { TEST_ADMIN_PASSWORD, testConfig } from "../../test/app.ts";
import { createTestDatabase, type TestDatabase } from "../../test/databases.ts";

/**
 * The guests' answer cache follows a group's privacy (a public group made private stops showing its posts at once)
 * and its name (search finds it by its new one).
 */
describe("groups and the guest API cache", () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let api: Api;
  let admin: Session;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    await seedDemo(database.db, await createAdmin(database.db, TEST_ADMIN_PASSWORD));
    app = await buildApp({ config: testConfig(database.dataDir), database, guestApiCacheTtlMs: 60_000 });
    await app.ready();
    api = createApi(app);
    admin = await api.signIn(seededAdmin);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it("drops guests' cached answers when a group's privacy changes", async () => {
    const club = (await api.get("/api/v2/groups?privacy=public")).json<Group[]>()[0]!;
    const url = `/api/v2/discussions?groupID=${club.groupID}`;
    expect((await api.get(url)).json<Discussion[]>()).toHaveLength(2);
    const cached = await api.get(url);
    expect(cached.headers["x-parley-cache"]).toBe("hit");
    const changed = await api.patch(`/api/v2/groups/${club.groupID}`, { privacy: "private" }, { as: admin });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await api.get(url);
    expect(after.headers["x-parley-cache"]).toBeUndefined();
    expect(after.json<Discussion[]>()).toEqual([]);
  });

  it("drops guests' cached searches when a group is renamed", async () => {
    const designers = (await api.get("/api/v2/groups?name=designers")).json<Group[]>()[0]!;
    const url = "/api/v2/search?query=designers&domain=group";
    const names = (response: { json<T>(): T }) => response.json<SearchResult[]>().map((item) => item.name);
    expect(names(await api.get(url))).toEqual([designers.name]);
    expect((await api.get(url)).headers["x-parley-cache"]).toBe("hit");
    const renamed = await api.patch(`/api/v2/groups/${designers.groupID}`, { name: "Theme Painters" }, { as: admin });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await api.get(url);
    expect(after.headers["x-parley-cache"]).toBeUndefined();
    expect(names(after)).toEqual([]);
  });
});
