import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import { DirtyRecord, Resource, ResourceFragment, type DirtyRecord as DirtyRecordRecord } from "@parley/contracts";
import {
  createContentFixture,
  expectSchema,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";
import { engines } from "../../test/databases.ts";

/*
 * `/resources` (issue 36): the record types with their crawl information, and the dirty records kept from the
 * owners' events (once per record), cleared per type by a site manager.
 */

const cast = {
  member: { name: "Resource Member", role: "member", bypassSpam: true },
  moderator: { name: "Resource Moderator", role: "moderator" },
} as const;

describe.each(engines)("/resources on %s", (engine) => {
  let f: ContentFixture<keyof typeof cast>;
  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const dirty = async (recordType: string, query = "") => {
    const response = await f.api.get(`/api/v2/resources/dirty-records/${recordType}${query}`, { as: f.admin });
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json<DirtyRecordRecord[]>();
    expectSchema(Type.Array(DirtyRecord), items);
    return items;
  };
  const clear = (recordType: string, query = "") =>
    f.api.delete(`/api/v2/resources/dirty-records/${recordType}${query}`, { as: f.admin });

  it("lists the record types with their addresses, filtered by crawlable", async () => {
    const response = await f.api.get("/api/v2/resources", { as: f.admin });
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json<Array<{ recordType: string; url: string; crawlable: boolean }>>();
    expectSchema(Type.Array(ResourceFragment), items);
    expect(items.map((item) => item.recordType)).toEqual(["discussion", "comment", "user", "category"]);
    expect(items[0]!.url).toMatch(/^https?:\/\/[^/]+\/api\/v2\/resources\/discussion$/);
    expect(items.every((item) => item.crawlable)).toBe(true);
    expect((await f.api.get("/api/v2/resources?crawlable=false", { as: f.admin })).json()).toEqual([]);
    expect((await f.api.get("/api/v2/resources?crawlable=true", { as: f.admin })).json()).toHaveLength(4);
  });

  it("answers a type's crawl information with expand=crawl: the list, the parameter and the ids' range", async () => {
    await postDiscussion(f.api, f.as.member, { categoryID: f.category.general, name: "Crawled" });
    const plain = await f.api.get("/api/v2/resources/discussion", { as: f.admin });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toEqual({ recordType: "discussion" });

    for (const expand of ["crawl", "all"]) {
      const response = await f.api.get(`/api/v2/resources/discussion?expand=${expand}`, { as: f.admin });
      expect(response.statusCode, response.body).toBe(200);
      const resource = response.json<{
        crawl: { url: string; parameter: string; min: number; max: number; count: number };
      }>();
      expectSchema(Resource, resource);
      const ids = await f.t.database.db.selectFrom("discussions").select("discussionID").execute();
      const values = ids.map((row) => row.discussionID);
      expect(resource.crawl).toMatchObject({
        parameter: "discussionID",
        min: Math.min(...values),
        max: Math.max(...values),
        count: values.length,
      });
      expect(resource.crawl.url).toMatch(/\/api\/v2\/discussions\?sort=discussionID$/);
    }
    const category = (await f.api.get("/api/v2/resources/category?expand=crawl", { as: f.admin })).json<Resource>();
    expect(category.crawl).toMatchObject({ parameter: "page", min: 1 });
  });

  it("answers 404 for an unknown record type, and 400 for an unknown expand", async () => {
    for (const url of [
      "/api/v2/resources/widget",
      "/api/v2/resources/dirty-records/widget",
      "/api/v2/resources/widget?expand=crawl",
    ]) {
      const response = await f.api.get(url, { as: f.admin });
      expect(response.statusCode, url).toBe(404);
    }
    expect((await clear("widget")).statusCode).toBe(404);
    expect((await f.api.get("/api/v2/resources/discussion?expand=everything", { as: f.admin })).statusCode).toBe(400);
  });

  it("marks created, edited and deleted records dirty once each, and clears a type on DELETE", async () => {
    for (const type of ["discussion", "comment", "category", "user"]) expect((await clear(type)).statusCode).toBe(204);
    expect(await dirty("discussion")).toEqual([]);

    const discussion = await postDiscussion(f.api, f.as.member, { categoryID: f.category.general, name: "Dirty" });
    const comment = await postComment(f.api, f.as.member, discussion.discussionID);
    const first = await dirty("discussion");
    expect(first.map((row) => row.recordID)).toEqual([discussion.discussionID]);
    expect((await dirty("comment")).map((row) => row.recordID)).toEqual([comment.commentID]);

    // Edited twice: still one row, its date moved on.
    for (const name of ["Dirty again", "Dirty thrice"]) {
      const edit = await f.api.patch(`/api/v2/discussions/${discussion.discussionID}`, { name }, { as: f.as.member });
      expect(edit.statusCode, edit.body).toBe(200);
    }
    const again = await dirty("discussion");
    expect(again).toHaveLength(1);
    expect(again[0]!.dateInserted >= first[0]!.dateInserted).toBe(true);

    const patched = await f.api.patch(
      `/api/v2/categories/${f.category.help}`,
      { description: "Changed for the index." },
      { as: f.admin },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await dirty("category")).map((row) => row.recordID)).toEqual([f.category.help]);

    // Deleting the comment marks it again (an index must drop it); clearing discussions leaves comments.
    expect((await f.api.delete(`/api/v2/comments/${comment.commentID}`, { as: f.admin })).statusCode).toBe(204);
    expect((await clear("discussion")).statusCode).toBe(204);
    expect(await dirty("discussion")).toEqual([]);
    expect((await dirty("comment")).map((row) => row.recordID)).toEqual([comment.commentID]);
  });

  it("marks members made and changed: POST /users, PATCH /users/{id} (an e-mail alone too), registration", async () => {
    expect((await clear("user")).statusCode).toBe(204);
    const made = await f.api.post(
      "/api/v2/users",
      { name: "Dirty Member", email: "dirty.member@example.com", password: "a-long-enough-password-1" },
      { as: f.admin },
    );
    expect(made.statusCode, made.body).toBe(201);
    const userID = made.json<{ userID: number }>().userID;
    expect((await dirty("user")).map((row) => row.recordID)).toEqual([userID]);

    expect((await clear("user")).statusCode).toBe(204);
    const changed = await f.api.patch(
      `/api/v2/users/${userID}`,
      { email: "dirty.member.2@example.com" },
      { as: f.admin },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await dirty("user")).map((row) => row.recordID)).toEqual([userID]);

    // A refused change marks nothing.
    expect((await clear("user")).statusCode).toBe(204);
    const refused = await f.api.patch(`/api/v2/users/${userID}`, { email: "not an address" }, { as: f.admin });
    expect([400, 422]).toContain(refused.statusCode);
    expect(await dirty("user")).toEqual([]);

    // Someone registering is a member made too.
    const registered = await f.api.post("/api/v2/users/register", {
      name: "Dirty Newcomer",
      email: "dirty.newcomer@example.com",
      password: "a-long-enough-password-2",
      termsAgreed: true,
    });
    expect(registered.statusCode, registered.body).toBeLessThan(300);
    const newcomer = registered.json<{ userID: number }>().userID;
    expect((await dirty("user")).map((row) => row.recordID)).toEqual([newcomer]);
  });

  it("clears only the records dirtied at dateInserted's dates, so later changes stay", async () => {
    await clear("discussion");
    const older = await postDiscussion(f.api, f.as.member, { categoryID: f.category.general, name: "Older" });
    const [marked] = await dirty("discussion");
    expect(marked!.recordID).toBe(older.discussionID);
    await f.t.database.db
      .updateTable("dirtyRecords")
      .set({ dateInserted: "2020-01-01T00:00:00.000Z" })
      .where("recordType", "=", "discussion")
      .execute();
    const newer = await postDiscussion(f.api, f.as.member, { categoryID: f.category.general, name: "Newer" });
    expect((await clear("discussion", "?dateInserted=<=2021-01-01T00:00:00Z")).statusCode).toBe(204);
    expect((await dirty("discussion")).map((row) => row.recordID)).toEqual([newer.discussionID]);

    const bad = await clear("discussion", "?dateInserted=yesterday-ish");
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json<{ errors: Array<{ field: string }> }>().errors.map((error) => error.field)).toEqual([
      "dateInserted",
    ]);
    expect(await dirty("discussion")).toHaveLength(1);
  });

  it("pages the dirty records with paging headers, and refuses a limit past the maximum", async () => {
    await clear("discussion");
    for (const name of ["Paged one", "Paged two", "Paged three"])
      await postDiscussion(f.api, f.as.member, { categoryID: f.category.general, name });
    const response = await f.api.get("/api/v2/resources/dirty-records/discussion?limit=2", { as: f.admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(2);
    expect(response.headers["x-app-page-result-count"]).toBe("3");
    expect(await dirty("discussion", "?limit=2&page=2")).toHaveLength(1);
    const tooMany = await f.api.get("/api/v2/resources/dirty-records/discussion?limit=501", { as: f.admin });
    expect(tooMany.statusCode).toBe(400);
  });

  it("is for site managers: guests, members and moderators get 403, and nothing is cleared", async () => {
    await postDiscussion(f.api, f.as.member, { categoryID: f.category.general, name: "Kept" });
    const before = await dirty("discussion");
    const reads = [
      "/api/v2/resources",
      "/api/v2/resources/discussion?expand=crawl",
      "/api/v2/resources/dirty-records/discussion",
    ];
    for (const as of [null, f.as.member, f.as.moderator]) {
      for (const url of reads) expect((await f.api.get(url, { as })).statusCode, `${url} ${as?.userID}`).toBe(403);
      const refused = await f.api.delete("/api/v2/resources/dirty-records/discussion", { as });
      expect(refused.statusCode).toBe(403);
    }
    // A site manager's DELETE without its CSRF token is refused too.
    const noCsrf = await f.api.delete("/api/v2/resources/dirty-records/discussion", { as: f.admin, csrf: "none" });
    expect(noCsrf.statusCode).toBe(403);
    expect(await dirty("discussion")).toEqual(before);
  });
});
