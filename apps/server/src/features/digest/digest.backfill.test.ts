import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LongRunnerResult, type NotificationPreferences } from "@parley/contracts";
import { createContentFixture, expectSchema, type ContentFixture } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";

const cast = {
  recent: { name: "Rita", role: "member", bypassSpam: true },
  saidNo: { name: "Nora", role: "member", bypassSpam: true },
  saidYes: { name: "Yann", role: "member", bypassSpam: true },
  dormant: { name: "Otto", role: "member", bypassSpam: true },
} as const;
type Who = keyof typeof cast;

describe.each(engines)("POST /digest/backfill-optin on %s", (engine) => {
  let f: ContentFixture<Who>;

  const digestOf = async (who: Who) =>
    (await f.api.get("/api/v2/notification-preferences", { as: f.as[who] })).json<NotificationPreferences>()
      .DigestEnabled.email;
  const storedValues = async () =>
    f.t.database.db
      .selectFrom("notificationPreferences")
      .select(["userID", "value"])
      .where("preference", "=", "Email.DigestEnabled")
      .orderBy("userID")
      .execute();

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
    for (const [who, email] of [
      ["saidNo", false],
      ["saidYes", true],
    ] as const) {
      const response = await f.api.patch(
        "/api/v2/notification-preferences",
        { DigestEnabled: { email } },
        { as: f.as[who] },
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    const activeAt = { recent: "2026-11-20", saidNo: "2026-11-25", saidYes: "2026-11-30", dormant: "2026-10-01" };
    for (const [who, date] of Object.entries(activeAt) as Array<[Who, string]>) {
      await f.t.database.db
        .updateTable("users")
        .set({ dateLastActive: `${date}T12:00:00.000Z` })
        .where("userID", "=", f.users[who].userID)
        .execute();
    }
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it("is the site managers' only", async () => {
    for (const as of [null, f.as.recent]) {
      const response = await f.api.post("/api/v2/digest/backfill-optin", { dateLastActive: "2026-11-01" }, { as });
      expect(response.statusCode, response.body).toBe(403);
    }
    expect(await digestOf("recent")).toBe(false);
  });

  it("refuses a date that is not one (422, the field's error) and a missing one", async () => {
    for (const dateLastActive of ["yesterday", "2026-02-30", "2026-11-01T00:00:00Z", ""]) {
      const response = await f.api.post("/api/v2/digest/backfill-optin", { dateLastActive }, { as: f.admin });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toMatchObject({
        status: 422,
        errors: [{ field: "dateLastActive", code: "invalid", status: 422 }],
      });
    }
    const missing = await f.api.post("/api/v2/digest/backfill-optin", {}, { as: f.admin });
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json()).toMatchObject({ errors: [{ field: "dateLastActive", code: "missingField" }] });
    expect(await digestOf("recent")).toBe(false);
  });

  it("opts in the members active since the date who never chose, keeps each member's choice, and runs again as a no-op", async () => {
    const before = await storedValues();
    const response = await f.api.post(
      "/api/v2/digest/backfill-optin",
      { dateLastActive: "2026-11-15" },
      { as: f.admin },
    );
    expect(response.statusCode, response.body).toBe(200);
    expectSchema(LongRunnerResult, response.json());
    const { progress } = response.json<LongRunnerResult>();
    expect(progress.successIDs).toContain(f.users.recent.userID);
    expect(progress.successIDs).not.toContain(f.users.saidNo.userID);
    expect(progress.successIDs).not.toContain(f.users.dormant.userID);
    expect(progress.failedIDs).toEqual([]);

    expect(await digestOf("recent")).toBe(true);
    expect(await digestOf("saidNo")).toBe(false);
    expect(await digestOf("saidYes")).toBe(true);
    expect(await digestOf("dormant")).toBe(false);
    const after = await storedValues();
    // Only new rows: every value stored before is as it was.
    for (const row of before) expect(after).toContainEqual(row);
    expect(after).toContainEqual({ userID: f.users.recent.userID, value: 1 });

    const again = await f.api.post("/api/v2/digest/backfill-optin", { dateLastActive: "2026-11-15" }, { as: f.admin });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<LongRunnerResult>().progress.countTotalIDs).toBe(0);
    expect(await storedValues()).toEqual(after);
  });

  it("continues in the background with longRunnerMode=async (202 and a tracking slip)", async () => {
    const response = await f.api.post(
      "/api/v2/digest/backfill-optin?longRunnerMode=async",
      { dateLastActive: "2026-09-01" },
      { as: f.admin },
    );
    expect(response.statusCode, response.body).toBe(202);
    const tracking = response.json<{ status: string; jobTrackingID: string }>();
    expect(tracking.status).toBe("intended");
    await f.t.app.platform.longRunner.runQueued();
    const slip = await f.api.get(`/api/v2/calls/${tracking.jobTrackingID}`, { as: f.admin });
    expect(slip.json(), slip.body).toMatchObject({ status: "complete", failureStatus: 0 });
    expect(await digestOf("dormant")).toBe(true);
    expect(await digestOf("saidNo")).toBe(false);
  });
});
