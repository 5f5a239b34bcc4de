import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "@parley/contracts";
import { engines } from "../../test/databases.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createApi, createCast, roleIDOfType, type Api, type Session, type TestUser } from "../../test/accounts.ts";

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

/** `GET /users` as the members dashboard uses it: `query`, `roleID`, `isBanned` and the sorts, posts included. */
describe.each(engines)("GET /users filters and sorts on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let cast: Record<"admin" | "moderator" | "member" | "rosa" | "rowan" | "banned", TestUser>;
  let admin: Session;
  let moderator: Session;
  let member: Session;

  beforeAll(async () => {
    t = await createTestApp(engine);
    api = createApi(t.app);
    cast = await createCast(t.database.db, {
      admin: { name: "Ada Admin", role: "administrator" },
      moderator: { name: "Mo Moderator", role: "moderator" },
      member: { name: "Mel Member", role: "member", dateLastActive: daysAgo(3) },
      rosa: { name: "Rosa", role: "member", email: "garden@people.test", dateLastActive: daysAgo(1) },
      rowan: { name: "rowan_tree", role: "member", email: "rowan@people.test", dateLastActive: daysAgo(2) },
      banned: { name: "Rob Banned", role: "member", banned: true, email: "rob@people.test" },
    });
    const posts = { [cast.rosa.userID]: [2, 5], [cast.rowan.userID]: [4, 0], [cast.banned.userID]: [1, 1] };
    for (const [userID, [countDiscussions, countComments]] of Object.entries(posts)) {
      await t.database.db
        .updateTable("users")
        .set({ countDiscussions, countComments })
        .where("userID", "=", Number(userID))
        .execute();
    }
    [admin, moderator, member] = await Promise.all([
      api.signIn(cast.admin),
      api.signIn(cast.moderator),
      api.signIn(cast.member),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (query: string, as: Session) => {
    const response = await api.get(`/api/v2/users?${query}`, { as });
    expect(response.statusCode, response.body).toBe(200);
    return { users: response.json<User[]>(), total: Number(response.headers["x-app-page-result-count"]) };
  };
  const names = async (query: string, as: Session = admin) => (await list(query, as)).users.map((user) => user.name);

  it("finds members by the start of their name, in any case, with LIKE wildcards matching themselves", async () => {
    expect(await names("query=RO&sort=name")).toEqual(["Rob Banned", "Rosa", "rowan_tree"]);
    expect(await names("query=rowan_&sort=name")).toEqual(["rowan_tree"]);
    expect(await names("query=ro%25&sort=name")).toEqual([]);
    const found = await list("query=ro&sort=name&limit=1", admin);
    expect(found.users).toHaveLength(1);
    expect(found.total).toBe(3);
  });

  it("searches e-mail addresses only for personalInfo.view", async () => {
    expect(await names("query=garden")).toEqual(["Rosa"]);
    expect(await names("query=garden", member)).toEqual([]);
    // The default Moderator role holds personalInfo.view.
    expect(await names("query=garden", moderator)).toEqual(["Rosa"]);
  });

  it("filters by role and by the ban", async () => {
    const moderators = await roleIDOfType(t.database.db, "moderator");
    expect(await names(`roleID=${moderators}`)).toEqual(["Mo Moderator"]);
    expect(await names("query=ro&isBanned=true")).toEqual(["Rob Banned"]);
    expect(await names("query=ro&isBanned=false&sort=name")).toEqual(["Rosa", "rowan_tree"]);
  });

  it("sorts by posts, by last activity and by name, each both ways", async () => {
    expect(await names("query=ro&sort=-countPosts")).toEqual(["Rosa", "rowan_tree", "Rob Banned"]);
    expect(await names("query=ro&sort=countPosts")).toEqual(["Rob Banned", "rowan_tree", "Rosa"]);
    const byPosts = (await list("query=ro&sort=-countPosts", admin)).users.map((user) => user.countPosts);
    expect(byPosts).toEqual([7, 4, 2]);
    expect(await names("query=ro&isBanned=false&sort=-dateLastActive")).toEqual(["Rosa", "rowan_tree"]);
    expect(await names("query=ro&sort=-name")).toEqual(["rowan_tree", "Rosa", "Rob Banned"]);
  });

  it("refuses an unknown sort and a query past 100 characters", async () => {
    expect((await api.get("/api/v2/users?sort=points", { as: admin })).statusCode).toBe(400);
    expect((await api.get(`/api/v2/users?query=${"a".repeat(101)}`, { as: admin })).statusCode).toBe(400);
  });
});
