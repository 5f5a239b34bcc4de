import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paginationHeaders, SearchResult, type Discussion, type SearchResult as Result } from "@parley/contracts";
import { countQueries } from "../../platform/db/query-count.ts";
import { createSearchEngine } from "./search.engine.ts";
import { roleIDOfType, type Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import {
  createContentFixture,
  expectSchema,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";

type Cast = "alice" | "bob" | "carol";

describe.each(engines)("GET /search on %s", (engine) => {
  let f: ContentFixture<Cast>;
  let valkeyTitle: Discussion;
  let valkeyBody: Discussion;
  let redirectOnly: Discussion;
  let hidden: Discussion;
  let tagged: Discussion;
  let replyID: number;

  const search = async (query: string, as: Session | null = null) => {
    const response = await f.api.get(`/api/v2/search?${query}`, { as });
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json<Result[]>();
    for (const item of items) expectSchema(SearchResult, item, `GET /search?${query}`);
    return { items, headers: response.headers };
  };
  const ids = (items: Result[]) => items.map((item) => `${item.recordType}:${item.recordID}`);

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      alice: { name: "Zelda Searcher", role: "member", bypassSpam: true },
      bob: { name: "Bob Writer", role: "member", bypassSpam: true },
      carol: { name: "Carol Quiet", role: "member", bypassSpam: true },
    });
    const { api, as, category } = f;
    // A body match first (older), then a title match: relevance must put the title first anyway.
    valkeyBody = await postDiscussion(api, as.bob, {
      name: "Caching layer choices",
      body: "We looked at memcached and valkey for the sessions.",
      categoryID: category.general,
    });
    valkeyTitle = await postDiscussion(api, as.alice, {
      name: "Valkey cluster failover",
      body: "The failover took far too long when the primary went away.",
      categoryID: category.installation,
    });
    const reply = await postComment(
      api,
      as.bob,
      valkeyTitle.discussionID,
      "In the middle of the thread: valkey again, twice valkey.",
    );
    replyID = reply.commentID;
    redirectOnly = await postDiscussion(api, as.bob, {
      name: "Valkeyrie loops after sign in",
      body: "Every valkeyrie goes back to the same page.",
      categoryID: category.general,
    });
    tagged = await postDiscussion(api, as.alice, {
      name: "Connection pool exhausted",
      body: "The connection pool of the database was exhausted by running queries.",
      categoryID: category.troubleshooting,
      newTagNames: ["Databases"],
    });
    hidden = await postDiscussion(api, f.admin, {
      name: "Secret valkey plans",
      body: "Nobody but staff should find these valkey plans.",
      categoryID: category["show-and-tell"],
    });
    await postComment(api, f.admin, hidden.discussionID, "A hidden valkey reply.");
    for (const type of ["guest", "member"] as const) {
      const response = await api.patch(
        `/api/v2/roles/${await roleIDOfType(f.t.database.db, type)}`,
        {
          permissions: [
            { type: "category", id: category["show-and-tell"], permissions: { "discussions.view": false } },
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

  it("ranks a title match above body matches, and the discussion above a mid-thread reply", async () => {
    const { items, headers } = await search("query=valkey", f.as.carol);
    expect(ids(items)).toEqual([
      `discussion:${valkeyTitle.discussionID}`,
      `comment:${replyID}`,
      `discussion:${valkeyBody.discussionID}`,
    ]);
    expect(headers["x-search-powered-by"]).toBe(engine === "sqlite" ? "sqlite-fts5" : "postgres-tsvector");
    expect(headers[paginationHeaders.resultCount]).toBe("3");
    const comment = items[1]!;
    expect(comment.name).toBe("Valkey cluster failover");
    expect(comment.url).toBe(`http://forum.test/discussion/comment/${replyID}#Comment_${replyID}`);
    expect(comment.body).toContain("<mark>valkey</mark>");
    expect(items[0]!.url).toMatch(new RegExp(`/discussion/${valkeyTitle.discussionID}/valkey-cluster-failover$`));
  });

  it("matches whole words (valkey never finds redirect), stems, and phrases in quotes", async () => {
    expect(ids((await search("query=valkey", f.as.carol)).items)).not.toContain(
      `discussion:${redirectOnly.discussionID}`,
    );
    // Stemming: "queries" finds "queries", "query"; "exhausting" finds "exhausted".
    expect(ids((await search("query=exhausting", f.as.carol)).items)).toEqual([`discussion:${tagged.discussionID}`]);
    expect(ids((await search(`query=${encodeURIComponent('"pool of the database"')}`, f.as.carol)).items)).toEqual([
      `discussion:${tagged.discussionID}`,
    ]);
    expect((await search(`query=${encodeURIComponent('"database pool"')}`, f.as.carol)).items).toEqual([]);
  });

  it("and/or operators", async () => {
    expect(ids((await search("query=valkey%20failover", f.as.carol)).items)).toEqual([
      `discussion:${valkeyTitle.discussionID}`,
    ]);
    const either = ids((await search("query=memcached%20valkeyrie&queryOperator=or", f.as.carol)).items);
    expect(either.sort()).toEqual(
      [`discussion:${valkeyBody.discussionID}`, `discussion:${redirectOnly.discussionID}`].sort(),
    );
  });

  it("never shows what the searcher may not view, in results or suggestions", async () => {
    const asMember = ids((await search("query=valkey&recordTypes=discussion,comment&limit=100", f.as.carol)).items);
    expect(asMember.some((id) => id === `discussion:${hidden.discussionID}`)).toBe(false);
    const asGuest = ids((await search("query=secret", null)).items);
    expect(asGuest).toEqual([]);
    const suggest = ids((await search("query=secr&matchMode=prefix&collapse=true&expand=-body", f.as.carol)).items);
    expect(suggest).toEqual([]);
    const asAdmin = ids((await search("query=secret", f.admin)).items);
    expect(asAdmin).toEqual([`discussion:${hidden.discussionID}`]);
    const adminSuggest = ids((await search("query=secr&matchMode=prefix&collapse=true", f.admin)).items);
    expect(adminSuggest).toEqual([`discussion:${hidden.discussionID}`]);
  });

  it("suggestions: prefix matching on the last word of names, newest first, no comments, nothing for an empty query", async () => {
    const { items } = await search("query=valk&matchMode=prefix&collapse=true&expand=-body&limit=10", f.as.carol);
    // Titles only: "Caching layer choices" says valkey in its body, and is not suggested.
    expect(ids(items)).toEqual([`discussion:${redirectOnly.discussionID}`, `discussion:${valkeyTitle.discussionID}`]);
    expect(ids((await search("query=valkey%20cl&matchMode=prefix&collapse=true", f.as.carol)).items)).toEqual([
      `discussion:${valkeyTitle.discussionID}`,
    ]);
    expect(items.every((item) => item.body === undefined)).toBe(true);
    // The beginnings of words as written, not of their stems ("pos" is not "po*": never "pool").
    expect(ids((await search("query=pos&matchMode=prefix", f.as.carol)).items)).not.toContain(
      `discussion:${tagged.discussionID}`,
    );
    expect(ids((await search("query=connecti&matchMode=prefix", f.as.carol)).items)).toEqual([
      `discussion:${tagged.discussionID}`,
    ]);
    expect((await search("query=&matchMode=prefix", f.as.carol)).items).toEqual([]);
    expect((await search("query=%20%22%20&matchMode=prefix", f.as.carol)).items).toEqual([]);
  });

  it("filters: category (with children), authors by name and id, tags, types, dates, discussion", async () => {
    const { category, users } = f;
    expect((await search(`query=valkey&categoryID=${category.help}`, f.as.carol)).items).toEqual([]);
    const withChildren = `query=valkey&categoryID=${category.help}&includeChildCategories=true`;
    expect(ids((await search(withChildren, f.as.carol)).items).sort()).toEqual(
      [`discussion:${valkeyTitle.discussionID}`, `comment:${replyID}`].sort(),
    );
    expect(ids((await search(`query=valkey&categoryIDs=${category.general}`, f.as.carol)).items)).toEqual([
      `discussion:${valkeyBody.discussionID}`,
    ]);
    expect(
      ids((await search(`query=valkey&authors=${encodeURIComponent("Bob Writer")}`, f.as.carol)).items).sort(),
    ).toEqual([`comment:${replyID}`, `discussion:${valkeyBody.discussionID}`].sort());
    expect(ids((await search(`query=valkey&insertUserIDs=${users.alice.userID}`, f.as.carol)).items)).toEqual([
      `discussion:${valkeyTitle.discussionID}`,
    ]);
    expect(ids((await search("query=pool&tags=Databases", f.as.carol)).items)).toEqual([
      `discussion:${tagged.discussionID}`,
    ]);
    expect((await search("query=valkey&tags=Databases", f.as.carol)).items).toEqual([]);
    expect(ids((await search("query=valkey&types=comment", f.as.carol)).items)).toEqual([`comment:${replyID}`]);
    expect(ids((await search("query=valkey&recordTypes=discussion", f.as.carol)).items)).not.toContain(
      `comment:${replyID}`,
    );
    expect(
      ids((await search(`query=valkey&discussionID=${valkeyTitle.discussionID}`, f.as.carol)).items).sort(),
    ).toEqual([`discussion:${valkeyTitle.discussionID}`, `comment:${replyID}`].sort());
    expect((await search("query=valkey&dateInserted=%3C%3D2000-01-01", f.as.carol)).items).toEqual([]);
    expect((await search("query=valkey&dateInserted=%3E%3D2000-01-01", f.as.carol)).items).toHaveLength(3);
    // Filters alone (no words): everything Alice posted, newest first.
    expect(ids((await search(`insertUserIDs=${users.alice.userID}`, f.as.carol)).items)).toEqual([
      `discussion:${tagged.discussionID}`,
      `discussion:${valkeyTitle.discussionID}`,
    ]);
  });

  it("archived categories only with includeArchivedCategories; followed categories (none followed yet) find nothing", async () => {
    const { db } = f.t.database;
    const archive = async (value: number) => {
      await db
        .updateTable("categories")
        .set({ isArchived: value })
        .where("categoryID", "=", f.category.troubleshooting)
        .execute();
      await f.t.app.platform.events.emit("permissions.changed", {});
    };
    await archive(1);
    try {
      expect((await search("query=pool", f.as.carol)).items).toEqual([]);
      expect(ids((await search("query=pool&includeArchivedCategories=true", f.as.carol)).items)).toEqual([
        `discussion:${tagged.discussionID}`,
      ]);
    } finally {
      await archive(0);
    }
    expect(ids((await search("query=pool", f.as.carol)).items)).toEqual([`discussion:${tagged.discussionID}`]);
    expect((await search("query=pool&followedCategories=true", f.as.carol)).items).toEqual([]);
  });

  it("sorts by date either way, pages with headers", async () => {
    const newest = ids((await search("query=valkey&sort=-dateInserted", f.as.carol)).items);
    expect(newest).toEqual([
      `comment:${replyID}`,
      `discussion:${valkeyTitle.discussionID}`,
      `discussion:${valkeyBody.discussionID}`,
    ]);
    const oldest = ids((await search("query=valkey&sort=dateInserted", f.as.carol)).items);
    expect(oldest).toEqual([...newest].reverse());
    const second = await search("query=valkey&sort=dateInserted&limit=2&page=2", f.as.carol);
    expect(ids(second.items)).toEqual([`comment:${replyID}`]);
    expect(second.headers[paginationHeaders.resultCount]).toBe("3");
    expect(String(second.headers["link"])).toContain('rel="prev"');
  });

  it("counts to the next hundred past the page: a floor on the first pages, exact on the last", async () => {
    const thread = await postDiscussion(f.api, f.admin, {
      name: "Sightings log",
      body: "One line per sighting below.",
      categoryID: f.category.general,
    });
    for (let index = 1; index <= 105; index++)
      await postComment(f.api, f.admin, thread.discussionID, `Quokka seen ${index}.`);
    const first = await search("query=quokka&limit=10", f.as.carol);
    expect(first.items).toHaveLength(10);
    expect(first.headers[paginationHeaders.resultCount]).toBe("100");
    expect(String(first.headers["link"])).toContain('rel="next"');
    const tenth = await search("query=quokka&limit=10&page=10", f.as.carol);
    expect(tenth.items).toHaveLength(10);
    expect(tenth.headers[paginationHeaders.resultCount]).toBe("105");
    const last = await search("query=quokka&limit=10&page=11", f.as.carol);
    expect(last.items).toHaveLength(5);
    expect(last.headers[paginationHeaders.resultCount]).toBe("105");
    expect(String(last.headers["link"])).not.toContain('rel="next"');
  });

  it("domains: members and categories", async () => {
    const members = await search("query=zelda&domain=user", f.as.carol);
    expect(ids(members.items)).toEqual([`user:${f.users.alice.userID}`]);
    expect(members.items[0]!.url).toBe("http://forum.test/profile/Zelda%20Searcher");
    const categories = await search("query=troubleshooting&domain=category&expand=breadcrumbs", f.as.carol);
    expect(ids(categories.items)).toEqual([`category:${f.category.troubleshooting}`]);
    expect(categories.items[0]!.breadcrumbs?.at(-1)?.name).toBe("Troubleshooting");
    // Category-only filters do not apply to members.
    expect(ids((await search(`query=zelda&domain=user&categoryID=${f.category.help}`, f.as.carol)).items)).toEqual([
      `user:${f.users.alice.userID}`,
    ]);
    // A category members may not view is not found either.
    expect((await search("query=show&domain=category", f.as.carol)).items.map((item) => item.recordID)).not.toContain(
      f.category["show-and-tell"],
    );
  });

  it("expands the author and breadcrumbs in a fixed number of queries", async () => {
    const run = (limit: number) =>
      countQueries(() =>
        f.api.get(`/api/v2/search?query=valkey&expand=insertUser,breadcrumbs&limit=${limit}`, { as: f.as.carol }),
      );
    // The least of two runs each: the drain timer and the category cache's reload may add a query.
    const one = Math.min((await run(1)).queries, (await run(1)).queries);
    const first = await run(30);
    const all = first.queries <= one ? first : await run(30);
    // Never more for thirty results than for one (a cache reload during the runs of one only adds).
    expect(Math.min(first.queries, all.queries)).toBeLessThanOrEqual(one);
    const items = all.result.json<Result[]>();
    expect((items[0]!.insertUser as { name?: string } | undefined)?.name).toBe("Zelda Searcher");
    expect(items[0]!.breadcrumbs?.map((crumb) => crumb.name)).toEqual(["Home", "Help & Support", "Installation"]);
  });

  it("keeps the index current: edits, moves, deletes and renames", async () => {
    const { api, as, category } = f;
    const post = await postDiscussion(api, as.bob, {
      name: "Kubernetes ingress",
      body: "Ingress rules.",
      categoryID: category.general,
    });
    expect(ids((await search("query=kubernetes", f.as.carol)).items)).toEqual([`discussion:${post.discussionID}`]);
    expect(
      (await api.patch(`/api/v2/discussions/${post.discussionID}`, { name: "Nomad ingress" }, { as: as.bob }))
        .statusCode,
    ).toBe(200);
    expect((await search("query=kubernetes", f.as.carol)).items).toEqual([]);
    expect(ids((await search("query=nomad", f.as.carol)).items)).toEqual([`discussion:${post.discussionID}`]);
    const answer = await postComment(api, as.alice, post.discussionID, "Nomad is simpler.");
    // Moved into the hidden category: the discussion and its reply disappear for members.
    const move = await api.patch(
      "/api/v2/discussions/move",
      { discussionIDs: [post.discussionID], categoryID: category["show-and-tell"] },
      { as: f.admin },
    );
    expect(move.statusCode, move.body).toBeLessThan(300);
    expect((await search("query=nomad", f.as.carol)).items).toEqual([]);
    expect(ids((await search("query=nomad", f.admin)).items).sort()).toEqual(
      [`discussion:${post.discussionID}`, `comment:${answer.commentID}`].sort(),
    );
    expect((await api.delete(`/api/v2/discussions/${post.discussionID}`, { as: f.admin })).statusCode).toBe(204);
    expect((await search("query=nomad", f.admin)).items).toEqual([]);
    const rename = await api.patch(
      `/api/v2/users/${f.users.carol.userID}`,
      { name: "Caroline Renamed" },
      { as: f.admin },
    );
    expect(rename.statusCode, rename.body).toBe(200);
    expect(ids((await search("query=caroline&domain=user", f.as.alice)).items)).toEqual([
      `user:${f.users.carol.userID}`,
    ]);
    expect((await search("query=carol&domain=user", f.as.alice)).items).toEqual([]);
  });

  it("npm run reindex's rebuild gives the same index", async () => {
    const before = ids((await search("query=valkey", f.as.carol)).items);
    let reported = 0;
    const count = await createSearchEngine(f.t.database).indexer.rebuild({ onProgress: (done) => (reported = done) });
    expect(count).toBeGreaterThan(10);
    expect(reported).toBe(count);
    expect(ids((await search("query=valkey", f.as.carol)).items)).toEqual(before);
    expect(ids((await search("query=secret", f.as.carol)).items)).toEqual([]);
  });

  it("answers bad input with a 400", async () => {
    const response = await f.api.get("/api/v2/search?query=x&sort=score", { as: f.as.carol });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, unknown> }>().errors).toHaveProperty("sort");
  });

  it("runs SQLite's searches in a thread of their own (PostgreSQL's client does not block)", async () => {
    await search("query=valkey", f.as.carol);
    if (engine === "sqlite") expect(f.t.app.searchReader?.running).toBe(true);
    else expect(f.t.app.searchReader).toBeNull();
  });
});
