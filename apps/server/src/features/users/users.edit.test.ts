import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CategoryTreeItem, Me, User } from "@parley/contracts";
import { engines } from "../../test/databases.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  createApi,
  createCast,
  expectNoLeaks,
  roleIDOfType,
  seededAdmin,
  uniqueIp,
  type Api,
  type Session,
  type TestUser,
} from "../../test/accounts.ts";

const permissionProblem = (permission: string) => ({
  message: "Permission Problem",
  status: 403,
  description: `You need the ${permission} permission to do that.`,
  permissions: [permission],
});

describe.each(engines)("editing and deleting users on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let cast: Record<"member" | "moderator" | "promoted" | "changer" | "mover" | "doomed", TestUser>;
  let member: Session;
  let moderator: Session;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp(engine, { seed: true });
    api = createApi(t.app);
    cast = await createCast(t.database.db, {
      member: { name: "Edna", role: "member" },
      moderator: { name: "Modesto", role: "moderator" },
      promoted: { name: "Promo", role: "member" },
      changer: { name: "Changer", role: "member" },
      mover: { name: "Mover", role: "member", email: "mover@people.test" },
      doomed: { name: "Doomed", role: "member", email: "doomed@people.test" },
    });
    [member, moderator, admin] = await Promise.all([
      api.signIn(cast.member),
      api.signIn(cast.moderator),
      api.signIn(seededAdmin),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const patch = (id: number | string, body: Record<string, unknown>, as: Session | null) =>
    api.patch(`/api/v2/users/${id}`, body, { as });
  const signInStatus = async (name: string, password: string) =>
    (await api.post("/api/v2/authenticate/password", { username: name, password }, { ip: uniqueIp() })).statusCode;

  describe("PATCH /users/{id}", () => {
    it("lets members edit their own profile fields", async () => {
      const response = await patch(cast.member.userID, { title: "Gardener", private: true, showEmail: false }, member);
      expect(response.statusCode).toBe(200);
      expect(response.json<User>()).toMatchObject({ title: "Gardener", private: true, email: cast.member.email });
      expect((await patch("$me", { private: false }, member)).json<User>().private).toBe(false);
    });

    it.each([
      ["their roles", { roleID: [1] }, "users.edit"],
      ["their e-mail confirmation", { emailConfirmed: false }, "users.edit"],
      ["their ban", { banned: false }, "users.edit"],
      ["their spam bypass", { bypassSpam: true }, "users.edit"],
      ["their name", { name: "Edna Renamed" }, "profile.editusernames"],
    ])("refuses members changing %s: 403", async (_label, body, permission) => {
      const response = await patch(cast.member.userID, body, member);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(permissionProblem(permission));
      const after = (await api.get("/api/v2/users/me", { as: member })).json<Me>();
      expect(after).toMatchObject({ name: "Edna", emailConfirmed: true, roles: [{ name: "Member" }] });
    });

    it("refuses edits of other people by members and moderators, and by guests", async () => {
      for (const as of [member, moderator]) {
        const response = await patch(cast.promoted.userID, { title: "Hacked" }, as);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(permissionProblem("users.edit"));
      }
      const guest = await patch(cast.promoted.userID, { title: "Hacked" }, null);
      expect(guest.statusCode).toBe(403);
      expect(guest.json()).toEqual(permissionProblem("session.valid"));
    });

    it("needs the current password (passwordConfirmation) to change one's own password", async () => {
      const session = await api.signIn(cast.changer);
      const missing = await patch(cast.changer.userID, { password: "a brand new one" }, session);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        message: "Validation Failed",
        errors: [{ field: "passwordConfirmation", message: "Your current password is incorrect." }],
      });
      const wrong = await patch(
        cast.changer.userID,
        { password: "a brand new one", passwordConfirmation: "not my password" },
        session,
      );
      expect(wrong.statusCode).toBe(400);
      const tooShort = await patch(
        cast.changer.userID,
        { password: "short", passwordConfirmation: cast.changer.password },
        session,
      );
      expect(tooShort.statusCode).toBe(400);
      expect(tooShort.json()).toMatchObject({ errors: [{ field: "password", code: "minLength" }] });
      expect(await signInStatus("Changer", cast.changer.password)).toBe(201);

      const right = await patch(
        cast.changer.userID,
        { password: "a brand new one", passwordConfirmation: cast.changer.password },
        session,
      );
      expect(right.statusCode).toBe(200);
      expect(await signInStatus("Changer", "a brand new one")).toBe(201);
      expect(await signInStatus("Changer", cast.changer.password)).toBe(401);
    });

    it("needs the current password to change one's own e-mail, which then needs confirming again", async () => {
      const session = await api.signIn(cast.mover);
      const without = await patch(cast.mover.userID, { email: "moved@people.test" }, session);
      expect(without.statusCode).toBe(400);
      const taken = await patch(
        cast.mover.userID,
        { email: cast.member.email.toUpperCase(), passwordConfirmation: cast.mover.password },
        session,
      );
      expect(taken.json()).toMatchObject({ errors: [{ field: "email", code: "emailTaken" }] });
      const moved = await patch(
        cast.mover.userID,
        { email: "moved@people.test", passwordConfirmation: cast.mover.password },
        session,
      );
      expect(moved.statusCode).toBe(200);
      expect(moved.json<User>()).toMatchObject({ email: "moved@people.test", emailConfirmed: false });
    });

    it("lets an administrator change roles, names and confirmation; new roles apply at once", async () => {
      const session = await api.signIn(cast.promoted);
      expect((await api.get("/api/v2/users?email=edna@people.test", { as: session })).statusCode).toBe(403);
      const moderatorRole = await roleIDOfType(t.database.db, "moderator");
      const response = await patch(
        cast.promoted.userID,
        { roleID: [moderatorRole], name: "Promoted", emailConfirmed: true, bypassSpam: true },
        admin,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json<User>()).toMatchObject({
        name: "Promoted",
        bypassSpam: true,
        roles: [{ roleID: moderatorRole, name: "Moderator" }],
        roleIDs: [moderatorRole],
      });
      const me = (await api.get("/api/v2/users/me", { as: session })).json<Me>();
      expect(me.permissions).toContain("community.moderate");
      const promoted = { ...session, seesEmails: true };
      expect((await api.get("/api/v2/users?email=edna@people.test", { as: promoted })).statusCode).toBe(200);
    });

    it("validates what an administrator sends", async () => {
      const unknown = await patch(cast.promoted.userID, { roleID: [999999] }, admin);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ errors: [{ field: "roleID", message: "Unknown role: 999999." }] });
      const takenName = await patch(cast.promoted.userID, { name: "EDNA" }, admin);
      expect(takenName.json()).toMatchObject({ errors: [{ field: "name", code: "nameTaken" }] });
      expect((await patch(999999, { title: "x" }, admin)).statusCode).toBe(404);
      const banAdmin = await patch(admin.userID, { banned: true }, admin);
      expect(banAdmin.statusCode).toBe(400);
    });
  });

  describe("DELETE /users/{id} (users.delete: administrators)", () => {
    it("refuses guests, members and moderators with 403", async () => {
      for (const as of [null, member, moderator]) {
        const response = await api.delete(`/api/v2/users/${cast.doomed.userID}`, { as });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(permissionProblem("users.delete"));
      }
    });

    it("does not let administrators delete themselves", async () => {
      const response = await api.delete(`/api/v2/users/${admin.userID}`, { as: admin });
      expect(response.statusCode).toBe(400);
    });

    it("deletes an account: 'Deleted User', signed out everywhere, no sign-in, gone from lists", async () => {
      const session = await api.signIn(cast.doomed);
      const token = await api.tokenFor(session);
      const response = await api.request("DELETE", `/api/v2/users/${cast.doomed.userID}`, {
        as: admin,
        body: { deleteMethod: "keep" },
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe("");

      const shown = await api.get(`/api/v2/users/${cast.doomed.userID}`, { as: admin });
      expect(shown.statusCode).toBe(200);
      expect(shown.json<User>()).toMatchObject({ userID: cast.doomed.userID, name: "Deleted User", roles: [] });
      expect(shown.json<User>().email ?? null).toBeNull();
      expect(shown.body).not.toContain("doomed@people.test");
      // Their old name is in no link either.
      expect(shown.body.toLowerCase()).not.toContain("doomed");
      const forGuest = await api.get(`/api/v2/users/${cast.doomed.userID}`);
      expect(forGuest.json<User>().name).toBe("Deleted User");

      expect((await api.get("/api/v2/users/me", { as: session })).json<Me>().userID).toBe(0);
      expect((await api.get("/api/v2/users/me", { as: token })).statusCode).toBe(401);
      expect(await signInStatus("Doomed", cast.doomed.password)).toBe(401);
      const list = (await api.get("/api/v2/users?limit=500", { as: admin })).json<User[]>();
      expect(list.map((user) => user.userID)).not.toContain(cast.doomed.userID);
      expect((await api.delete(`/api/v2/users/${cast.doomed.userID}`, { as: admin })).statusCode).toBe(404);

      // The address is free again.
      const again = await api.post(
        "/api/v2/users/register",
        { name: "Reborn", email: "doomed@people.test", password: "long enough 1" },
        { ip: uniqueIp() },
      );
      expect(again.statusCode).toBe(201);
    });

    it("removes the posts of the deleted user when no body is sent (deleteMethod delete), and recounts", async () => {
      const bob = await t.database.db
        .selectFrom("users")
        .select("userID")
        .where("name", "=", "bob")
        .executeTakeFirstOrThrow();
      const general = async () =>
        (await api.get("/api/v2/categories/$urlcode:general", { as: admin })).json<CategoryTreeItem>();
      const before = await general();
      const own = await t.database.db
        .selectFrom("discussions")
        .select("discussionID")
        .where("insertUserID", "=", bob.userID)
        .execute();
      expect(own.length).toBeGreaterThan(0);
      // What points at his posts: the admin's reaction, bookmark and comment in his thread.
      const thread = own[0]!.discussionID;
      const reacted = await api.post(
        `/api/v2/discussions/${thread}/reactions`,
        { reactionType: "like" },
        { as: admin },
      );
      expect(reacted.statusCode, reacted.body).toBeLessThan(300);
      expect(
        (await api.put(`/api/v2/discussions/${thread}/bookmark`, { bookmarked: true }, { as: admin })).statusCode,
      ).toBe(200);
      const replied = await api.post(
        "/api/v2/comments",
        { discussionID: thread, body: "A reply", format: "markdown" },
        { as: admin },
      );
      expect(replied.statusCode, replied.body).toBe(201);
      const adminID = (await api.get("/api/v2/users/me", { as: admin })).json<Me>().userID;
      const pointing = async () => {
        const { db } = t.database;
        const ids = own.map((row) => row.discussionID);
        const [reactions, notifications, states] = await Promise.all([
          db
            .selectFrom("reactions")
            .select("recordID")
            .where("recordType", "=", "discussion")
            .where("recordID", "in", ids)
            .execute(),
          db.selectFrom("notifications").select("notificationID").where("discussionID", "in", ids).execute(),
          db.selectFrom("userDiscussions").select("userID").where("discussionID", "in", ids).execute(),
        ]);
        return reactions.length + notifications.length + states.length;
      };
      expect(await pointing()).toBeGreaterThan(0);

      expect((await api.delete(`/api/v2/users/${bob.userID}`, { as: admin })).statusCode).toBe(204);
      expect(await pointing()).toBe(0);
      // The admin's reply went with the thread: their comment count says so.
      const adminRow = await t.database.db
        .selectFrom("users")
        .select("countComments")
        .where("userID", "=", adminID)
        .executeTakeFirstOrThrow();
      const adminComments = await t.database.db
        .selectFrom("comments")
        .select("commentID")
        .where("insertUserID", "=", adminID)
        .execute();
      expect(Number(adminRow.countComments)).toBe(adminComments.length);
      const discussions = await t.database.db
        .selectFrom("discussions")
        .select("discussionID")
        .where("insertUserID", "=", bob.userID)
        .execute();
      const comments = await t.database.db
        .selectFrom("comments")
        .select("commentID")
        .where("insertUserID", "=", bob.userID)
        .execute();
      expect(discussions).toEqual([]);
      expect(comments).toEqual([]);
      const orphans = await t.database.db
        .selectFrom("comments")
        .select("commentID")
        .where(
          "discussionID",
          "in",
          own.map((row) => row.discussionID),
        )
        .execute();
      expect(orphans).toEqual([]);
      const after = await general();
      expect(after.countDiscussions).toBe(before.countDiscussions - 1);
      expect(after.countComments).toBeLessThan(before.countComments);
    });

    it("blanks the posts with deleteMethod wipe, keeping the threads", async () => {
      const frida = await t.database.db
        .selectFrom("users")
        .select("userID")
        .where("name", "=", "Frida")
        .executeTakeFirstOrThrow();
      const response = await api.request("DELETE", `/api/v2/users/${frida.userID}`, {
        as: admin,
        body: { deleteMethod: "wipe" },
      });
      expect(response.statusCode).toBe(204);
      const bodies = await t.database.db
        .selectFrom("discussions")
        .select("body")
        .where("insertUserID", "=", frida.userID)
        .execute();
      expect(bodies.length).toBeGreaterThan(0);
      expect(bodies.every((row) => row.body === "<em>This content has been removed.</em>")).toBe(true);
    });

    it("rejects an unknown deleteMethod", async () => {
      const response = await api.request("DELETE", `/api/v2/users/${cast.member.userID}`, {
        as: admin,
        body: { deleteMethod: "shred" },
      });
      expect(response.statusCode).toBe(400);
      expect((await api.get("/api/v2/users/me", { as: member })).json<Me>().userID).toBe(cast.member.userID);
    });
  });

  it("leaks no password hashes, and e-mail addresses only to their owners and personalInfo.view", () => {
    expectNoLeaks(api.records);
  });
});
