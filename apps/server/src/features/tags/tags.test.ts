import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import { Tag, paginationHeaders } from "@parley/contracts";
import type { Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import { createContentFixture, expectSchema, postDiscussion, type ContentFixture } from "../../test/content.ts";

type Cast = "member" | "moderator" | "unconfirmed";

describe.each(engines)("tags API on %s", (engine) => {
  let f: ContentFixture<Cast>;
  const tags: Record<string, Tag> = {};

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      member: { name: "Tag Member", role: "member" },
      moderator: { name: "Tag Moderator", role: "moderator" },
      unconfirmed: { name: "Tag Unconfirmed", role: "unconfirmed", emailConfirmed: false },
    });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const create = (body: Record<string, unknown>, as: Session | null = f.admin) =>
    f.api.post("/api/v2/tags", body, { as });
  const list = async (query: string) => {
    const response = await f.api.get(`/api/v2/tags?${query}`);
    expect(response.statusCode).toBe(200);
    expectSchema(Type.Array(Type.Ref("Tag")), response.json());
    return response.json<Tag[]>();
  };

  it("creates tags with community.manage or tags.add, deriving the urlcode from the name", async () => {
    for (const [name, urlcode] of [
      ["Parley One", "parley-one"],
      ["parley two", "parley-two"],
      ["Other", "other"],
    ]) {
      const response = await create({ name });
      expect(response.statusCode, response.body).toBe(201);
      expectSchema(Tag, response.json());
      tags[urlcode!] = response.json<Tag>();
      expect(tags[urlcode!]).toMatchObject({
        name,
        urlcode,
        urlCode: urlcode,
        countDiscussions: 0,
        parentTagID: null,
        type: "",
      });
      expect(tags[urlcode!]!.id).toBe(tags[urlcode!]!.tagID);
    }
    const custom = await create({ name: "Percent 100%", urlcode: "percent" }, f.as.member);
    expect(custom.statusCode).toBe(201);
    tags["percent"] = custom.json<Tag>();
    expect(custom.json()).toMatchObject({ name: "Percent 100%", urlcode: "percent" });
  });

  it("refuses guests, members without tags.add, taken urlcodes and invalid bodies", async () => {
    expect((await create({ name: "Guest tag" }, null)).statusCode).toBe(403);
    const refused = await create({ name: "Unconfirmed tag" }, f.as.unconfirmed);
    expect(refused.json()).toMatchObject({ status: 403, permissions: ["community.manage", "tags.add"] });
    const taken = await create({ name: "PARLEY ONE" });
    expect(taken.json()).toMatchObject({ status: 400, errors: [{ field: "urlcode", code: "invalid" }] });
    expect((await create({ name: "Bad", urlcode: "Not Valid" })).json()).toMatchObject({
      errors: [{ field: "urlcode" }],
    });
    expect((await create({})).json()).toMatchObject({ errors: [{ field: "name", code: "missingField" }] });
  });

  it("finds tags whose name starts with the query, ignoring case; % and _ are plain characters", async () => {
    expect((await list("query=parl")).map((tag) => tag.urlcode).sort()).toEqual(["parley-one", "parley-two"]);
    expect((await list("query=PARLEY%20T")).map((tag) => tag.urlcode)).toEqual(["parley-two"]);
    expect(await list("query=arley")).toEqual([]);
    expect(await list("query=_")).toEqual([]);
    expect((await list(`query=${encodeURIComponent("Percent 100%")}`)).map((tag) => tag.urlcode)).toEqual(["percent"]);
    expect((await list(`tagID=${tags["other"]!.tagID}`)).map((tag) => tag.name)).toEqual(["Other"]);
  });

  it("pages the list with the numbered pager", async () => {
    const all = await list("limit=100");
    expect(all.length).toBeGreaterThanOrEqual(4);
    const response = await f.api.get("/api/v2/tags?limit=2");
    expect(response.json<Tag[]>()).toHaveLength(2);
    expect(response.headers[paginationHeaders.resultCount]).toBe(String(all.length));
    expect(response.headers[paginationHeaders.nextUrl]).toBe("http://forum.test/api/v2/tags?limit=2&page=2");
    const second = await f.api.get("/api/v2/tags?limit=2&page=2");
    expect(second.json<Tag[]>().map((tag) => tag.tagID)).not.toContain(response.json<Tag[]>()[0]!.tagID);
  });

  it("gets, renames (community.manage) and deletes tags; a used tag is not deleted", async () => {
    const other = tags["other"]!;
    expect((await f.api.get(`/api/v2/tags/${other.tagID}`)).json()).toMatchObject({ name: "Other" });
    expect((await f.api.get("/api/v2/tags/999999")).json()).toMatchObject({ status: 404, message: "Tag not found." });
    expect(
      (await f.api.patch(`/api/v2/tags/${other.tagID}`, { name: "Renamed" }, { as: f.as.moderator })).statusCode,
    ).toBe(403);
    const renamed = await f.api.patch(`/api/v2/tags/${other.tagID}`, { name: "Renamed" }, { as: f.admin });
    expect(renamed.json()).toMatchObject({ tagID: other.tagID, name: "Renamed", urlcode: "other" });
    const taken = await f.api.patch(`/api/v2/tags/${other.tagID}`, { urlcode: "parley-two" }, { as: f.admin });
    expect(taken.json()).toMatchObject({ status: 400, errors: [{ field: "urlcode", code: "invalid" }] });
    expect((await f.api.patch(`/api/v2/tags/${other.tagID}`, { urlcode: "other" }, { as: f.admin })).statusCode).toBe(
      200,
    );
    // An empty PATCH (or one whose only fields are unknown) changes nothing: it was an UPDATE without SET (500).
    for (const body of [{}, { tagID: 1, countDiscussions: 99 }]) {
      const unchanged = await f.api.patch(`/api/v2/tags/${other.tagID}`, body, { as: f.admin });
      expect(unchanged.statusCode, unchanged.body).toBe(200);
      expect(unchanged.json()).toMatchObject({
        tagID: other.tagID,
        name: "Renamed",
        urlcode: "other",
        countDiscussions: 0,
      });
    }

    const used = tags["parley-one"]!;
    const discussion = await postDiscussion(f.api, f.as.member, {
      categoryID: f.category.general,
      tagIDs: [used.tagID],
    });
    expect((await f.api.get(`/api/v2/tags/${used.tagID}`)).json<Tag>().countDiscussions).toBe(1);
    // Only tags in use: this one now, and none of the unused ones made above.
    const inUse = await list("excludeNoCountDiscussion=true&limit=100");
    expect(inUse.map((tag) => tag.tagID)).toContain(used.tagID);
    expect(inUse.every((tag) => tag.countDiscussions > 0)).toBe(true);
    for (const unused of ["parley-two", "other", "percent"]) {
      expect(inUse.map((tag) => tag.tagID)).not.toContain(tags[unused]!.tagID);
    }
    expect((await f.api.delete(`/api/v2/tags/${used.tagID}`, { as: f.as.moderator })).statusCode).toBe(403);
    const conflict = await f.api.delete(`/api/v2/tags/${used.tagID}`, { as: f.admin });
    expect([conflict.statusCode, conflict.json<{ message: string }>().message]).toEqual([409, "Tag isn't empty."]);
    await f.api.put(`/api/v2/discussions/${discussion.discussionID}/tags`, { tagIDs: [] }, { as: f.admin });
    expect((await f.api.delete(`/api/v2/tags/${used.tagID}`, { as: f.admin })).statusCode).toBe(204);
    expect((await f.api.delete(`/api/v2/tags/${other.tagID}`, { as: f.admin })).statusCode).toBe(204);
    expect((await f.api.get(`/api/v2/tags/${other.tagID}`)).statusCode).toBe(404);
  });

  it("merges a tag into another: its discussions take the other (once), its child tags follow, and it goes", async () => {
    const made = async (name: string, parentTagID?: number) => {
      const response = await create({ name, ...(parentTagID ? { parentTagID } : {}) });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Tag>();
    };
    const roses = await made("Roses");
    const rose = await made("Rose");
    const child = await made("Climbing Rose", rose.tagID);
    const post = (tagIDs: number[]) =>
      postDiscussion(f.api, f.admin, { categoryID: f.category.general, name: "Tagged", tagIDs });
    const both = await post([roses.tagID, rose.tagID]);
    const onlyRose = await post([rose.tagID]);
    await post([roses.tagID]);
    const merge = (id: number, body: unknown, as: Session | null = f.admin) =>
      f.api.post(`/api/v2/tags/${id}/merge`, body, { as });

    // Refused: a moderator (community.manage), itself, an unknown target or source, a missing target.
    expect((await merge(rose.tagID, { tagID: roses.tagID }, f.as.moderator)).statusCode).toBe(403);
    expect((await merge(rose.tagID, { tagID: roses.tagID }, null)).statusCode).toBe(403);
    expect((await merge(rose.tagID, { tagID: rose.tagID })).json()).toMatchObject({
      status: 400,
      errors: [{ field: "tagID", message: "A tag cannot be merged into itself." }],
    });
    expect((await merge(rose.tagID, { tagID: 999_999 })).json()).toMatchObject({
      status: 400,
      errors: [{ field: "tagID", message: "The tag to merge into was not found." }],
    });
    expect((await merge(999_999, { tagID: roses.tagID })).statusCode).toBe(404);
    expect((await merge(rose.tagID, {})).statusCode).toBe(400);
    // Nothing changed by the refusals.
    expect((await f.api.get(`/api/v2/tags/${rose.tagID}`)).json<Tag>().countDiscussions).toBe(2);

    const merged = await merge(rose.tagID, { tagID: roses.tagID });
    expect(merged.statusCode, merged.body).toBe(200);
    expectSchema(Tag, merged.json());
    expect(merged.json()).toMatchObject({ tagID: roses.tagID, name: "Roses", countDiscussions: 3 });
    expect((await f.api.get(`/api/v2/tags/${rose.tagID}`)).statusCode).toBe(404);
    expect((await f.api.get(`/api/v2/tags/${child.tagID}`)).json()).toMatchObject({ parentTagID: roses.tagID });
    const tagsOf = async (discussionID: number) =>
      (await f.api.get(`/api/v2/discussions/${discussionID}?expand=tags`)).json<{ tags: Array<{ tagID: number }> }>()
        .tags;
    expect((await tagsOf(both.discussionID)).map((tag) => tag.tagID)).toEqual([roses.tagID]);
    expect((await tagsOf(onlyRose.discussionID)).map((tag) => tag.tagID)).toEqual([roses.tagID]);
    const listed = await list(`tagID[]=${roses.tagID}`);
    expect(listed.map((tag) => tag.countDiscussions)).toEqual([3]);
  });
});
