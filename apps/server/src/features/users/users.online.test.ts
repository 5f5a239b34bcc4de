import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { OnlineUsers, userRules, type Addon, type User } from "@parley/contracts";
import { createApi, seededAdmin, type Session } from "../../test/accounts.ts";
import { createContentFixture, expectSchema, type ContentFixture } from "../../test/content.ts";
import { engines, testDatabaseUrl } from "../../test/databases.ts";
import { createTwoInstances, type TwoInstances } from "../../test/instances.ts";
import { presenceKey } from "../../platform/presence.ts";
import { ONLINE_FLUSH_JOB, onlineMessages } from "./users.online.ts";

const redisUrl = process.env["TEST_REDIS_URL"] || null;

const cast = {
  ann: { name: "Ann Online", role: "member" },
  hid: { name: "Hal Hidden", role: "member" },
  mod: { name: "Mo Moderator", role: "moderator" },
} as const;
type Who = keyof typeof cast;

describe.each(engines)("who's online on %s", (engine) => {
  let f: ContentFixture<Who>;
  const id = (who: Who) => f.users[who].userID;
  const online = async (as: Session | null) => {
    const response = await f.api.get("/api/v2/users/online", { as });
    if (response.statusCode === 200) expectSchema(OnlineUsers, response.json());
    return response;
  };
  const names = async (as: Session | null) => (await online(as)).json<OnlineUsers>().users.map((user) => user.name);
  const lastActive = async (who: Who) =>
    (
      await f.t.database.db
        .selectFrom("users")
        .select("dateLastActive")
        .where("userID", "=", id(who))
        .executeTakeFirstOrThrow()
    ).dateLastActive;
  const setAddon = (enabled: boolean) => f.api.patch("/api/v2/addons/online", { enabled }, { as: f.admin });

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it("is an add-on, off until an administrator turns it on; off, the list is refused", async () => {
    const addons = (await f.api.get("/api/v2/addons", { as: f.admin })).json<Addon[]>();
    expect(addons.find((addon) => addon.key === "online")).toMatchObject({ enabled: false, type: "addon" });
    const refused = await online(f.as.ann);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(onlineMessages.disabled);
    expect((await f.api.get(`/api/v2/users/${id("ann")}`, { as: f.as.mod })).json<User>()).not.toHaveProperty("online");
    expect((await f.api.patch("/api/v2/addons/online", { enabled: true }, { as: f.as.mod })).statusCode).toBe(403);
    // Off, the home layout leaves the widget out, so no page asks for the list (and meets the 403).
    const homeWidgets = async () =>
      JSON.stringify(
        (await f.api.get("/api/v2/layouts/lookup-hydrate?layoutViewType=home&recordType=root&recordID=-1")).json(),
      ).includes('"react.onlineNow"');
    expect(await homeWidgets()).toBe(false);
    const on = await setAddon(true);
    expect(on.statusCode, on.body).toBe(200);
    expect(await homeWidgets()).toBe(true);
  });

  it("lists the members seen lately, the most recent first, and writes no row per request", async () => {
    await f.api.get("/api/v2/discussions", { as: f.as.mod });
    const before = await lastActive("ann");
    f.t.clock.advance(5_000);
    await f.api.get("/api/v2/discussions", { as: f.as.ann });
    await f.api.get("/api/v2/categories", { as: f.as.ann });
    // Two requests, no write: the database still has the sign-in's time.
    expect(await lastActive("ann")).toBe(before);
    const answer = (await online(f.as.mod)).json<OnlineUsers>();
    // The moderator's own request is the latest.
    expect(answer.users.slice(0, 2).map((user) => user.name)).toEqual(["Mo Moderator", "Ann Online"]);
    expect(answer.total).toBe(answer.users.length);
    const ann = answer.users[1]!;
    expect(Date.parse(ann.dateLastActive!)).toBeGreaterThan(Date.parse(before!));
    // The batched write: one flush sets it to the time the member was last seen.
    await f.t.app.platform.jobs.runNow(ONLINE_FLUSH_JOB);
    const written = Date.parse((await lastActive("ann"))!);
    expect(written - (written % 1000)).toBe(Date.parse(ann.dateLastActive!));
    expect(await names(null)).toEqual(expect.arrayContaining(["Ann Online", "Mo Moderator"]));
  });

  it("caps the list at limit, counting them all", async () => {
    const answer = (await f.api.get("/api/v2/users/online?limit=1", { as: f.as.ann })).json<OnlineUsers>();
    expect(answer.users).toHaveLength(1);
    expect(answer.total).toBeGreaterThanOrEqual(2);
    const tooMany = await f.api.get(`/api/v2/users/online?limit=${userRules.onlineMaxUsers + 1}`, { as: f.as.ann });
    expect(tooMany.statusCode).toBe(400);
  });

  it("shows the profile's Online while seen, and not after the window", async () => {
    const profile = async (who: Who, as: Session | null) =>
      (await f.api.get(`/api/v2/users/${id(who)}`, { as })).json<User>();
    expect(await profile("ann", f.as.mod)).toMatchObject({ online: true });
    expect(await profile("ann", f.as.mod)).not.toHaveProperty("hidden");
    expect(await profile("hid", f.as.mod)).toMatchObject({ online: false });
    f.t.clock.advance(userRules.onlineWindowMinutes * 60_000 + 1000);
    expect(await profile("ann", f.as.mod)).toMatchObject({ online: false });
    expect(await names(f.as.mod)).toEqual(["Mo Moderator"]);
  });

  it("leaves out a member hiding their status, but for themself and site managers", async () => {
    const self = await f.api.patch(`/api/v2/users/${id("hid")}`, { hidden: true }, { as: f.as.hid });
    expect(self.statusCode, self.body).toBe(200);
    expect(self.json<User>()).toMatchObject({ hidden: true, online: true });
    const other = await f.api.patch(`/api/v2/users/${id("hid")}`, { hidden: false }, { as: f.as.ann });
    expect(other.statusCode).toBe(403);
    await f.api.get("/api/v2/discussions", { as: f.as.ann });
    expect(await names(f.as.ann)).not.toContain("Hal Hidden");
    expect(await names(f.as.mod)).not.toContain("Hal Hidden");
    expect(await names(null)).not.toContain("Hal Hidden");
    expect(await names(f.admin)).toContain("Hal Hidden");
    const seenByOther = (await f.api.get(`/api/v2/users/${id("hid")}`, { as: f.as.ann })).json<User>();
    expect(seenByOther).not.toHaveProperty("online");
    expect(seenByOther).not.toHaveProperty("hidden");
    expect((await f.api.get(`/api/v2/users/${id("hid")}`, { as: f.admin })).json<User>()).toMatchObject({
      hidden: true,
      online: true,
    });
  });
});

describe.runIf(redisUrl && testDatabaseUrl)("who's online shared through Redis", () => {
  let instances: TwoInstances;

  beforeAll(async () => {
    instances = await createTwoInstances(redisUrl!);
  });
  afterAll(async () => {
    await instances?.close();
  });

  it("shows on one process a member seen by another, and writes nothing until the flush", async () => {
    const a = createApi(instances.appA);
    const b = createApi(instances.appB);
    const admin = await b.signIn(seededAdmin);
    expect((await b.patch("/api/v2/addons/online", { enabled: true }, { as: admin })).statusCode).toBe(200);
    const reader = await a.signIn(instances.users.reader);
    const stored = async () =>
      (
        await instances.database.db
          .selectFrom("users")
          .select("dateLastActive")
          .where("userID", "=", instances.users.reader.userID)
          .executeTakeFirstOrThrow()
      ).dateLastActive;
    const before = await stored();
    await a.get("/api/v2/discussions", { as: reader });
    await a.get("/api/v2/categories", { as: reader });
    expect(await stored()).toBe(before);
    // The Redis write is not awaited by the request.
    await expect
      .poll(async () =>
        (await b.get("/api/v2/users/online", { as: admin })).json<OnlineUsers>().users.map((u) => u.name),
      )
      .toContain("Rae Reader");
    // Under the schema's own key: one Redis serves several sites (and the test schemas) without mixing them.
    const redis = new Redis(redisUrl!);
    try {
      expect(
        await redis.zscore(presenceKey(instances.database.siteKey), String(instances.users.reader.userID)),
      ).not.toBeNull();
    } finally {
      await redis.quit();
    }
    await instances.appA.platform.jobs.runNow(ONLINE_FLUSH_JOB);
    expect(Date.parse((await stored())!)).toBeGreaterThanOrEqual(Date.parse(before!));
  });
});
