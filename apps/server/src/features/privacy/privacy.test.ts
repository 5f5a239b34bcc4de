import fs from "node:fs";
import path from "node:path";
import { unzipSync, strFromU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UserExport, type ErrorBody, type Notification } from "@parley/contracts";
import { mailTo, TEST_ORIGIN, type Session } from "../../test/accounts.ts";
import {
  createContentFixture,
  expectSchema,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";
import { engines } from "../../test/databases.ts";
import { EXPORTS_JOB } from "./index.ts";

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe.each(engines)("Download my data (/users/me/export) on %s", (engine) => {
  let f: ContentFixture<"member" | "other" | "moderator">;
  let exportID: number;

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      member: { name: "Mia", role: "member", bypassSpam: true },
      other: { name: "Otto", role: "member", bypassSpam: true },
      moderator: { name: "Moe", role: "moderator" },
    });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const runJob = () => f.t.app.platform.jobs.runNow(EXPORTS_JOB);
  const exportsOf = async (as: Session) => {
    const response = await f.api.get("/api/v2/users/me/exports", { as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<UserExport[]>();
  };
  const download = (id: number, as: Session) => f.api.get(`/api/v2/users/me/exports/${id}/download`, { as });

  it("refuses guests on every endpoint", async () => {
    for (const response of [
      await f.api.post("/api/v2/users/me/export", {}),
      await f.api.get("/api/v2/users/me/exports"),
      await f.api.get("/api/v2/users/me/exports/1/download"),
    ])
      expect([401, 403]).toContain(response.statusCode);
  });

  it("builds the member's archive in the background: posts, messages, bookmarks, preferences", async () => {
    const { member, other } = f.as;
    const discussion = await postDiscussion(f.api, member, {
      categoryID: f.category.general,
      name: "Mia's own post",
      body: "Seeds from the allotment.",
    });
    await postComment(f.api, member, discussion.discussionID, "A reply of Mia's.");
    const othersPost = await postDiscussion(f.api, other, { categoryID: f.category.general, name: "Otto's post" });
    expect(
      (await f.api.put(`/api/v2/discussions/${othersPost.discussionID}/bookmark`, { bookmarked: true }, { as: member }))
        .statusCode,
    ).toBe(200);
    const converse = async (userID: number, initialBody: string) => {
      const response = await f.api.post(
        "/api/v2/conversations",
        { participantUserIDs: [userID], initialBody, initialFormat: "text" },
        { as: other },
      );
      expect(response.statusCode, response.body).toBe(201);
    };
    await converse(f.users.member.userID, "Secret tomatoes.");
    await converse(f.users.moderator.userID, "Not for Mia.");

    const asked = await f.api.post("/api/v2/users/me/export", {}, { as: member });
    expect(asked.statusCode, asked.body).toBe(201);
    const pending = asked.json<UserExport>();
    expectSchema(UserExport, pending);
    expect(pending).toMatchObject({ status: "pending", downloadUrl: null });
    exportID = pending.exportID;
    // One at a time.
    const again = await f.api.post("/api/v2/users/me/export", {}, { as: member });
    expect(again.statusCode).toBe(409);

    await runJob();
    const [ready] = await exportsOf(member);
    expect(ready).toMatchObject({
      exportID,
      status: "ready",
      downloadUrl: `${TEST_ORIGIN}/api/v2/users/me/exports/${exportID}/download`,
    });
    expect(ready!.size).toBeGreaterThan(0);

    const response = await download(exportID, member);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(response.headers["cache-control"]).toBe("no-store");
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      "README.txt",
      "bookmarks.json",
      "comments.json",
      "discussions.json",
      "drafts.json",
      "messages.json",
      "notification-preferences.json",
      "profile.json",
      "reactions.json",
    ]);
    const json = (name: string) => JSON.parse(strFromU8(files[name]!)) as unknown;
    expect(json("profile.json")).toMatchObject({
      userID: f.users.member.userID,
      name: "Mia",
      email: f.users.member.email,
    });
    expect(json("discussions.json")).toEqual([
      expect.objectContaining({
        discussionID: discussion.discussionID,
        name: "Mia's own post",
        body: "Seeds from the allotment.",
      }),
    ]);
    expect(json("comments.json")).toEqual([expect.objectContaining({ body: "A reply of Mia's." })]);
    expect(json("bookmarks.json")).toEqual([{ discussionID: othersPost.discussionID, name: "Otto's post" }]);
    expect(json("notification-preferences.json")).toMatchObject({ Mention: { popup: true, email: true } });
    // Her conversation with Otto, his message in it; not his with Moe.
    const messages = json("messages.json") as { messages: { body: string }[] }[];
    expect(messages.map((conversation) => conversation.messages.map((message) => message.body))).toEqual([
      ["Secret tomatoes."],
    ]);
  });

  it("tells the member: a notification, and an e-mail in the outbox with the absolute link", async () => {
    const mails = mailTo(f.t.database.dataDir, f.users.member.email);
    const mail = mails.find((sent) => sent.subject === "Your data is ready to download");
    expect(mail?.text).toContain(`${TEST_ORIGIN}/api/v2/users/me/exports/${exportID}/download`);
    const notifications = await f.api.get("/api/v2/notifications", { as: f.as.member });
    expect(notifications.json<Notification[]>()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ activityType: "DataExport", body: "Your data is ready to download." }),
      ]),
    );
  });

  it("keeps one member's archive from everyone else: another member, a moderator, an administrator get 404", async () => {
    for (const as of [f.as.other, f.as.moderator, f.admin]) {
      const response = await download(exportID, as);
      expect(response.statusCode, response.body).toBe(404);
      expect(await exportsOf(as)).toEqual([]);
    }
    expect((await download(exportID + 1000, f.as.member)).statusCode).toBe(404);
  });

  it("lets each member ask for their own: the moderator and the administrator too", async () => {
    for (const as of [f.as.moderator, f.admin]) {
      expect((await f.api.post("/api/v2/users/me/export", {}, { as })).statusCode).toBe(201);
    }
    await runJob();
    for (const as of [f.as.moderator, f.admin]) {
      const [own] = await exportsOf(as);
      expect(own?.status).toBe("ready");
      expect((await download(own!.exportID, as)).statusCode).toBe(200);
    }
  });

  it("allows one request a day, and the archive goes after 7 days (410, file removed)", async () => {
    const soon = await f.api.post("/api/v2/users/me/export", {}, { as: f.as.member });
    expect(soon.statusCode).toBe(429);
    expect(soon.json<ErrorBody>().message).toMatch(/^You can ask for your data once a day\. Try again after /);
    const [row] = await f.t.database.db
      .selectFrom("userExports")
      .select("fileName")
      .where("exportID", "=", exportID)
      .execute();
    const file = path.join(f.t.database.dataDir, "exports", row!.fileName!);
    expect(fs.existsSync(file)).toBe(true);

    f.t.clock.advance(7 * DAY + HOUR);
    const member = await f.api.signIn(f.users.member);
    expect((await download(exportID, member)).statusCode).toBe(410);
    await runJob();
    expect(fs.existsSync(file)).toBe(false);
    expect((await exportsOf(member))[0]).toMatchObject({ exportID, downloadUrl: null });
    expect((await f.api.post("/api/v2/users/me/export", {}, { as: member })).statusCode).toBe(201);
  });
});
