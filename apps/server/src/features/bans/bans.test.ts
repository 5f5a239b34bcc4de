import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import { BanRule, banRuleMessages, MemberIpAddress, paginationHeaders } from "@parley/contracts";
import { createUser, uniqueIp, type Session } from "../../test/accounts.ts";
import { createContentFixture, expectSchema, type ContentFixture } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";

const cast = {
  mod: { name: "Mo Moderator", role: "moderator" },
  ann: { name: "Ann Member", role: "member", bypassSpam: true },
  root: { name: "Second Admin", role: "administrator" },
} as const;
type Who = keyof typeof cast;

interface ErrorBody {
  message: string;
  description?: string;
  errors?: Array<{ field: string; message: string }>;
}

describe.each(engines)("ban rules on %s", (engine) => {
  let f: ContentFixture<Who>;

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const post = (body: Record<string, unknown>, as: Session | null = f.admin, ip?: string) =>
    f.api.post("/api/v2/ban-rules", body, { as, ...(ip ? { ip } : {}) });
  const rule = async (banType: string, banValue: string, notes?: string) => {
    const response = await post({ banType, banValue, ...(notes ? { notes } : {}) });
    expect(response.statusCode, response.body).toBe(201);
    expectSchema(BanRule, response.json());
    return response.json<BanRule>();
  };
  const ruleByID = async (banID: number) =>
    (await f.api.get(`/api/v2/ban-rules/${banID}`, { as: f.admin })).json<BanRule>();
  let registrations = 0;
  const register = (fields: { name?: string; email?: string; ip?: string }) => {
    registrations += 1;
    return f.api.post(
      "/api/v2/users/register",
      {
        name: fields.name ?? `Newcomer ${registrations}`,
        email: fields.email ?? `newcomer${registrations}@people.test`,
        password: "long enough 1",
      },
      { ip: fields.ip ?? uniqueIp() },
    );
  };
  const expectRefused = (response: { statusCode: number; body: string }) => {
    expect(response.statusCode, response.body).toBe(403);
    const body = JSON.parse(response.body) as ErrorBody;
    expect(body.message).toBe(banRuleMessages.registrationRefused);
    // Which rule, or which detail, is never said.
    expect(response.body).not.toMatch(/ipAddress|email|name|\*|\/\d/u);
  };
  const expectRegistered = (response: { statusCode: number; body: string }) =>
    expect(response.statusCode, response.body).toBe(201);

  it("lets site managers list, add, change and delete rules; moderators, members and guests get 403", async () => {
    for (const as of [f.as.mod, f.as.ann, null]) {
      expect((await post({ banType: "name", banValue: "nobody*" }, as)).statusCode).toBe(403);
      expect((await f.api.get("/api/v2/ban-rules", { as })).statusCode).toBe(403);
    }
    const added = await rule("name", "Kumquat*", "A test rule");
    expect(added).toMatchObject({
      banType: "name",
      banValue: "kumquat*",
      notes: "A test rule",
      countUsers: 0,
      countBlockedRegistrations: 0,
      insertUserID: f.adminID,
      updateUserID: null,
    });
    for (const as of [f.as.mod, f.as.ann]) {
      expect((await f.api.patch(`/api/v2/ban-rules/${added.banID}`, { notes: "x" }, { as })).statusCode).toBe(403);
      expect((await f.api.delete(`/api/v2/ban-rules/${added.banID}`, { as })).statusCode).toBe(403);
    }
    // PATCH takes its schema's fields only: counts and authors are not the caller's to set.
    const patched = await f.api.patch(
      `/api/v2/ban-rules/${added.banID}`,
      { notes: "Changed", countUsers: 99, countBlockedRegistrations: 99, insertUserID: 1 },
      { as: f.admin },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<BanRule>()).toMatchObject({
      banValue: "kumquat*",
      notes: "Changed",
      countUsers: 0,
      countBlockedRegistrations: 0,
      insertUserID: f.adminID,
      updateUserID: f.adminID,
    });
    expect((await f.api.delete(`/api/v2/ban-rules/${added.banID}`, { as: f.admin })).statusCode).toBe(204);
    expect((await f.api.delete(`/api/v2/ban-rules/${added.banID}`, { as: f.admin })).statusCode).toBe(404);

    // community.manage without site.manage keeps the rules too.
    const role = await f.api.post(
      "/api/v2/roles",
      {
        name: "Community managers",
        canSession: true,
        permissions: [{ type: "global", permissions: { "session.valid": true, "community.manage": true } }],
      },
      { as: f.admin },
    );
    expect(role.statusCode, role.body).toBe(201);
    const manager = await createUser(f.t.database.db, { name: "Cora Manager", role: "member" });
    await f.t.database.db
      .insertInto("userRoles")
      .values({ userID: manager.userID, roleID: role.json<{ roleID: number }>().roleID })
      .execute();
    const cora = await f.api.signIn(manager);
    const hers = await post({ banType: "name", banValue: "durian*" }, cora);
    expect(hers.statusCode, hers.body).toBe(201);
    expect((await f.api.get("/api/v2/ban-rules", { as: cora })).statusCode).toBe(200);
    expect((await f.api.delete(`/api/v2/ban-rules/${hers.json<BanRule>().banID}`, { as: cora })).statusCode).toBe(204);
  });

  it("checks values: a clear 422 for a bad address or CIDR range, canonical forms stored, no duplicates", async () => {
    const refused = async (banType: string, banValue: string, message?: string) => {
      const response = await post({ banType, banValue });
      expect(response.statusCode, `${banType} ${banValue}: ${response.body}`).toBe(422);
      const body = response.json<ErrorBody>();
      expect(body.errors?.[0]?.field).toBe("banValue");
      if (message) expect(body.errors?.[0]?.message).toBe(message);
    };
    await refused("ipAddress", "203.0.113.0/33", banRuleMessages.badRange.replace("{value}", "203.0.113.0/33"));
    await refused("ipAddress", "2001:db8::/129", banRuleMessages.badRange.replace("{value}", "2001:db8::/129"));
    await refused("ipAddress", "300.1.2.3/8", banRuleMessages.badRange.replace("{value}", "300.1.2.3/8"));
    for (const value of ["300.1.2.3", "example.com", "10.1.2", "*", "*.*", "10.*.x", "0x7f.1", "2001:db8::*"])
      await refused("ipAddress", value, banRuleMessages.badAddress);
    for (const value of ["*", "**", "not a domain", "@", "*@*"]) await refused("email", value);
    for (const value of ["*", "  ", "\u200B*"]) await refused("name", value);
    await refused("name", "a*b*c*d*e*f*g", banRuleMessages.tooManyWildcards);

    expect((await rule("ipAddress", "192.0.2.77/24")).banValue).toBe("192.0.2.0/24");
    expect((await rule("ipAddress", "2001:DB8:0:0::/32")).banValue).toBe("2001:db8::/32");
    expect((await rule("ipAddress", "::ffff:198.18.0.9")).banValue).toBe("198.18.0.9");
    expect((await rule("email", "Junk.Example")).banValue).toBe("junk.example");
    expect((await rule("email", "@Bücher.example")).banValue).toBe("xn--bcher-kva.example");
    expect((await post({ banType: "ipAddress", banValue: "192.0.2.1/24" })).statusCode).toBe(409);
  });

  it("answers the same rule saved twice, one after the other or at the same moment, with a 409 saying so", async () => {
    const sequential = await post({ banType: "email", banValue: "twice.example" });
    expect(sequential.statusCode, sequential.body).toBe(201);
    const again = await post({ banType: "email", banValue: "Twice.Example" });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().message).toBe(banRuleMessages.taken);
    for (let round = 0; round < 3; round += 1) {
      const body = { banType: "name", banValue: `racer${round}*` };
      const answers = await Promise.all([post(body), post(body), post(body)]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses, answers.map((answer) => answer.body).join("\n")).toEqual([201, 409, 409]);
      for (const answer of answers.filter((one) => one.statusCode === 409))
        expect(answer.json<ErrorBody>().message).toBe(banRuleMessages.taken);
    }
  });

  it("refuses registrations from an address, a CIDR range (IPv4 and IPv6) or a `*` range, and counts them", async () => {
    const single = await rule("ipAddress", "198.51.100.7");
    const v4 = await rule("ipAddress", "203.0.113.0/25");
    const v6 = await rule("ipAddress", "2001:db8:bad::/48");
    const star = await rule("ipAddress", "100.64.*");
    expectRefused(await register({ ip: "198.51.100.7" }));
    expectRegistered(await register({ ip: "198.51.100.8" }));
    expectRefused(await register({ ip: "203.0.113.1" }));
    expectRefused(await register({ ip: "203.0.113.127" }));
    expectRegistered(await register({ ip: "203.0.113.128" }));
    expectRefused(await register({ ip: "2001:db8:bad:1::42" }));
    expectRefused(await register({ ip: "2001:DB8:BAD::1" }));
    expectRegistered(await register({ ip: "2001:db9:bee::1" }));
    expectRefused(await register({ ip: "100.64.200.3" }));
    expectRegistered(await register({ ip: "100.65.0.1" }));
    expect((await ruleByID(single.banID)).countBlockedRegistrations).toBe(1);
    expect((await ruleByID(v4.banID)).countBlockedRegistrations).toBe(2);
    expect((await ruleByID(v6.banID)).countBlockedRegistrations).toBe(2);
    expect((await ruleByID(star.banID)).countBlockedRegistrations).toBe(1);
  });

  it("refuses an e-mail domain with its subdomains (not look-alikes), an address and a `*` pattern", async () => {
    const domain = await rule("email", "spam.example");
    await rule("email", "*@*.invalid");
    await rule("email", "Bad.Person@people.test");
    expectRefused(await register({ email: "someone@spam.example" }));
    expectRefused(await register({ email: "someone@mail.SPAM.example" }));
    expectRegistered(await register({ email: "someone@notspam.example" }));
    expectRegistered(await register({ email: "someone@spam.example.org" }));
    expectRefused(await register({ email: "x@y.invalid" }));
    expectRefused(await register({ email: "bad.person@People.Test" }));
    expect((await ruleByID(domain.banID)).countBlockedRegistrations).toBe(2);
  });

  it("refuses names by pattern whatever their case, width or hidden characters", async () => {
    const spam = await rule("name", "Spam*");
    await rule("name", "*viagra*");
    expectRefused(await register({ name: "Spammer" }));
    expectRefused(await register({ name: "Ｓｐａｍ Ｋｉｎｇ" }));
    expectRefused(await register({ name: "S\u200Bpam bot" }));
    expectRefused(await register({ name: "Cheap VIAGRA here" }));
    expectRegistered(await register({ name: "A Spam Hater" }));
    expect((await ruleByID(spam.banID)).countBlockedRegistrations).toBe(3);
  });

  it("refuses sign-in with the banned message (name, e-mail, address); administrators pass", async () => {
    const db = f.t.database.db;
    const member = await createUser(db, { name: "Gorgon Member", role: "member", email: "gorgon@gorgon.example" });
    const before = await f.api.signIn(member);
    await rule("email", "gorgon.example");
    const signIn = (user: { name: string; password: string }, ip = uniqueIp()) =>
      f.api.post("/api/v2/authenticate/password", { username: user.name, password: user.password }, { ip });
    const refused = await signIn(member);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json<ErrorBody>().message).toBe(banRuleMessages.signInRefused);
    expect(refused.headers["set-cookie"]).toBeUndefined();
    // A wrong password says only that.
    expect((await signIn({ ...member, password: "wrong" })).statusCode).toBe(401);
    // Not banned retroactively: the account is not marked banned, and its session goes on.
    expect((await f.api.get("/api/v2/users/$me", { as: before })).json<{ userID: number }>().userID).toBe(
      member.userID,
    );

    const traveller = await createUser(db, { name: "Traveller", role: "member" });
    await rule("ipAddress", "192.88.99.0/24");
    expect((await signIn(traveller, "192.88.99.10")).statusCode).toBe(403);
    expect((await signIn(traveller, "192.88.98.10")).statusCode).toBe(201);

    // An administrator's name matched by another administrator's rule: administrators are never refused.
    await rule("name", "second admin");
    expect((await signIn(f.users.root)).statusCode).toBe(201);
    expect((await signIn(f.users.root, "192.88.99.11")).statusCode).toBe(201);
  });

  it("counts the members a rule matches when it is saved, without banning them", async () => {
    const db = f.t.database.db;
    for (const name of ["Quokka One", "Quokka Two"])
      await createUser(db, { name, role: "member", email: `${name.split(" ")[1]!.toLowerCase()}@quokka.example` });
    const counted = await rule("email", "quokka.example");
    expect(counted.countUsers).toBe(2);
    const byName = await rule("name", "quokka o*");
    expect(byName.countUsers).toBe(1);
    const changed = await f.api.patch(`/api/v2/ban-rules/${byName.banID}`, { banValue: "quokka*" }, { as: f.admin });
    expect(changed.json<BanRule>().countUsers).toBe(2);
    const users = await db.selectFrom("users").select("banned").where("email", "like", "%@quokka.example").execute();
    expect(users.map((user) => user.banned)).toEqual([0, 0]);
  });

  it("bans the members a new rule matches when asked to, by the rule's author, with the rule as the reason", async () => {
    const db = f.t.database.db;
    const wombat = await createUser(db, { name: "Wombat One", role: "member", email: "one@wombat.example" });
    const session = await f.api.signIn(wombat);
    const bystander = await createUser(db, { name: "Bystander", role: "member", email: "by@people.test" });
    const response = await post({ banType: "email", banValue: "wombat.example", banMatchingMembers: true });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<BanRule>().countUsers).toBe(1);
    const user = await f.api.get(`/api/v2/users/${wombat.userID}`, { as: f.admin });
    expect(user.json<{ banned: number; ban: { reason: string; insertUserID: number } }>()).toMatchObject({
      banned: 1,
      ban: { reason: "Matched the ban rule “wombat.example”.", insertUserID: f.adminID },
    });
    // Their session is a banned account's now.
    const refused = await f.api.get("/api/v2/discussions", { as: session });
    expect(refused.statusCode).toBe(401);
    expect(refused.json<ErrorBody>().message).toBe("You are banned.");
    const other = await f.api.get(`/api/v2/users/${bystander.userID}`, { as: f.admin });
    expect(other.json<{ banned: number }>().banned).toBe(0);
  });

  it("refuses a rule that would lock its author out: their own address or account", async () => {
    const ip = "192.0.0.55";
    for (const [banType, banValue] of [
      ["ipAddress", ip],
      ["ipAddress", "192.0.0.0/26"],
      ["ipAddress", "192.0.*"],
      ["name", "Admin*"],
    ] as const) {
      const response = await post({ banType, banValue }, f.admin, ip);
      expect(response.statusCode, `${banValue}: ${response.body}`).toBe(422);
      expect(response.json<ErrorBody>().errors?.[0]?.message).toBe(banRuleMessages.selfLockout.replace("{ip}", ip));
    }
    // The same range from elsewhere is fine; changing a rule to cover the author's address is not.
    const elsewhere = await post({ banType: "ipAddress", banValue: "192.0.0.0/29" }, f.admin, "198.18.5.5");
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    const rule = elsewhere.json<BanRule>();
    const widened = await f.api.patch(
      `/api/v2/ban-rules/${rule.banID}`,
      { banValue: "192.0.0.0/24" },
      {
        as: f.admin,
        ip,
      },
    );
    expect(widened.statusCode).toBe(422);
  });

  it("lists the rules a page at a time with paging headers", async () => {
    const page = await f.api.get("/api/v2/ban-rules?limit=2&page=2", { as: f.admin });
    expect(page.statusCode).toBe(200);
    expectSchema(Type.Array(BanRule), page.json());
    expect(page.json<BanRule[]>()).toHaveLength(2);
    expect(Number(page.headers[paginationHeaders.resultCount])).toBeGreaterThan(4);
    expect(page.headers["link"]).toContain('rel="prev"');
    const names = await f.api.get("/api/v2/ban-rules?banType=name&limit=100", { as: f.admin });
    expect(names.json<BanRule[]>().every((entry) => entry.banType === "name")).toBe(true);
  });

  // Last: it moves the app's clock forward.
  it("applies a rule until its end date, then no more at registration or sign-in; the list keeps it", async () => {
    const hour = 3_600_000;
    const inAnHour = new Date(f.t.clock.nowMs() + hour).toISOString();
    const past = await post({ banType: "email", banValue: "bygone.example", dateExpires: "2001-01-01T00:00:00Z" });
    expect(past.statusCode).toBe(422);
    expect(past.json<ErrorBody>().errors?.[0]).toMatchObject({
      field: "dateExpires",
      message: banRuleMessages.expiresInPast,
    });
    const response = await post({ banType: "email", banValue: "fleeting.example", dateExpires: inAnHour });
    expect(response.statusCode, response.body).toBe(201);
    const fleeting = response.json<BanRule>();
    expect(Date.parse(fleeting.dateExpires!)).toBe(Math.floor(Date.parse(inAnHour) / 1000) * 1000);
    const forGood = await rule("ipAddress", "192.0.0.170");
    expect(forGood.dateExpires).toBeNull();
    const lasting = await f.api.patch(
      `/api/v2/ban-rules/${forGood.banID}`,
      { dateExpires: new Date(f.t.clock.nowMs() + 3 * hour).toISOString() },
      { as: f.admin },
    );
    expect(lasting.statusCode, lasting.body).toBe(200);
    const member = await createUser(f.t.database.db, {
      name: "Fleeting Member",
      role: "member",
      email: "fleeting@fleeting.example",
    });
    const signIn = (ip = uniqueIp()) =>
      f.api.post("/api/v2/authenticate/password", { username: member.name, password: member.password }, { ip });
    expectRefused(await register({ email: "someone@fleeting.example" }));
    expect((await signIn()).statusCode).toBe(403);
    expectRefused(await register({ ip: "192.0.0.170" }));

    f.t.clock.advance(2 * hour);
    expectRegistered(await register({ email: "someone@fleeting.example" }));
    expect((await signIn()).statusCode).toBe(201);
    // The other rule, changed to end later, still applies; then it too ends.
    expectRefused(await register({ ip: "192.0.0.170" }));
    const listed = (await f.api.get("/api/v2/ban-rules?banType=email&limit=100", { as: f.admin })).json<BanRule[]>();
    expect(listed.find((entry) => entry.banID === fleeting.banID)?.dateExpires).toBe(fleeting.dateExpires);
    f.t.clock.advance(2 * hour);
    expectRegistered(await register({ ip: "192.0.0.170" }));
    // Never again: null.
    const cleared = await f.api.patch(`/api/v2/ban-rules/${forGood.banID}`, { dateExpires: null }, { as: f.admin });
    expect(cleared.json<BanRule>().dateExpires).toBeNull();
    expectRefused(await register({ ip: "192.0.0.170" }));
  });

  it("shows a member's addresses and the other accounts at them to personalInfo.view holders only", async () => {
    const shared = "198.19.7.7";
    const first = await register({ name: "Twin One", ip: shared });
    const second = await register({ name: "Twin Two", ip: shared });
    expectRegistered(first);
    expectRegistered(second);
    const oneID = first.json<{ userID: number }>().userID;
    const twoID = second.json<{ userID: number }>().userID;
    // Ann posts from an address of her own; a comment from the shared one.
    const discussion = await f.api.post(
      "/api/v2/discussions",
      { categoryID: f.category.general, name: "Hello", body: "Hello there", format: "markdown" },
      { as: f.as.ann, ip: "198.19.8.8" },
    );
    expect(discussion.statusCode, discussion.body).toBe(201);
    const comment = await f.api.post(
      "/api/v2/comments",
      { discussionID: discussion.json<{ discussionID: number }>().discussionID, body: "Me too", format: "markdown" },
      { as: f.as.ann, ip: shared },
    );
    expect(comment.statusCode, comment.body).toBe(201);

    for (const as of [f.as.ann, null])
      expect((await f.api.get(`/api/v2/users/${oneID}/ip-addresses`, { as })).statusCode).toBe(403);
    const response = await f.api.get(`/api/v2/users/${oneID}/ip-addresses`, { as: f.as.mod });
    expect(response.statusCode, response.body).toBe(200);
    expectSchema(Type.Array(MemberIpAddress), response.json());
    const [entry] = response.json<MemberIpAddress[]>();
    expect(entry).toMatchObject({ ipAddress: shared, banIDs: [] });
    expect(entry!.sources).toEqual(expect.arrayContaining(["registration", "lastVisit"]));
    expect(entry!.otherUsers.map((user) => user.userID).sort()).toEqual([f.users.ann.userID, twoID].sort());

    const ann = (await f.api.get(`/api/v2/users/${f.users.ann.userID}/ip-addresses`, { as: f.as.mod })).json<
      MemberIpAddress[]
    >();
    expect(ann.find((row) => row.ipAddress === "198.19.8.8")?.sources).toContain("discussion");
    expect(ann.find((row) => row.ipAddress === shared)?.sources).toContain("comment");

    // "Ban this address" is a rule like any other; the panel then marks the address.
    const banned = await rule("ipAddress", shared);
    expect(banned.countUsers).toBe(2);
    const after = (await f.api.get(`/api/v2/users/${oneID}/ip-addresses`, { as: f.admin })).json<MemberIpAddress[]>();
    expect(after[0]!.banIDs).toEqual([banned.banID]);
    expect((await f.api.get("/api/v2/users/999999/ip-addresses", { as: f.as.mod })).statusCode).toBe(404);
  });
});
