import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "@parley/contracts";
import { createApi, createUser, outbox, seededAdmin, type Api, type Session } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { engines } from "../../test/databases.ts";
import { startSmtpServer } from "../../test/smtp.ts";

describe.each(engines)("the forum's mail: delivery, test e-mail, SMTP settings, on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let admin: Session;
  let moderator: Session;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    t = await createTestApp(engine, { seed: true });
    api = createApi(t.app);
    admin = await api.signIn(seededAdmin);
    moderator = await api.signIn(await createUser(t.app.platform.db, { name: "Mona Moderator", role: "moderator" }));
    smtp = await startSmtpServer({ user: "parley", password: "right-password" });
  });
  afterAll(async () => {
    await smtp?.close();
    await t?.close();
  });
  afterEach(async () => {
    // Back to the outbox and the server's sender.
    await t.app.platform.siteConfig.setMany({
      "smtp.host": "",
      "smtp.port": 0,
      "smtp.user": "",
      "smtp.password": "",
      "smtp.security": "starttls",
      "outgoingEmails.supportName": "",
      "outgoingEmails.supportAddress": "",
    });
    smtp.received.length = 0;
    // A new minute: the test e-mails' limit starts again.
    t.clock.advance(61_000);
  });

  const outboxTo = (address: string) => outbox(t.database.dataDir).filter((mail) => mail.to === address);
  const fields = (body: string) =>
    (JSON.parse(body) as ErrorBody).errors!.map(({ field }) => field).sort((a, b) => a.localeCompare(b));

  it("without SMTP, sends the test e-mail to the outbox, from the server's sender, naming the site", async () => {
    const delivery = await api.get("/api/v2/emails/delivery", { as: admin });
    expect(delivery.statusCode, delivery.body).toBe(200);
    expect(delivery.json()).toEqual({ transport: "outbox", source: null, host: null, port: null, passwordSet: false });

    const sent = await api.post("/api/v2/emails/send-test", { destinationAddress: "first@people.test" }, { as: admin });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toEqual({ success: true });
    const [mail, ...more] = outboxTo("first@people.test");
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ from: "Parley <noreply@parley.test>", subject: "Test e-mail from Parley" });
    expect(mail!.text).toContain("If you are reading it, the forum's outgoing mail works.");
    expect(mail!.text).toContain("http://forum.test");
  });

  it("sends from the site's sender once set, and from the one the request names", async () => {
    const patched = await api.patch(
      "/api/v2/config",
      { "outgoingEmails.supportName": 'The "Garden" Team', "outgoingEmails.supportAddress": "team@garden.test" },
      { as: admin },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    await api.post("/api/v2/emails/send-test", { destinationAddress: "second@people.test" }, { as: admin });
    expect(outboxTo("second@people.test")[0]!.from).toBe('"The \\"Garden\\" Team" <team@garden.test>');

    await api.post(
      "/api/v2/emails/send-test",
      { destinationAddress: "third@people.test", from: { supportName: "Trial", supportAddress: "trial@garden.test" } },
      { as: admin },
    );
    expect(outboxTo("third@people.test")[0]!.from).toBe('"Trial" <trial@garden.test>');

    // A name alone renames the server's sender.
    await api.patch("/api/v2/config", { "outgoingEmails.supportAddress": "" }, { as: admin });
    await api.post("/api/v2/emails/send-test", { destinationAddress: "fourth@people.test" }, { as: admin });
    expect(outboxTo("fourth@people.test")[0]!.from).toBe('"The \\"Garden\\" Team" <noreply@parley.test>');
  });

  it("sends through the SMTP server of the settings, signed in; the password is never read back", async () => {
    const patched = await api.patch(
      "/api/v2/config",
      {
        "smtp.host": "127.0.0.1",
        "smtp.port": smtp.port,
        "smtp.user": "parley",
        "smtp.password": "right-password",
        "smtp.security": "none",
        "outgoingEmails.supportAddress": "team@garden.test",
      },
      { as: admin },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).not.toHaveProperty("smtp.password");
    const everything = (await api.get("/api/v2/config", { as: admin })).json<Record<string, unknown>>();
    expect(everything["smtp.host"]).toBe("127.0.0.1");
    expect(Object.keys(everything)).not.toContain("smtp.password");
    expect((await api.get("/api/v2/config?select=smtp.*", { as: admin })).json()).not.toHaveProperty("smtp.password");

    expect((await api.get("/api/v2/emails/delivery", { as: admin })).json()).toEqual({
      transport: "smtp",
      source: "settings",
      host: "127.0.0.1",
      port: smtp.port,
      passwordSet: true,
    });
    const sent = await api.post("/api/v2/emails/send-test", { destinationAddress: "smtp@people.test" }, { as: admin });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ from: "team@garden.test", to: ["smtp@people.test"], user: "parley" });
    expect(smtp.received[0]!.data).toContain("Subject: Test e-mail from Parley");
    expect(outboxTo("smtp@people.test")).toEqual([]);

    // The forum's own mail takes the same road: a password reset request.
    const member = await createUser(t.app.platform.db, { name: "Smtp Reader", role: "member" });
    const request = await api.post("/api/v2/users/request-password", { email: member.email });
    expect(request.statusCode, request.body).toBeLessThan(300);
    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(member.email)).length).toBe(1);
  });

  it("answers 502 with the server's reason when the SMTP server refuses, and sends nothing", async () => {
    await api.patch(
      "/api/v2/config",
      {
        "smtp.host": "127.0.0.1",
        "smtp.port": smtp.port,
        "smtp.user": "parley",
        "smtp.password": "wrong-password",
        "smtp.security": "none",
      },
      { as: admin },
    );
    const sent = await api.post(
      "/api/v2/emails/send-test",
      { destinationAddress: "refused@people.test" },
      { as: admin },
    );
    expect(sent.statusCode).toBe(502);
    expect(sent.json<ErrorBody>().message).toMatch(/^The test e-mail could not be sent: Invalid login/);
    expect(smtp.received).toEqual([]);
    expect(outboxTo("refused@people.test")).toEqual([]);
  });

  it("refuses bad settings and a bad address under their fields, storing none of them", async () => {
    const bad = await api.patch(
      "/api/v2/config",
      {
        "smtp.host": "smtp://mail.example:25",
        "smtp.port": 70_000,
        "smtp.security": "ssl3",
        "smtp.user": "fine",
        "outgoingEmails.supportAddress": "not an address",
        "outgoingEmails.supportName": "Line\r\nBcc: victim@example.com",
      },
      { as: admin },
    );
    expect([400, 422]).toContain(bad.statusCode);
    expect(fields(bad.body)).toEqual([
      "outgoingEmails.supportAddress",
      "outgoingEmails.supportName",
      "smtp.host",
      "smtp.port",
      "smtp.security",
    ]);
    expect(await t.app.platform.siteConfig.get("smtp.user")).toBe("");

    const badTest = await api.post("/api/v2/emails/send-test", { destinationAddress: "nobody" }, { as: admin });
    expect([400, 422]).toContain(badTest.statusCode);
    expect(fields(badTest.body)).toEqual(["destinationAddress"]);
    const injected = await api.post(
      "/api/v2/emails/send-test",
      { destinationAddress: "ok@people.test", from: { supportName: "A\nB", supportAddress: "x@garden.test" } },
      { as: admin },
    );
    expect([400, 422]).toContain(injected.statusCode);
    expect(outboxTo("ok@people.test")).toEqual([]);
  });

  it("is for site managers: a moderator and a guest are refused, and cannot set the SMTP server", async () => {
    for (const [as, status] of [
      [moderator, 403],
      [null, 403],
    ] as const) {
      expect((await api.get("/api/v2/emails/delivery", { as })).statusCode).toBe(status);
      expect((await api.get("/api/v2/outbox", { as })).statusCode).toBe(status);
      const sent = await api.post("/api/v2/emails/send-test", { destinationAddress: "no@people.test" }, { as });
      expect(sent.statusCode).toBe(status);
      expect((await api.patch("/api/v2/config", { "smtp.host": "evil.example" }, { as })).statusCode).toBe(status);
    }
    expect(outboxTo("no@people.test")).toEqual([]);
    expect(await t.app.platform.siteConfig.get("smtp.host")).toBe("");
  });

  it("allows a few test e-mails a minute per manager, then 429 with Retry-After", async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) {
      const sent = await api.post(
        "/api/v2/emails/send-test",
        { destinationAddress: `r${index}@people.test` },
        { as: admin },
      );
      statuses.push(sent.statusCode);
      if (sent.statusCode === 429) expect(Number(sent.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(outboxTo("r5@people.test")).toEqual([]);
    t.clock.advance(61_000);
    const later = await api.post(
      "/api/v2/emails/send-test",
      { destinationAddress: "later@people.test" },
      { as: admin },
    );
    expect(later.statusCode).toBe(201);
  });
});
