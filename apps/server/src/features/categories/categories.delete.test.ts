import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallStatus, Category, LongRunnerResult, TrackingSlip } from "@parley/contracts";
import {
  createApi,
  createUser,
  roleIDOfType,
  seededAdmin,
  type Api,
  type Session,
  type TestUser,
} from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { engines } from "../../test/databases.ts";
import { recountPostCounts } from "../users/index.ts";
import { recountTagCounts } from "../tags/index.ts";
import { recountCategories } from "./index.ts";

/** Discussions per batch in these tests (the server's is 100): a category here holds several batches. */
const BATCH = 20;
const jwt = { "content-type": "application/system+jwt" };

/**
 * `DELETE /categories/{id}` as a long-running call: its discussions moved or deleted a batch per transaction
 * (the counts with them), the category last; and a category's own permissions in its `POST`/`PATCH`.
 */
describe.each(engines)("deleting a category in batches on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let admin: Session;
  let member: Session;
  let moderator: Session;
  let keeper: Session;
  let memberUser: TestUser;

  beforeAll(async () => {
    t = await createTestApp(engine, { seed: true, config: { longRunner: { batchSize: BATCH } } });
    api = createApi(t.app);
    const db = t.database.db;
    admin = await api.signIn(seededAdmin);
    memberUser = await createUser(db, { name: "Deleting Member", role: "member" });
    member = await api.signIn(memberUser);
    moderator = await api.signIn(await createUser(db, { name: "Deleting Moderator", role: "moderator" }));
    // A member who keeps the categories (community.manage) but not the site.
    const role = await api.post(
      "/api/v2/roles",
      { name: "Category Keepers", permissions: [{ type: "global", permissions: { "community.manage": true } }] },
      { as: admin },
    );
    expect(role.statusCode, role.body).toBe(201);
    const keeperUser = await createUser(db, { name: "Category Keeper", role: "member" });
    await db
      .insertInto("userRoles")
      .values({ userID: keeperUser.userID, roleID: role.json<{ roleID: number }>().roleID })
      .execute();
    keeper = await api.signIn(keeperUser);
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = async (name: string, urlcode: string, parentCategoryID?: number) => {
    const response = await api.post("/api/v2/categories", { name, urlcode, parentCategoryID }, { as: admin });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Category>().categoryID;
  };
  const get = async (categoryID: number) => {
    const response = await api.get(`/api/v2/categories/${categoryID}`, { as: admin });
    return response.statusCode === 200 ? response.json<Category>() : null;
  };
  const runCall = (token: string) => api.request("POST", "/api/v2/calls/run", { as: admin, body: token, headers: jwt });

  /** Discussions straight into the database (for volume), then the counts worked out as the seeders do. */
  async function insertDiscussions(count: number, categoryID: number): Promise<number[]> {
    const db = t.database.db;
    const now = new Date().toISOString();
    const rows = Array.from({ length: count }, (_, index) => ({
      type: "discussion",
      categoryID,
      name: `Volume ${categoryID}.${index}`,
      body: "Text.",
      format: "markdown",
      insertUserID: memberUser.userID,
      updateUserID: null,
      lastUserID: memberUser.userID,
      lastCommentID: null,
      dateInserted: now,
      dateUpdated: null,
      dateLastComment: now,
      attributes: null,
      insertIPAddress: null,
      resolvedUserID: null,
    }));
    const inserted = await db.insertInto("discussions").values(rows).returning("discussionID").execute();
    await recountCategories(db);
    await db.transaction().execute((trx) => recountPostCounts(trx, "all"));
    return inserted.map((row) => row.discussionID);
  }

  /** Every count as the API's rows hold it: categories and members. */
  async function counts() {
    const db = t.database.db;
    const categories = await db
      .selectFrom("categories")
      .select(["categoryID", "countCategories", "countDiscussions", "countComments", "countAllDiscussions"])
      .select("countAllComments")
      // The root's totals are the seeders' alone (posts count up to the top category, not the root).
      .where("categoryID", "<>", -1)
      .orderBy("categoryID")
      .execute();
    const users = await db
      .selectFrom("users")
      .select(["userID", "countDiscussions", "countComments"])
      .orderBy("userID")
      .execute();
    const tags = await db.selectFrom("tags").select(["tagID", "countDiscussions"]).orderBy("tagID").execute();
    return JSON.parse(JSON.stringify({ categories, users, tags })) as unknown;
  }
  /** The counts as they stand equal the counts worked out again from the posts: each batch kept them true. */
  async function expectCountsTrue() {
    const before = await counts();
    const db = t.database.db;
    await recountCategories(db);
    await db.transaction().execute(async (trx) => {
      await recountPostCounts(trx, "all");
      await recountTagCounts(trx);
    });
    expect(before).toEqual(await counts());
  }

  it("moves a category's discussions in 408 rounds, the counts true after each, and a round run twice does nothing twice", async () => {
    const source = await create("Bulk Source", `bulk-source-${engine}`);
    const child = await create("Bulk Child", `bulk-child-${engine}`, source);
    const target = await create("Bulk Target", `bulk-target-${engine}`);
    const ids = await insertDiscussions(2 * BATCH + 15, source);
    await insertDiscussions(3, child);
    const comment = await api.post(
      "/api/v2/comments",
      { discussionID: ids[0], body: "A reply in the source.", format: "markdown" },
      { as: admin },
    );
    expect(comment.statusCode, comment.body).toBe(201);
    await expectCountsTrue();

    const first = await api.request("DELETE", `/api/v2/categories/${source}?longRunnerTimeout=0`, {
      as: admin,
      body: { newCategoryID: target },
    });
    expect(first.statusCode, first.body).toBe(408);
    const round1 = first.json<LongRunnerResult>();
    expect(round1.progress.countTotalIDs).toBe(ids.length);
    expect(round1.progress.successIDs).toEqual(ids.slice(0, BATCH));
    expect(round1.callbackPayload).toEqual(expect.any(String));
    // Still there, holding what is left; the target holds what moved.
    expect((await get(source))?.countDiscussions).toBe(ids.length - BATCH);
    expect((await get(target))?.countDiscussions).toBe(BATCH);
    expect((await get(target))?.countComments).toBe(1);
    await expectCountsTrue();

    const second = await runCall(round1.callbackPayload!);
    expect(second.statusCode, second.body).toBe(408);
    const round2 = second.json<LongRunnerResult>();
    // The answer to round 2 lost, its payload asked again: the batch done is found done.
    const again = await runCall(round1.callbackPayload!);
    expect(again.statusCode, again.body).toBe(408);
    expect((await get(target))?.countDiscussions).toBe(2 * BATCH);
    await expectCountsTrue();

    let answer = await runCall(round2.callbackPayload!);
    for (let round = 0; answer.statusCode === 408 && round < 10; round++) {
      answer = await runCall(answer.json<LongRunnerResult>().callbackPayload!);
    }
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<LongRunnerResult>().callbackPayload).toBeNull();
    expect(await get(source)).toBeNull();
    const moved = (await get(target))!;
    expect(moved).toMatchObject({ countDiscussions: ids.length, countComments: 1, countCategories: 1 });
    expect(moved.countAllDiscussions).toBe(ids.length + 3);
    expect((await get(child))?.parentCategoryID).toBe(target);
    await expectCountsTrue();
  });

  it("deletes a category with its subcategories' discussions in the background: 202, then GET /calls/{id} follows it", async () => {
    const source = await create("Bulk Doomed", `bulk-doomed-${engine}`);
    const child = await create("Bulk Doomed Child", `bulk-doomed-child-${engine}`, source);
    const ids = [...(await insertDiscussions(BATCH + 5, source)), ...(await insertDiscussions(4, child))];
    const reply = await api.post(
      "/api/v2/comments",
      { discussionID: ids[1], body: "A member's reply.", format: "markdown" },
      { as: member },
    );
    expect(reply.statusCode, reply.body).toBe(201);
    // A tag on two of them (one kept elsewhere): its count loses the deleted one only.
    const tag = await api.post(
      "/api/v2/tags",
      { name: `Doomed ${engine}`, urlcode: `doomed-${engine}` },
      { as: admin },
    );
    expect(tag.statusCode, tag.body).toBe(201);
    const tagID = tag.json<{ tagID: number }>().tagID;
    const [kept] = await insertDiscussions(1, await create("Bulk Keeps", `bulk-keeps-${engine}`));
    for (const discussionID of [ids[2], kept]) {
      const tagged = await api.put(`/api/v2/discussions/${discussionID}/tags`, { tagIDs: [tagID] }, { as: admin });
      expect(tagged.statusCode, tagged.body).toBe(200);
    }
    const memberBefore = (await api.get(`/api/v2/users/${memberUser.userID}`, { as: admin })).json<{
      countDiscussions: number;
      countComments: number;
    }>();

    const queued = await api.request("DELETE", `/api/v2/categories/${source}?longRunnerMode=async`, {
      as: admin,
      body: {},
    });
    expect(queued.statusCode, queued.body).toBe(202);
    const slip = queued.json<TrackingSlip>();
    const status = (as: Session | null) => api.get(`/api/v2/calls/${slip.jobTrackingID}`, { as });
    const waiting = await status(admin);
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json<CallStatus>()).toMatchObject({
      status: "intended",
      progress: { countTotalIDs: ids.length, countSuccess: 0, countFailed: 0 },
    });
    // Only who asked follows it.
    expect((await status(member)).statusCode).toBe(404);
    expect((await status(null)).statusCode).toBe(404);
    expect((await api.get("/api/v2/calls/no-such-call", { as: admin })).statusCode).toBe(404);

    await t.app.platform.jobs.runNow("longRunner.queue");
    expect((await status(admin)).json<CallStatus>()).toMatchObject({
      status: "complete",
      progress: { countTotalIDs: ids.length, countSuccess: ids.length, countFailed: 0 },
      failureStatus: 0,
    });
    expect(await get(source)).toBeNull();
    expect(await get(child)).toBeNull();
    const left = await t.database.db
      .selectFrom("discussions")
      .select("discussionID")
      .where("discussionID", "in", ids)
      .execute();
    expect(left).toEqual([]);
    const memberAfter = (await api.get(`/api/v2/users/${memberUser.userID}`, { as: admin })).json<{
      countDiscussions: number;
      countComments: number;
    }>();
    expect(memberAfter.countDiscussions).toBe(memberBefore.countDiscussions - ids.length);
    expect(memberAfter.countComments).toBe(memberBefore.countComments - 1);
    const tagRow = await t.database.db
      .selectFrom("tags")
      .select("countDiscussions")
      .where("tagID", "=", tagID)
      .executeTakeFirstOrThrow();
    expect(Number(tagRow.countDiscussions)).toBe(1);
    await expectCountsTrue();
  });

  it("stops without deleting the category when its target goes meanwhile: 400 for what was left, the rest kept", async () => {
    const source = await create("Bulk Stranded", `bulk-stranded-${engine}`);
    const target = await create("Bulk Vanishing", `bulk-vanishing-${engine}`);
    const ids = await insertDiscussions(BATCH + 5, source);
    const first = await api.request("DELETE", `/api/v2/categories/${source}?longRunnerTimeout=0`, {
      as: admin,
      body: { newCategoryID: target },
    });
    expect(first.statusCode, first.body).toBe(408);
    const general = (await api.get("/api/v2/categories/$urlcode:general", { as: admin })).json<Category>();
    const gone = await api.request("DELETE", `/api/v2/categories/${target}`, {
      as: admin,
      body: { newCategoryID: general.categoryID },
    });
    expect(gone.statusCode, gone.body).toBe(200);

    const last = await runCall(first.json<LongRunnerResult>().callbackPayload!);
    expect(last.statusCode, last.body).toBe(400);
    const result = last.json<LongRunnerResult>();
    expect(result.callbackPayload).toBeNull();
    expect(result.progress.failedIDs).toEqual(ids.slice(BATCH));
    expect(result.progress.exceptionsByID[String(ids[BATCH])]).toMatchObject({ status: 400 });
    // The category stays, with what had not moved yet.
    expect((await get(source))?.countDiscussions).toBe(5);
    await expectCountsTrue();
  });

  it("refuses non-managers (403), unknown categories (404) and a move into itself or its child (400), changing nothing", async () => {
    const source = await create("Bulk Kept", `bulk-kept-${engine}`);
    const child = await create("Bulk Kept Child", `bulk-kept-child-${engine}`, source);
    await insertDiscussions(3, source);
    const before = await counts();
    const remove = (as: Session, body: object, id: number | string = source) =>
      api.request("DELETE", `/api/v2/categories/${id}`, { as, body });
    expect((await remove(member, {})).statusCode).toBe(403);
    expect((await remove(moderator, {})).statusCode).toBe(403);
    expect((await remove(admin, {}, 999_999)).statusCode).toBe(404);
    for (const newCategoryID of [source, child, -1, 999_999]) {
      const refused = await remove(admin, { newCategoryID });
      expect(refused.statusCode, `into ${newCategoryID}`).toBe(400);
      expect(refused.json<{ errors: Array<{ field: string }> }>().errors[0]?.field).toBe("newCategoryID");
    }
    expect(await counts()).toEqual(before);
    expect(await get(source)).not.toBeNull();
    // A manager who is not an administrator may delete (community.manage): an empty one ends at once.
    const empty = await create("Bulk Empty", `bulk-empty-${engine}`);
    const done = await remove(keeper, {}, empty);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<LongRunnerResult>()).toEqual({
      progress: { successIDs: [], failedIDs: [], exceptionsByID: {}, countTotalIDs: 0 },
      callbackPayload: null,
    });
    expect(await get(empty)).toBeNull();
  });

  it("saves a category's own permissions with it in one request (site.manage), all or nothing", async () => {
    const db = t.database.db;
    const memberRole = await roleIDOfType(db, "member");
    const guestRole = await roleIDOfType(db, "guest");
    const permissions = {
      roles: [
        { roleID: memberRole, permissions: { "discussions.view": true, "discussions.add": true } },
        { roleID: guestRole, permissions: { "discussions.view": false } },
      ],
    };
    const grantsIn = async (categoryID: number, roleID: number) =>
      (
        await db
          .selectFrom("rolePermissions")
          .select("permission")
          .where("roleID", "=", roleID)
          .where("junctionType", "=", "category")
          .where("junctionID", "=", categoryID)
          .orderBy("permission")
          .execute()
      ).map((row) => row.permission);

    const created = await api.post(
      "/api/v2/categories",
      { name: "Members Corner", urlcode: `members-corner-${engine}`, permissions },
      { as: admin },
    );
    expect(created.statusCode, created.body).toBe(201);
    const corner = created.json<Category>();
    expect(corner.customPermissions).toBe(true);
    expect(await grantsIn(corner.categoryID, memberRole)).toEqual(["discussions.add", "discussions.view"]);
    expect((await api.get(`/api/v2/categories/${corner.categoryID}`, { as: member })).statusCode).toBe(200);
    expect((await api.get(`/api/v2/categories/${corner.categoryID}`, { as: null })).statusCode).not.toBe(200);

    // community.manage without site.manage: refused, nothing written.
    const notCreated = await api.post(
      "/api/v2/categories",
      { name: "Keeper Corner", urlcode: `keeper-corner-${engine}`, permissions },
      { as: keeper },
    );
    expect(notCreated.statusCode).toBe(403);
    expect((await api.get(`/api/v2/categories/$urlcode:keeper-corner-${engine}`, { as: admin })).statusCode).toBe(404);
    const notPatched = await api.patch(
      `/api/v2/categories/${corner.categoryID}`,
      { name: "Renamed by a keeper", permissions: { roles: [{ roleID: memberRole, permissions: {} }] } },
      { as: keeper },
    );
    expect(notPatched.statusCode).toBe(403);
    expect((await get(corner.categoryID))?.name).toBe("Members Corner");
    expect(await grantsIn(corner.categoryID, memberRole)).toEqual(["discussions.add", "discussions.view"]);
    // Without permissions the keeper edits as before.
    const renamed = await api.patch(`/api/v2/categories/${corner.categoryID}`, { name: "Corner" }, { as: keeper });
    expect(renamed.statusCode, renamed.body).toBe(200);

    // Bad grants: 400, neither the category nor its grants written.
    const badRole = await api.post(
      "/api/v2/categories",
      {
        name: "Bad Grants",
        urlcode: `bad-grants-${engine}`,
        permissions: { roles: [{ roleID: 999_999, permissions: {} }] },
      },
      { as: admin },
    );
    expect(badRole.statusCode).toBe(400);
    expect((await api.get(`/api/v2/categories/$urlcode:bad-grants-${engine}`, { as: admin })).statusCode).toBe(404);
    const badName = await api.patch(
      `/api/v2/categories/${corner.categoryID}`,
      { name: "Not Saved", permissions: { roles: [{ roleID: memberRole, permissions: { "site.manage": true } }] } },
      { as: admin },
    );
    expect(badName.statusCode).toBe(400);
    expect((await get(corner.categoryID))?.name).toBe("Corner");
    const turnedOff = await api.patch(
      `/api/v2/categories/${corner.categoryID}`,
      { customPermissions: false, permissions },
      { as: admin },
    );
    expect(turnedOff.statusCode).toBe(400);

    // The edit and its grants in one request.
    const patched = await api.patch(
      `/api/v2/categories/${corner.categoryID}`,
      {
        name: "Members Only",
        permissions: { roles: [{ roleID: memberRole, permissions: { "discussions.view": true } }] },
      },
      { as: admin },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<Category>().name).toBe("Members Only");
    expect(await grantsIn(corner.categoryID, memberRole)).toEqual(["discussions.view"]);
    // Parley's PUT still sets them on their own.
    const put = await api.put(
      `/api/v2/categories/${corner.categoryID}/permissions`,
      { roles: [{ roleID: memberRole, permissions: { "discussions.view": true, "comments.add": true } }] },
      { as: admin },
    );
    expect(put.statusCode, put.body).toBe(204);
    expect(await grantsIn(corner.categoryID, memberRole)).toEqual(["comments.add", "discussions.view"]);
  });
});
