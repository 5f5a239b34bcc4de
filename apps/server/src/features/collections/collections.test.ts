import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Collection, CollectionContent, CollectionRecordContent } from "@parley/contracts";
import { Type } from "typebox";
import { fewestQueries } from "../../platform/db/query-count.ts";
import { roleIDOfType } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import { createContentFixture, expectSchema, postDiscussion, type ContentFixture } from "../../test/content.ts";

type Cast = "member" | "moderator" | "author";

/** Collections (reference §9): community.manage, 30 records at most, membership by resource. */
describe.each(engines)("collections on %s", (engine) => {
  let f: ContentFixture<Cast>;
  beforeAll(async () => {
    f = await createContentFixture(engine, {
      member: { name: "Collection Member", role: "member" },
      moderator: { name: "Collection Moderator", role: "moderator" },
      author: { name: "Collection Author", role: "member" },
    });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it("makes a collection with community.manage; others get 403; missing fields answer Vanilla's sentence", async () => {
    const body = { name: "Featured", records: [{ recordID: 1, recordType: "discussion" }] };
    for (const as of [null, f.as.member, f.as.moderator]) {
      expect((await f.api.post("/api/v2/collections", body, { as })).statusCode).toBe(403);
    }
    const missing = await f.api.post("/api/v2/collections", {}, { as: f.admin });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: "name is required. records is required.",
      status: 400,
      errors: [
        { field: "name", code: "missingField" },
        { field: "records", code: "missingField" },
      ],
    });
    const badItem = await f.api.post(
      "/api/v2/collections",
      {
        name: "Bad",
        records: [
          { recordID: 1, recordType: "discussion" },
          { recordID: 2, recordType: "photo" },
        ],
      },
      { as: f.admin },
    );
    expect(badItem.statusCode).toBe(422);
    expect(badItem.json()).toMatchObject({ errors: [{ field: "recordType", path: "records[1]" }] });
    const tooMany = await f.api.post(
      "/api/v2/collections",
      { name: "Big", records: Array.from({ length: 31 }, (_, i) => ({ recordID: i + 1, recordType: "discussion" })) },
      { as: f.admin },
    );
    expect(tooMany.statusCode).toBe(400);

    const created = await f.api.post("/api/v2/collections", body, { as: f.admin });
    expect(created.statusCode).toBe(201);
    const collection = created.json<Collection>();
    expectSchema(Collection, collection);
    expect(collection).toMatchObject({
      name: "Featured",
      insertUserID: f.adminID,
      records: [{ recordID: 1, recordType: "discussion", sort: 0 }],
    });
    const listed = await f.api.get("/api/v2/collections");
    expect(listed.statusCode).toBe(200);
    expectSchema(Type.Array(Collection), listed.json());
    expect(listed.json<Collection[]>().map((item) => item.name)).toContain("Featured");
  });

  it("sets a record's collections by resource: cleared with an empty list, then set", async () => {
    const d = await postDiscussion(f.api, f.admin, { categoryID: f.category.general });
    const make = async (name: string) =>
      (await f.api.post("/api/v2/collections", { name, records: [] }, { as: f.admin })).json<Collection>();
    const [a, b, c] = [await make("A"), await make("B"), await make("C")];
    const record = { recordID: d.discussionID, recordType: "discussion" };
    const put = (collectionIDs: number[], as = f.admin) =>
      f.api.put("/api/v2/collections/by-resource", { record, collectionIDs }, { as });
    expect((await put([a.collectionID], f.as.moderator)).statusCode).toBe(403);
    expect((await put([a.collectionID, b.collectionID])).statusCode).toBe(200);
    const query = `/api/v2/collections/by-resource?recordID=${d.discussionID}&recordType=discussion`;
    const names = async () => (await f.api.get(query)).json<Collection[]>().map((item) => item.name);
    expect(await names()).toEqual(["A", "B"]);
    // The client's way: first an empty list, then the new one.
    expect((await put([])).json()).toEqual([]);
    const set = await put([b.collectionID, c.collectionID]);
    expect(set.json<Collection[]>().map((item) => item.name)).toEqual(["B", "C"]);
    expect(await names()).toEqual(["B", "C"]);
    expect((await put([999999])).statusCode).toBe(404);
    expect(await names()).toEqual(["B", "C"]);
    const full = (await f.api.get(`/api/v2/collections/${c.collectionID}`)).json<Collection>();
    expect(full.records).toMatchObject([{ recordID: d.discussionID, recordType: "discussion" }]);
  });

  it("refuses a 31st record and lists in a fixed number of queries", async () => {
    const records = Array.from({ length: 30 }, (_, i) => ({ recordID: 1000 + i, recordType: "category" }));
    const full = (
      await f.api.post("/api/v2/collections", { name: "Full", records }, { as: f.admin })
    ).json<Collection>();
    expect(full.records).toHaveLength(30);
    const extra = await f.api.put(
      "/api/v2/collections/by-resource",
      { record: { recordID: 5, recordType: "discussion" }, collectionIDs: [full.collectionID] },
      { as: f.admin },
    );
    expect(extra.statusCode).toBe(400);
    const page = (limit: number) => f.api.get(`/api/v2/collections?limit=${limit}`);
    expect((await page(20)).json<unknown[]>().length).toBeGreaterThan(1);
    expect(await fewestQueries(() => page(20))).toBe(await fewestQueries(() => page(1)));
  });

  it("renames, replaces records and deletes with community.manage", async () => {
    const made = (
      await f.api.post("/api/v2/collections", { name: "Temp", records: [] }, { as: f.admin })
    ).json<Collection>();
    const url = `/api/v2/collections/${made.collectionID}`;
    expect((await f.api.patch(url, { name: "No" }, { as: f.as.moderator })).statusCode).toBe(403);
    const renamed = await f.api.patch(
      url,
      { name: "Renamed", records: [{ recordID: 3, recordType: "category" }] },
      { as: f.admin },
    );
    expect(renamed.json<Collection>()).toMatchObject({ name: "Renamed", records: [{ recordID: 3 }] });
    expect((await f.api.delete(url, { as: f.as.member })).statusCode).toBe(403);
    expect((await f.api.delete(url, { as: f.admin })).statusCode).toBe(204);
    expect((await f.api.get(url)).statusCode).toBe(404);
  });

  it("drops a discussion or category once deleted, alone, in bulk, with its category or with its author", async () => {
    const made = await f.api.post(
      "/api/v2/categories",
      { name: `Collected ${engine}`, urlcode: `collected-${engine}` },
      { as: f.admin },
    );
    expect(made.statusCode, made.body).toBe(201);
    const category = made.json<{ categoryID: number }>();
    const [alone, bulk, kept] = [
      await postDiscussion(f.api, f.admin, { categoryID: f.category.general }),
      await postDiscussion(f.api, f.admin, { categoryID: f.category.general }),
      await postDiscussion(f.api, f.admin, { categoryID: f.category.general }),
    ];
    const inCategory = await postDiscussion(f.api, f.admin, { categoryID: category.categoryID });
    const byAuthor = await postDiscussion(f.api, f.as.author, { categoryID: f.category.general });
    const discussion = (d: { discussionID: number }) => `discussion:${d.discussionID}`;
    const collection = (
      await f.api.post(
        "/api/v2/collections",
        {
          name: "Kept current",
          records: [
            ...[alone, bulk, kept, inCategory, byAuthor].map((d) => ({
              recordID: d.discussionID,
              recordType: "discussion",
            })),
            { recordID: category.categoryID, recordType: "category" },
          ],
        },
        { as: f.admin },
      )
    ).json<Collection>();
    const records = async () =>
      (await f.api.get(`/api/v2/collections/${collection.collectionID}`))
        .json<Collection>()
        .records.map((record) => `${record.recordType}:${record.recordID}`);
    expect(await records()).toHaveLength(6);

    expect((await f.api.delete(`/api/v2/discussions/${alone.discussionID}`, { as: f.admin })).statusCode).toBe(204);
    expect(await records()).not.toContain(discussion(alone));

    const bulkDelete = await f.api.request("DELETE", "/api/v2/discussions/list?longRunnerMode=sync", {
      as: f.admin,
      body: { discussionIDs: [bulk.discussionID] },
    });
    expect(bulkDelete.statusCode, bulkDelete.body).toBe(200);
    expect(await records()).not.toContain(discussion(bulk));

    const deleteCategory = await f.api.delete(`/api/v2/categories/${category.categoryID}`, { as: f.admin });
    expect(deleteCategory.statusCode, deleteCategory.body).toBe(200);
    expect(await records()).toEqual([discussion(kept), discussion(byAuthor)]);

    const deleteAuthor = await f.api.delete(`/api/v2/users/${f.users.author.userID}?deleteMethod=delete`, {
      as: f.admin,
    });
    expect(deleteAuthor.statusCode, deleteAuthor.body).toBe(204);
    expect(await records()).toEqual([discussion(kept)]);
    // The collection lists, by resource, only what exists.
    const byResource = await f.api.get(
      `/api/v2/collections/by-resource?recordID=${alone.discussionID}&recordType=discussion`,
    );
    expect(byResource.json()).toEqual([]);
  });
  it("presents each record as its own endpoint does, for the viewer, in one collection and across collections", async () => {
    const shown = await postDiscussion(f.api, f.admin, {
      categoryID: f.category.general,
      name: "Shown in a collection",
    });
    const staff = await postDiscussion(f.api, f.admin, { categoryID: f.category["off-topic"], name: "A staff pick" });
    const records = [
      { recordID: shown.discussionID, recordType: "discussion" },
      { recordID: staff.discussionID, recordType: "discussion" },
      { recordID: f.category.general, recordType: "category" },
      // Gone, and a type Parley has no feature for: nothing to show.
      { recordID: 999_999, recordType: "discussion" },
      { recordID: 5, recordType: "event" },
    ];
    const make = async (name: string) =>
      (await f.api.post("/api/v2/collections", { name, records }, { as: f.admin })).json<Collection>();
    const [showcase, second] = [await make("Showcase"), await make("Second showcase")];
    const guestRole = await roleIDOfType(f.t.database.db, "guest");
    const hide = (view: boolean) =>
      f.api.patch(
        `/api/v2/roles/${guestRole}`,
        { permissions: [{ type: "category", id: f.category["off-topic"], permissions: { "discussions.view": view } }] },
        { as: f.admin },
      );
    expect((await hide(false)).statusCode).toBe(200);
    try {
      const content = async (as: typeof f.admin | null) => {
        const response = await f.api.get(`/api/v2/collections/${showcase.collectionID}/content/en`, { as });
        expect(response.statusCode, response.body).toBe(200);
        expectSchema(CollectionContent, response.json());
        return response.json<CollectionContent>();
      };
      const asAdmin = await content(f.admin);
      expect(asAdmin).toMatchObject({ collectionID: showcase.collectionID, name: "Showcase" });
      expect(asAdmin.records.map((record) => `${record.recordType}:${record.recordID}`)).toEqual([
        `discussion:${shown.discussionID}`,
        `discussion:${staff.discussionID}`,
        `category:${f.category.general}`,
      ]);
      // The record is what GET /discussions/{id} and GET /categories/{id} answer.
      const discussion = (await f.api.get(`/api/v2/discussions/${shown.discussionID}`, { as: f.admin })).json<object>();
      const category = (await f.api.get(`/api/v2/categories/${f.category.general}`, { as: f.admin })).json<object>();
      expect(asAdmin.records[0]!.record).toMatchObject({
        discussionID: shown.discussionID,
        name: "Shown in a collection",
        url: (discussion as { url: string }).url,
      });
      expect(asAdmin.records[2]!.record).toEqual(category);
      // A guest, who may not see Off Topic, is not shown its discussion.
      const asGuest = await content(null);
      expect(asGuest.records.map((record) => record.recordID)).toEqual([shown.discussionID, f.category.general]);

      const contents = await f.api.get(
        `/api/v2/collections/contents/en?collectionID=${showcase.collectionID}&expand=collection`,
        { as: f.admin },
      );
      expect(contents.statusCode, contents.body).toBe(200);
      expectSchema(Type.Array(CollectionRecordContent), contents.json());
      // The pager counts the collection's records; the page shows those there is something to show of.
      expect(contents.headers["x-app-page-result-count"]).toBe("5");
      expect(contents.json<CollectionRecordContent[]>()).toMatchObject([
        { recordID: shown.discussionID, collection: { collectionID: showcase.collectionID, name: "Showcase" } },
        { recordID: staff.discussionID },
        { recordID: f.category.general, recordType: "category" },
      ]);
      const guestContents = await f.api.get(`/api/v2/collections/contents/en?collectionID=${showcase.collectionID}`);
      expect(guestContents.json<CollectionRecordContent[]>().map((item) => item.recordID)).toEqual([
        shown.discussionID,
        f.category.general,
      ]);
      const paged = await f.api.get(
        `/api/v2/collections/contents/en?collectionID=${showcase.collectionID}&limit=2&page=2`,
        { as: f.admin },
      );
      expect(paged.json<CollectionRecordContent[]>().map((item) => item.recordID)).toEqual([f.category.general]);
      expect(paged.headers["x-app-page-next-url"]).toContain("page=3");
      const later = await f.api.get(
        `/api/v2/collections/contents/en?collectionID=${showcase.collectionID}&dateAddedToCollection=>2100-01-01`,
      );
      expect(later.json()).toEqual([]);
      expect(later.headers["x-app-page-result-count"]).toBe("0");
      // One collection or two: the same queries (one call per record type).
      const across = (ids: number[]) =>
        f.api.get(`/api/v2/collections/contents/en?${ids.map((id) => `collectionID=${id}`).join("&")}`, {
          as: f.admin,
        });
      expect((await across([showcase.collectionID, second.collectionID])).json<unknown[]>()).toHaveLength(6);
      expect(await fewestQueries(() => across([showcase.collectionID, second.collectionID]))).toBe(
        await fewestQueries(() => across([showcase.collectionID])),
      );
      expect((await f.api.get("/api/v2/collections/999999/content/en")).statusCode).toBe(404);
    } finally {
      expect((await hide(true)).statusCode).toBe(200);
    }
  });
});
