import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Value } from "typebox/value";
import { AccessToken, type Me } from "@parley/contracts";
import { hashToken } from "../../platform/auth/tokens.ts";
import { engines } from "../../test/databases.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createApi, createCast, expectNoLeaks, type Api, type Session, type TestUser } from "../../test/accounts.ts";

const invalidToken = { message: "Invalid access token.", status: 401, description: null };

describe.each(engines)("personal access tokens on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let cast: Record<"owner" | "other" | "banned", TestUser>;
  let owner: Session;
  let other: Session;

  beforeAll(async () => {
    t = await createTestApp(engine);
    api = createApi(t.app);
    cast = await createCast(t.database.db, {
      owner: { name: "Toka", role: "member" },
      other: { name: "Otto", role: "member" },
      banned: { name: "Later Banned", role: "member" },
    });
    [owner, other] = await Promise.all([api.signIn(cast.owner), api.signIn(cast.other)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("shows a new token's value once, stores only its hash, and lists tokens without values", async () => {
    const created = await api.post("/api/v2/tokens", { name: "CI script" }, { as: owner });
    expect(created.statusCode).toBe(201);
    const token = created.json<AccessToken>();
    expect(Value.Check(AccessToken, token)).toBe(true);
    expect(token).toMatchObject({ name: "CI script", dateLastUsed: null, dateExpires: null });
    expect(token.accessToken).toMatch(/^parley_[\w-]{40,}$/);

    const stored = await t.database.db
      .selectFrom("accessTokens")
      .select(["tokenHash", "userID"])
      .where("accessTokenID", "=", token.accessTokenID)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ tokenHash: hashToken(token.accessToken!), userID: cast.owner.userID });

    const second = (await api.post("/api/v2/tokens", { name: "Laptop" }, { as: owner })).json<AccessToken>();
    const list = await api.get("/api/v2/tokens", { as: owner });
    expect(list.statusCode).toBe(200);
    const items = list.json<AccessToken[]>();
    expect(items.map((item) => item.name)).toEqual(["Laptop", "CI script"]);
    expect(items.every((item) => item.accessToken === undefined)).toBe(true);
    expect(list.body).not.toContain(token.accessToken);
    expect(list.body).not.toContain(second.accessToken);

    const one = await api.get(`/api/v2/tokens/${token.accessTokenID}`, { as: owner });
    expect(one.statusCode).toBe(200);
    expect(one.json<AccessToken>()).toMatchObject({ accessTokenID: token.accessTokenID, name: "CI script" });
    expect(one.json<AccessToken>().accessToken).toBeUndefined();

    // Another member sees none of them.
    expect((await api.get("/api/v2/tokens", { as: other })).json()).toEqual([]);
    const foreign = await api.get(`/api/v2/tokens/${token.accessTokenID}`, { as: other });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: "Access token not found." });
  });

  it("authenticates `Authorization: Bearer` and `?access_token=`, and records the last use", async () => {
    const bearer = await api.tokenFor(owner, "reader");
    const me = await api.get("/api/v2/users/me", { as: bearer });
    expect(me.statusCode).toBe(200);
    expect(me.json<Me>()).toMatchObject({ userID: cast.owner.userID, name: "Toka" });
    expect(me.headers["set-cookie"]).toBeUndefined();

    const byQuery = await api.get(`/api/v2/users/me?access_token=${encodeURIComponent(bearer.token)}`, {
      viewer: bearer,
    });
    expect(byQuery.json<Me>().userID).toBe(cast.owner.userID);

    const listed = (await api.get("/api/v2/tokens", { as: owner }))
      .json<AccessToken[]>()
      .find((item) => item.accessTokenID === bearer.accessTokenID);
    expect(listed?.dateLastUsed).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
  });

  it("answers 401 'Invalid access token.' for an unknown token, rather than treating it as a guest", async () => {
    const response = await api.get("/api/v2/users/me", { headers: { authorization: "Bearer parley_nope" } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(invalidToken);
    const byQuery = await api.get("/api/v2/categories?access_token=parley_nope");
    expect(byQuery.statusCode).toBe(401);
  });

  it("revokes a token with DELETE /tokens/{id}: it stops working at once", async () => {
    const bearer = await api.tokenFor(owner, "short-lived");
    expect((await api.get("/api/v2/users/me", { as: bearer })).statusCode).toBe(200);

    const foreign = await api.delete(`/api/v2/tokens/${bearer.accessTokenID}`, { as: other });
    expect(foreign.statusCode).toBe(404);
    expect((await api.get("/api/v2/users/me", { as: bearer })).statusCode).toBe(200);

    const revoked = await api.delete(`/api/v2/tokens/${bearer.accessTokenID}`, { as: owner });
    expect(revoked.statusCode).toBe(204);
    expect(revoked.body).toBe("");
    const after = await api.get("/api/v2/users/me", { as: bearer });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(invalidToken);
    expect((await api.delete(`/api/v2/tokens/${bearer.accessTokenID}`, { as: owner })).statusCode).toBe(404);
  });

  it("lets a token revoke itself", async () => {
    const bearer = await api.tokenFor(owner, "self-revoking");
    expect((await api.delete(`/api/v2/tokens/${bearer.accessTokenID}`, { as: bearer })).statusCode).toBe(204);
    expect((await api.get("/api/v2/tokens", { as: bearer })).statusCode).toBe(401);
  });

  it("refuses guests: 403 Permission Problem (session.valid)", async () => {
    for (const response of [
      await api.get("/api/v2/tokens"),
      await api.post("/api/v2/tokens", { name: "guest" }),
      await api.get("/api/v2/tokens/1"),
      await api.delete("/api/v2/tokens/1"),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: "Permission Problem",
        status: 403,
        description: "You need the session.valid permission to do that.",
        permissions: ["session.valid"],
      });
    }
  });

  it("does not let a token create tokens", async () => {
    const bearer = await api.tokenFor(owner, "no minting");
    const response = await api.post("/api/v2/tokens", { name: "minted" }, { as: bearer });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: "Access tokens can only be created from a signed-in session." });
    expect(
      (await api.get("/api/v2/tokens", { as: owner })).json<AccessToken[]>().map((item) => item.name),
    ).not.toContain("minted");
  });

  it("validates the name", async () => {
    for (const name of ["", "n".repeat(101)]) {
      const response = await api.post("/api/v2/tokens", { name }, { as: owner });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: "Validation Failed", errors: [{ field: "name" }] });
    }
  });

  it("answers 401 'You are banned.' to the token of a banned member", async () => {
    const session = await api.signIn(cast.banned);
    const bearer = await api.tokenFor(session);
    await t.database.db.updateTable("users").set({ banned: 1 }).where("userID", "=", cast.banned.userID).execute();
    const response = await api.get("/api/v2/tokens", { as: bearer });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: "You are banned." });
    expect((await api.get("/api/v2/categories", { as: bearer })).statusCode).toBe(401);
  });

  it("leaks nothing", () => {
    expectNoLeaks(api.records);
  });
});
