import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Comment, Discussion, User } from "@parley/contracts";
import { engines } from "../../test/databases.ts";
import {
  createContentFixture,
  getComments,
  getDiscussions,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";
import { idConditions, parseDateFilter, parseIdFilter } from "./filters.ts";

/** Reference §1.5's range expressions, read alone (the route tests below run them through the lists). */
describe("parseIdFilter", () => {
  it("reads ids, lists, ranges, intervals and comparisons", () => {
    expect(parseIdFilter("id", "5")).toEqual([5]);
    expect(parseIdFilter("id", "1,2, 3")).toEqual([1, 2, 3]);
    expect(parseIdFilter("id", ["1", "2"])).toEqual([1, 2]);
    expect(parseIdFilter("id", "1..3")).toEqual({ min: 1, max: 3 });
    expect(parseIdFilter("id", "5..")).toEqual({ min: 5 });
    expect(parseIdFilter("id", "..5")).toEqual({ max: 5 });
    expect(parseIdFilter("id", "[1,3]")).toEqual({ min: 1, max: 3 });
    expect(parseIdFilter("id", "(1,3)")).toEqual({ min: 2, max: 2 });
    expect(parseIdFilter("id", "(1,3]")).toEqual({ min: 2, max: 3 });
    expect(parseIdFilter("id", "[1,]")).toEqual({ min: 1 });
    expect(parseIdFilter("id", ">5")).toEqual({ min: 6 });
    expect(parseIdFilter("id", ">=5")).toEqual({ min: 5 });
    expect(parseIdFilter("id", "<5")).toEqual({ max: 4 });
    expect(parseIdFilter("id", "<=5")).toEqual({ max: 5 });
    expect(parseIdFilter("id", "=5")).toEqual([5]);
  });

  it("refuses anything else with a 400 naming the field", () => {
    for (const bad of [
      "abc",
      "1..2..3",
      "..",
      "[1,3",
      "[,]",
      ">=x",
      "1,,2",
      "0x1",
      "1e3",
      "99999999999",
      "1.5",
      "[1,2,3]",
    ]) {
      expect(() => parseIdFilter("discussionID", bad), bad).toThrow(
        expect.objectContaining({
          status: 400,
          context: { errors: [expect.objectContaining({ field: "discussionID" })] },
        }),
      );
    }
    expect(() => parseIdFilter("id", { min: "1" })).toThrow(expect.objectContaining({ status: 400 }));
  });

  it("turns a filter into column conditions (an empty list filters nothing)", () => {
    expect(idConditions([])).toEqual([]);
    expect(idConditions([1, 2])).toEqual([{ op: "in", value: [1, 2] }]);
    expect(idConditions({ min: 2, max: 4 })).toEqual([
      { op: ">=", value: 2 },
      { op: "<=", value: 4 },
    ]);
  });

  it("reads dates written `d1..d2`, either end open", () => {
    expect(parseDateFilter("dateInserted", "2024-01-01..2024-01-31")).toEqual([
      { op: ">=", value: "2024-01-01T00:00:00.000Z" },
      { op: "<=", value: "2024-01-31T23:59:59.999Z" },
    ]);
    expect(parseDateFilter("dateInserted", "2024-01-01..")).toEqual([{ op: ">=", value: "2024-01-01T00:00:00.000Z" }]);
    expect(() => parseDateFilter("dateInserted", "..")).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => parseDateFilter("dateInserted", "2024-01-01..soon")).toThrow(expect.objectContaining({ status: 400 }));
  });
});

describe.each(engines)("API v2 conventions on %s", (engine) => {
  let f: ContentFixture<"member" | "other">;
  let posts: Discussion[];
  let replies: Comment[];

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      member: { name: "Range Member", role: "member", bypassSpam: true },
      other: { name: "Range Other", role: "member" },
    });
    posts = [];
    for (const name of ["Range one", "Range two", "Range three", "Range four"])
      posts.push(await postDiscussion(f.api, f.as.member, { name, categoryID: f.category.general }));
    replies = [];
    for (const body of ["First reply.", "Second reply.", "Third reply."])
      replies.push(await postComment(f.api, f.as.member, posts[0]!.discussionID, body));
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const discussionIDs = async (filter: string) =>
    (await getDiscussions(f.api, `discussionID=${encodeURIComponent(filter)}&limit=100`, f.admin))
      .map((item) => item.discussionID)
      .sort((a, b) => a - b);

  it("filters discussions by a range expression on discussionID", async () => {
    const [a, b, c, d] = posts.map((post) => post.discussionID) as [number, number, number, number];
    expect(await discussionIDs(`${a}..${c}`)).toEqual([a, b, c]);
    expect(await discussionIDs(`[${a},${c}]`)).toEqual([a, b, c]);
    expect(await discussionIDs(`(${a},${c})`)).toEqual([b]);
    expect(await discussionIDs(`(${a},${c}]`)).toEqual([b, c]);
    expect(await discussionIDs(`>=${c}`)).toEqual([c, d]);
    expect(await discussionIDs(`>${c}`)).toEqual([d]);
    expect(await discussionIDs(`${c}..`)).toEqual([c, d]);
    expect(await discussionIDs(`${a},${d}`)).toEqual([a, d]);
    expect(await discussionIDs(`${b}`)).toEqual([b]);
    expect(await discussionIDs(`${c}..${a}`)).toEqual([]);
    const brackets = await getDiscussions(f.api, `discussionID[0]=${a}&discussionID[1]=${c}`, f.admin);
    expect(brackets.map((item) => item.discussionID).sort((x, y) => x - y)).toEqual([a, c]);
    const below = await discussionIDs(`<${a}`);
    expect(below.length).toBeGreaterThan(0);
    expect(below.every((id) => id < a)).toBe(true);
  });

  it("answers 400 naming the field for a malformed range expression", async () => {
    for (const bad of ["1..2..3", "abc", "[1,", ">=x", "..", "0x1", "1,two"]) {
      const response = await f.api.get(`/api/v2/discussions?discussionID=${encodeURIComponent(bad)}`, { as: f.admin });
      expect(response.statusCode, bad).toBe(400);
      const body = response.json<{
        message: string;
        errors: Array<{ field: string; code: string; message: string }>;
      }>();
      expect(body.message).toBe("Validation Failed");
      expect(body.errors).toEqual([
        {
          field: "discussionID",
          code: "invalid",
          status: 400,
          message: expect.stringContaining("range expression") as string,
        },
      ]);
    }
  });

  it("filters comments by commentID and members by userID the same way", async () => {
    const [first, second, third] = replies.map((reply) => reply.commentID) as [number, number, number];
    const comments = await getComments(f.api, `commentID=${encodeURIComponent(`${first}..${second}`)}`, f.as.other);
    expect(comments.map((item) => item.commentID).sort((a, b) => a - b)).toEqual([first, second]);
    const later = await getComments(f.api, `commentID=${encodeURIComponent(`>${first}`)}`, f.as.other);
    expect(later.map((item) => item.commentID).sort((a, b) => a - b)).toEqual([second, third]);
    const badComments = await f.api.get("/api/v2/comments?commentID=%5B2", { as: f.as.other });
    expect(badComments.statusCode).toBe(400);
    expect(badComments.json()).toMatchObject({ errors: [{ field: "commentID" }] });

    const { member, other } = f.users;
    const [low, high] = [member.userID, other.userID].sort((a, b) => a - b) as [number, number];
    const users = await f.api.get(`/api/v2/users?userID=${encodeURIComponent(`[${low},${high}]`)}&limit=100`, {
      as: f.admin,
    });
    expect(users.statusCode, users.body).toBe(200);
    const found = users.json<User[]>().map((user) => user.userID);
    expect(found).toEqual(expect.arrayContaining([low, high]));
    expect(found.every((id) => id >= low && id <= high)).toBe(true);
    const badUsers = await f.api.get("/api/v2/users?userID=%3E%3D", { as: f.admin });
    expect(badUsers.statusCode).toBe(400);
    expect(badUsers.json()).toMatchObject({ errors: [{ field: "userID" }] });
  });

  it("filters discussions by tagID and reports by recordID the same way", async () => {
    const first = await postDiscussion(f.api, f.as.member, {
      name: "Tagged range one",
      categoryID: f.category.general,
      newTagNames: ["Range tag one"],
    });
    const second = await postDiscussion(f.api, f.as.member, {
      name: "Tagged range two",
      categoryID: f.category.general,
      newTagNames: ["Range tag two"],
    });
    const [tagOne, tagTwo] = [first.tagIDs?.[0], second.tagIDs?.[0]] as [number, number];
    const both = await getDiscussions(f.api, `tagID=${encodeURIComponent(`[${tagOne},${tagTwo}]`)}`, f.admin);
    expect(both.map((item) => item.discussionID).sort((a, b) => a - b)).toEqual([
      first.discussionID,
      second.discussionID,
    ]);
    const after = await getDiscussions(f.api, `tagID=${encodeURIComponent(`>${tagOne}`)}`, f.admin);
    expect(after.map((item) => item.discussionID)).toEqual([second.discussionID]);
    expect((await f.api.get("/api/v2/discussions?tagID=one..two", { as: f.admin })).statusCode).toBe(400);

    const [a, b] = [replies[0]!.commentID, replies[1]!.commentID];
    for (const recordID of [a, b]) {
      const report = { recordType: "comment", recordID, reportReasonIDs: ["spam"], noteBody: "An ad." };
      const reported = await f.api.post("/api/v2/reports", report, { as: f.as.other });
      expect(reported.statusCode, reported.body).toBe(201);
    }
    const reports = await f.api.get(`/api/v2/reports?recordType=comment&recordID=${a}..${b}`, { as: f.admin });
    expect(reports.statusCode, reports.body).toBe(200);
    expect(
      reports
        .json<Array<{ recordID: number }>>()
        .map((report) => report.recordID)
        .sort((x, y) => x - y),
    ).toEqual([a, b]);
    const one = await f.api.get(`/api/v2/reports?recordType=comment&recordID=${b}`, { as: f.admin });
    expect(one.json<Array<{ recordID: number }>>().map((report) => report.recordID)).toEqual([b]);
    const bad = await f.api.get("/api/v2/reports?recordID=%3C%3Dsoon", { as: f.admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: [{ field: "recordID" }] });
  });

  it("filters collections and their contents by a range of collectionID", async () => {
    const make = async (name: string, recordID: number) => {
      const body = { name, records: [{ recordID, recordType: "discussion" }] };
      const created = await f.api.post("/api/v2/collections", body, { as: f.admin });
      expect(created.statusCode, created.body).toBe(201);
      return created.json<{ collectionID: number }>().collectionID;
    };
    const first = await make("Range A", posts[0]!.discussionID);
    const second = await make("Range B", posts[1]!.discussionID);
    const listed = await f.api.get(`/api/v2/collections?collectionID=${first}..${second}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<Array<{ collectionID: number }>>().map((item) => item.collectionID)).toEqual(
      expect.arrayContaining([first, second]),
    );
    expect(listed.json<unknown[]>()).toHaveLength(2);
    const later = await f.api.get(`/api/v2/collections/contents/en?collectionID=${encodeURIComponent(`>${first}`)}`);
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json<Array<{ collectionID: number; recordID: number }>>().map((item) => item.recordID)).toEqual([
      posts[1]!.discussionID,
    ]);
    expect((await f.api.get("/api/v2/collections?collectionID=(1,")).statusCode).toBe(400);
  });

  it("filters dates written `d1..d2`, and refuses a malformed one", async () => {
    const [a, d] = [posts[0]!.discussionID, posts[3]!.discussionID];
    const day = posts[0]!.dateInserted.slice(0, 10);
    const around = await getDiscussions(
      f.api,
      `discussionID=${a}..${d}&dateInserted=${encodeURIComponent(`${day}..${posts[3]!.dateInserted.slice(0, 10)}`)}`,
      f.admin,
    );
    expect(around).toHaveLength(4);
    const future = await getDiscussions(f.api, `dateInserted=${encodeURIComponent("2999-01-01..")}`, f.admin);
    expect(future).toEqual([]);
    const bad = await f.api.get(`/api/v2/discussions?dateInserted=${encodeURIComponent(`${day}..later`)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: [{ field: "dateInserted" }] });
  });

  it("reads $me in a member-id query parameter as the viewer, and marks the answer private", async () => {
    const mine = await f.api.get("/api/v2/discussions?insertUserID=$me&limit=100", { as: f.as.member });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.headers["cache-control"]).toBe("no-cache, private");
    const items = mine.json<Discussion[]>();
    expect(items.length).toBeGreaterThanOrEqual(posts.length);
    expect(items.every((item) => item.insertUserID === f.users.member.userID)).toBe(true);
    const theirs = await getDiscussions(f.api, "insertUserID=%24me", f.as.other);
    expect(theirs).toEqual([]);
    const guest = await getDiscussions(f.api, "insertUserID=$me", null);
    expect(guest).toEqual([]);
    const users = await f.api.get(`/api/v2/users?userID=$me,${f.users.other.userID}`, { as: f.admin });
    expect(users.statusCode, users.body).toBe(200);
    expect(
      users
        .json<User[]>()
        .map((user) => user.userID)
        .sort((a, b) => a - b),
    ).toEqual([f.adminID, f.users.other.userID].sort((a, b) => a - b));
    const comments = await getComments(f.api, "insertUserID=$me", f.as.member);
    expect(comments.map((item) => item.commentID)).toEqual(expect.arrayContaining(replies.map((r) => r.commentID)));
    const plain = await f.api.get("/api/v2/discussions?limit=1", { as: f.as.member });
    expect(plain.headers["cache-control"]).not.toBe("no-cache, private");
    const bad = await f.api.get("/api/v2/discussions?insertUserID=$you", { as: f.as.member });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
  });

  it("writes every date of the common answers with the offset +00:00 (reference §1.5)", async () => {
    const { discussionID } = posts[0]!;
    const paths = [
      "/api/v2/discussions?expand=all",
      `/api/v2/discussions/${discussionID}?expand=all`,
      `/api/v2/comments?discussionID=${discussionID}&expand=all`,
      `/api/v2/comments/${replies[0]!.commentID}`,
      `/api/v2/users/${f.users.member.userID}?expand=all`,
      "/api/v2/users?expand=all",
      "/api/v2/users/me",
      "/api/v2/categories?outputFormat=flat&expand=all",
      "/api/v2/tags",
      "/api/v2/roles",
      "/api/v2/notifications",
      "/api/v2/conversations",
      "/api/v2/drafts",
      "/api/v2/reports",
      "/api/v2/tokens",
      "/api/v2/audit-logs",
      "/api/v2/collections",
    ];
    const zulu: string[] = [];
    let dates = 0;
    for (const path of paths) {
      const response = await f.api.get(path, { as: f.admin });
      expect(response.statusCode, path).toBe(200);
      for (const match of response.body.matchAll(/"(\w+)":"(\d{4}-\d{2}-\d{2}T[^"]*)"/g)) {
        dates += 1;
        if (!match[2]!.endsWith("+00:00")) zulu.push(`${path} ${match[1]}=${match[2]}`);
      }
    }
    expect(zulu).toEqual([]);
    expect(dates).toBeGreaterThan(50);
  });

  it("runs a POST to /resource/{id} as its PATCH: the PATCH's rules, fields and permissions", async () => {
    const { discussionID } = posts[1]!;
    const url = `/api/v2/discussions/${discussionID}`;
    const edited = await f.api.post(
      url,
      { name: "Renamed by POST", countComments: 50, score: 99 },
      { as: f.as.member },
    );
    expect(edited.statusCode, edited.body).toBe(201);
    expect(edited.json<Discussion>()).toMatchObject({ discussionID, name: "Renamed by POST" });
    const read = await f.api.get(url, { as: f.admin });
    // Only the PATCH schema's fields reach the service: the counters stay.
    expect(read.json<Discussion>()).toMatchObject({ name: "Renamed by POST", countComments: 0, score: 0 });
    // The PATCH's permissions: a new author is an administrator's change.
    const author = await f.api.post(url, { insertUserID: f.users.other.userID }, { as: f.as.member });
    expect(author.statusCode).toBe(403);
    const invalid = await f.api.post(url, { name: "" }, { as: f.as.member });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ errors: [{ field: "name" }] });
    const notTheirs = await f.api.post(url, { name: "Not mine" }, { as: f.as.other });
    expect(notTheirs.statusCode).toBe(403);
    const forged = await f.api.post(url, { name: "Forged" }, { as: f.as.member, csrf: "none" });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ message: "Invalid CSRF token." });
    const withKey = await f.api.post(url, { name: "With the key" }, { as: f.as.member, csrf: "transientKey" });
    expect(withKey.statusCode, withKey.body).toBe(201);
    const guest = await f.api.post(url, { name: "Guest" });
    expect([401, 403]).toContain(guest.statusCode);
    const missing = await f.api.post("/api/v2/discussions/999999", { name: "Nothing here" }, { as: f.admin });
    expect(missing.statusCode).toBe(404);
    const badID = await f.api.post("/api/v2/discussions/abc", { name: "Not an id" }, { as: f.admin });
    expect(badID.statusCode).toBeGreaterThanOrEqual(400);
    expect(badID.statusCode).toBeLessThan(500);
  });

  it("keeps a resource's own POST, and a path with neither POST nor PATCH is a 404", async () => {
    const { discussionID } = posts[2]!;
    // POST /discussions/{id}/reactions is its own route; PATCH /discussions/{id}/idea has no POST twin when off.
    const own = await f.api.post(`/api/v2/discussions/${discussionID}/nothing-here`, {}, { as: f.admin });
    expect(own.statusCode).toBe(404);
    expect(own.json()).toMatchObject({ status: 404 });
    const comment = replies[2]!;
    const viaPost = await f.api.post(
      `/api/v2/comments/${comment.commentID}`,
      { body: "Edited by POST." },
      {
        as: f.as.member,
      },
    );
    expect(viaPost.statusCode, viaPost.body).toBe(201);
    expect(viaPost.json<Comment>().body).toContain("Edited by POST.");
    // A trailing slash is tolerated, the twin's path as any other.
    const slashed = await f.api.post(
      `/api/v2/comments/${comment.commentID}/`,
      { body: "Edited again." },
      {
        as: f.as.member,
      },
    );
    expect(slashed.statusCode, slashed.body).toBe(201);
    const [a, b] = [posts[0]!.discussionID, posts[1]!.discussionID];
    const list = await f.api.get(`/api/v2/discussions/?discussionID=${a}..${b}`, { as: f.admin });
    expect(list.statusCode).toBe(200);
    expect(list.json<Discussion[]>()).toHaveLength(2);
  });

  it("leaves the POST twins out of the OpenAPI document", async () => {
    const document = await f.api.get("/api/v2/open-api/v3");
    const paths = document.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    const discussion = paths["/api/v2/discussions/{id}"] ?? {};
    expect(Object.keys(discussion)).toContain("patch");
    expect(Object.keys(discussion)).not.toContain("post");
  });
});
