import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import { ProfileField, UserProfileFields, type ErrorBody, type User } from "@parley/contracts";
import { createUser, type Session } from "../../test/accounts.ts";
import { createContentFixture, expectSchema, type ContentFixture } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";

const cast = {
  ann: { name: "Ann Fields", role: "member" },
  ben: { name: "Ben Other", role: "member" },
  mod: { name: "Mo Moderator", role: "moderator" },
} as const;
type Who = keyof typeof cast;

const definitions = [
  {
    apiName: "city",
    label: "City",
    dataType: "text",
    formType: "text",
    visibility: "public",
    displayOptions: { userCards: true },
  },
  {
    apiName: "pronouns",
    label: "Pronouns",
    dataType: "text",
    formType: "dropdown",
    dropdownOptions: ["she/her", "he/him", "they/them"],
    visibility: "internal",
    registrationOptions: "required",
  },
  { apiName: "phone", label: "Phone", dataType: "text", formType: "text", visibility: "private" },
  { apiName: "bio", label: "Bio", dataType: "text", formType: "text-multiline", visibility: "public" },
  { apiName: "birthday", label: "Birthday", dataType: "date", formType: "date", visibility: "public" },
  { apiName: "posts", label: "Posts elsewhere", dataType: "number", formType: "number", visibility: "public" },
  { apiName: "newsletter", label: "Newsletter", dataType: "boolean", formType: "checkbox", visibility: "public" },
  {
    apiName: "staffNote",
    label: "Staff note",
    dataType: "text",
    formType: "text",
    visibility: "public",
    mutability: "restricted",
  },
  { apiName: "badge", label: "Badge", dataType: "text", formType: "text", visibility: "public", mutability: "none" },
] as const;

describe.each(engines)("profile fields on %s", (engine) => {
  let f: ContentFixture<Who>;

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const id = (who: Who) => f.users[who].userID;
  const valuesPath = (userID: number) => `/api/v2/users/${userID}/profile-fields`;
  const getValues = async (as: Session | null, userID: number) => {
    const response = await f.api.get(valuesPath(userID), { as });
    if (response.statusCode === 200) expectSchema(UserProfileFields, response.json());
    return response;
  };
  const patchValues = (as: Session | null, userID: number, body: Record<string, unknown>) =>
    f.api.patch(valuesPath(userID), body, { as });
  const errorsOf = (body: string) => (JSON.parse(body) as ErrorBody).errors?.map((error) => error.field) ?? [];

  it("lets only administrators create fields, and lists them in order with Vanilla's filters", async () => {
    for (const as of [f.as.ann, f.as.mod, null]) {
      const refused = await f.api.post("/api/v2/profile-fields", definitions[0], { as });
      expect(refused.statusCode, refused.body).toBe(403);
    }
    for (const definition of definitions) {
      const created = await f.api.post("/api/v2/profile-fields", definition, { as: f.admin });
      expect(created.statusCode, created.body).toBe(201);
      expectSchema(ProfileField, created.json());
    }
    const again = await f.api.post("/api/v2/profile-fields", definitions[0], { as: f.admin });
    expect(again.statusCode).toBe(409);

    const all = await f.api.get("/api/v2/profile-fields", { as: null });
    expect(all.statusCode).toBe(200);
    expectSchema(Type.Array(ProfileField), all.json());
    expect(all.json<ProfileField[]>().map((field) => field.apiName)).toEqual(definitions.map((d) => d.apiName));
    const city = all.json<ProfileField[]>()[0]!;
    expect(city).toMatchObject({
      mutability: "all",
      registrationOptions: "optional",
      enabled: true,
      dropdownOptions: null,
      displayOptions: { userCards: true, posts: false, search: false, profiles: true },
    });

    const filtered = async (query: string) =>
      (await f.api.get(`/api/v2/profile-fields?${query}`, { as: f.as.ann }))
        .json<ProfileField[]>()
        .map((x) => x.apiName);
    expect(await filtered("visibility=private")).toEqual(["phone"]);
    expect(await filtered("formType=dropdown")).toEqual(["pronouns"]);
    expect(await filtered("dataType=date&dataType=number")).toEqual(["birthday", "posts"]);
    expect(await filtered("mutability=restricted")).toEqual(["staffNote"]);
    expect(await filtered("registrationOptions=required")).toEqual(["pronouns"]);
    expect(await filtered("enabled=false")).toEqual([]);
  });

  it("refuses a form type that does not go with the data type, and a dropdown without options", async () => {
    const bad = await f.api.post(
      "/api/v2/profile-fields",
      { apiName: "odd", label: "Odd", dataType: "boolean", formType: "text", visibility: "public" },
      { as: f.admin },
    );
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad.body)).toEqual(["formType"]);
    const empty = await f.api.post(
      "/api/v2/profile-fields",
      {
        apiName: "odd",
        label: "Odd",
        dataType: "text",
        formType: "dropdown",
        visibility: "public",
        dropdownOptions: [],
      },
      { as: f.admin },
    );
    expect(empty.statusCode).toBe(422);
    expect(errorsOf(empty.body)).toEqual(["dropdownOptions"]);
    const badName = await f.api.post(
      "/api/v2/profile-fields",
      { apiName: "no spaces", label: "Odd", dataType: "text", formType: "text", visibility: "public" },
      { as: f.admin },
    );
    expect(badName.statusCode).toBe(400);
  });

  it("gets, updates (administrators only) and sorts the definitions", async () => {
    const one = await f.api.get("/api/v2/profile-fields/city", { as: null });
    expect(one.json<ProfileField>().label).toBe("City");
    expect((await f.api.get("/api/v2/profile-fields/nothing", { as: f.admin })).statusCode).toBe(404);
    for (const as of [f.as.ann, f.as.mod, null]) {
      expect((await f.api.patch("/api/v2/profile-fields/city", { label: "Town" }, { as })).statusCode).toBe(403);
      expect((await f.api.put("/api/v2/profile-fields/sorts", { city: 5 }, { as })).statusCode).toBe(403);
      expect((await f.api.delete("/api/v2/profile-fields/city", { as })).statusCode).toBe(403);
    }
    const patched = await f.api.patch(
      "/api/v2/profile-fields/city",
      { label: "Town", displayOptions: { posts: true } },
      { as: f.admin },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<ProfileField>()).toMatchObject({
      label: "Town",
      displayOptions: { userCards: true, posts: true, profiles: true },
    });
    // The data type stays: PATCH takes only its schema's fields.
    const dataType = await f.api.patch("/api/v2/profile-fields/city", { dataType: "number" }, { as: f.admin });
    expect(dataType.json<ProfileField>().dataType).toBe("text");

    const sorted = await f.api.put("/api/v2/profile-fields/sorts", { city: 100, phone: -1 }, { as: f.admin });
    expect(sorted.statusCode, sorted.body).toBe(200);
    const names = sorted.json<ProfileField[]>().map((field) => field.apiName);
    expect(names[0]).toBe("phone");
    expect(names.at(-1)).toBe("city");
    const unknown = await f.api.put("/api/v2/profile-fields/sorts", { city: 1, nothing: 2 }, { as: f.admin });
    expect(unknown.statusCode).toBe(404);
    expect((await f.api.get("/api/v2/profile-fields/city", { as: f.admin })).json<ProfileField>().sort).toBe(100);
  });

  it("lets the member and users.edit set values, as each field's mutability allows", async () => {
    const own = await patchValues(f.as.ann, id("ann"), {
      city: "  Lyon ",
      pronouns: "she/her",
      phone: "555-0100",
      bio: "Line one\nLine two",
      birthday: "1990-02-28",
      posts: "42",
      newsletter: true,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ city: "Lyon", posts: 42, birthday: "1990-02-28", newsletter: true });

    // Another member and a moderator may not set Ann's values; a guest neither.
    for (const as of [f.as.ben, f.as.mod])
      expect((await patchValues(as, id("ann"), { city: "Paris" })).statusCode).toBe(403);
    expect((await patchValues(null, id("ann"), { city: "Paris" })).statusCode).toBe(403);
    // A restricted field: administrators (users.edit) only; none: no one.
    const restricted = await patchValues(f.as.ann, id("ann"), { staffNote: "mine" });
    expect(restricted.statusCode).toBe(403);
    expect(errorsOf(restricted.body)).toEqual(["staffNote"]);
    const byAdmin = await patchValues(f.admin, id("ann"), { staffNote: "Trusted", city: "Lyon" });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await patchValues(f.admin, id("ann"), { badge: "x" })).statusCode).toBe(403);
    expect((await getValues(f.as.ann, id("ann"))).json()).toMatchObject({ staffNote: "Trusted", city: "Lyon" });
  });

  it("PATCH /users/{id}/extended (Vanilla's ProfileExtender) sets the same values under the same rules", async () => {
    const extended = (as: Session | null, userID: number, body: Record<string, unknown>) =>
      f.api.patch(`/api/v2/users/${userID}/extended`, body, { as });
    const own = await extended(f.as.ben, id("ben"), { city: "Porto", posts: "7" });
    expect(own.statusCode, own.body).toBe(200);
    expectSchema(UserProfileFields, own.json());
    expect(own.json()).toMatchObject({ city: "Porto", posts: 7 });
    expect((await getValues(f.as.ben, id("ben"))).json()).toMatchObject({ city: "Porto", posts: 7 });
    for (const as of [f.as.ann, f.as.mod, null])
      expect((await extended(as, id("ben"), { city: "Faro" })).statusCode).toBe(403);
    expect((await extended(f.as.ben, id("ben"), { staffNote: "mine" })).statusCode).toBe(403);
    const wrong = await extended(f.as.ben, id("ben"), { posts: "many", nope: 1 });
    expect(wrong.statusCode).toBe(422);
    expect(errorsOf(wrong.body).sort()).toEqual(["nope", "posts"]);
    expect((await extended(f.admin, id("ben"), { staffNote: "Known" })).json()).toMatchObject({ staffNote: "Known" });
    expect((await extended(f.admin, 999999, { city: "Nowhere" })).statusCode).toBe(404);
  });

  it("answers 422 naming each wrong field, and writes nothing of the request", async () => {
    const response = await patchValues(f.as.ann, id("ann"), {
      city: "Nice",
      pronouns: "xe/xem",
      posts: "many",
      birthday: "1990-02-30",
      newsletter: "yes",
      unknownField: 1,
    });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response.body).sort()).toEqual(["birthday", "newsletter", "posts", "pronouns", "unknownField"]);
    expect((await getValues(f.as.ann, id("ann"))).json()).toMatchObject({ city: "Lyon", posts: 42 });

    const missing = await patchValues(f.as.ann, id("ann"), { pronouns: "", city: "" });
    expect(missing.statusCode).toBe(422);
    const body = JSON.parse(missing.body) as ErrorBody;
    expect(body.errors).toEqual([expect.objectContaining({ field: "pronouns", code: "missingField" })]);
    expect(body.errors?.[0]?.message).toBe("Pronouns is required.");
    // An optional field sent empty is cleared.
    const cleared = await patchValues(f.as.ann, id("ann"), { bio: "" });
    expect(cleared.json<UserProfileFields>()["bio"]).toBeNull();
  });

  it("shows each viewer the fields its visibility allows", async () => {
    const seen = async (as: Session | null) => Object.keys((await getValues(as, id("ann"))).json()).sort();
    const publicFields = ["badge", "bio", "birthday", "city", "newsletter", "posts", "staffNote"];
    expect(await seen(null)).toEqual(publicFields);
    expect(await seen(f.as.ben)).toEqual([...publicFields, "pronouns"].sort());
    expect(await seen(f.as.ann)).toEqual([...publicFields, "phone", "pronouns"].sort());
    expect(await seen(f.as.mod)).toEqual([...publicFields, "phone", "pronouns"].sort());
    expect(await seen(f.admin)).toEqual([...publicFields, "phone", "pronouns"].sort());
    expect((await getValues(f.as.ben, 999_999)).statusCode).toBe(404);

    // The user record's expand=profileFields answers the same.
    const user = await f.api.get(`/api/v2/users/${id("ann")}?expand=profileFields`, { as: f.as.ben });
    expect(user.statusCode).toBe(200);
    expect(Object.keys(user.json<User>().profileFields ?? {}).sort()).toEqual([...publicFields, "pronouns"].sort());
    expect(user.json<User>().profileFields?.["phone"]).toBeUndefined();
    const plain = await f.api.get(`/api/v2/users/${id("ann")}`, { as: f.as.ben });
    expect(plain.json<User>().profileFields).toBeUndefined();
  });

  it("leaves disabled fields out, and deleting a definition deletes its values", async () => {
    await f.api.patch("/api/v2/profile-fields/phone", { enabled: false }, { as: f.admin });
    expect((await getValues(f.as.ann, id("ann"))).json<UserProfileFields>()["phone"]).toBeUndefined();
    const disabled = await patchValues(f.as.ann, id("ann"), { phone: "1" });
    expect(disabled.statusCode).toBe(422);

    expect((await f.api.delete("/api/v2/profile-fields/city", { as: f.admin })).statusCode).toBe(204);
    expect((await f.api.get("/api/v2/profile-fields/city", { as: f.admin })).statusCode).toBe(404);
    const left = await f.t.database.db
      .selectFrom("userProfileFields")
      .select("apiName")
      .where("apiName", "=", "city")
      .execute();
    expect(left).toEqual([]);
    expect((await f.api.delete("/api/v2/profile-fields/city", { as: f.admin })).statusCode).toBe(404);
  });

  it("deletes a member's values with their account", async () => {
    const gone = await createUser(f.t.database.db, { name: "Gone Soon", role: "member" });
    const session = await f.api.signIn(gone);
    expect((await patchValues(session, gone.userID, { bio: "Bye" })).statusCode).toBe(200);
    const removed = await f.api.delete(`/api/v2/users/${gone.userID}`, { as: f.admin });
    expect(removed.statusCode, removed.body).toBe(204);
    const left = await f.t.database.db
      .selectFrom("userProfileFields")
      .select("apiName")
      .where("userID", "=", gone.userID)
      .execute();
    expect(left).toEqual([]);
  });
});
