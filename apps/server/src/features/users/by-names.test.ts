import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Value } from "typebox/value";
import { UserFragment, type UserFragment as Fragment } from "@parley/contracts";
import { engines } from "../../test/databases.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createApi, createCast, expectNoLeaks, type Api, type Session, type TestUser } from "../../test/accounts.ts";

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

describe.each(engines)("GET /users/by-names on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let cast: Record<"banned", TestUser>;
  let banned: Session;

  beforeAll(async () => {
    t = await createTestApp(engine);
    api = createApi(t.app);
    await createCast(t.database.db, {
      exact: { name: "Al", role: "member", password: null, dateLastActive: daysAgo(200) },
      alma: { name: "Alma", role: "member", password: null, dateLastActive: daysAgo(1) },
      alba: { name: "alba", role: "member", password: null, dateLastActive: daysAgo(89) },
      alex: { name: "ALEX", role: "member", password: null, dateLastActive: daysAgo(0) },
      alfred: { name: "Alfred", role: "member", password: null, dateLastActive: daysAgo(91) },
      never: { name: "Alonzo", role: "member", password: null, dateLastActive: null },
      albert: { name: "Albert", role: "member", password: null, deleted: true },
      other: { name: "Sal", role: "member", password: null },
      percent: { name: "a_b", role: "member", password: null },
    });
    cast = await createCast(t.database.db, { banned: { name: "Banned Byron", role: "member" } });
    banned = await api.signIn(cast.banned);
    await t.database.db.updateTable("users").set({ banned: 1 }).where("userID", "=", cast.banned.userID).execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const names = async (query: string) => {
    const response = await api.get(`/api/v2/users/by-names?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Fragment[]>().map((user) => user.name);
  };

  it("ranks the exact match first, then members active in the last 90 days, then the rest, by name", async () => {
    expect(await names("name=al*")).toEqual(["Al", "alba", "ALEX", "Alma", "Alfred", "Alonzo"]);
    expect(await names("name=AL*&order=mention")).toEqual(["Al", "alba", "ALEX", "Alma", "Alfred", "Alonzo"]);
    expect(await names("name=alm*")).toEqual(["Alma"]);
  });

  it("answers user fragments, without e-mail addresses", async () => {
    const response = await api.get("/api/v2/users/by-names?name=alma");
    const [alma] = response.json<Fragment[]>();
    expect(Value.Check(UserFragment, alma)).toBe(true);
    expect(alma).toMatchObject({ name: "Alma", url: "http://forum.test/profile/Alma", banned: 0, private: false });
    expect(alma).not.toHaveProperty("email");
  });

  it("respects limit and page, with a 'more' pager", async () => {
    const first = await api.get("/api/v2/users/by-names?name=al*&limit=2");
    expect(first.json<Fragment[]>().map((user) => user.name)).toEqual(["Al", "alba"]);
    expect(first.headers["x-app-page-next-url"]).toContain("page=2");
    expect(first.headers["x-app-page-result-count"]).toBeUndefined();
    expect(await names("name=al*&limit=2&page=2")).toEqual(["ALEX", "Alma"]);
    const last = await api.get("/api/v2/users/by-names?name=al*&limit=2&page=3");
    expect(last.json<Fragment[]>().map((user) => user.name)).toEqual(["Alfred", "Alonzo"]);
    expect(last.headers["x-app-page-prev-url"]).toContain("page=2");
    const over = await api.get("/api/v2/users/by-names?name=al*&limit=501");
    expect(over.statusCode).toBe(400);
  });

  it("matches a name without a wildcard exactly, in any case", async () => {
    expect(await names("name=ALMA")).toEqual(["Alma"]);
    expect(await names("name=alm")).toEqual([]);
  });

  it("leaves deleted users out", async () => {
    expect(await names("name=albert")).toEqual([]);
    expect(await names("name=albe*")).toEqual([]);
  });

  it("treats % and _ as plain characters, and an empty prefix as nothing", async () => {
    expect(await names("name=a_*")).toEqual(["a_b"]);
    expect(await names(`name=${encodeURIComponent("%")}*`)).toEqual([]);
    expect(await names("name=*")).toEqual([]);
    expect((await api.get("/api/v2/users/by-names")).statusCode).toBe(400);
  });

  it("answers banned members 401", async () => {
    const response = await api.get("/api/v2/users/by-names?name=al*", { as: banned });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: "You are banned." });
  });

  it("leaks nothing", () => {
    expectNoLeaks(api.records);
  });
});
