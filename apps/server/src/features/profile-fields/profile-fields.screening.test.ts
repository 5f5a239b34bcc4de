import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "@parley/contracts";
import { createContentFixture, type ContentFixture } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";

const cast = { ann: { name: "Ann Fields", role: "member" } } as const;
type Who = keyof typeof cast;

/** Watched words in profile field values, as in names and signatures: a blocked word refuses, a flagged one is kept. */
describe.each(engines)("watched words in profile fields on %s", (engine) => {
  let f: ContentFixture<Who>;
  const valuesPath = () => `/api/v2/users/${f.users.ann.userID}/profile-fields`;

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
    for (const definition of [
      { apiName: "city", label: "City", dataType: "text", formType: "text", visibility: "public" },
      { apiName: "interests", label: "Interests", dataType: "string[]", formType: "tokens", visibility: "public" },
      { apiName: "age", label: "Age", dataType: "number", formType: "number", visibility: "public" },
    ]) {
      const created = await f.api.post("/api/v2/profile-fields", definition, { as: f.admin });
      expect(created.statusCode, created.body).toBe(201);
    }
    for (const [word, action] of [
      ["grapefruit", "block"],
      ["kumquat", "flag"],
    ] as const) {
      const watched = await f.api.post("/api/v2/watched-words", { word, action }, { as: f.admin });
      expect(watched.statusCode, watched.body).toBe(201);
    }
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const verdicts = () =>
    f.t.database.db
      .selectFrom("spamVerdicts")
      .select(["recordType", "verdict", "reasons"])
      .where("userID", "=", f.users.ann.userID)
      .execute();

  it("refuses a blocked word with a 422 naming the field, in text and in tokens, and stores nothing", async () => {
    const refused = await f.api.patch(valuesPath(), { city: "Grapefruit City", age: 30 }, { as: f.as.ann });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json<ErrorBody>().errors).toEqual([
      expect.objectContaining({ field: "city", message: "“grapefruit” is not allowed here." }),
    ]);
    const tokens = await f.api.patch(
      valuesPath(),
      { interests: ["tea", "grapefruits", "GRAPEFRUIT"] },
      { as: f.as.ann },
    );
    expect(tokens.statusCode, tokens.body).toBe(422);
    expect(tokens.json<ErrorBody>().errors?.map((error) => error.field)).toEqual(["interests"]);
    const values = await f.api.get(valuesPath(), { as: f.as.ann });
    expect(values.json()).toMatchObject({ city: null, age: null, interests: null });
  });

  it("keeps a flagged word's value and records it against the member", async () => {
    expect(await verdicts()).toEqual([]);
    const saved = await f.api.patch(valuesPath(), { city: "Kumquat Springs" }, { as: f.as.ann });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ city: "Kumquat Springs" });
    const recorded = await verdicts();
    expect(recorded.map(({ recordType, verdict }) => ({ recordType, verdict }))).toEqual([
      { recordType: "profile", verdict: "maybe" },
    ]);
    expect(recorded[0]?.reasons).toContain("watched word (flag): kumquat");
    // A clean value records nothing more.
    expect((await f.api.patch(valuesPath(), { city: "Lyon" }, { as: f.as.ann })).statusCode).toBe(200);
    expect(await verdicts()).toHaveLength(1);
  });
});
