import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody, Me } from "@parley/contracts";
import { engines } from "../../test/databases.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  createApi,
  createCast,
  expectNoLeaks,
  linkIn,
  mailTo,
  outbox,
  uniqueIp,
  type Api,
  type Session,
  type TestUser,
} from "../../test/accounts.ts";

describe.each(engines)(
  "an administrator sends a password reset link (POST /users/{id}/request-password) on %s",
  (engine) => {
    let t: TestApp;
    let api: Api;
    let cast: Record<"admin" | "moderator" | "member" | "forgetful" | "often" | "mute" | "gone", TestUser>;
    let admin: Session;

    beforeAll(async () => {
      t = await createTestApp(engine);
      api = createApi(t.app);
      cast = await createCast(t.database.db, {
        admin: { name: "Boss", role: "administrator" },
        moderator: { name: "Moe", role: "moderator" },
        member: { name: "Mel", role: "member" },
        forgetful: { name: "Forgetful", role: "member", email: "forgetful@people.test" },
        often: { name: "Often", role: "member", email: "often@people.test" },
        mute: { name: "Mute", role: "member", email: "" },
        gone: { name: "Gone", role: "member", email: "gone@people.test", deleted: true },
      });
      admin = await api.signIn(cast.admin);
    });
    afterAll(async () => {
      await t?.close();
    });

    const send = (userID: number | string, as: Session | null) =>
      api.post(`/api/v2/users/${userID}/request-password`, {}, { as, ip: uniqueIp() });
    const signInStatus = async (name: string, password: string) =>
      (await api.post("/api/v2/authenticate/password", { username: name, password }, { ip: uniqueIp() })).statusCode;

    it("mails the member the reset link; following it sets a new password and signs their sessions out", async () => {
      const session = await api.signIn(cast.forgetful);
      const response = await send(cast.forgetful.userID, admin);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toEqual({ message: "A message with a link to reset the password is on its way." });

      const mails = mailTo(t.database.dataDir, "forgetful@people.test");
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ subject: "Reset your password", to: "forgetful@people.test" });
      expect(mails[0]!.text).toContain("An administrator of the forum sent you this link");
      // Until the member uses the link, the old password still works.
      expect(await signInStatus("Forgetful", cast.forgetful.password)).toBe(201);

      const link = linkIn(mails[0]!, "passwordreset");
      expect(link.userID).toBe(cast.forgetful.userID);
      const reset = await api.post(
        "/api/v2/users/password-reset",
        { token: link.token, password: "chosen anew" },
        { ip: uniqueIp() },
      );
      expect(reset.statusCode, reset.body).toBe(201);
      expect(await signInStatus("Forgetful", "chosen anew")).toBe(201);
      expect(await signInStatus("Forgetful", cast.forgetful.password)).toBe(401);
      expect((await api.get("/api/v2/users/me", { as: session })).json<Me>().userID).toBe(0);
    });

    it("is for users.edit: members and moderators are refused, and nothing is mailed", async () => {
      const before = outbox(t.database.dataDir).length;
      const member = await api.signIn(cast.member);
      const moderator = await api.signIn(cast.moderator);
      for (const as of [member, moderator, null]) {
        const response = await send(cast.often.userID, as);
        expect(response.statusCode).toBe(403);
      }
      expect(outbox(t.database.dataDir)).toHaveLength(before);
    });

    it("answers 404 for an unknown or deleted member, 409 for one without an e-mail address, 4xx for a bad id", async () => {
      const before = outbox(t.database.dataDir).length;
      for (const id of [999_999, cast.gone.userID]) {
        const response = await send(id, admin);
        expect([response.statusCode, response.json<ErrorBody>().message]).toEqual([404, "User not found."]);
      }
      const mute = await send(cast.mute.userID, admin);
      expect([mute.statusCode, mute.json<ErrorBody>().message]).toEqual([
        409,
        "This member has no e-mail address to send the link to.",
      ]);
      for (const id of ["abc", "$me", "1.5"]) expect([400, 422]).toContain((await send(id, admin)).statusCode);
      expect(outbox(t.database.dataDir)).toHaveLength(before);
    });

    it("sends one member at most 3 links in 15 minutes from one sender: the 4th is a 429", async () => {
      for (let attempt = 1; attempt <= 3; attempt++)
        expect((await send(cast.often.userID, admin)).statusCode).toBe(201);
      const blocked = await send(cast.often.userID, admin);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers["retry-after"]).toBeDefined();
      expect(mailTo(t.database.dataDir, "often@people.test")).toHaveLength(3);
      // Each link replaces the one before: only the newest works.
      const links = mailTo(t.database.dataDir, "often@people.test").map((mail) => linkIn(mail, "passwordreset"));
      const old = await api.post(
        "/api/v2/users/password-reset",
        { token: links[0]!.token, password: "long enough 1" },
        { ip: uniqueIp() },
      );
      expect(old.statusCode).toBe(400);
    });

    it("leaks nothing", () => {
      expectNoLeaks(api.records);
    });
  },
);
