import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { Webhook, webhooksLimits, type Webhook as WebhookRecord, type WebhookDelivery } from "@parley/contracts";
import { buildApp } from "../../app.ts";
import { openDatabase, type Database } from "../../platform/db/database.ts";
import { seededAdmin } from "../../test/accounts.ts";
import { testConfig } from "../../test/app.ts";
import {
  createContentFixture,
  expectSchema,
  membersMayView,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";
import { engines, testDatabaseUrl } from "../../test/databases.ts";
import { WEBHOOKS_JOB, WEBHOOKS_PRUNE_JOB } from "./index.ts";

/** What the receiving server got: the raw body as sent, and the headers. */
interface Received {
  path: string;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * The receiving end: a real HTTP server on 127.0.0.1. `/ok` answers 200, `/fail` 500, `/gone` 410, `/redirect`
 * a 307 to its `to` parameter.
 */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://receiver.invalid");
      received.push({ path: url.pathname, body: Buffer.concat(chunks).toString("utf8"), headers: req.headers });
      if (url.pathname === "/redirect") {
        res.writeHead(307, { location: url.searchParams.get("to") ?? "/" });
        return res.end();
      }
      const status = url.pathname === "/fail" ? 500 : url.pathname === "/gone" ? 410 : 200;
      res.writeHead(status, { "content-type": "text/plain" });
      res.end(status === 200 ? `thanks ${"x".repeat(2000)}` : "no");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    received,
    at: (pathname: string) => received.filter((entry) => entry.path === pathname),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** How a receiver checks a delivery: HMAC-SHA256 of the raw body under the secret, compared in constant time. */
function verify(secret: string, body: string, header: string | string[] | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(body).digest("hex")}`);
  const given = Buffer.from(String(header ?? ""));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe.each(engines)("webhooks on %s", (engine) => {
  let f: ContentFixture<"member">;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    f = await createContentFixture(engine, { member: { name: "Hook Member", role: "member", bypassSpam: true } });
    receiver = await startReceiver();
    await f.t.app.platform.siteConfig.set("webhooks.allowedHosts", "127.0.0.1");
  });
  afterAll(async () => {
    await receiver?.close();
    await f?.t.close();
  });

  const create = async (body: Record<string, unknown>) => {
    const response = await f.api.post("/api/v2/webhooks", body, { as: f.admin });
    expect(response.statusCode, response.body).toBe(201);
    expectSchema(Webhook, response.json());
    return response.json<WebhookRecord>();
  };
  const deliveries = async (webhookID: number) => {
    const response = await f.api.get(`/api/v2/webhooks/${webhookID}/deliveries`, { as: f.admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<WebhookDelivery[]>();
  };
  const runJob = () => f.t.app.platform.jobs.runNow(WEBHOOKS_JOB);
  const bodiesOf = (pathname: string) =>
    receiver.at(pathname).map((entry) => JSON.parse(entry.body) as Record<string, unknown>);

  it("lets only site managers in: guests and members 403, administrators 2xx", async () => {
    const own = await create({ name: "Matrix", url: `${receiver.origin}/ok`, events: ["comment.created"] });
    const id = own.webhookID;
    for (const as of [null, f.as.member]) {
      const options = { as: as as never };
      const statuses = [
        (await f.api.get("/api/v2/webhooks", options)).statusCode,
        (
          await f.api.post(
            "/api/v2/webhooks",
            { name: "X", url: `${receiver.origin}/ok`, events: ["user.banned"] },
            options,
          )
        ).statusCode,
        (await f.api.get(`/api/v2/webhooks/${id}`, options)).statusCode,
        (await f.api.patch(`/api/v2/webhooks/${id}`, { name: "Taken" }, options)).statusCode,
        (await f.api.get(`/api/v2/webhooks/${id}/deliveries`, options)).statusCode,
        (await f.api.post(`/api/v2/webhooks/${id}/ping`, {}, options)).statusCode,
        (await f.api.delete(`/api/v2/webhooks/${id}`, options)).statusCode,
      ];
      expect(statuses, as === null ? "guest" : "member").toEqual(statuses.map(() => (as === null ? 403 : 403)));
    }
    expect((await f.api.get(`/api/v2/webhooks/${id}`, { as: f.admin })).json()).toMatchObject({ name: "Matrix" });
    expect((await f.api.patch(`/api/v2/webhooks/${id}`, { name: "Renamed" }, { as: f.admin })).statusCode).toBe(200);
    expect((await f.api.delete(`/api/v2/webhooks/${id}`, { as: f.admin })).statusCode).toBe(204);
    expect((await f.api.get(`/api/v2/webhooks/${id}`, { as: f.admin })).statusCode).toBe(404);
  });

  it("answers bad input with a 422 per field, and takes only the schema's fields", async () => {
    const bad = await f.api.post(
      "/api/v2/webhooks",
      { name: "", url: "x", events: ["discussion.exploded"] },
      { as: f.admin },
    );
    // Like the rest of the API: the schema's refusals per field (400 for lengths and values), 422 for the URL.
    expect(bad.statusCode, bad.body).toBe(400);
    const errors = bad.json<{ errors: { field: string; path?: string }[] }>().errors;
    expect(errors.map((error) => error.path ?? error.field)).toEqual(["name", "events"]);
    const notHttps = await f.api.post(
      "/api/v2/webhooks",
      { name: "Plain", url: "http://example.com/hook", events: ["user.banned"] },
      { as: f.admin },
    );
    expect(notHttps.statusCode).toBe(422);
    expect(notHttps.json()).toMatchObject({ errors: [{ field: "url" }] });
    const own = await create({ name: "Fields", url: `${receiver.origin}/ok`, events: ["user.banned"] });
    const extra = await f.api.patch(`/api/v2/webhooks/${own.webhookID}`, { failureCount: 99 }, { as: f.admin });
    // Fields outside the schema are dropped, as on every PATCH: nothing else changes.
    expect(extra.statusCode).toBe(200);
    expect((await f.api.get(`/api/v2/webhooks/${own.webhookID}`, { as: f.admin })).json()).toMatchObject({
      failureCount: 0,
    });
    const short = await f.api.patch(`/api/v2/webhooks/${own.webhookID}`, { secret: "short" }, { as: f.admin });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ errors: [{ field: "secret", code: "minLength" }] });
    const wrongType = await f.api.patch(
      `/api/v2/webhooks/${own.webhookID}`,
      { events: { all: true } },
      { as: f.admin },
    );
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json()).toMatchObject({ errors: [{ field: "events", status: 422 }] });
  });

  it("refuses addresses that are or resolve to private, loopback or link-local ones, at registration and at each send", async () => {
    for (const url of [
      "https://localhost/hook",
      "https://10.1.2.3/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/hook",
    ]) {
      const response = await f.api.post(
        "/api/v2/webhooks",
        { name: "Inside", url, events: ["user.banned"] },
        { as: f.admin },
      );
      expect(response.statusCode, url).toBe(422);
      expect(response.json(), url).toMatchObject({ errors: [{ field: "url" }] });
    }
    // A redirect to one: the hop is checked before it is requested, and refused.
    const before = receiver.at("/ok").length;
    const redirected = await create({
      name: "Redirects",
      url: `${receiver.origin}/redirect?to=${encodeURIComponent(`http://localhost:${receiver.port}/ok`)}`,
      events: ["user.banned"],
    });
    const ping = await f.api.post(`/api/v2/webhooks/${redirected.webhookID}/ping`, {}, { as: f.admin });
    expect(ping.statusCode).toBe(201);
    expect(ping.json()).toMatchObject({ status: "failed", responseCode: null });
    // localhost is refused on its port (only allowed hosts may use any port) before its address is looked at.
    expect(ping.json<WebhookDelivery>().error).toMatch(/only on allowed hosts|not public/);
    const toPrivate = await create({
      name: "Redirects inside",
      url: `${receiver.origin}/redirect?to=${encodeURIComponent("http://10.0.0.1/admin")}`,
      events: ["user.banned"],
    });
    const second = await f.api.post(`/api/v2/webhooks/${toPrivate.webhookID}/ping`, {}, { as: f.admin });
    expect(second.json<WebhookDelivery>().error).toMatch(/not public/);
    expect(receiver.at("/ok").length, "the refused hop was never requested").toBe(before);
    // Allowed when registered, refused when sent once the host is no longer allowed.
    const later = await create({ name: "Later", url: `${receiver.origin}/ok`, events: ["user.banned"] });
    await f.t.app.platform.siteConfig.set("webhooks.allowedHosts", "");
    try {
      const refused = await f.api.post(`/api/v2/webhooks/${later.webhookID}/ping`, {}, { as: f.admin });
      expect(refused.json()).toMatchObject({ status: "failed" });
      expect(refused.json<WebhookDelivery>().error).toMatch(/only on allowed hosts/);
    } finally {
      await f.t.app.platform.siteConfig.set("webhooks.allowedHosts", "127.0.0.1");
    }
    expect(receiver.at("/ok").length).toBe(before);
  });

  it("signs each delivery, sends the API's own record, and never the secret, even from a private category", async () => {
    const secret = "a-secret-of-our-own-1234";
    const hook = await create({
      name: "Posts",
      url: `${receiver.origin}/ok`,
      events: ["discussion.created", "comment.created"],
      secret,
    });
    expect(hook.secret).toBe(secret);
    const read = await f.api.get(`/api/v2/webhooks/${hook.webhookID}`, { as: f.admin });
    expect(read.json<WebhookRecord>().secret).toBe(`••••${secret.slice(-4)}`);
    expect(read.body).not.toContain(secret);
    // A generated secret, shown once.
    const generated = await create({ name: "Generated", url: `${receiver.origin}/other`, events: ["user.banned"] });
    expect(generated.secret.length).toBeGreaterThanOrEqual(webhooksLimits.secretMinLength);

    const discussion = await postDiscussion(f.api, f.as.member, {
      categoryID: f.category.general,
      name: "Hooked discussion",
    });
    const asGet = async (url: string) => (await f.api.get(url, { as: f.admin })).json<Record<string, unknown>>();
    // The payload is the record as its GET answered right after the write (a later comment changes its counts).
    const discussionRead = await asGet(`/api/v2/discussions/${discussion.discussionID}`);
    const comment = await postComment(f.api, f.as.member, discussion.discussionID);
    const commentRead = await asGet(`/api/v2/comments/${comment.commentID}`);
    expect((await membersMayView(f, f.category["off-topic"], false)).statusCode).toBe(200);
    let hidden;
    try {
      hidden = await postDiscussion(f.api, f.admin, { categoryID: f.category["off-topic"], name: "Staff only" });
      expect((await f.api.get(`/api/v2/discussions/${hidden.discussionID}`, { as: f.as.member })).statusCode).toBe(403);
    } finally {
      expect((await membersMayView(f, f.category["off-topic"], true)).statusCode).toBe(200);
    }
    await runJob();

    const got = receiver
      .at("/ok")
      .filter((entry) => (JSON.parse(entry.body) as { webhookID: number }).webhookID === hook.webhookID);
    expect(got).toHaveLength(3);
    for (const entry of got) {
      expect(verify(secret, entry.body, entry.headers["x-parley-signature"]), "the signature checks").toBe(true);
      expect(entry.headers["content-type"]).toBe("application/json");
      expect(entry.headers["user-agent"]).toMatch(/^Parley/);
      const body = JSON.parse(entry.body) as { event: string; deliveryID: string; dateInserted: string };
      expect(entry.headers["x-parley-event"]).toBe(body.event);
      expect(entry.headers["x-parley-delivery"]).toBe(body.deliveryID);
      expect(entry.body).not.toContain(secret);
    }
    const byRecord = (type: string, id: number) =>
      got
        .map((entry) => JSON.parse(entry.body) as Record<string, unknown>)
        .find((body) => body.recordType === type && body.recordID === id)!;
    expect(byRecord("discussion", discussion.discussionID)).toMatchObject({
      event: "discussion.created",
      webhookID: hook.webhookID,
    });
    expect(byRecord("discussion", discussion.discussionID).record).toEqual(discussionRead);
    expect(byRecord("comment", comment.commentID).record).toEqual(commentRead);
    expect(byRecord("discussion", hidden.discussionID).record).toMatchObject({ name: "Staff only" });
    // The delivery log: answered 200 at the first attempt, the answer's first 1 KB kept.
    const log = await deliveries(hook.webhookID);
    expect(log).toHaveLength(3);
    for (const entry of log) {
      expect(entry).toMatchObject({ status: "delivered", attempts: 1, responseCode: 200, dateNextAttempt: null });
      expect(Buffer.byteLength(entry.responseBody!)).toBeLessThanOrEqual(webhooksLimits.responseBodyMaxBytes);
      expect(entry.responseBody).toMatch(/^thanks x/);
    }
    // Redelivered: the same body under a new delivery's ID and date, signed again.
    const redelivered = await f.api.post(
      `/api/v2/webhooks/${hook.webhookID}/deliveries/${log[0]!.deliveryID}/redeliver`,
      {},
      { as: f.admin },
    );
    expect(redelivered.statusCode, redelivered.body).toBe(201);
    expect(redelivered.json()).toMatchObject({ status: "delivered", event: log[0]!.event });
    const last = receiver.received.at(-1)!;
    expect(JSON.parse(last.body)).toMatchObject({
      deliveryID: redelivered.json<WebhookDelivery>().deliveryID,
      recordID: log[0]!.recordID,
    });
    expect(verify(secret, last.body, last.headers["x-parley-signature"])).toBe(true);
  });

  it("rotates a secret: the new one shown once, later deliveries signed with it, the old one no more", async () => {
    const hook = await create({
      name: "Rotated",
      url: `${receiver.origin}/rotated`,
      events: ["user.banned"],
      secret: "the-old-secret-12345",
    });
    const path = `/api/v2/webhooks/${hook.webhookID}/rotate-secret`;
    expect((await f.api.post(path, {}, { as: f.as.member })).statusCode).toBe(403);
    expect((await f.api.post(path, {}, {})).statusCode).toBe(403);
    expect(
      (await f.api.post(`/api/v2/webhooks/${hook.webhookID + 1000}/rotate-secret`, {}, { as: f.admin })).statusCode,
    ).toBe(404);
    const rotated = await f.api.post(path, {}, { as: f.admin });
    expect(rotated.statusCode, rotated.body).toBe(201);
    expectSchema(Webhook, rotated.json());
    const secret = rotated.json<WebhookRecord>().secret;
    expect(secret).not.toBe("the-old-secret-12345");
    expect(secret.length).toBeGreaterThanOrEqual(webhooksLimits.secretMinLength);
    // Shown once: reading it again masks it.
    expect((await f.api.get(`/api/v2/webhooks/${hook.webhookID}`, { as: f.admin })).json<WebhookRecord>().secret).toBe(
      `••••${secret.slice(-4)}`,
    );
    const ping = await f.api.post(`/api/v2/webhooks/${hook.webhookID}/ping`, {}, { as: f.admin });
    expect(ping.statusCode, ping.body).toBe(201);
    const [sent] = receiver.at("/rotated");
    expect(verify(secret, sent!.body, sent!.headers["x-parley-signature"])).toBe(true);
    expect(verify("the-old-secret-12345", sent!.body, sent!.headers["x-parley-signature"])).toBe(false);
  });

  it("retries a 500 after 1 min, 5 min, 30 min, 2 h and 12 h, then gives up", async () => {
    const hook = await create({ name: "Flaky", url: `${receiver.origin}/fail`, events: ["user.banned"] });
    const ban = await f.api.put(`/api/v2/users/${f.users.member.userID}/ban`, { banned: true }, { as: f.admin });
    expect(ban.statusCode, ban.body).toBe(200);
    await f.api.put(`/api/v2/users/${f.users.member.userID}/ban`, { banned: false }, { as: f.admin });
    await runJob();
    const sent = () => receiver.at("/fail").length;
    expect(sent()).toBe(1);
    expect(bodiesOf("/fail")[0]).toMatchObject({
      event: "user.banned",
      recordType: "user",
      recordID: f.users.member.userID,
    });
    for (const [index, delay] of webhooksLimits.retryDelaysMs.entries()) {
      const [delivery] = await deliveries(hook.webhookID);
      expect(delivery).toMatchObject({ status: "retrying", attempts: index + 1, responseCode: 500 });
      expect(Date.parse(delivery!.dateNextAttempt!) - Date.parse(delivery!.dateLastAttempt!)).toBe(delay);
      // Not before its time.
      f.t.clock.advance(delay - 1_000);
      await runJob();
      expect(sent()).toBe(index + 1);
      f.t.clock.advance(1_000);
      await runJob();
      expect(sent()).toBe(index + 2);
    }
    const [given] = await deliveries(hook.webhookID);
    expect(given).toMatchObject({ status: "failed", attempts: webhooksLimits.maxAttempts, dateNextAttempt: null });
    expect((await f.api.get(`/api/v2/webhooks/${hook.webhookID}`, { as: f.admin })).json()).toMatchObject({
      failureCount: 1,
      status: "active",
    });
  });

  it("disables a webhook after its deliveries fail in a row, says why, and is re-enabled by a site manager", async () => {
    const hook = await create({ name: "Gone", url: `${receiver.origin}/gone`, events: ["discussion.created"] });
    for (let i = 0; i < webhooksLimits.disableAfterFailures; i++) {
      await postDiscussion(f.api, f.as.member, { categoryID: f.category.general, name: `Doomed ${i}` });
    }
    await runJob();
    const disabled = (await f.api.get(`/api/v2/webhooks/${hook.webhookID}`, { as: f.admin })).json<WebhookRecord>();
    expect(disabled).toMatchObject({ status: "disabled", failureCount: webhooksLimits.disableAfterFailures });
    expect(disabled.dateDisabled).not.toBeNull();
    expect(disabled.disabledReason).toMatch(/in a row failed/);
    // Disabled: no more deliveries for it.
    const before = receiver.at("/gone").length;
    await postDiscussion(f.api, f.as.member, { categoryID: f.category.general, name: "Not sent" });
    await runJob();
    expect(receiver.at("/gone").length).toBe(before);
    const enabled = await f.api.patch(`/api/v2/webhooks/${hook.webhookID}`, { status: "active" }, { as: f.admin });
    expect(enabled.json()).toMatchObject({
      status: "active",
      failureCount: 0,
      dateDisabled: null,
      disabledReason: null,
    });
  });

  it("sends each delivery once with two job runners racing", async () => {
    const { database } = f.t;
    const other: Database = await openDatabase(
      engine === "postgres"
        ? { databaseUrl: testDatabaseUrl, sqliteFile: "", schema: database.schema!, poolSize: 4 }
        : { databaseUrl: null, sqliteFile: path.join(database.dataDir, "parley.sqlite") },
    );
    const second: FastifyInstance = await buildApp({
      config: testConfig(database.dataDir, { clock: f.t.clock }),
      database: other,
    });
    await second.ready();
    try {
      await second.platform.siteConfig.set("webhooks.allowedHosts", "127.0.0.1");
      const hook = await create({ name: "Race", url: `${receiver.origin}/race`, events: ["comment.created"] });
      const discussion = await postDiscussion(f.api, f.as.member, { categoryID: f.category.general });
      for (let i = 0; i < 12; i++) await postComment(f.api, f.as.member, discussion.discussionID, `Reply ${i}`);
      await Promise.all([
        runJob(),
        second.platform.jobs.runNow(WEBHOOKS_JOB),
        runJob(),
        second.platform.jobs.runNow(WEBHOOKS_JOB),
      ]);
      const ids = bodiesOf("/race").map((body) => body.deliveryID);
      expect(ids).toHaveLength(12);
      expect(new Set(ids).size).toBe(12);
      expect(
        (await deliveries(hook.webhookID)).every((entry) => entry.status === "delivered" && entry.attempts === 1),
      ).toBe(true);
    } finally {
      await second.close();
      await other.close();
    }
  });
  it(`prunes finished deliveries older than ${webhooksLimits.deliveryRetentionDays} days, never a pending one`, async () => {
    // A session that outlasts the month the clock moves by.
    f.admin = await f.api.signIn(seededAdmin, { persist: true });
    const hook = await create({ name: "Pruned", url: `${receiver.origin}/ok`, events: ["user.registered"] });
    const old = await f.api.post(`/api/v2/webhooks/${hook.webhookID}/ping`, {}, { as: f.admin });
    expect(old.json<WebhookDelivery>().status).toBe("delivered");
    // An old delivery still waiting (its webhook's receiver down): kept until it finishes.
    await f.t.app.platform.siteConfig.set("webhooks.allowedHosts", "127.0.0.1");
    const waiting = await create({ name: "Waiting", url: `${receiver.origin}/fail`, events: ["user.banned"] });
    await f.api.put(`/api/v2/users/${f.users.member.userID}/ban`, { banned: true }, { as: f.admin });
    await f.api.put(`/api/v2/users/${f.users.member.userID}/ban`, { banned: false }, { as: f.admin });
    f.t.clock.advance((webhooksLimits.deliveryRetentionDays - 1) * 24 * 60 * 60_000);
    await f.t.app.platform.jobs.runNow(WEBHOOKS_PRUNE_JOB);
    expect((await deliveries(hook.webhookID)).map((item) => item.deliveryID)).toEqual([
      old.json<WebhookDelivery>().deliveryID,
    ]);
    f.t.clock.advance(2 * 24 * 60 * 60_000);
    const recent = await f.api.post(`/api/v2/webhooks/${hook.webhookID}/ping`, {}, { as: f.admin });
    await f.t.app.platform.jobs.runNow(WEBHOOKS_PRUNE_JOB);
    expect((await deliveries(hook.webhookID)).map((item) => item.deliveryID)).toEqual([
      recent.json<WebhookDelivery>().deliveryID,
    ]);
    // Still being tried (pending or retrying, as the sender got to it): kept.
    const unfinished = await deliveries(waiting.webhookID);
    expect(unfinished).toHaveLength(1);
    expect(["pending", "retrying"]).toContain(unfinished[0]!.status);
    await f.api.delete(`/api/v2/webhooks/${waiting.webhookID}`, { as: f.admin });
  });
});
