import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApi, seededAdmin, type Session } from "../../test/accounts.ts";
import { createTwoInstances, type TwoInstances } from "../../test/instances.ts";
import { postDiscussion } from "../../test/content.ts";
import { testDatabaseUrl } from "../../test/databases.ts";

const redisUrl = process.env["TEST_REDIS_URL"] || null;
const ready = Boolean(redisUrl && testDatabaseUrl);

describe.skipIf(!ready)("watched words across two server instances (PostgreSQL and Redis)", () => {
  let instances: TwoInstances;
  let admin: Session;
  let writer: Session;

  beforeAll(async () => {
    instances = await createTwoInstances(redisUrl!);
    admin = await createApi(instances.appA).signIn(seededAdmin);
    writer = await createApi(instances.appB).signIn(instances.users.writer);
  });
  afterAll(async () => {
    await instances?.close();
  });

  it("a word added through one instance is blocked by the other, and removed, allowed again", async () => {
    const apiA = createApi(instances.appA);
    const apiB = createApi(instances.appB);
    const { discussionID } = await postDiscussion(apiB, writer, {
      name: "Pets",
      body: "Ours.",
      categoryID: instances.general,
    });
    const comment = () =>
      apiB.post("/api/v2/comments", { discussionID, body: "A wombat!", format: "text" }, { as: writer });
    expect((await comment()).statusCode).toBe(201);
    const added = await apiA.post("/api/v2/watched-words", { word: "wombat", action: "block" }, { as: admin });
    expect(added.statusCode, added.body).toBe(201);
    await vi.waitFor(async () => expect((await comment()).statusCode).toBe(422), { timeout: 10_000, interval: 50 });
    const { watchedWordID } = added.json<{ watchedWordID: number }>();
    expect((await apiA.delete(`/api/v2/watched-words/${watchedWordID}`, { as: admin })).statusCode).toBe(204);
    await vi.waitFor(async () => expect((await comment()).statusCode).toBe(201), { timeout: 10_000, interval: 50 });
  });
});
