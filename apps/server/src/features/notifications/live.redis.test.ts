import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveStreamPath, type LiveComment, type Notification } from "@parley/contracts";
import { createApi, createCast, seededAdmin, type Session } from "../../test/accounts.ts";
import { createTwoInstances, type TwoInstances } from "../../test/instances.ts";
import { postComment, postDiscussion } from "../../test/content.ts";
import { testDatabaseUrl } from "../../test/databases.ts";
import { eventually, openStream, type SseStream } from "../../test/live.ts";

const redisUrl = process.env["TEST_REDIS_URL"] || null;
const ready = Boolean(redisUrl && testDatabaseUrl);
if (!ready) {
  console.info("TEST_REDIS_URL or TEST_DATABASE_URL is not set: the two-instance Redis fan-out test is skipped.");
}

describe.skipIf(!ready)("two server instances on one PostgreSQL schema and Redis", () => {
  let instances: TwoInstances;
  let appA: FastifyInstance;
  let appB: FastifyInstance;
  let baseB: string;
  let reader: Session;
  let writer: Session;
  let general: number;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    instances = await createTwoInstances(redisUrl!);
    ({ appA, appB, general } = instances);
    await appB.listen({ port: 0, host: "127.0.0.1" });
    baseB = `http://127.0.0.1:${(appB.server.address() as AddressInfo).port}`;
    const api = createApi(appA);
    [reader, writer] = await Promise.all([api.signIn(instances.users.reader), api.signIn(instances.users.writer)]);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await instances?.close();
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
    // Delivered once, even though both instances hear every event: the next comment's events come after.
    const next = await postComment(api, writer, d.discussionID, "Again from instance A.");
    await stream.waitFor("notification", 2);
    await stream.waitFor("comment", 2);
    expect(stream.data<Notification>("notification").map((n) => n.recordID)).toEqual([
      comment.commentID,
      next.commentID,
    ]);
    expect(stream.data<LiveComment>("comment").map((c) => c.commentID)).toEqual([comment.commentID, next.commentID]);
  });

  it("closes a banned member's stream held open on the other instance", async () => {
    const api = createApi(appA);
    const admin = await api.signIn(seededAdmin);
    const { doomed } = await createCast(instances.database.db, { doomed: { name: "Dee Doomed", role: "member" } });
    const stream = await openStream(`${baseB}${liveStreamPath}`, { cookie: (await api.signIn(doomed)).cookie });
    streams.push(stream);
    await stream.waitFor("counts");
    expect((await api.put(`/api/v2/users/${doomed.userID}/ban`, { banned: true }, { as: admin })).statusCode).toBe(200);
    await eventually(() => stream.ended, 3_000);
  });
});
