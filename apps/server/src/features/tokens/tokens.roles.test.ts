import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { RoleToken, type Category, type Discussion } from "@parley/contracts";
import { roleIDOfType, type Session } from "../../test/accounts.ts";
import {
  createContentFixture,
  expectSchema,
  makeMembersOnly,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";
import { engines } from "../../test/databases.ts";

/*
 * Role tokens (`POST /tokens/roles`, Vanilla's RoleToken): a signed JWT of the member's roles, then read on the GET
 * routes that allow it (`?role-token=`) as a guest holding those roles would: no user, no write, never with another
 * sign-in; an expired, tampered or malformed token is a 401.
 */
describe.each(engines)("role tokens on %s", (engine) => {
  let f: ContentFixture<"member" | "moderator">;
  let staffOnly: number;
  let membersOnly: number;
  let staffDiscussionID: number;

  const issue = async (as: Session | null) => f.api.post("/api/v2/tokens/roles", {}, { as });
  const tokenOf = async (as: Session) => {
    const response = await issue(as);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<RoleToken>().roleToken;
  };
  const read = (path: string, token: string, headers: Record<string, string> = {}) =>
    f.api.get(`${path}${path.includes("?") ? "&" : "?"}role-token=${encodeURIComponent(token)}`, { headers });
  const categoryIDs = async (token: string) => {
    const response = await read("/api/v2/categories?outputFormat=flat", token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Category[]>().map((category) => category.categoryID);
  };

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      member: { name: "Role Member", role: "member" },
      moderator: { name: "Role Moderator", role: "moderator" },
    });
    staffOnly = f.category["off-topic"];
    membersOnly = f.category.ideas;
    const db = f.t.database.db;
    // Staff only: neither guests nor members see it. Members only: guests do not see it.
    for (const type of ["guest", "member"] as const) {
      const hidden = await f.api.patch(
        `/api/v2/roles/${await roleIDOfType(db, type)}`,
        { permissions: [{ type: "category", id: staffOnly, permissions: { "discussions.view": false } }] },
        { as: f.admin },
      );
      expect(hidden.statusCode, hidden.body).toBe(200);
    }
    const moderators = await f.api.patch(
      `/api/v2/roles/${await roleIDOfType(db, "moderator")}`,
      { permissions: [{ type: "category", id: staffOnly, permissions: { "discussions.view": true } }] },
      { as: f.admin },
    );
    expect(moderators.statusCode, moderators.body).toBe(200);
    await makeMembersOnly(f, membersOnly);
    staffDiscussionID = (await postDiscussion(f.api, f.admin, { categoryID: staffOnly, name: "Staff matters" }))
      .discussionID;
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it("issues a short JWT (HS256) of the member's sorted role IDs, 201 {roleToken, expires}", async () => {
    const response = await issue(f.as.moderator);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<RoleToken>();
    expectSchema(RoleToken, body);
    const claims = decodeJwt(body.roleToken);
    const roleIDs = await f.t.database.db
      .selectFrom("userRoles")
      .select("roleID")
      .where("userID", "=", f.users.moderator.userID)
      .orderBy("roleID")
      .execute();
    expect(claims["roleIDs"]).toEqual(roleIDs.map((row) => row.roleID));
    expect(claims.exp! * 1000).toBe(Date.parse(body.expires));
    const lifetime = claims.exp! * 1000 - f.t.clock.nowMs();
    expect(lifetime).toBeGreaterThan(60_000);
    expect(lifetime).toBeLessThanOrEqual(180_000);
    expect(JSON.parse(Buffer.from(body.roleToken.split(".")[0]!, "base64url").toString())).toMatchObject({
      alg: "HS256",
    });
  });

  it("refuses guests (403) and forged requests from another site (CSRF), as any POST", async () => {
    const guest = await issue(null);
    expect(guest.statusCode).toBe(403);
    expect(guest.json()).toMatchObject({ message: "Role tokens cannot be issued to unauthenticated users." });
    const forged = await f.api.post("/api/v2/tokens/roles", {}, { as: f.as.member, csrf: "none" });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ message: "Invalid CSRF token." });
    const bearer = await f.api.tokenFor(f.as.member, "role tokens");
    expect((await f.api.post("/api/v2/tokens/roles", {}, { as: bearer })).statusCode).toBe(201);
  });

  it("reads with exactly the token's roles: a member's sees members' categories, not staff's; a moderator's does", async () => {
    const guestView = (await f.api.get("/api/v2/categories?outputFormat=flat")).json<Category[]>();
    expect(guestView.map((category) => category.categoryID)).not.toContain(membersOnly);
    const member = await categoryIDs(await tokenOf(f.as.member));
    expect(member).toContain(membersOnly);
    expect(member).not.toContain(staffOnly);
    const memberSession = (await f.api.get("/api/v2/categories?outputFormat=flat", { as: f.as.member })).json<
      Category[]
    >();
    expect(member).toEqual(memberSession.map((category) => category.categoryID));
    // A moderator's token: the moderator role's view, which has the staff category.
    const moderator = await categoryIDs(await tokenOf(f.as.moderator));
    expect(moderator).toContain(staffOnly);
    const moderatorSession = (await f.api.get("/api/v2/categories?outputFormat=flat", { as: f.as.moderator })).json<
      Category[]
    >();
    expect(moderator).toEqual(moderatorSession.map((category) => category.categoryID));

    const memberToken = await tokenOf(f.as.member);
    const hidden = await read(`/api/v2/discussions/${staffDiscussionID}`, memberToken);
    expect([403, 404]).toContain(hidden.statusCode);
    const listed = (await read(`/api/v2/discussions?categoryID=${membersOnly}`, memberToken)).json<Discussion[]>();
    expect(Array.isArray(listed)).toBe(true);
    const staff = await read(`/api/v2/discussions/${staffDiscussionID}`, await tokenOf(f.as.moderator));
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json<Discussion>().name).toBe("Staff matters");
    const category = await read(`/api/v2/categories/${staffOnly}`, await tokenOf(f.as.moderator));
    expect(category.statusCode).toBe(200);
  });

  it("has no identity: what is the viewer's own is not there", async () => {
    const token = await tokenOf(f.as.member);
    const me = await read("/api/v2/users/me", token);
    expect(me.statusCode).toBe(403);
    expect(me.json()).toMatchObject({ message: "A role token cannot be used to authenticate to this endpoint." });
  });

  it("never writes: any other method is refused before the route runs", async () => {
    const token = await tokenOf(f.admin);
    const post = await f.api.post(`/api/v2/discussions?role-token=${token}`, {
      categoryID: f.category.general,
      name: "Written with a role token",
      body: "No.",
      format: "markdown",
    });
    expect(post.statusCode).toBe(405);
    const patch = await f.api.patch(`/api/v2/categories/${staffOnly}?role-token=${token}`, { name: "Renamed" });
    expect(patch.statusCode).toBe(405);
    const remove = await f.api.delete(`/api/v2/discussions/${staffDiscussionID}?role-token=${token}`);
    expect(remove.statusCode).toBe(405);
    const again = await f.api.post(`/api/v2/tokens/roles?role-token=${token}`, {});
    expect(again.statusCode).toBe(405);
    expect((await f.api.get(`/api/v2/discussions/${staffDiscussionID}`, { as: f.admin })).json()).toMatchObject({
      name: "Staff matters",
    });
  });

  it("is not taken together with a session or an access token", async () => {
    const token = await tokenOf(f.as.member);
    const withSession = await f.api.get(`/api/v2/categories?role-token=${token}`, { as: f.as.member });
    expect(withSession.statusCode).toBe(403);
    const bearer = await f.api.tokenFor(f.as.member, "with role token");
    const withBearer = await f.api.get(`/api/v2/categories?role-token=${token}`, { as: bearer });
    expect(withBearer.statusCode).toBe(403);
  });

  it("answers 401, never 500, to an expired, tampered or malformed token", async () => {
    const token = await tokenOf(f.as.member);
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as { roleIDs: number[] };
    const promoted = Buffer.from(
      JSON.stringify({ ...claims, roleIDs: [await roleIDOfType(f.t.database.db, "administrator")] }),
    ).toString("base64url");
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
    for (const bad of [`${header}.${promoted}.${signature}`, unsigned, "not-a-jwt", "a.b.c", ""]) {
      const response = await read("/api/v2/categories", bad);
      expect(response.statusCode, bad).toBe(401);
      expect(response.json()).toMatchObject({ message: "Invalid role token.", status: 401 });
    }
    f.t.clock.advance(10 * 60_000);
    const expired = await read("/api/v2/categories", token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ message: "The role token has expired." });
  });

  it("gives the same token to members of the same roles in the same window, so their reads can be shared", async () => {
    const other = await f.api.signIn({ name: "Role Member", password: f.users.member.password });
    const [first, second] = [await tokenOf(f.as.member), await tokenOf(other)];
    expect(first).toBe(second);
  });
});
