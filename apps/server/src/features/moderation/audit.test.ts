import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi, seededAdmin, sessionHeaders, type Session } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { engines } from "../../test/databases.ts";

/**
 * The audit row is written in the action's own transaction: test routes stand for a moderator action
 * that commits and one that fails after writing (its transaction rolls back).
 */
describe.each(engines)("audit log rows in the action's transaction on %s", (engine) => {
  let t: TestApp;
  let admin: Session;
  let api: ReturnType<typeof createApi>;
  let discussionID = 0;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      seed: true,
      extend: (app) => {
        const rename = (name: string) =>
          app.platform.db.transaction().execute(async (trx) => {
            await trx.updateTable("discussions").set({ name }).where("discussionID", "=", discussionID).execute();
            // A second transaction of the same request writes no second row.
            return name;
          });
        app.post("/api/v2/test-audit/commit", async () => {
          await rename("Renamed and committed");
          await rename("Renamed twice");
          return { ok: true };
        });
        // Any body, as a free-form field (theme variables, draft attributes) would carry it.
        app.post("/api/v2/test-audit/any-body", async () => {
          await rename("Renamed with any body");
          return { ok: true };
        });
        app.post("/api/v2/test-audit/commit-then-fail", async () => {
          await rename("Committed before a failure");
          throw new Error("A later step failed.");
        });
        app.post("/api/v2/test-audit/rollback", async () =>
          app.platform.db.transaction().execute(async (trx) => {
            await trx
              .updateTable("discussions")
              .set({ name: "Never seen" })
              .where("discussionID", "=", discussionID)
              .execute();
            throw new Error("The action failed half-way.");
          }),
        );
      },
    });
    api = createApi(t.app);
    admin = await api.signIn(seededAdmin);
    discussionID = (await t.database.db.selectFrom("discussions").select("discussionID").executeTakeFirstOrThrow())
      .discussionID;
  });
  afterAll(async () => {
    await t?.close();
  });

  const rowsFor = (path: string) =>
    t.database.db.selectFrom("auditLogs").selectAll().where("requestPath", "=", path).execute();
  const nameNow = async () =>
    (
      await t.database.db
        .selectFrom("discussions")
        .select("name")
        .where("discussionID", "=", discussionID)
        .executeTakeFirstOrThrow()
    ).name;

  it("a committed action has exactly one row, written by its first transaction", async () => {
    const response = await api.post("/api/v2/test-audit/commit", {}, { as: admin });
    expect(response.statusCode).toBe(201);
    expect(await nameNow()).toBe("Renamed twice");
    const rows = await rowsFor("/api/v2/test-audit/commit");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ eventType: "post /test-audit/commit", insertUserID: admin.userID });
  });

  it("a change committed before the request failed still has its row (an after-the-fact log would miss it)", async () => {
    const response = await api.post("/api/v2/test-audit/commit-then-fail", {}, { as: admin });
    expect(response.statusCode).toBe(500);
    expect(await nameNow()).toBe("Committed before a failure");
    expect(await rowsFor("/api/v2/test-audit/commit-then-fail")).toHaveLength(1);
  });

  it("a rolled-back action leaves neither its change nor a row", async () => {
    const before = await nameNow();
    const response = await api.post("/api/v2/test-audit/rollback", {}, { as: admin });
    expect(response.statusCode).toBe(500);
    expect(await nameNow()).toBe(before);
    expect(await rowsFor("/api/v2/test-audit/rollback")).toEqual([]);
  });

  it("a real moderator action (close) gets its row inside its transaction, once", async () => {
    const path = `/api/v2/discussions/${discussionID}`;
    const close = await api.patch(path, { closed: true }, { as: admin });
    expect(close.statusCode).toBe(200);
    const rows = await rowsFor(path);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.context)).toMatchObject({ body: { closed: true } });
  });

  it("a body nested 5,000 levels deep is logged cut short, not a 500 (the copy recursed without bound)", async () => {
    const deep = `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`;
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v2/test-audit/any-body",
      headers: { ...sessionHeaders(admin), "content-type": "application/json" },
      payload: `{"name":"deep","nested":${deep}}`,
    });
    expect(response.statusCode, response.body).toBe(201);
    const rows = await rowsFor("/api/v2/test-audit/any-body");
    expect(rows).toHaveLength(1);
    const context = rows[0]!.context;
    expect(context.length).toBeLessThanOrEqual(4000);
    expect(JSON.parse(context)).toMatchObject({ body: { name: "deep", nested: { a: { a: { a: {} } } } } });
    expect(context).toContain('"[...]"');
  });

  it("secrets are hidden at every depth of the logged body, not only at its top", async () => {
    const body = {
      password: "top-secret-1",
      connection: { apiKey: "top-secret-2", settings: [{ accessToken: "top-secret-3", clientSecret: "top-secret-4" }] },
      profile: { name: "Kept", newPassword: "top-secret-5" },
    };
    const response = await api.post("/api/v2/test-audit/any-body", body, { as: admin });
    expect(response.statusCode).toBe(201);
    const rows = await rowsFor("/api/v2/test-audit/any-body");
    const context = rows.at(-1)!.context;
    expect(context).not.toMatch(/top-secret/);
    expect(JSON.parse(context)).toMatchObject({
      body: {
        password: "[hidden]",
        connection: { apiKey: "[hidden]", settings: [{ accessToken: "[hidden]", clientSecret: "[hidden]" }] },
        profile: { name: "Kept", newPassword: "[hidden]" },
      },
    });
  });
});
