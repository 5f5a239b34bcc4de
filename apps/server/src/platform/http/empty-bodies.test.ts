import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import { engines } from "../../test/databases.ts";
import { createGroupFixture, postGroup, type GroupFixture } from "../../test/groups.ts";
import { bodyMayBeEmpty } from "./empty-bodies.ts";

describe("bodyMayBeEmpty", () => {
  it("holds for object bodies that require no field, and only those", () => {
    expect(bodyMayBeEmpty(Type.Object({}))).toBe(true);
    expect(bodyMayBeEmpty(Type.Optional(Type.Object({})))).toBe(true);
    expect(bodyMayBeEmpty(Type.Object({ reason: Type.Optional(Type.String()) }))).toBe(true);
    expect(bodyMayBeEmpty(Type.Object({ name: Type.String() }))).toBe(false);
    expect(bodyMayBeEmpty(Type.Array(Type.String()))).toBe(false);
    expect(bodyMayBeEmpty(undefined)).toBe(false);
  });
});

describe.each(engines)("PUT and POST without a body on %s", (engine) => {
  let f: GroupFixture;
  beforeAll(async () => {
    f = await createGroupFixture(engine);
  });
  afterAll(async () => {
    await f?.t.close();
  });

  // No body at all, and a JSON content type with nothing after it: both mean `{}` where nothing is required.
  const bodyless: Array<Record<string, string>> = [{}, { "content-type": "application/json" }];

  it("ignores a member with PUT /users/{id}/ignored/{ignoredUserID} and no body", async () => {
    for (const headers of bodyless) {
      const url = `/api/v2/users/${f.users.member.userID}/ignored/${f.users.outsider.userID}`;
      const response = await f.api.request("PUT", url, { as: f.as.member, headers });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Array<{ userID: number }>>().map((user) => user.userID)).toEqual([f.users.outsider.userID]);
    }
  });

  it("joins a public group with POST /groups/{id}/join and no body", async () => {
    for (const [index, headers] of bodyless.entries()) {
      const group = await postGroup(f);
      const as = index === 0 ? f.as.member : f.as.outsider;
      const response = await f.api.request("POST", `/api/v2/groups/${group.groupID}/join`, { as, headers });
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it("still refuses a missing body where a field is required, and malformed JSON", async () => {
    const missing = await f.api.request("POST", "/api/v2/tokens", { as: f.as.member });
    expect(missing.statusCode, missing.body).toBe(422);
    const empty = await f.api.request("POST", "/api/v2/tokens", {
      as: f.as.member,
      headers: { "content-type": "application/json" },
    });
    expect(empty.statusCode, empty.body).toBe(422);
    const malformed = await f.api.request("POST", "/api/v2/tokens", {
      as: f.as.member,
      body: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.statusCode, malformed.body).toBe(400);
  });
});
