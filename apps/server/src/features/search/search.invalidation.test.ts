import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SearchResult } from "@parley/contracts";
import { countQueries, fewestQueries } from "../../platform/db/query-count.ts";
import { createApi, roleIDOfType, type Api, type Session } from "../../test/accounts.ts";
import { createTwoInstances, type TwoInstances } from "../../test/instances.ts";
import { createContentFixture, postComment, postDiscussion, type ContentFixture } from "../../test/content.ts";
import { engines, testDatabaseUrl } from "../../test/databases.ts";

/** The cache of search answers (search.cache.ts) as the API shows it: exact until the index changes. */
const found = async (api: Api, query: string, as: Session | null) => {
  const response = await api.get(`/api/v2/search?${query}`, { as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchResult[]>().map((item) => `${item.recordType}:${item.recordID}`);
};

describe.each(engines)("cached search answers on %s", (engine) => {
  let f: ContentFixture<"alice" | "bob">;

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      alice: { name: "Alice Cache", role: "member", bypassSpam: true },
      bob: { name: "Bob Cache", role: "member", bypassSpam: true },
    });
    // Show and Tell: staff only.
    for (const type of ["guest", "member"] as const) {
      const response = await f.api.patch(
        `/api/v2/roles/${await roleIDOfType(f.t.database.db, type)}`,
        {
          permissions: [
            { type: "category", id: f.category["show-and-tell"], permissions: { "discussions.view": false } },
          ],
        },
        { as: f.admin },
      );
      expect(response.statusCode, response.body).toBe(200);
    }
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it("answers a repeated search without searching again, and drops the answer after a new matching post", async () => {
    const { api, as, category } = f;
    const first = await countQueries(() => found(api, "query=zanzibar", as.alice));
    expect(first.result).toEqual([]);
    const again = await countQueries(() => found(api, "query=zanzibar", as.alice));
    expect(again.result).toEqual([]);
    expect(again.queries).toBeLessThan(first.queries);

    const discussion = await postDiscussion(api, as.bob, {
      name: "Zanzibar meetup",
      body: "Who is going?",
      categoryID: category.general,
    });
    expect(await found(api, "query=zanzibar", as.alice)).toEqual([`discussion:${discussion.discussionID}`]);
    const reply = await postComment(api, as.bob, discussion.discussionID, "Zanzibar in March, then.");
    expect(await found(api, "query=zanzibar", as.alice)).toEqual([
      `discussion:${discussion.discussionID}`,
      `comment:${reply.commentID}`,
    ]);
    const edited = await api.patch(
      `/api/v2/comments/${reply.commentID}`,
      { body: "March, then.", format: "markdown" },
      { as: as.bob },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await found(api, "query=zanzibar", as.alice)).toEqual([`discussion:${discussion.discussionID}`]);
  });

  it("never serves an answer to someone with other rights, whoever asked first", async () => {
    const { api, as, admin, category } = f;
    const hidden = await postDiscussion(api, admin, {
      name: "Quetzal plans",
      body: "Staff only.",
      categoryID: category["show-and-tell"],
    });
    const open = await postDiscussion(api, as.bob, {
      name: "Quetzal sightings",
      body: "Seen one.",
      categoryID: category.general,
    });
    const everyone = [`discussion:${open.discussionID}`];
    expect((await found(api, "query=quetzal", admin)).sort()).toEqual(
      [`discussion:${hidden.discussionID}`, ...everyone].sort(),
    );
    expect(await found(api, "query=quetzal", as.alice)).toEqual(everyone);
    expect(await found(api, "query=quetzal", null)).toEqual(everyone);
    expect(await found(api, "query=quetz&matchMode=prefix&collapse=true", as.alice)).toEqual(everyone);
    expect((await found(api, "query=quetz&matchMode=prefix&collapse=true", admin)).sort()).toEqual(
      [`discussion:${hidden.discussionID}`, ...everyone].sort(),
    );
    // A member with the same rights as another shares the answer (no search queries at all).
    await found(api, "query=quetzal", as.bob);
    const shared = await fewestQueries(() => found(api, "query=quetzal", as.alice));
    const fresh = await countQueries(() => found(api, "query=quetzal%20sightings", as.alice));
    expect(shared).toBeLessThan(fresh.queries);
  });

  it("searches in a fixed number of queries whatever the page size (uncached answers)", async () => {
    const { api, as, category } = f;
    for (let index = 0; index < 3; index++)
      await postDiscussion(api, as.bob, { name: `Ibis count ${index}`, body: "Ibis.", categoryID: category.general });
    const run = (query: string) =>
      countQueries(() => api.get(`/api/v2/search?${query}&expand=insertUser,breadcrumbs`, { as: as.alice }));
    // The driver keeps how common each word is (SQLite) or what the planner expects of each search
    // (PostgreSQL) for a while: learnt once first, for every run alike.
    await run("query=ibis%20count&limit=2");
    await run("query=ibis&limit=2");
    // Two runs each, the least counts: the drain timer may add a query.
    const one = Math.min((await run("query=ibis&limit=1")).queries, (await run("query=ibis%20count&limit=1")).queries);
    const all = Math.min(
      (await run("query=ibis&limit=30")).queries,
      (await run("query=ibis%20count&limit=30")).queries,
    );
    expect(all).toBe(one);
  });
});

const redisUrl = process.env["TEST_REDIS_URL"] || null;
const ready = Boolean(redisUrl && testDatabaseUrl);

describe.skipIf(!ready)("cached search answers across two server instances (PostgreSQL and Redis)", () => {
  let instances: TwoInstances;
  let writer: Session;
  let reader: Session;

  beforeAll(async () => {
    instances = await createTwoInstances(redisUrl!);
    writer = await createApi(instances.appA).signIn(instances.users.writer);
    reader = await createApi(instances.appB).signIn(instances.users.reader);
  });
  afterAll(async () => {
    await instances?.close();
  });

  it("a post through one instance drops the other's cached answer", async () => {
    const apiB = createApi(instances.appB);
    expect(await found(apiB, "query=axolotl", reader)).toEqual([]);
    expect(await found(apiB, "query=axolotl", reader)).toEqual([]); // now cached on B
    const discussion = await postDiscussion(createApi(instances.appA), writer, {
      name: "Axolotl tank",
      body: "Cold water.",
      categoryID: instances.general,
    });
    // A indexed it before answering; B learns through Redis (its cache would keep the old answer 30 s).
    const expected = [`discussion:${discussion.discussionID}`];
    await vi.waitFor(async () => expect(await found(apiB, "query=axolotl", reader)).toEqual(expected), {
      timeout: 10_000,
      interval: 50,
    });
  });
});
