import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DigestDeliveryDates, DigestPreview, type NotificationPreferences } from "@parley/contracts";
import { seededAdmin, type Session } from "../../test/accounts.ts";
import {
  createContentFixture,
  expectSchema,
  membersMayView,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";
import { engines } from "../../test/databases.ts";
import { startSmtpServer } from "../../test/smtp.ts";
import { digestPreferenceKey } from "../notifications/index.ts";
import { createDigestRepo } from "./digest.repo.ts";
import { createDigestService, DIGEST_JOB } from "./digest.service.ts";

const cast = {
  alice: { name: "Dora", role: "member", bypassSpam: true },
  bob: { name: "Dirk", role: "member", bypassSpam: true },
  carol: { name: "Dana", role: "member", bypassSpam: true },
  dave: { name: "Dex", role: "member", bypassSpam: true },
} as const;
type Who = keyof typeof cast;

/** A message the test SMTP server received: its headers (unfolded) and its text and HTML parts. */
function parse(data: string) {
  const [head = "", ...rest] = data.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  // Quoted-printable soft line breaks and escapes back to text.
  const body = rest
    .join("\n\n")
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return { headers, body };
}

describe.each(engines)("the e-mail digest on %s", (engine) => {
  let f: ContentFixture<Who>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const names: Record<string, number> = {};

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
    smtp = await startSmtpServer({ user: "parley", password: "right-password" });
    // A week of discussions before Monday 14 December 2026, 09:00 UTC.
    await moveTo("2026-12-08T10:00:00.000Z");
    const post = async (as: Session, name: string, categoryID: number, score = 0) => {
      const d = await postDiscussion(f.api, as, { name, categoryID });
      if (score)
        await f.t.database.db
          .updateTable("discussions")
          .set({ score })
          .where("discussionID", "=", d.discussionID)
          .execute();
      names[name] = d.discussionID;
    };
    await post(f.as.dave, "Gardening tips", f.category.general, 3);
    await post(f.as.dave, "Best hoses", f.category.general, 9);
    await post(f.as.dave, "Install help", f.category.installation, 1);
    // A category members may not read: its best discussion never reaches them.
    await post(f.admin, "Secret plans", f.category["off-topic"], 50);
    expect((await membersMayView(f, f.category["off-topic"], false)).statusCode).toBe(200);
    // Bob follows Help: his digest is Help's; Alice follows nothing: hers is everything she may read.
    expect(
      (await f.api.put(`/api/v2/categories/${f.category.installation}/follow`, { followed: true }, { as: f.as.bob }))
        .statusCode,
    ).toBe(200);
    for (const who of ["alice", "bob", "dave"] as const) {
      const response = await f.api.patch(
        "/api/v2/notification-preferences",
        { DigestEnabled: { email: true } },
        { as: f.as[who] },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<NotificationPreferences>().DigestEnabled).toEqual({ email: true });
    }
    await f.t.app.platform.siteConfig.setMany({
      "smtp.host": "127.0.0.1",
      "smtp.port": smtp.port,
      "smtp.user": "parley",
      "smtp.password": "right-password",
      "smtp.security": "none",
    });
  });
  afterAll(async () => {
    await smtp?.close();
    await f?.t.close();
  });

  /** Moves the clock, and signs everyone in again (sessions expire while weeks pass). */
  const moveTo = async (date: string) => {
    f.t.clock.set(date);
    for (const who of Object.keys(cast) as Who[]) f.as[who] = await f.api.signIn(f.users[who]);
    f.admin = await f.api.signIn(seededAdmin);
  };
  const digestsTo = (who: Who) =>
    smtp.received
      .filter((mail) => mail.to.includes(f.users[who].email))
      .map((mail) => parse(mail.data))
      .filter((mail) => mail.headers.get("subject") === "This week on Parley");
  const settings = (values: Record<string, unknown>, as: Session | null = f.admin) =>
    f.api.patch("/api/v2/config", values, { as });

  it("opts members in through their notification preferences, off by default", async () => {
    const carol = (
      await f.api.get("/api/v2/notification-preferences", { as: f.as.carol })
    ).json<NotificationPreferences>();
    expect(carol.DigestEnabled).toEqual({ email: false });
    const refused = await f.api.patch(
      "/api/v2/notification-preferences",
      { DigestEnabled: { email: "often" } },
      { as: f.as.carol },
    );
    expect(refused.statusCode).toBe(422);
  });

  it("keeps its settings for site managers, and refuses a day, hour or time zone that is not one", async () => {
    expect((await settings({ "emailDigest.enabled": true }, f.as.alice)).statusCode).toBe(403);
    const refused = await settings({
      "emailDigest.dayOfWeek": 8,
      "emailDigest.hour": 24,
      "emailDigest.timeZone": "Mars/Base",
    });
    expect(refused.statusCode).toBe(400);
    expect(
      refused
        .json<{ errors: Array<{ field: string }> }>()
        .errors.map((error) => error.field)
        .sort(),
    ).toEqual(["emailDigest.dayOfWeek", "emailDigest.hour", "emailDigest.timeZone"]);
    const saved = await settings({ "emailDigest.enabled": true, "emailDigest.dayOfWeek": 1, "emailDigest.hour": 9 });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it("sends on its day and hour, once, the best discussions each member may read, with one-click unsubscribe", async () => {
    // Before the hour: nothing (last week's digest had nothing new).
    f.t.clock.set("2026-12-14T08:30:00.000Z");
    await f.t.app.platform.jobs.runNow(DIGEST_JOB);
    expect(digestsTo("alice")).toEqual([]);

    await moveTo("2026-12-14T09:05:00.000Z");
    await f.t.app.platform.jobs.runNow(DIGEST_JOB);
    await f.t.app.platform.jobs.runNow(DIGEST_JOB);
    const [alice, ...again] = digestsTo("alice");
    expect(again).toEqual([]);
    expect(alice!.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(alice!.headers.get("content-type")).toMatch(/^multipart\/alternative/);
    expect(alice!.body).toMatch(/Content-Type: text\/plain/);
    expect(alice!.body).toMatch(/Content-Type: text\/html/);
    // Best first, by score; the private category's never.
    const order = ["Best hoses", "Gardening tips", "Install help"].map((name) => alice!.body.indexOf(`* ${name}`));
    expect(order.every((at, index) => at >= 0 && (index === 0 || at > order[index - 1]!))).toBe(true);
    expect(alice!.body).toContain(`<b>Best hoses</b>`);
    expect(alice!.body).not.toContain("Secret plans");
    // Bob follows Help: only its discussions.
    const [bob] = digestsTo("bob");
    expect(bob!.body).toContain("* Install help");
    expect(bob!.body).not.toContain("Best hoses");
    expect(bob!.body).toContain("From the categories you follow.");
    // Carol did not opt in.
    expect(digestsTo("carol")).toEqual([]);

    // One click (a mail client's POST, no session) turns Alice's digest off.
    const link = /<http:\/\/forum\.test(\/api\/v2\/unsubscribe\/[^>]+)>/.exec(alice!.headers.get("list-unsubscribe")!);
    expect(link).not.toBeNull();
    const clicked = await f.api.post(
      link![1]!,
      { "List-Unsubscribe": "One-Click" },
      { headers: { "x-requested-with": "" } },
    );
    expect(clicked.statusCode, clicked.body).toBe(201);
    expect(clicked.json()).toEqual({ preferences: [{ preference: "Email.DigestEnabled", enabled: "0" }] });
    const prefs = (
      await f.api.get("/api/v2/notification-preferences", { as: f.as.alice })
    ).json<NotificationPreferences>();
    expect(prefs.DigestEnabled).toEqual({ email: false });

    // Next week: new discussions, Alice opted out.
    await moveTo("2026-12-15T10:00:00.000Z");
    await postDiscussion(f.api, f.as.dave, { name: "Spring bulbs", categoryID: f.category.installation });
    await moveTo("2026-12-21T09:01:00.000Z");
    await f.t.app.platform.jobs.runNow(DIGEST_JOB);
    expect(digestsTo("alice")).toHaveLength(1);
    expect(digestsTo("bob")).toHaveLength(2);
  });

  it("sends each digest once with three runners racing", async () => {
    await moveTo("2026-12-22T10:00:00.000Z");
    await postDiscussion(f.api, f.as.dave, { name: "Racing news", categoryID: f.category.installation });
    f.t.clock.set("2026-12-28T09:00:00.000Z");
    const before = { bob: digestsTo("bob").length, dave: digestsTo("dave").length };
    const runners = [1, 2, 3].map(() =>
      createDigestService({
        repo: createDigestRepo(f.t.app.platform.db, digestPreferenceKey),
        platform: f.t.app.platform,
        categories: { visibleIDs: async () => Object.values(f.category) } as never,
        unsubscribeToken: async () => "token.signature",
        onError: (error) => {
          throw error;
        },
      }),
    );
    const date = new Date("2026-12-28T09:00:00.000Z");
    const sent = await Promise.all(runners.map((runner) => runner.sendDigest(date)));
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(2);
    expect(digestsTo("bob").length - before.bob).toBe(1);
    expect(digestsTo("dave").length - before.dave).toBe(1);
  });

  it("answers its operations to site managers only, and checks their input", async () => {
    await moveTo("2026-12-28T09:30:00.000Z");
    const guest = null;
    for (const as of [guest, f.as.alice]) {
      const expected = 403;
      expect((await f.api.get("/api/v2/digest/delivery-dates", { as })).statusCode).toBe(expected);
      expect((await f.api.get(`/api/v2/digest/preview?userID=${f.users.bob.userID}`, { as })).statusCode).toBe(
        expected,
      );
      expect(
        (
          await f.api.post(
            "/api/v2/emails/send-test-digest",
            { destinationAddress: "x@people.test", destinationUserID: f.users.bob.userID },
            { as },
          )
        ).statusCode,
      ).toBe(expected);
      expect((await f.api.post("/api/v2/emails/send-digest-internal", {}, { as })).statusCode).toBe(expected);
    }

    const dates = await f.api.get("/api/v2/digest/delivery-dates", { as: f.admin });
    expect(dates.statusCode, dates.body).toBe(200);
    expectSchema(DigestDeliveryDates, dates.json());
    expect(dates.json()).toMatchObject({
      sent: [
        { dateScheduled: "2026-12-28T09:00:00+00:00", totalSubscribers: 2 },
        { dateScheduled: "2026-12-21T09:00:00+00:00", totalSubscribers: 2 },
        { dateScheduled: "2026-12-14T09:00:00+00:00", totalSubscribers: 3 },
      ],
      scheduled: { dateScheduled: "2027-01-04T09:00:00+00:00", totalSubscribers: 2 },
      upcoming: [
        "2027-01-11T09:00:00+00:00",
        "2027-01-18T09:00:00+00:00",
        "2027-01-25T09:00:00+00:00",
        "2027-02-01T09:00:00+00:00",
      ],
    });

    const preview = await f.api.get(
      `/api/v2/digest/preview?userID=${f.users.alice.userID}&deliveryDate=2026-12-14T09:00:00Z`,
      { as: f.admin },
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expectSchema(DigestPreview, preview.json());
    expect(preview.json<DigestPreview>().discussionIDs).toEqual([
      names["Best hoses"],
      names["Gardening tips"],
      names["Install help"],
    ]);
    expect((await f.api.get("/api/v2/digest/preview?userID=999999", { as: f.admin })).statusCode).toBe(404);
    expect((await f.api.get("/api/v2/digest/preview?userID=zero", { as: f.admin })).statusCode).toBe(422);

    // A test digest goes to the address given, not to the member.
    const bobBefore = digestsTo("bob").length;
    const test = await f.api.post(
      "/api/v2/emails/send-test-digest",
      {
        destinationAddress: "check@people.test",
        destinationUserID: f.users.bob.userID,
        deliveryDate: "2026-12-14T09:00:00Z",
      },
      { as: f.admin },
    );
    expect(test.statusCode, test.body).toBe(201);
    expect(digestsTo("bob")).toHaveLength(bobBefore);
    const check = smtp.received.filter((mail) => mail.to.includes("check@people.test")).map((mail) => parse(mail.data));
    expect(check).toHaveLength(1);
    expect(check[0]!.body).toContain("* Install help");
    const bad = await f.api.post(
      "/api/v2/emails/send-test-digest",
      { destinationAddress: "not an address", destinationUserID: 0 },
      { as: f.admin },
    );
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await f.api.post(
          "/api/v2/emails/send-test-digest",
          { destinationAddress: "x@people.test", destinationUserID: 999999 },
          { as: f.admin },
        )
      ).statusCode,
    ).toBe(404);

    // Now, to everyone who gets it, dated now; the weekly one stays as it was.
    await moveTo("2026-12-29T12:00:00.000Z");
    const now = await f.api.post("/api/v2/emails/send-digest-internal", {}, { as: f.admin });
    expect(now.statusCode, now.body).toBe(201);
    expect(now.json()).toEqual({ dateScheduled: "2026-12-29T12:00:00+00:00" });
  });
});
