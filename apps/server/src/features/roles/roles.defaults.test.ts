import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Value } from "typebox/value";
import { Role, type ErrorBody } from "@parley/contracts";
import { engines } from "../../test/databases.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  createApi,
  createCast,
  expectNoLeaks,
  seededAdmin,
  type Api,
  type Session,
  type TestUser,
} from "../../test/accounts.ts";

type RoleRecord = Omit<Role, "permissions">;

describe.each(engines)("PUT /roles/defaults (the roles each kind of registration gives) on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let cast: Record<"member" | "moderator" | "banned", TestUser>;
  let admin: Session;
  let member: Session;
  let moderator: Session;
  let banned: Session;
  let helpers: number;
  let greeters: number;

  beforeAll(async () => {
    t = await createTestApp(engine, { seed: true });
    api = createApi(t.app);
    cast = await createCast(t.database.db, {
      member: { name: "Dora", role: "member" },
      moderator: { name: "Dario", role: "moderator" },
      banned: { name: "Dex", role: "member" },
    });
    [admin, member, moderator, banned] = await Promise.all([
      api.signIn(seededAdmin),
      api.signIn(cast.member),
      api.signIn(cast.moderator),
      api.signIn(cast.banned),
    ]);
    await t.database.db.updateTable("users").set({ banned: 1 }).where("userID", "=", cast.banned.userID).execute();
    const create = async (name: string) => {
      const response = await api.post("/api/v2/roles", { name }, { as: admin });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<RoleRecord>().roleID;
    };
    helpers = await create("Helpers");
    greeters = await create("Greeters");
  });
  afterAll(async () => {
    await t?.close();
  });

  const put = (body: unknown, as: Session | null = admin) => api.put("/api/v2/roles/defaults", body, { as });
  /** Every role's type, by name, as the database has it. */
  const types = async () =>
    Object.fromEntries(
      (await t.database.db.selectFrom("roles").select(["name", "type"]).orderBy("roleID").execute()).map((row) => [
        row.name,
        row.type,
      ]),
    );
  const roleID = async (name: string) =>
    (await t.database.db.selectFrom("roles").select("roleID").where("name", "=", name).executeTakeFirstOrThrow())
      .roleID;
  const errorOf = (body: string) => JSON.parse(body) as ErrorBody;

  it("refuses guests and members who are not site managers (moderators too) with 403, banned members with 401", async () => {
    const before = await types();
    for (const as of [null, member, moderator]) {
      const response = await put({ member: [helpers] }, as);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ status: 403, permissions: ["site.manage"] });
    }
    expect((await put({ member: [helpers] }, banned)).statusCode).toBe(401);
    expect(await types()).toEqual(before);
  });

  it("gives the listed roles the type and takes it from the others, answering every role", async () => {
    const memberRole = await roleID("Member");
    const response = await put({ member: [memberRole, helpers, helpers] });
    expect(response.statusCode, response.body).toBe(200);
    const roles = response.json<RoleRecord[]>();
    expect(roles.every((role) => Value.Check(Role, role))).toBe(true);
    expect(roles.filter((role) => role.type === "member").map((role) => role.name)).toEqual(["Member", "Helpers"]);

    const moved = await put({ member: [helpers, greeters] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await types()).toMatchObject({ Member: null, Helpers: "member", Greeters: "member" });
    // The roles list says so to anyone (the registration page reads it).
    const listed = (await api.get("/api/v2/roles")).json<RoleRecord[]>();
    expect(listed.find((role) => role.name === "Member")?.type).toBeNull();

    // Back as the site was: Member alone.
    expect((await put({ member: [memberRole] })).statusCode).toBe(200);
    expect(await types()).toMatchObject({ Member: "member", Helpers: null, Greeters: null });
  });

  it("sets several kinds in one transaction: roles may swap kinds, and kinds left out keep their roles", async () => {
    const memberRole = await roleID("Member");
    const unconfirmedRole = await roleID("Unconfirmed");
    const response = await put({ member: [helpers], unconfirmed: [memberRole, greeters] });
    expect(response.statusCode, response.body).toBe(200);
    expect(await types()).toMatchObject({
      Member: "unconfirmed",
      Helpers: "member",
      Greeters: "unconfirmed",
      Unconfirmed: null,
      Applicant: "applicant",
    });
    // Swapped back in one go: each step alone would leave a kind with no role in between.
    expect((await put({ member: [memberRole], unconfirmed: [unconfirmedRole] })).statusCode).toBe(200);
    expect(await types()).toMatchObject({
      Member: "member",
      Unconfirmed: "unconfirmed",
      Helpers: null,
      Greeters: null,
    });
  });

  it("refuses a role listed under two kinds with a 400 under the later kind, writing nothing", async () => {
    const before = await types();
    const response = await put({ member: [helpers], applicant: [await roleID("Applicant"), helpers] });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).errors).toEqual([
      expect.objectContaining({
        field: "applicant",
        code: "invalid",
        message: `Role ${helpers} is listed under member too: a role has one type.`,
      }),
    ]);
    expect(await types()).toEqual(before);
  });

  it("writes nothing of a change when a later kind leaves a needed type empty (409)", async () => {
    const before = await types();
    const response = await put({ member: [helpers], unconfirmed: [await roleID("Applicant")] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: "At least one role must keep the applicant type." });
    expect(await types()).toEqual(before);
  });

  it.each([
    ["member", "New members must get at least one role."],
    [
      "unconfirmed",
      "Members waiting to confirm their e-mail must get at least one role: confirming swaps it for the new members' roles.",
    ],
    ["applicant", "Applicants must get at least one role: the list of applicants finds them by it."],
  ])("refuses an empty list for %s with a 400 under its name, writing nothing", async (type, message) => {
    const before = await types();
    const response = await put({ member: [helpers], [type]: [] });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).errors).toEqual([
      expect.objectContaining({ field: type, code: "minItems", message }),
    ]);
    expect(await types()).toEqual(before);
  });

  it("refuses unknown roles with a 400 under the kind that lists them, and writes none of the known ones", async () => {
    const before = await types();
    const response = await put({ unconfirmed: [greeters], member: [helpers, 999_999] });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).errors).toEqual([
      expect.objectContaining({ field: "member", code: "invalid", message: "Unknown role: 999999." }),
    ]);
    expect(await types()).toEqual(before);
  });

  it("refuses a body that does not fit the schema: another type, IDs that are not IDs, no kind at all", async () => {
    const before = await types();
    const statuses = [];
    for (const body of [
      { administrator: [helpers] },
      { guest: [helpers] },
      { member: ["Helpers"] },
      { member: [0] },
      {},
      { type: "member", roleIDs: [helpers] },
    ])
      statuses.push((await put(body)).statusCode);
    // Vanilla's codes: 422 for a value of the wrong type, 400 for the rest.
    expect(statuses).toEqual([400, 400, 422, 400, 400, 400]);
    expect(await types()).toEqual(before);
  });

  it("refuses (409) a change that leaves no role of a type the site depends on, and writes nothing of it", async () => {
    const before = await types();
    const cases = [
      // The only administrator role, given to new members: nothing would guard who hands it out.
      [{ member: [await roleID("Administrator")] }, "administrator"],
      // The only guest role: guests would get no permission at all.
      [{ applicant: [await roleID("Guest")] }, "guest"],
      // The only member role, made the unconfirmed members': new members would get none.
      [{ unconfirmed: [await roleID("Member")] }, "member"],
      // The only unconfirmed role, made the applicants'.
      [{ applicant: [await roleID("Unconfirmed")] }, "unconfirmed"],
    ] as const;
    for (const [body, type] of cases) {
      const response = await put(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(409);
      expect(response.json()).toMatchObject({ message: `At least one role must keep the ${type} type.` });
      expect(await types()).toEqual(before);
    }
    // The 409 that keeps some role granting site.manage is untouched: the Administrator role still grants it.
    const last = await api.patch(
      `/api/v2/roles/${await roleID("Administrator")}/permissions`,
      [{ type: "global", permissions: { "site.manage": false } }],
      { as: admin },
    );
    expect(last.statusCode).toBe(409);
  });

  it("lets a moderator, guest or administrator role change type while another role keeps that type", async () => {
    const moderatorRole = await roleID("Moderator");
    const memberRole = await roleID("Member");
    // Moderator may be left empty: nothing depends on the type.
    expect((await put({ member: [memberRole, moderatorRole] })).statusCode).toBe(200);
    expect(await types()).toMatchObject({ Moderator: "member" });
    // A second administrator role: the first may then be given to applicants.
    const second = await api.post("/api/v2/roles", { name: "Owners", type: "administrator" }, { as: admin });
    expect(second.statusCode).toBe(201);
    const applicantRole = await roleID("Applicant");
    const administrator = await roleID("Administrator");
    expect((await put({ applicant: [applicantRole, administrator] })).statusCode).toBe(200);
    expect(await types()).toMatchObject({ Administrator: "applicant", Owners: "administrator" });
    // Put back.
    await t.database.db
      .updateTable("roles")
      .set({ type: "administrator" })
      .where("roleID", "=", administrator)
      .execute();
    await t.database.db.updateTable("roles").set({ type: "moderator" }).where("roleID", "=", moderatorRole).execute();
    expect(await types()).toMatchObject({ Member: "member", Applicant: "applicant", Moderator: "moderator" });
  });

  it("reads guests' roles again after a role leaves the guest type", async () => {
    const greeter = await api.patch(`/api/v2/roles/${greeters}`, { type: "guest" }, { as: admin });
    expect(greeter.statusCode).toBe(200);
    const guestBefore = (await api.get("/api/v2/users/$me/permissions")).json<{
      permissions: Array<{ permissions: Record<string, boolean> }>;
    }>();
    expect(guestBefore.permissions[0]?.permissions["discussions.view"]).toBe(true);
    // The Guest role leaves the guest type (Greeters, with no grants, keeps it): guests lose its permissions at once.
    expect((await put({ applicant: [await roleID("Applicant"), await roleID("Guest")] })).statusCode).toBe(200);
    const guestAfter = (await api.get("/api/v2/users/$me/permissions")).json<{
      permissions: Array<{ permissions: Record<string, boolean> }>;
    }>();
    expect(guestAfter.permissions[0]?.permissions["discussions.view"]).toBeUndefined();
    await t.database.db.updateTable("roles").set({ type: "guest" }).where("name", "=", "Guest").execute();
    await put({ applicant: [await roleID("Applicant")] });
    await api.patch(`/api/v2/roles/${greeters}`, { type: null }, { as: admin });
  });

  it("leaks nothing", () => {
    expectNoLeaks(api.records);
  });
});
