import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EmailChangeConfirmed,
  EmailChangeState,
  emailChangeMessages,
  emailChangeRules,
  userMessages,
  type EmailChangeState as State,
  type Me,
} from "@parley/contracts";
import { mailTo, outbox, uniqueIp, type Session } from "../../test/accounts.ts";
import { TEST_ORIGIN } from "../../test/app.ts";
import { createContentFixture, expectSchema, type ContentFixture } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";

const cast = {
  self: { name: "Sal Self", role: "member", email: "sal@old.test" },
  other: { name: "Oli Other", role: "member", email: "oli@people.test" },
  mod: { name: "Mo Moderator", role: "moderator", email: "mo@people.test" },
  fresh: { name: "Fay Fresh", role: "unconfirmed", email: "fay@old.test", emailConfirmed: false },
  busy: { name: "Bo Busy", role: "member", email: "bo@old.test" },
} as const;
type Who = keyof typeof cast;

type ApiFailure = { message: string; errors: Array<{ field: string; code: string; message: string }> };

const linkPattern = new RegExp(`${TEST_ORIGIN.replace(/\./g, "\\.")}/entry/emailchange/([\\w-]+)`);

describe.each(engines)("changing one's e-mail address on %s", (engine) => {
  let f: ContentFixture<Who>;
  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const dataDir = () => f.t.database.dataDir;
  const path = (who: Who) => `/api/v2/users/${f.users[who].userID}/email-change`;
  const ask = (as: Session | null, who: Who, email: string, password = f.users[who].password) =>
    f.api.post(path(who), { email, passwordConfirmation: password }, { as });
  const confirm = (token: string) => f.api.post("/api/v2/users/email-change/confirm", { token }, { ip: uniqueIp() });
  const state = async (as: Session | null, who: Who) => {
    const response = await f.api.get(path(who), { as });
    if (response.statusCode === 200) expectSchema(EmailChangeState, response.json());
    return response;
  };
  /** The code of the latest change link mailed to `email`, checking the text and HTML agree. */
  const tokenSentTo = (email: string) => {
    const mail = mailTo(dataDir(), email).at(-1)!;
    const text = linkPattern.exec(mail.text);
    expect(text, mail.text).not.toBeNull();
    expect(linkPattern.exec(mail.html)?.[1]).toBe(text![1]);
    return text![1]!;
  };
  const emailOf = async (who: Who) =>
    (await f.api.get(`/api/v2/users/${f.users[who].userID}`, { as: f.admin })).json<{ email: string }>().email;
  const signInStatus = async (username: string, password: string) =>
    (await f.api.post("/api/v2/authenticate/password", { username, password }, { ip: uniqueIp() })).statusCode;

  it("lets only the member themself see, ask, resend and cancel (not another member, a moderator, an administrator or a guest)", async () => {
    for (const as of [f.as.other, f.as.mod, f.admin]) {
      expect((await state(as, "self")).statusCode).toBe(403);
      const asked = await ask(as, "self", "taken@over.test", "whatever-password");
      expect(asked.statusCode, asked.body).toBe(403);
      expect((await f.api.post(`${path("self")}/resend`, {}, { as })).statusCode).toBe(403);
      expect((await f.api.delete(path("self"), { as })).statusCode).toBe(403);
    }
    expect((await state(null, "self")).statusCode).toBe(403);
    expect((await ask(null, "self", "taken@over.test")).statusCode).toBe(403);
    expect(mailTo(dataDir(), "taken@over.test")).toHaveLength(0);
    expect((await state(f.as.self, "self")).json()).toEqual({ pending: null });
    expect((await f.api.get("/api/v2/users/$me/email-change", { as: f.as.self })).statusCode).toBe(200);
  });

  it("refuses a wrong password, a bad address, one's own address and another account's, on their fields (422)", async () => {
    const before = outbox(dataDir()).length;
    const wrong = await ask(f.as.self, "self", "sal@new.test", "not-the-password");
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<ApiFailure>().errors[0]).toMatchObject({ field: "passwordConfirmation" });
    const bad = await ask(f.as.self, "self", "not an address");
    expect(bad.statusCode).toBe(422);
    expect(bad.json<ApiFailure>().errors[0]).toMatchObject({ field: "email", message: userMessages.emailInvalid });
    const same = await ask(f.as.self, "self", "SAL@old.test");
    expect(same.json<ApiFailure>().errors[0]).toMatchObject({
      field: "email",
      message: emailChangeMessages.sameAddress,
    });
    // Another account's address: the words registration uses, nothing more.
    const taken = await ask(f.as.self, "self", "OLI@people.test");
    expect(taken.statusCode).toBe(422);
    expect(taken.json<ApiFailure>().errors).toEqual([
      expect.objectContaining({ field: "email", code: "emailTaken", message: userMessages.emailTaken }),
    ]);
    expect(outbox(dataDir())).toHaveLength(before);
    expect((await state(f.as.self, "self")).json()).toEqual({ pending: null });
  });

  it("mails a link to the new address and a notice without a link to the old; the address changes only when it is used", async () => {
    const asked = await ask(f.as.self, "self", " sal@new.test ");
    expect(asked.statusCode, asked.body).toBe(201);
    const pending = asked.json<State>().pending!;
    expect(pending.email).toBe("sal@new.test");
    expect(Date.parse(pending.dateExpires) - Date.parse(pending.dateInserted)).toBe(
      emailChangeRules.linkLifetimeHours * 3_600_000,
    );
    expect((await state(f.as.self, "self")).json()).toEqual({ pending });
    const notice = mailTo(dataDir(), "sal@old.test").at(-1)!;
    expect(notice.subject).toBe("Your email address is being changed");
    expect(notice.text).not.toMatch(/https?:/);
    expect(notice.html).not.toContain("<a ");
    expect(await emailOf("self")).toBe("sal@old.test");

    const token = tokenSentTo("sal@new.test");
    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expectSchema(EmailChangeConfirmed, confirmed.json());
    expect(confirmed.json()).toEqual({ userID: f.users.self.userID, email: "sal@new.test" });
    expect(await emailOf("self")).toBe("sal@new.test");
    expect((await state(f.as.self, "self")).json()).toEqual({ pending: null });
    expect(await signInStatus("sal@new.test", f.users.self.password)).toBe(201);
    expect(await signInStatus("sal@old.test", f.users.self.password)).not.toBe(201);

    // Single use.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json<ApiFailure>().message).toBe(emailChangeMessages.badLink);
    expect((await confirm("no-such-token")).statusCode).toBe(400);
  });

  it("confirms the new address and promotes an unconfirmed member", async () => {
    expect((await ask(f.as.fresh, "fresh", "fay@new.test")).statusCode).toBe(201);
    expect((await confirm(tokenSentTo("fay@new.test"))).statusCode).toBe(201);
    const me = (await f.api.get("/api/v2/users/me", { as: f.as.fresh })).json<Me>();
    expect(me).toMatchObject({ email: "fay@new.test", emailConfirmed: true });
  });

  it("resends (the earlier link stops working) and cancels (the link stops working)", async () => {
    expect((await f.api.post(`${path("busy")}/resend`, {}, { as: f.as.busy })).statusCode).toBe(404);
    expect((await ask(f.as.busy, "busy", "bo@new.test")).statusCode).toBe(201);
    const first = tokenSentTo("bo@new.test");
    const resent = await f.api.request("POST", `${path("busy")}/resend`, { as: f.as.busy });
    expect(resent.statusCode, resent.body).toBe(201);
    const second = tokenSentTo("bo@new.test");
    expect(second).not.toBe(first);
    expect((await confirm(first)).statusCode).toBe(400);

    expect((await f.api.delete(path("busy"), { as: f.as.busy })).statusCode).toBe(204);
    expect((await f.api.delete(path("busy"), { as: f.as.busy })).statusCode).toBe(204);
    expect((await state(f.as.busy, "busy")).json()).toEqual({ pending: null });
    expect((await confirm(second)).statusCode).toBe(400);
    expect(await emailOf("busy")).toBe("bo@old.test");
  });

  it("refuses a link once another account took the address meanwhile (409), and an expired link (400)", async () => {
    expect((await ask(f.as.busy, "busy", "bo@contested.test")).statusCode).toBe(201);
    const contested = tokenSentTo("bo@contested.test");
    const taken = await f.api.patch(
      `/api/v2/users/${f.users.other.userID}`,
      { email: "bo@contested.test" },
      { as: f.admin },
    );
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await confirm(contested)).statusCode).toBe(409);
    expect(await emailOf("busy")).toBe("bo@old.test");

    expect((await ask(f.as.busy, "busy", "bo@later.test")).statusCode).toBe(201);
    const late = tokenSentTo("bo@later.test");
    f.t.clock.advance(emailChangeRules.linkLifetimeHours * 3_600_000 + 1000);
    expect((await state(f.as.busy, "busy")).json()).toEqual({ pending: null });
    expect((await confirm(late)).statusCode).toBe(400);
    expect(await emailOf("busy")).toBe("bo@old.test");
  });

  it("limits the links one member has sent an hour (429)", async () => {
    // busy asked 3 times and resent once above, within the hour before the clock moved; a new hour began.
    const statuses: number[] = [];
    for (let index = 0; index <= emailChangeRules.sendsPerHour; index++) {
      statuses.push((await ask(f.as.other, "other", `oli${index}@new.test`)).statusCode);
    }
    expect(statuses.slice(0, emailChangeRules.sendsPerHour).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
