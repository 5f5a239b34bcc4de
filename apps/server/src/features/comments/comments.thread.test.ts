import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CommentThread,
  paginationHeaders,
  type Comment,
  type CommentThreadItem,
  type CommentThread as Thread,
  type Discussion,
} from "@parley/contracts";
import { fewestQueries } from "../../platform/db/query-count.ts";
import type { Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import {
  createContentFixture,
  expectSchema,
  membersMayView,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";

type Cast = "ann" | "bob" | "cat" | "dan" | "eve" | "fay" | "moderator";

/** A thread's structure as nested arrays of names, a hole as `hole:{parent}@{offset}×{count}`. */
const shape = (items: CommentThreadItem[], name: (commentID: number) => string): unknown[] =>
  items.map((item) =>
    item.type === "comment"
      ? item.children.length
        ? { [name(item.commentID)]: shape(item.children, name) }
        : name(item.commentID)
      : `hole:${name(item.parentCommentID)}@${item.offset}×${item.countAllComments}`,
  );

describe.each(engines)("GET /comments/thread on %s", (engine) => {
  let f: ContentFixture<Cast>;
  let discussion: Discussion;
  /** Comments by name: A–D top level; a1–a5 reply to A; a1x, a1y reply to a1; a1x1 to a1x; c1 to C. */
  const c: Record<string, number> = {};

  const reply = async (as: Session, parent: string | null, name: string) => {
    if (parent === null) {
      c[name] = (await postComment(f.api, as, discussion.discussionID, `Comment ${name}`)).commentID;
      return;
    }
    const response = await f.api.post(
      "/api/v2/comments",
      { discussionID: discussion.discussionID, parentCommentID: c[parent], body: `Reply ${name}`, format: "text" },
      { as },
    );
    expect(response.statusCode, response.body).toBe(201);
    c[name] = response.json<Comment>().commentID;
  };
  const get = async (query: string, as: Session | null = f.as.ann) => {
    const response = await f.api.get(
      `/api/v2/comments/thread?parentRecordType=discussion&parentRecordID=${discussion.discussionID}${query}`,
      { as },
    );
    expect(response.statusCode, response.body).toBe(200);
    const thread = response.json<Thread>();
    expectSchema(CommentThread, thread, `GET /comments/thread?${query}`);
    return { thread, headers: response.headers };
  };
  /** The structure with the comments named as in the fixture. */
  const named = (thread: Thread) => {
    const names = new Map(Object.entries(c).map(([name, id]) => [id, name]));
    return shape(thread.threadStructure, (commentID) => names.get(commentID) ?? String(commentID));
  };
  const holes = (items: CommentThreadItem[]): Extract<CommentThreadItem, { type: "hole" }>[] =>
    items.flatMap((item) => (item.type === "hole" ? [item] : holes(item.children)));

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      ann: { name: "Thread Ann", role: "member", bypassSpam: true },
      bob: { name: "Thread Bob", role: "member", bypassSpam: true },
      cat: { name: "Thread Cat", role: "member", bypassSpam: true },
      dan: { name: "Thread Dan", role: "member", bypassSpam: true },
      eve: { name: "Thread Eve", role: "member", bypassSpam: true },
      fay: { name: "Thread Fay", role: "member", bypassSpam: true },
      moderator: { name: "Thread Moderator", role: "moderator" },
    });
    discussion = await postDiscussion(f.api, f.admin, { name: "Nested", categoryID: f.category.general });
    const { ann, bob, cat, dan, eve, fay } = f.as;
    await reply(ann, null, "A");
    await reply(bob, null, "B");
    await reply(cat, null, "C");
    await reply(dan, null, "D");
    await reply(bob, "A", "a1");
    await reply(cat, "A", "a2");
    await reply(dan, "A", "a3");
    await reply(eve, "A", "a4");
    await reply(fay, "A", "a5");
    await reply(ann, "a1", "a1x");
    await reply(bob, "a1", "a1y");
    await reply(cat, "a1x", "a1x1");
    await reply(dan, "a4", "a4x");
    await reply(eve, "C", "c1");
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it("nests a page of top-level comments, folding replies past three and from the third level", async () => {
    const { thread, headers } = await get("");
    expect(named(thread)).toEqual([
      { A: [{ a1: ["hole:a1@0×3"] }, "a2", "a3", "hole:A@3×3"] },
      "B",
      { C: ["c1"] },
      "D",
    ]);
    expect(headers[paginationHeaders.resultCount]).toBe("4");
    // The records of every comment shown, and of no other.
    expect(Object.keys(thread.commentsByID).sort()).toEqual(
      ["A", "B", "C", "D", "a1", "a2", "a3", "c1"].map((name) => String(c[name])).sort(),
    );
    expect(thread.commentsByID[c["a1"]!]).toMatchObject({ parentCommentID: c["A"], depth: 2, body: "Reply a1" });
    const [a1Hole, aHole] = holes(thread.threadStructure);
    // a1's replies a1x (Ann), a1y (Bob) and a1x1 under a1x (Cat); A's a4 (Eve), a5 (Fay) and a4x (Dan).
    expect(a1Hole).toMatchObject({ depth: 3, countAllComments: 3, countAllInsertUsers: 3 });
    // In the thread's order: a1x, the reply under it, then a1y.
    expect(a1Hole!.insertUsers.map((user) => user.name)).toEqual(["Thread Ann", "Thread Cat", "Thread Bob"]);
    expect(aHole).toMatchObject({ depth: 2, countAllComments: 3, countAllInsertUsers: 3 });
    expect(aHole!.insertUsers.map((user) => user.name).sort()).toEqual(["Thread Dan", "Thread Eve", "Thread Fay"]);
  });

  it("opens a hole through its apiUrl: the folded replies, with the page's own folding below them", async () => {
    const { thread } = await get("");
    const aHole = holes(thread.threadStructure)[1]!;
    const address = new URL(aHole.apiUrl);
    expect(address.pathname).toBe("/api/v2/comments/thread");
    expect(address.searchParams.get("parentCommentID")).toBe(String(c["A"]));
    const opened = await f.api.get(address.pathname + address.search, { as: f.as.ann });
    expect(opened.statusCode, opened.body).toBe(200);
    // Page 2 of A's replies, three a page (the hole's offset): a4 (with a4x) and a5.
    expect(address.searchParams.get("page")).toBe("2");
    expect(address.searchParams.get("limit")).toBe("3");
    const body = opened.json<Thread>();
    expect(named(body)).toEqual([{ a4: ["a4x"] }, "a5"]);
    expect(body.threadStructure[0]).toMatchObject({ depth: 2, parentCommentID: c["A"] });
    expect(opened.headers[paginationHeaders.resultCount]).toBe("5");
    expect(opened.headers[paginationHeaders.current]).toBe("2");
  });

  it("pages one comment's replies with a hole at the end for the rest", async () => {
    const { thread } = await get(`&parentCommentID=${c["A"]}&limit=2`);
    // The page's level is 1 here: a1x1 is on the third and folded.
    expect(named(thread)).toEqual([{ a1: [{ a1x: ["hole:a1x@0×1"] }, "a1y"] }, "a2", "hole:A@2×4"]);
    const rest = holes(thread.threadStructure).at(-1)!;
    // a3 (Dan), a4 (Eve), a4x (Dan) and a5 (Fay).
    expect(rest).toMatchObject({ countAllComments: 4, countAllInsertUsers: 3 });
    expect(new URL(rest.apiUrl).searchParams.get("page")).toBe("2");
    const last = await get(`&parentCommentID=${c["A"]}&limit=2&page=3`);
    expect(named(last.thread)).toEqual(["a5"]);
  });

  it("follows collapseChildDepth and collapseChildLimit", async () => {
    expect(named((await get("&collapseChildLimit=0")).thread)).toEqual([
      { A: ["hole:A@0×9"] },
      "B",
      { C: ["hole:C@0×1"] },
      "D",
    ]);
    expect(named((await get("&collapseChildDepth=10&collapseChildLimit=10")).thread)).toEqual([
      { A: [{ a1: [{ a1x: ["a1x1"] }, "a1y"] }, "a2", "a3", { a4: ["a4x"] }, "a5"] },
      "B",
      { C: ["c1"] },
      "D",
    ]);
    const invalid = await f.api.get(
      `/api/v2/comments/thread?parentRecordType=discussion&parentRecordID=${discussion.discussionID}&collapseChildDepth=1`,
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ errors: [{ field: "collapseChildDepth" }] });
  });

  it("sorts each level newest first or by score", async () => {
    expect(named((await get("&sort=-dateInserted")).thread)).toEqual([
      "D",
      { C: ["c1"] },
      "B",
      { A: ["a5", { a4: ["hole:a4@0×1"] }, "a3", "hole:A@3×5"] },
    ]);
    const db = f.t.database.db;
    const score = (name: string, value: number) =>
      db.updateTable("comments").set({ score: value }).where("commentID", "=", c[name]!).execute();
    await Promise.all([score("a3", 5), score("C", 2), score("A", 1)]);
    try {
      // Ties (score 0) newest first.
      expect(named((await get("&sort=-score&limit=2")).thread)).toEqual([
        { C: ["c1"] },
        { A: ["a3", "a5", { a4: ["hole:a4@0×1"] }, "hole:A@3×5"] },
      ]);
      expect(named((await get("&sort=score&limit=2")).thread)).toEqual(["B", "D"]);
    } finally {
      await Promise.all([score("a3", 0), score("C", 0), score("A", 0)]);
    }
  });

  it("shows a focused comment and the comments above it, on the page of its top-level comment", async () => {
    const { thread, headers } = await get(`&focusCommentID=${c["a1x1"]}&limit=1`);
    expect(headers[paginationHeaders.current]).toBe("1");
    // a1x1 sits past the folding depth: it, a1x above it, and a1x's earlier siblings are shown.
    expect(named(thread)).toEqual([{ A: [{ a1: [{ a1x: ["a1x1"] }, "hole:a1@1×1"] }, "a2", "a3", "hole:A@3×3"] }]);
    const onC = await get(`&focusCommentID=${c["c1"]}&limit=1`);
    expect(onC.headers[paginationHeaders.current]).toBe("3");
    expect(named(onC.thread)).toEqual([{ C: ["c1"] }]);
    // A page asked for wins; a comment of another discussion is no focus.
    expect(named((await get(`&focusCommentID=${c["c1"]}&limit=1&page=2`)).thread)).toEqual(["B"]);
    const elsewhere = await postDiscussion(f.api, f.admin, { name: "Elsewhere", categoryID: f.category.general });
    const foreign = await postComment(f.api, f.as.bob, elsewhere.discussionID);
    expect((await get(`&focusCommentID=${foreign.commentID}&limit=1`)).headers[paginationHeaders.current]).toBe("1");
  });

  it("keeps the replies of a deleted comment in the thread, at the top level", async () => {
    await reply(f.as.bob, "D", "d1");
    await reply(f.as.cat, "d1", "d1x");
    const removed = await f.api.delete(`/api/v2/comments/${c["D"]}`, { as: f.as.moderator });
    expect(removed.statusCode).toBe(204);
    try {
      const { thread, headers } = await get("");
      expect(named(thread)).toEqual([
        { A: [{ a1: ["hole:a1@0×3"] }, "a2", "a3", "hole:A@3×3"] },
        "B",
        { C: ["c1"] },
        { d1: ["d1x"] },
      ]);
      expect(headers[paginationHeaders.resultCount]).toBe("4");
    } finally {
      for (const name of ["d1x", "d1"]) await f.api.delete(`/api/v2/comments/${c[name]}`, { as: f.as.moderator });
    }
  });

  it("answers only those who may read the discussion, and refuses a parent from elsewhere", async () => {
    const query = `/api/v2/comments/thread?parentRecordType=discussion&parentRecordID=${discussion.discussionID}`;
    expect((await f.api.get(query)).statusCode).toBe(200);
    const hidden = await postDiscussion(f.api, f.admin, { name: "Staff only", categoryID: f.category.ideas });
    await postComment(f.api, f.admin, hidden.discussionID, "Secret reply");
    await membersMayView(f, f.category.ideas, false);
    try {
      const refused = await f.api.get(
        `/api/v2/comments/thread?parentRecordType=discussion&parentRecordID=${hidden.discussionID}`,
        { as: f.as.ann },
      );
      expect([403, 404]).toContain(refused.statusCode);
      expect(refused.body).not.toContain("Secret reply");
    } finally {
      await membersMayView(f, f.category.ideas, true);
    }
    const missing = await f.api.get(`/api/v2/comments/thread?parentRecordType=discussion&parentRecordID=999999`);
    expect(missing.statusCode).toBe(404);
    const elsewhere = await postDiscussion(f.api, f.admin, { name: "Other thread", categoryID: f.category.general });
    const foreign = await postComment(f.api, f.admin, elsewhere.discussionID);
    const wrong = await f.api.get(`${query}&parentCommentID=${foreign.commentID}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: "Parent comment is not part of the correct thread.",
      errors: [{ field: "parentCommentID" }],
    });
    expect((await f.api.get(query.replace("discussion&", "escalation&"))).statusCode).toBe(400);
  });

  it("runs the same number of queries for a page of 1 and of 4 top-level comments", async () => {
    const measure = (limit: number) =>
      fewestQueries(() =>
        f.api.get(
          `/api/v2/comments/thread?parentRecordType=discussion&parentRecordID=${discussion.discussionID}&limit=${limit}&expand=all`,
          { as: f.as.ann },
        ),
      );
    const [one, four] = [await measure(1), await measure(4)];
    console.info(`GET /comments/thread?expand=all on ${engine}: ${one} queries for 1, ${four} for 4`);
    expect(four).toBe(one);
  });
});
