import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Discussion, type Discussion as DiscussionRecord } from "@parley/contracts";
import type { Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import { createContentFixture, expectSchema, postDiscussion, type ContentFixture } from "../../test/content.ts";

type Cast = "author" | "moderator";

/**
 * Triage (issue 36): resolving a discussion records who and when, only those who triage (staff.allow) see and
 * filter by it, and `POST /discussions/resolve-bulk` resolves every unresolved discussion they may read.
 */
describe.each(engines)("resolving discussions on %s", (engine) => {
  let f: ContentFixture<Cast>;
  beforeAll(async () => {
    f = await createContentFixture(engine, {
      author: { name: "Resolve Author", role: "member", bypassSpam: true },
      moderator: { name: "Resolve Moderator", role: "moderator", bypassSpam: true },
    });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const read = async (id: number, as: Session | null) => {
    const response = await f.api.get(`/api/v2/discussions/${id}`, { as });
    expect(response.statusCode, response.body).toBe(200);
    expectSchema(Discussion, response.json());
    return response.json<DiscussionRecord>();
  };
  const resolve = (id: number, resolved: boolean, as: Session | null) =>
    f.api.patch(`/api/v2/discussions/${id}`, { resolved }, { as });
  const listIDs = async (query: string, as: Session | null) => {
    const response = await f.api.get(`/api/v2/discussions?limit=500&${query}`, { as });
    return {
      status: response.statusCode,
      ids: response.statusCode === 200 ? response.json<DiscussionRecord[]>().map((d) => d.discussionID) : [],
    };
  };

  it("records who resolved and when, shown to those who triage and to no one else", async () => {
    const { discussionID } = await postDiscussion(f.api, f.as.author, { categoryID: f.category.general });
    expect(await read(discussionID, f.as.moderator)).toMatchObject({
      resolved: false,
      resolvedUserID: null,
      dateResolved: null,
    });
    expect((await resolve(discussionID, true, f.as.author)).statusCode).toBe(403);

    const before = f.t.clock.nowMs();
    expect((await resolve(discussionID, true, f.as.moderator)).statusCode).toBe(200);
    const after = f.t.clock.nowMs();
    const resolved = await read(discussionID, f.as.moderator);
    expect(resolved).toMatchObject({ resolved: true, resolvedUserID: f.as.moderator.userID });
    const at = Date.parse(resolved.dateResolved ?? "");
    expect(at).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(at).toBeLessThanOrEqual(after);
    // Resolving again, a minute later, changes nothing: the first resolver and date stay.
    f.t.clock.advance(60_000);
    expect((await resolve(discussionID, true, f.admin)).statusCode).toBe(200);
    expect(await read(discussionID, f.as.moderator)).toMatchObject({
      resolvedUserID: f.as.moderator.userID,
      dateResolved: resolved.dateResolved,
    });
    for (const as of [f.as.author, null]) {
      const seen = await read(discussionID, as);
      expect(seen).not.toHaveProperty("resolved");
      expect(seen).not.toHaveProperty("resolvedUserID");
      expect(seen).not.toHaveProperty("dateResolved");
    }
    // Unresolving clears both.
    expect((await resolve(discussionID, false, f.as.moderator)).statusCode).toBe(200);
    expect(await read(discussionID, f.as.moderator)).toMatchObject({
      resolved: false,
      resolvedUserID: null,
      dateResolved: null,
    });
  });

  it("filters by resolved for those who triage, and refuses the filter to others", async () => {
    const open = await postDiscussion(f.api, f.as.author, { categoryID: f.category.general });
    const done = await postDiscussion(f.api, f.as.author, { categoryID: f.category.general });
    expect((await resolve(done.discussionID, true, f.as.moderator)).statusCode).toBe(200);
    const resolved = await listIDs("resolved=true", f.as.moderator);
    expect(resolved.ids).toContain(done.discussionID);
    expect(resolved.ids).not.toContain(open.discussionID);
    const unresolved = await listIDs("resolved=false", f.as.moderator);
    expect(unresolved.ids).toContain(open.discussionID);
    expect(unresolved.ids).not.toContain(done.discussionID);
    expect((await listIDs("resolved=true", f.as.author)).status).toBe(403);
    expect((await listIDs("resolved=true", null)).status).toBe(403);
  });

  it("resolves every unresolved discussion at POST /discussions/resolve-bulk, for staff.allow only", async () => {
    expect((await f.api.post("/api/v2/discussions/resolve-bulk", undefined, { as: f.as.author })).statusCode).toBe(403);
    expect((await f.api.post("/api/v2/discussions/resolve-bulk", undefined, { as: null })).statusCode).toBe(403);
    await postDiscussion(f.api, f.as.author, { categoryID: f.category.general });
    const before = await listIDs("resolved=false", f.as.moderator);
    expect(before.ids.length).toBeGreaterThan(0);

    const response = await f.api.post("/api/v2/discussions/resolve-bulk", undefined, { as: f.as.moderator });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ countResolved: before.ids.length });
    expect((await listIDs("resolved=false", f.as.moderator)).ids).toEqual([]);
    const one = await read(before.ids[0]!, f.as.moderator);
    expect(one).toMatchObject({ resolved: true, resolvedUserID: f.as.moderator.userID });
    // Nothing left: a second call resolves none.
    const again = await f.api.post("/api/v2/discussions/resolve-bulk", undefined, { as: f.as.moderator });
    expect(again.json()).toEqual({ countResolved: 0 });
  });
});
