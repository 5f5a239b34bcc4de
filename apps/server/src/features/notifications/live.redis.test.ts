import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveStreamPath, type LiveComment, type Notification } from "@parley/contracts";
import { buildApp } from "../../app.ts";
import { createAdmin } from "../../db/seed/admin.ts";
import { seedDemo } from "../../db/seed/demo.ts";
import { openDatabase, type Database } from "../../platform/db/database.ts";
import { createApi, createCast, seededAdmin, type Session } from "../../test/accounts.ts";
import { testConfig, TEST_ADMIN_PASSWORD } from "../../test/app.ts";
import { postComment, postDiscussion } from "../../test/content.ts";
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from "../../test/databases.ts";
import { eventually, openStream, type SseStream } from "../../test/live.ts";

const redisUrl = process.env["TEST_REDIS_URL"] || null;
const ready = Boolean(redisUrl && testDatabaseUrl);
if (!ready) {
  console.info("TEST_REDIS_URL or TEST_DATABASE_URL is not set: the two-instance Redis fan-out test is skipped.");
}

describe.skipIf(!ready)("two server instances on one PostgreSQL schema and Redis", () => {
  let database: TestDatabase;
  let second: Database;
  let appA: FastifyInstance;
  let appB: FastifyInstance;
  let baseB: string;
  let reader: Session;
  let writer: Session;
  let general: number;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    await seedDemo(database.db, await createAdmin(database.db, TEST_ADMIN_PASSWORD));
    // A pool of its own on the same schema, as a second process would have.
    second = await openDatabase({
      databaseUrl: testDatabaseUrl,
      sqliteFile: "",
      schema: database.schema!,
      poolSize: 4,
    });
    appA = await buildApp({ config: testConfig(database.dataDir, { redisUrl }), database });
    appB = await buildApp({ config: testConfig(database.dataDir, { redisUrl }), database: second });
    await Promise.all([appA.ready(), appB.ready()]);
    await appB.listen({ port: 0, host: "127.0.0.1" });
    baseB = `http://127.0.0.1:${(appB.server.address() as AddressInfo).port}`;
    const users = await createCast(database.db, {
      reader: { name: "Rae Reader", role: "member" },
      writer: { name: "Wes Writer", role: "member" },
    });
    await database.db.updateTable("users").set({ bypassSpam: 1 }).execute();
    const api = createApi(appA);
    [reader, writer] = await Promise.all([api.signIn(users.reader), api.signIn(users.writer)]);
    general = (
      await database.db
        .selectFrom("categories")
        .select("categoryID")
        .where("urlcode", "=", "general")
        .executeTakeFirstOrThrow()
    ).categoryID;
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    appB?.server.closeAllConnections();
    await appA?.close();
    await appB?.close();
    await second?.close();
    await database?.dispose();
  });

  it("delivers an event published by one instance to a stream held open on the other", async () => {
    const api = createApi(appA);
    const d = await postDiscussion(api, reader, { categoryID: general });
    const stream = await openStream(`${baseB}${liveStreamPath}?discussionID=${d.discussionID}`, {
      cookie: reader.cookie,
    });
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.waitFor("counts");
    const started = Date.now();
    const comment = await postComment(api, writer, d.discussionID, "From instance A.");
    const notification = JSON.parse((await stream.waitFor("notification")).data) as Notification;
    expect(notification).toMatchObject({ activityType: "DiscussionComment", recordID: comment.commentID });
    const live = JSON.parse((await stream.waitFor("comment")).data) as LiveComment;
    expect(live.commentID).toBe(comment.commentID);
    expect(Date.now() - started).toBeLessThan(2_000);
    // Delivered once, even though both instances hear every event.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stream.data("notification")).toHaveLength(1);
    expect(stream.data("comment")).toHaveLength(1);
  });

  it("closes a banned member's stream held open on the other instance", async () => {
    const api = createApi(appA);
    const admin = await api.signIn(seededAdmin);
    const { doomed } = await createCast(database.db, { doomed: { name: "Dee Doomed", role: "member" } });
    const stream = await openStream(`${baseB}${liveStreamPath}`, { cookie: (await api.signIn(doomed)).cookie });
    streams.push(stream);
    await stream.waitFor("counts");
    expect((await api.put(`/api/v2/users/${doomed.userID}/ban`, { banned: true }, { as: admin })).statusCode).toBe(200);
    await eventually(() => stream.ended, 3_000);
  });
});
