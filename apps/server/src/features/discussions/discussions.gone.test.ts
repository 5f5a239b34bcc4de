import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discussionGoneMessage } from "@parley/contracts";
import type { TestApp } from "../../test/app.ts";
import { createApi, createUser, seededAdmin, type Session } from "../../test/accounts.ts";
import { postDiscussion } from "../../test/content.ts";
import { createPagesTestApp } from "../../test/pages.ts";
import { engines } from "../../test/databases.ts";

/**
 * Deleted discussions answer 410 Gone (issue 32), through the API and as the server-rendered page, whichever way
 * they were deleted; a discussion that never was stays 404, and one a guest may not read tells a guest no more than
 * before it was deleted (404).
 */
describe.each(engines)("deleted discussions answer 410 on %s", (engine) => {
  let t: TestApp;
  let api: ReturnType<typeof createApi>;
  let admin: Session;
  let general: number;

  beforeAll(async () => {
    t = await createPagesTestApp(engine);
    api = createApi(t.app);
    admin = await api.signIn(seededAdmin);
    const rows = await t.database.db.selectFrom("categories").select(["categoryID", "urlcode"]).execute();
    general = rows.find((row) => row.urlcode === "general")!.categoryID;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const page = (id: number) =>
    t.app.inject({ method: "GET", url: `/discussion/${id}`, headers: { host: "forum.test" } });
  const fresh = (name: string, categoryID = general) => postDiscussion(api, admin, { name, categoryID });

  /** The API and the page (as a guest) both say the discussion is gone, and the page says so in words. */
  async function expectGone(id: number) {
    const answer = await api.get(`/api/v2/discussions/${id}`);
    expect(answer.statusCode, answer.body).toBe(410);
    expect(answer.json()).toMatchObject({ status: 410, message: discussionGoneMessage });
    const html = await page(id);
    expect(html.statusCode).toBe(410);
    expect(html.body).toContain(discussionGoneMessage);
    expect(html.body).toContain(`<meta name="robots" content="noindex">`);
  }

  it("answers 410 after DELETE /discussions/{id}, and 404 for an id that never was", async () => {
    const doomed = await fresh("Deleted alone");
    expect((await page(doomed.discussionID)).statusCode).toBe(200);
    expect((await api.delete(`/api/v2/discussions/${doomed.discussionID}`, { as: admin })).statusCode).toBe(204);
    await expectGone(doomed.discussionID);

    expect((await api.get("/api/v2/discussions/987654")).statusCode).toBe(404);
    const missing = await page(987654);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain(discussionGoneMessage);
  });

  it("answers 410 after the bulk delete", async () => {
    const [a, b] = [await fresh("Bulk one"), await fresh("Bulk two")];
    const response = await api.request("DELETE", "/api/v2/discussions/list?longRunnerMode=sync", {
      body: { discussionIDs: [a.discussionID, b.discussionID] },
      as: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    await expectGone(a.discussionID);
    await expectGone(b.discussionID);
  });

  it("answers 410 for a discussion merged away without a redirect, 200 for one that left a redirect", async () => {
    const [destination, away, redirected] = [await fresh("Merge into"), await fresh("Merged"), await fresh("Redirect")];
    const merge = (source: number, addRedirects: boolean) =>
      api.request("PATCH", "/api/v2/discussions/merge?longRunnerMode=sync", {
        body: { discussionIDs: [source], destinationDiscussionID: destination.discussionID, addRedirects },
        as: admin,
      });
    expect((await merge(away.discussionID, false)).statusCode).toBe(200);
    await expectGone(away.discussionID);
    expect((await merge(redirected.discussionID, true)).statusCode).toBe(200);
    expect((await api.get(`/api/v2/discussions/${redirected.discussionID}`)).statusCode).toBe(200);
  });

  it("answers 410 for the discussions of a member deleted with their posts", async () => {
    const author = await createUser(t.database.db, { name: "Gone Author", role: "member" });
    await t.database.db.updateTable("users").set({ bypassSpam: 1 }).where("userID", "=", author.userID).execute();
    const theirs = await postDiscussion(api, await api.signIn(author), { name: "By a leaver", categoryID: general });
    const removed = await api.request("DELETE", `/api/v2/users/${author.userID}`, {
      body: { deleteMethod: "delete" },
      as: admin,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    await expectGone(theirs.discussionID);
  });

  it("tells a guest 404, as before, for a deleted discussion of a category guests may not read", async () => {
    const hidden = await api.post(
      "/api/v2/categories",
      { name: "Staff Room", urlcode: "staff-room", customPermissions: true },
      { as: admin },
    );
    expect(hidden.statusCode, hidden.body).toBe(201);
    const categoryID = hidden.json<{ categoryID: number }>().categoryID;
    const secret = await fresh("Staff secret", categoryID);
    const guestRole = await t.database.db
      .selectFrom("roles")
      .select("roleID")
      .where("type", "=", "guest")
      .executeTakeFirstOrThrow();
    const closed = await api.patch(
      `/api/v2/roles/${guestRole.roleID}`,
      { permissions: [{ type: "category", id: categoryID, permissions: { "discussions.view": false } }] },
      { as: admin },
    );
    expect(closed.statusCode, closed.body).toBe(200);
    const before = await api.get(`/api/v2/discussions/${secret.discussionID}`);
    expect(before.statusCode).toBe(403);
    expect((await api.delete(`/api/v2/discussions/${secret.discussionID}`, { as: admin })).statusCode).toBe(204);
    const guest = await api.get(`/api/v2/discussions/${secret.discussionID}`);
    expect(guest.statusCode).toBe(404);
    expect((await page(secret.discussionID)).statusCode).toBe(404);
    expect((await api.get(`/api/v2/discussions/${secret.discussionID}`, { as: admin })).statusCode).toBe(410);
  });
});
