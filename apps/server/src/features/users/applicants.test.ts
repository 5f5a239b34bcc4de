import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userMessages, type Applicant, type MeCounts, type User } from "@parley/contracts";
import { engines } from "../../test/databases.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  createApi,
  createCast,
  linkIn,
  mailTo,
  uniqueIp,
  type Api,
  type Session,
  type TestUser,
} from "../../test/accounts.ts";

describe.each(engines)("registration by approval on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let cast: Record<"admin" | "moderator" | "member", TestUser>;
  let admin: Session;
  let member: Session;

  beforeAll(async () => {
    t = await createTestApp(engine);
    api = createApi(t.app);
    cast = await createCast(t.database.db, {
      admin: { name: "Root", role: "administrator" },
      moderator: { name: "Mod", role: "moderator" },
      member: { name: "Plain Member", role: "member" },
    });
    admin = await api.signIn(cast.admin);
    member = await api.signIn(cast.member);
    await t.app.platform.siteConfig.set("registration.method", "approval");
  });
  afterAll(async () => {
    await t?.close();
  });

  const apply = (name: string, discoveryText?: string) =>
    api.post(
      "/api/v2/users/register",
      {
        name,
        email: `${name.toLowerCase().replace(/\s+/g, ".")}@people.test`,
        password: "long enough 1",
        ...(discoveryText === undefined ? {} : { discoveryText }),
      },
      { ip: uniqueIp() },
    );
  const signIn = (name: string) =>
    api.post("/api/v2/authenticate/password", { username: name, password: "long enough 1" }, { ip: uniqueIp() });
  const applicants = async (as: Session = admin) => {
    const response = await api.get("/api/v2/applicants", { as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Applicant[]>();
  };
  const applicantsCount = async (as: Session) =>
    (await api.get("/api/v2/users/me-counts", { as })).json<MeCounts>().counts.find((c) => c.name === "Applicants")
      ?.count;

  it("takes an application with its reason: 201 pendingApproval, the applicant role, and no sign-in yet", async () => {
    const response = await apply("Hopeful One", "  I run a homelab and want to help others.  ");
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{ userID: number; name: string; pendingApproval: boolean }>();
    expect(body).toMatchObject({ name: "Hopeful One", email: "hopeful.one@people.test", pendingApproval: true });
    const user = (await api.get(`/api/v2/users/${body.userID}`, { as: admin })).json<User>();
    expect(user.roles.map((role) => role.name)).toEqual(["Applicant"]);
    // No confirmation mail yet: the address is confirmed once the application is approved.
    expect(mailTo(t.database.dataDir, "hopeful.one@people.test")).toEqual([]);

    const refused = await signIn("Hopeful One");
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(userMessages.applicationPending);
    expect(refused.headers["set-cookie"]).toBeUndefined();

    const listed = (await applicants()).find((item) => item.userID === body.userID);
    expect(listed).toEqual({
      userID: body.userID,
      name: "Hopeful One",
      email: "hopeful.one@people.test",
      discoveryText: "I run a homelab and want to help others.",
      dateInserted: expect.any(String) as string,
      insertIPAddress: expect.any(String) as string,
    });
  });

  it("asks why one wants to join, and writes nothing without it", async () => {
    for (const reason of [undefined, "   "]) {
      const response = await apply("No Reason", reason);
      expect(response.statusCode).toBe(400);
      const errors = response.json<{ errors: Array<{ field: string; message: string }> }>().errors;
      expect(errors).toEqual([
        expect.objectContaining({ field: "discoveryText", message: "Tell us why you want to join." }),
      ]);
    }
    const written = await t.database.db.selectFrom("users").select("userID").where("name", "=", "No Reason").execute();
    expect(written).toEqual([]);
  });

  it("shows the applicants only to applicants.manage, with a count in /users/me-counts", async () => {
    const forbidden = await api.get("/api/v2/applicants", { as: member });
    expect(forbidden.statusCode).toBe(403);
    expect((await api.get("/api/v2/applicants")).statusCode).toBe(403);
    expect((await api.post("/api/v2/applicants/1/approve", {}, { as: member })).statusCode).toBe(403);
    const waiting = (await applicants()).length;
    expect(waiting).toBeGreaterThan(0);
    expect(await applicantsCount(admin)).toBe(waiting);
    expect(await applicantsCount(member)).toBeUndefined();
    const moderator = await api.signIn(cast.moderator);
    // Moderators hold applicants.manage by default, as in Vanilla.
    expect(await applicantsCount(moderator)).toBe(waiting);
  });

  it("approves: the member role (unconfirmed until the address is confirmed), a mail, and sign-in works", async () => {
    const { userID } = (await apply("Hopeful Two", "Long-time reader.")).json<{ userID: number }>();
    const approved = await api.post(`/api/v2/applicants/${userID}/approve`, {}, { as: admin });
    expect(approved.statusCode, approved.body).toBe(204);
    const mails = mailTo(t.database.dataDir, "hopeful.two@people.test");
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Your application to join .+ has been approved$/),
      "Confirm your email address",
    ]);
    const { token } = linkIn(mails[1]!, "emailconfirm");
    expect(token).toBeTruthy();
    const user = (await api.get(`/api/v2/users/${userID}`, { as: admin })).json<User>();
    expect(user.roles.map((role) => role.name)).toEqual(["Unconfirmed"]);
    expect((await signIn("Hopeful Two")).statusCode).toBe(201);
    expect((await applicants()).some((item) => item.userID === userID)).toBe(false);
    // Approving twice, or someone who never applied: not an applicant.
    const again = await api.post(`/api/v2/applicants/${userID}/approve`, {}, { as: admin });
    expect([again.statusCode, again.json<{ message: string }>().message]).toEqual([404, "Applicant not found."]);
    const notOne = await api.post(`/api/v2/applicants/${cast.member.userID}/decline`, {}, { as: admin });
    expect(notOne.statusCode).toBe(404);
  });

  it("declines: the account is gone, and its name and address can apply again", async () => {
    const { userID } = (await apply("Spammy Name", "cheap pills")).json<{ userID: number }>();
    const declined = await api.post(`/api/v2/applicants/${userID}/decline`, {}, { as: admin });
    expect(declined.statusCode, declined.body).toBe(204);
    expect((await api.get(`/api/v2/users/${userID}`, { as: admin })).statusCode).toBe(404);
    expect((await signIn("Spammy Name")).statusCode).toBe(401);
    expect((await apply("Spammy Name", "A real reason this time.")).statusCode).toBe(201);
  });

  it("refuses (409) to decline an applicant's account that has posts, and keeps it and them", async () => {
    const { userID } = (await apply("Posting Applicant", "Been here before.")).json<{ userID: number }>();
    // A post given to the account (an administrator's change of author): the account took part.
    const category = await api.post("/api/v2/categories", { name: "Lobby", urlcode: "lobby" }, { as: admin });
    expect(category.statusCode, category.body).toBe(201);
    const { categoryID } = category.json<{ categoryID: number }>();
    const discussion = await api.post(
      "/api/v2/discussions",
      { name: "Given away", body: "Whose is it?", format: "markdown", categoryID },
      { as: admin },
    );
    expect(discussion.statusCode, discussion.body).toBe(201);
    const { discussionID } = discussion.json<{ discussionID: number }>();
    const given = await api.patch(`/api/v2/discussions/${discussionID}`, { insertUserID: userID }, { as: admin });
    expect(given.statusCode, given.body).toBe(200);
    const refused = await api.post(`/api/v2/applicants/${userID}/decline`, {}, { as: admin });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe("This account has posts, so it cannot be declined.");
    expect((await api.get(`/api/v2/users/${userID}`, { as: admin })).statusCode).toBe(200);
    expect((await api.get(`/api/v2/discussions/${discussionID}`, { as: admin })).json()).toMatchObject({
      insertUserID: userID,
    });
  });

  it("pages the list with numbered paging headers, oldest first", async () => {
    for (const index of [1, 2, 3]) await apply(`Pager Applicant ${index}`, "Paging.");
    const all = await applicants();
    const response = await api.get("/api/v2/applicants?limit=2&page=2", { as: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json<Applicant[]>().map((item) => item.userID)).toEqual(all.slice(2, 4).map((item) => item.userID));
    expect(response.headers["x-app-page-result-count"]).toBe(String(all.length));
    const dates = all.map((item) => item.dateInserted);
    expect([...dates].sort()).toEqual(dates);
  });
});
