import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import {
  Category,
  CategoryPreferences,
  CategoryWithPreferences,
  type Category as CategoryRecord,
  type CategoryPreferences as Preferences,
  type CategoryWithPreferences as WithPreferences,
} from "@parley/contracts";
import { engines } from "../../test/databases.ts";
import { createContentFixture, expectSchema, type ContentFixture } from "../../test/content.ts";

type Cast = "fern" | "gus";

/** Issue 36: a member's category preferences in Vanilla's shape, over their follows, and suggested categories. */
describe.each(engines)("category preferences and suggestions on %s", (engine) => {
  let f: ContentFixture<Cast>;
  beforeAll(async () => {
    f = await createContentFixture(engine, {
      fern: { name: "Pref Fern", role: "member", bypassSpam: true },
      gus: { name: "Pref Gus", role: "member", bypassSpam: true },
    });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const path = (categoryID: number | string, userID = f.users.fern.userID) =>
    `/api/v2/categories/${categoryID}/preferences/${userID}`;
  const none: Preferences = {
    "preferences.followed": false,
    "preferences.popup.posts": false,
    "preferences.email.posts": false,
    "preferences.popup.comments": false,
    "preferences.email.comments": false,
  };

  it("GET and PATCH /categories/{id}/preferences/{userID}: the member's own; telling follows, unfollowing silences", async () => {
    const general = f.category.general;
    const read = await f.api.get(path(general), { as: f.as.fern });
    expect(read.statusCode, read.body).toBe(200);
    expectSchema(CategoryPreferences, read.json());
    expect(read.json()).toEqual(none);

    // Asking to be told of new discussions follows the category (the record's follow and count agree).
    const told = await f.api.patch(path(general), { "preferences.popup.posts": true }, { as: f.as.fern });
    expect(told.statusCode, told.body).toBe(200);
    expect(told.json()).toEqual({ ...none, "preferences.followed": true, "preferences.popup.posts": true });
    const record = (await f.api.get(`/api/v2/categories/${general}`, { as: f.as.fern })).json<CategoryRecord>();
    expect(record).toMatchObject({ followed: true, countFollowers: 1 });
    // PUT /follow and the preferences agree; fields outside the schema are not read.
    const all = await f.api.patch(
      path("$urlcode:general"),
      { "preferences.email.comments": true, followed: false, countFollowers: 9 },
      { as: f.as.fern },
    );
    expect(all.json()).toMatchObject({ "preferences.followed": true, "preferences.email.comments": true });
    expect((await f.api.patch(path(general), { "preferences.popup.posts": "yes" }, { as: f.as.fern })).statusCode).toBe(
      422,
    );

    // Unfollowing turns every notification off.
    const off = await f.api.patch(path(general), { "preferences.followed": false }, { as: f.as.fern });
    expect(off.json()).toEqual(none);
    expect((await f.api.get(`/api/v2/categories/${general}`, { as: f.as.fern })).json()).toMatchObject({
      followed: false,
      countFollowers: 0,
    });
  });

  it("another member's preferences need users.edit; guests, unknown and hidden categories are refused", async () => {
    const general = f.category.general;
    expect((await f.api.get(path(general), { as: null })).statusCode).toBe(403);
    expect((await f.api.get(path(general), { as: f.as.gus })).statusCode).toBe(403);
    expect((await f.api.patch(path(general), { "preferences.followed": true }, { as: f.as.gus })).statusCode).toBe(403);
    expect(
      (await f.api.get("/api/v2/categories/preferences/" + f.users.fern.userID, { as: f.as.gus })).statusCode,
    ).toBe(403);
    // An administrator sets and reads them.
    const set = await f.api.patch(path(general), { "preferences.popup.comments": true }, { as: f.admin });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ "preferences.followed": true, "preferences.popup.comments": true });
    expect((await f.api.get(path(general), { as: f.admin })).json()).toEqual(set.json());
    expect((await f.api.get(path(999999), { as: f.as.fern })).statusCode).toBe(404);
    expect((await f.api.get(path(general, 0), { as: f.as.fern })).statusCode).toBe(400);
  });

  it("GET /categories/preferences/{userID} lists each followed category with its preferences", async () => {
    await f.api.patch(path(f.category.ideas), { "preferences.email.posts": true }, { as: f.as.fern });
    const listed = await f.api.get(`/api/v2/categories/preferences/${f.users.fern.userID}`, { as: f.as.fern });
    expect(listed.statusCode, listed.body).toBe(200);
    expectSchema(Type.Array(CategoryWithPreferences), listed.json());
    const items = listed.json<WithPreferences[]>();
    expect(items.map((item) => item.categoryID).sort()).toEqual([f.category.general, f.category.ideas].sort());
    expect(items.find((item) => item.categoryID === f.category.ideas)?.preferences).toMatchObject({
      "preferences.followed": true,
      "preferences.email.posts": true,
      "preferences.popup.posts": false,
    });
    expect(items[0]?.url).toMatch(/^http/);
    expect((await f.api.get(`/api/v2/categories/preferences/${f.users.gus.userID}`, { as: f.as.gus })).json()).toEqual(
      [],
    );
  });

  it("GET /categories/suggested: readable categories listing discussions, not followed nor excluded", async () => {
    const response = await f.api.get("/api/v2/categories/suggested", { as: f.as.fern });
    expect(response.statusCode, response.body).toBe(200);
    expectSchema(Type.Array(Category), response.json());
    const ids = response.json<CategoryRecord[]>().map((item) => item.categoryID);
    expect(ids).not.toContain(f.category.general);
    expect(ids).not.toContain(f.category.ideas);
    expect(ids.length).toBeGreaterThan(0);
    const first = ids[0]!;
    const excluded = await f.api.get(`/api/v2/categories/suggested?excludedCategoryIDs[]=${first}`, { as: f.as.fern });
    expect(excluded.json<CategoryRecord[]>().map((item) => item.categoryID)).not.toContain(first);
    // Gus follows nothing: Fern's follows are suggested to him, the most followed first.
    const forGus = (await f.api.get("/api/v2/categories/suggested?limit=2", { as: f.as.gus })).json<CategoryRecord[]>();
    expect(forGus.map((item) => item.categoryID)).toEqual([f.category.general, f.category.ideas]);
    const guest = await f.api.get("/api/v2/categories/suggested", { as: null });
    expect(guest.statusCode).toBe(200);
    expect(guest.json<CategoryRecord[]>().every((item) => item.displayAs === "discussions")).toBe(true);
    expect((await f.api.get("/api/v2/categories/suggested?limit=0", { as: null })).statusCode).toBe(400);
  });
});
