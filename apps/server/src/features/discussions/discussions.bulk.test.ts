import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LongRunnerResult } from "@parley/contracts";
import { roleIDOfType, type Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import {
  categoryCounts,
  createContentFixture,
  expectSchema,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";

type Cast = "member" | "moderator";
type Result = LongRunnerResult;

/**
 * Bulk actions in the long-runner shape. Members get delete, close and edit in Off Topic, which makes it
 * a category with its own permissions: the moderator role has no grants there, so the moderator is
 * refused there, and a member is allowed there but nowhere else.
 */
describe.each(engines)("bulk discussion actions on %s", (engine) => {
  let f: ContentFixture<Cast>;
  beforeAll(async () => {
    f = await createContentFixture(engine, {
      member: { name: "Bulk Member", role: "member" },
      moderator: { name: "Bulk Moderator", role: "moderator" },
    });
    const grants = [
      "discussions.view",
      "discussions.add",
      "comments.add",
      "discussions.delete",
      "discussions.close",
      "discussions.edit",
    ];
    const patched = await f.api.patch(
      `/api/v2/roles/${await roleIDOfType(f.t.database.db, "member")}`,
      {
        permissions: [
          {
            type: "category",
            id: f.category["off-topic"],
            permissions: Object.fromEntries(grants.map((name) => [name, true])),
          },
        ],
      },
      { as: f.admin },
    );
    expect(patched.statusCode, patched.body).toBe(200);
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const make = (category: "general" | "off-topic", name = "Bulk") =>
    postDiscussion(f.api, f.admin, { name, categoryID: f.category[category] }).then((d) => d.discussionID);
  const run = async (method: "DELETE" | "PATCH", action: string, body: unknown, as: Session | null) => {
    const response = await f.api.request(method, `/api/v2/discussions/${action}?longRunnerMode=sync`, { body, as });
    const result = response.json<Result>();
    expectSchema(LongRunnerResult, result);
    return { status: response.statusCode, result };
  };
  const exists = async (id: number) =>
    (await f.api.get(`/api/v2/discussions/${id}`, { as: f.admin })).statusCode === 200;
  const get = async (id: number) =>
    (await f.api.get(`/api/v2/discussions/${id}`, { as: f.admin })).json<{ categoryID: number; closed: boolean }>();

  it("deletes a list: 200 and every id in successIDs when all are allowed", async () => {
    const ids = [await make("general"), await make("general")];
    const { status, result } = await run("DELETE", "list", { discussionIDs: ids }, f.as.moderator);
    expect(status).toBe(200);
    expect(result).toEqual({
      progress: { successIDs: ids, failedIDs: [], exceptionsByID: {}, countTotalIDs: 2 },
      callbackPayload: null,
    });
    for (const id of ids) expect(await exists(id)).toBe(false);
  });

  it("reports forbidden and unknown ids in failedIDs with their exception; the status is the highest failure", async () => {
    const [allowed, forbidden] = [await make("off-topic"), await make("general")];
    const { status, result } = await run(
      "DELETE",
      "list",
      { discussionIDs: [allowed, forbidden, 999999, allowed] },
      f.as.member,
    );
    expect(status).toBe(404);
    expect(result.progress).toEqual({
      successIDs: [allowed],
      failedIDs: [forbidden, 999999],
      exceptionsByID: {
        [forbidden]: { message: "Permission Problem", status: 403 },
        999999: { message: "Discussion not found.", status: 404 },
      },
      countTotalIDs: 3,
    });
    expect(result.callbackPayload).toBeNull();
    expect([await exists(allowed), await exists(forbidden)]).toEqual([false, true]);
    const onlyForbidden = await run("DELETE", "list", { discussionIDs: [forbidden] }, f.as.member);
    expect(onlyForbidden.status).toBe(403);
    expect(onlyForbidden.result.progress.failedIDs).toEqual([forbidden]);
    const guest = await run("DELETE", "list", { discussionIDs: [forbidden] }, null);
    expect(guest.status).toBe(403);
    expect(await exists(forbidden)).toBe(true);
  });

  it("moves a list to a category and moves the counts; refused and unknown ids fail", async () => {
    const { api, admin, category } = f;
    const ids = [await make("general"), await make("general")];
    const hidden = await make("off-topic");
    const before = {
      general: await categoryCounts(api, admin, category.general),
      ideas: await categoryCounts(api, admin, category.ideas),
    };
    const { status, result } = await run(
      "PATCH",
      "move",
      { discussionIDs: [...ids, hidden, 999999], categoryID: category.ideas },
      f.as.moderator,
    );
    expect(status).toBe(404);
    expect(result.progress.successIDs).toEqual(ids);
    expect(result.progress.failedIDs).toEqual([hidden, 999999]);
    expect(result.progress.exceptionsByID[String(hidden)]).toMatchObject({ status: 403 });
    for (const id of ids) expect((await get(id)).categoryID).toBe(category.ideas);
    expect((await get(hidden)).categoryID).toBe(category["off-topic"]);
    expect((await categoryCounts(api, admin, category.general)).countDiscussions).toBe(
      before.general.countDiscussions - 2,
    );
    expect((await categoryCounts(api, admin, category.ideas)).countDiscussions).toBe(before.ideas.countDiscussions + 2);
    const intoHeading = await run("PATCH", "move", { discussionIDs: ids, categoryID: category.help }, f.as.moderator);
    expect(intoHeading.status).toBe(400);
    expect(intoHeading.result.progress.failedIDs).toEqual(ids);
    expect((await run("PATCH", "move", { discussionIDs: ids, categoryID: category.general }, f.as.member)).status).toBe(
      403,
    );
  });

  it("closes and reopens a list", async () => {
    const ids = [await make("general"), await make("general")];
    const closed = await run("PATCH", "close", { discussionIDs: ids }, f.as.moderator);
    expect(closed.status).toBe(200);
    expect(closed.result.progress).toMatchObject({ successIDs: ids, failedIDs: [], countTotalIDs: 2 });
    for (const id of ids) expect((await get(id)).closed).toBe(true);
    const reopened = await run("PATCH", "close", { discussionIDs: ids, closed: false }, f.as.moderator);
    expect(reopened.status).toBe(200);
    for (const id of ids) expect((await get(id)).closed).toBe(false);
    const mine = await make("off-topic");
    const mixed = await run("PATCH", "close", { discussionIDs: [mine, ids[0]] }, f.as.member);
    expect(mixed.status).toBe(403);
    expect(mixed.result.progress).toMatchObject({ successIDs: [mine], failedIDs: [ids[0]] });
    expect([(await get(mine)).closed, (await get(ids[0]!)).closed]).toEqual([true, false]);
  });

  it("validates the body: at least one id", async () => {
    const response = await f.api.request("DELETE", "/api/v2/discussions/list", {
      body: { discussionIDs: [] },
      as: f.as.moderator,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ field: "discussionIDs", code: "minItems" }] });
  });
});
