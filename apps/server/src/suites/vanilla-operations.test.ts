import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import {
  CategoryEdit,
  ConversationMessage,
  Discussion,
  ReactionType,
  RoleEdit,
  type Conversation,
  type Discussion as DiscussionRecord,
  LongRunnerResult,
  UserMention,
} from "@parley/contracts";
import { engines } from "../test/databases.ts";
import {
  createContentFixture,
  expectSchema,
  membersMayView,
  postDiscussion,
  type ContentFixture,
} from "../test/content.ts";
import type { Session } from "../test/accounts.ts";

/*
 * Operations of Vanilla's API v2 that complete resources Parley already had (issue 36, item 2): the viewer's
 * bookmarked and muted lists, posting a question, one message, and the edit forms' reads of roles, categories and
 * reaction types. Each is checked for who may call it, and its answer against Parley's schema (the conformance
 * sweep checks it against Vanilla's).
 */

type Cast = "ann" | "ben" | "cy";

describe.each(engines)("Vanilla's remaining operations on %s", (engine) => {
  let f: ContentFixture<Cast>;
  let kept: DiscussionRecord;
  let quiet: DiscussionRecord;
  let other: DiscussionRecord;

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      ann: { name: "Ops Ann", role: "member", bypassSpam: true },
      ben: { name: "Ops Ben", role: "member", bypassSpam: true },
      cy: { name: "Ops Cy", role: "member", bypassSpam: true },
    });
    const general = f.category.general;
    kept = await postDiscussion(f.api, f.as.ben, { name: "Kept for later", categoryID: general });
    quiet = await postDiscussion(f.api, f.as.ben, { name: "Too chatty", categoryID: general });
    other = await postDiscussion(f.api, f.as.ben, { name: "Neither", categoryID: general });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const ids = (response: { json<T>(): T }) => response.json<DiscussionRecord[]>().map((item) => item.discussionID);

  it("GET /discussions/bookmarked and /discussions/muted list the viewer's own, paged; guests are refused", async () => {
    const put = (id: number, path: string, body: object) =>
      f.api.put(`/api/v2/discussions/${id}/${path}`, body, { as: f.as.ann });
    expect((await put(kept.discussionID, "bookmark", { bookmarked: true })).statusCode).toBe(200);
    expect((await put(quiet.discussionID, "mute", { muted: true })).statusCode).toBe(200);
    // Another member's flags are theirs alone.
    expect(
      (await f.api.put(`/api/v2/discussions/${other.discussionID}/bookmark`, { bookmarked: true }, { as: f.as.cy }))
        .statusCode,
    ).toBe(200);

    const bookmarked = await f.api.get("/api/v2/discussions/bookmarked?limit=5", { as: f.as.ann });
    expect(bookmarked.statusCode, bookmarked.body).toBe(200);
    expectSchema(Type.Array(Discussion), bookmarked.json());
    expect(ids(bookmarked)).toEqual([kept.discussionID]);
    expect(bookmarked.headers["x-app-page-result-count"] ?? bookmarked.headers["link"]).toBeDefined();
    const muted = await f.api.get("/api/v2/discussions/muted", { as: f.as.ann });
    expect(muted.statusCode, muted.body).toBe(200);
    expect(ids(muted)).toEqual([quiet.discussionID]);
    expect(ids(await f.api.get("/api/v2/discussions/bookmarked", { as: f.as.cy }))).toEqual([other.discussionID]);
    expect(ids(await f.api.get("/api/v2/discussions/muted", { as: f.as.cy }))).toEqual([]);

    // Unmuted, it leaves the list.
    expect((await put(quiet.discussionID, "mute", { muted: false })).statusCode).toBe(200);
    expect(ids(await f.api.get("/api/v2/discussions/muted", { as: f.as.ann }))).toEqual([]);

    for (const flag of ["bookmarked", "muted"]) {
      const guest = await f.api.get(`/api/v2/discussions/${flag}`, { as: null });
      expect(guest.statusCode, flag).toBe(403);
    }
    expect((await f.api.get("/api/v2/discussions/bookmarked?limit=0", { as: f.as.ann })).statusCode).toBe(400);
  });

  it("POST /discussions/question posts a question, unanswered; refused while the QnA add-on is off", async () => {
    const body = {
      name: "How do I start?",
      body: "Where to begin.",
      format: "markdown",
      categoryID: f.category.general,
    };
    const posted = await f.api.post("/api/v2/discussions/question", body, { as: f.as.ann });
    expect(posted.statusCode, posted.body).toBe(201);
    expectSchema(Discussion, posted.json());
    const question = posted.json<DiscussionRecord>();
    expect(question.type).toBe("question");
    expect(question.attributes["question"]).toMatchObject({ status: "unanswered" });
    // The type is the path's: one sent in the body is not read.
    const typed = await f.api.post("/api/v2/discussions/question", { ...body, type: "idea" }, { as: f.as.ann });
    expect(typed.statusCode, typed.body).toBe(201);
    expect(typed.json<DiscussionRecord>().type).toBe("question");
    expect((await f.api.post("/api/v2/discussions/question", body, { as: null })).statusCode).toBe(403);

    const off = await f.api.patch("/api/v2/addons/qna", { enabled: false }, { as: f.admin });
    expect(off.statusCode, off.body).toBe(200);
    try {
      const refused = await f.api.post("/api/v2/discussions/question", body, { as: f.as.ann });
      expect(refused.statusCode).toBe(403);
    } finally {
      await f.api.patch("/api/v2/addons/qna", { enabled: true }, { as: f.admin });
    }
  });

  it("/post-types and /post-fields: read by anyone (internal fields by managers), written by site managers, hidden while the add-on is off", async () => {
    const field = {
      postFieldID: "opsnote",
      label: "Note",
      dataType: "text",
      formType: "text",
      visibility: "internal",
    };
    const type = { postTypeID: "opsjob", name: "Job", parentPostTypeID: "discussion", postFieldIDs: ["opsnote"] };
    const reads = ["/api/v2/post-types", "/api/v2/post-types/discussion", "/api/v2/post-fields"];
    // Off (as it starts): every route answers 404, to everyone.
    for (const as of [null, f.as.ann, f.admin]) {
      for (const path of reads) expect((await f.api.get(path, { as })).statusCode, path).toBe(404);
      expect((await f.api.post("/api/v2/post-types", type, { as })).statusCode).toBe(404);
    }
    expect((await f.api.patch("/api/v2/addons/postTypes", { enabled: true }, { as: f.as.ann })).statusCode).toBe(403);
    const on = await f.api.patch("/api/v2/addons/postTypes", { enabled: true }, { as: f.admin });
    expect(on.statusCode, on.body).toBe(200);
    try {
      for (const as of [null, f.as.ann]) {
        expect((await f.api.post("/api/v2/post-fields", field, { as })).statusCode).toBe(403);
        expect((await f.api.post("/api/v2/post-types", type, { as })).statusCode).toBe(403);
      }
      expect((await f.api.post("/api/v2/post-fields", field, { as: f.admin })).statusCode).toBe(201);
      expect((await f.api.post("/api/v2/post-types", type, { as: f.admin })).statusCode).toBe(201);
      for (const as of [null, f.as.ann, f.admin]) {
        for (const path of [...reads, "/api/v2/post-types/opsjob"])
          expect((await f.api.get(path, { as })).statusCode, path).toBe(200);
      }
      const fieldIDs = async (as: typeof f.admin | null) =>
        (await f.api.get("/api/v2/post-fields", { as }))
          .json<Array<{ postFieldID: string }>>()
          .map((row) => row.postFieldID);
      expect(await fieldIDs(f.admin)).toContain("opsnote");
      expect(await fieldIDs(f.as.ann)).not.toContain("opsnote");
      expect(await fieldIDs(null)).not.toContain("opsnote");
      for (const as of [null, f.as.ann]) {
        expect((await f.api.patch("/api/v2/post-types/opsjob", { name: "Mine" }, { as })).statusCode).toBe(403);
        expect((await f.api.patch("/api/v2/post-fields/opsnote", { label: "Mine" }, { as })).statusCode).toBe(403);
        expect((await f.api.put("/api/v2/post-fields/opsjob/sorts", { opsnote: 1 }, { as })).statusCode).toBe(403);
        expect((await f.api.delete("/api/v2/post-fields/opsnote", { as })).statusCode).toBe(403);
        expect((await f.api.delete("/api/v2/post-types/opsjob", { as })).statusCode).toBe(403);
      }
      expect((await f.api.get("/api/v2/post-types/opsjob", { as: f.admin })).json<{ name: string }>().name).toBe("Job");
    } finally {
      await f.api.patch("/api/v2/addons/postTypes", { enabled: false }, { as: f.admin });
    }
    expect((await f.api.get("/api/v2/post-types/opsjob", { as: f.admin })).statusCode).toBe(404);
  });

  it("GET /messages/{id} answers a message to its conversation's participants and moderators only", async () => {
    const started = await f.api.post(
      "/api/v2/conversations",
      { participantUserIDs: [f.users.ben.userID], initialBody: "Just us two.", initialFormat: "text" },
      { as: f.as.ann },
    );
    expect(started.statusCode, started.body).toBe(201);
    const { conversationID } = started.json<Conversation>();
    const listed = await f.api.get(`/api/v2/messages?conversationID=${conversationID}`, { as: f.as.ann });
    const [first] = listed.json<ConversationMessage[]>();
    const url = `/api/v2/messages/${first!.messageID}`;

    for (const who of [f.as.ann, f.as.ben, f.admin]) {
      const response = await f.api.get(url, { as: who });
      expect(response.statusCode, response.body).toBe(200);
      expectSchema(ConversationMessage, response.json());
      expect(response.json<ConversationMessage>()).toMatchObject({ messageID: first!.messageID, conversationID });
    }
    expect((await f.api.get(url, { as: f.as.cy })).statusCode).toBe(403);
    expect((await f.api.get(url, { as: null })).statusCode).toBe(403);
    expect((await f.api.get("/api/v2/messages/999999", { as: f.as.ann })).statusCode).toBe(404);
  });

  it("the edit forms' reads (roles, categories, reaction types) are for who manages them", async () => {
    const roles = (await f.api.get("/api/v2/roles", { as: f.admin })).json<Array<{ roleID: number; name: string }>>();
    const member = roles.find((role) => role.name === "Member")!;
    const role = await f.api.get(`/api/v2/roles/${member.roleID}/edit`, { as: f.admin });
    expect(role.statusCode, role.body).toBe(200);
    expectSchema(RoleEdit, role.json());
    expect(Object.keys(role.json<object>()).sort()).toEqual(
      ["canSession", "deletable", "description", "name", "personalInfo", "roleID", "type"].sort(),
    );
    expect(role.json()).toMatchObject({ roleID: member.roleID, name: "Member", type: "member" });

    const category = await f.api.get(`/api/v2/categories/${f.category.help}/edit`, { as: f.admin });
    expect(category.statusCode, category.body).toBe(200);
    expectSchema(CategoryEdit, category.json());
    expect(category.json()).toMatchObject({ categoryID: f.category.help, urlcode: "help" });
    expect((await f.api.get("/api/v2/categories/999999/edit", { as: f.admin })).statusCode).toBe(404);

    const like = await f.api.get("/api/v2/reactions/like", { as: null });
    expect(like.statusCode, like.body).toBe(200);
    expectSchema(ReactionType, like.json());
    expect(like.json()).toMatchObject({ urlCode: "like" });
    expect((await f.api.get("/api/v2/reactions/Like", { as: null })).statusCode).toBe(200);
    expect((await f.api.get("/api/v2/reactions/nope", { as: null })).statusCode).toBe(404);
    const edit = await f.api.get("/api/v2/reactions/edit/like", { as: f.admin });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toEqual(like.json());

    for (const who of [f.as.ann, null]) {
      expect((await f.api.get(`/api/v2/roles/${member.roleID}/edit`, { as: who })).statusCode).toBe(403);
      expect((await f.api.get(`/api/v2/categories/${f.category.help}/edit`, { as: who })).statusCode).toBe(403);
      expect((await f.api.get("/api/v2/reactions/edit/like", { as: who })).statusCode).toBe(403);
    }
  });

  it("PUT /users/{id}/hidden hides a member from the online lists: themself or who edits members", async () => {
    const url = `/api/v2/users/${f.users.ann.userID}/hidden`;
    const hide = await f.api.put(url, { hidden: true }, { as: f.as.ann });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json()).toEqual({ hidden: true });
    const self = await f.api.get(`/api/v2/users/${f.users.ann.userID}`, { as: f.as.ann });
    expect(self.json<{ hidden?: boolean }>().hidden).toBe(true);
    expect((await f.api.put(url, { hidden: false }, { as: f.as.ben })).statusCode).toBe(403);
    expect((await f.api.put(url, { hidden: false }, { as: null })).statusCode).toBe(403);
    expect((await f.api.put(url, {}, { as: f.as.ann })).statusCode).toBe(400);
    const shown = await f.api.put(url, { hidden: false }, { as: f.admin });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({ hidden: false });
  });

  it("POST /discussions/{id}/tags adds tags and keeps those there; PUT replaces them", async () => {
    const tagIDs: number[] = [];
    for (const name of ["Ops Alpha", "Ops Beta", "Ops Gamma"]) {
      const created = await f.api.post(
        "/api/v2/tags",
        { name, urlcode: name.toLowerCase().replace(" ", "-") },
        {
          as: f.admin,
        },
      );
      expect(created.statusCode, created.body).toBe(201);
      tagIDs.push(created.json<{ tagID: number }>().tagID);
    }
    const url = `/api/v2/discussions/${other.discussionID}/tags`;
    const names = (response: { json<T>(): T }) => response.json<Array<{ tagID: number }>>().map((tag) => tag.tagID);
    expect(names(await f.api.put(url, { tagIDs: [tagIDs[0]] }, { as: f.admin }))).toEqual([tagIDs[0]]);
    const added = await f.api.post(url, { urlcodes: ["ops-beta"] }, { as: f.admin });
    expect(added.statusCode, added.body).toBe(200);
    expect(names(added).sort()).toEqual([tagIDs[0], tagIDs[1]].sort());
    // Adding one it has changes nothing (and counts it once).
    expect(names(await f.api.post(url, { tagIDs: [tagIDs[0]] }, { as: f.admin })).sort()).toEqual(
      [tagIDs[0], tagIDs[1]].sort(),
    );
    const count = await f.api.get(`/api/v2/tags/${tagIDs[0]}`, { as: f.admin });
    expect(count.json<{ countDiscussions: number }>().countDiscussions).toBe(1);
    expect(names(await f.api.put(url, { tagIDs: [tagIDs[2]] }, { as: f.admin }))).toEqual([tagIDs[2]]);
    expect((await f.api.post(url, { urlcodes: ["no-such-tag"] }, { as: f.admin })).statusCode).toBe(400);
    expect((await f.api.post(url, { tagIDs: [tagIDs[0]] }, { as: f.as.cy })).statusCode).toBe(403);
  });

  it("GET /discussions/statuses/{id} and PUT /discussions/{id}/status: Vanilla's paths to the idea statuses", async () => {
    const planned = await f.api.get("/api/v2/discussions/statuses/3", { as: null });
    expect(planned.statusCode, planned.body).toBe(200);
    expect(planned.json()).toMatchObject({ statusID: 3, name: "Planned", state: "open" });
    expect((await f.api.get("/api/v2/discussions/statuses/99", { as: null })).statusCode).toBe(404);

    const posted = await f.api.post(
      "/api/v2/discussions/idea",
      { name: "Ops idea", body: "Please.", format: "markdown", categoryID: f.category.general },
      { as: f.as.ann },
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const { discussionID } = posted.json<DiscussionRecord>();
    const url = `/api/v2/discussions/${discussionID}/status`;
    const set = await f.api.put(url, { statusID: 3, statusNotes: "Next quarter." }, { as: f.admin });
    expect(set.statusCode, set.body).toBe(200);
    expectSchema(Discussion, set.json());
    expect(set.json<DiscussionRecord>().attributes["idea"]).toMatchObject({
      statusID: 3,
      statusNotes: "Next quarter.",
    });
    expect((await f.api.put(url, { statusID: 5, statusNotes: null }, { as: f.as.ann })).statusCode).toBe(403);
    expect((await f.api.put(url, { statusID: 99, statusNotes: null }, { as: f.admin })).statusCode).toBe(400);
    const plain = await f.api.put(
      `/api/v2/discussions/${other.discussionID}/status`,
      { statusID: 3, statusNotes: null },
      {
        as: f.admin,
      },
    );
    expect(plain.statusCode).toBe(400);
  });

  it("GET /discussions/search and /comments/search answer the records themselves, for what the viewer may read", async () => {
    const found = await postDiscussion(f.api, f.as.ben, {
      name: "Zanzibar gardening notes",
      body: "Growing cloves by the sea.",
      categoryID: f.category.general,
    });
    const reply = await f.api.post(
      "/api/v2/comments",
      { discussionID: found.discussionID, body: "Zanzibar cloves need shade.", format: "markdown" },
      { as: f.as.cy },
    );
    expect(reply.statusCode, reply.body).toBe(201);
    const commentID = reply.json<{ commentID: number }>().commentID;

    const discussions = await f.api.get("/api/v2/discussions/search?query=zanzibar&limit=5", { as: null });
    expect(discussions.statusCode, discussions.body).toBe(200);
    expectSchema(Type.Array(Discussion), discussions.json());
    expect(ids(discussions)).toEqual([found.discussionID]);
    const comments = await f.api.get("/api/v2/comments/search?query=zanzibar", { as: f.as.ann });
    expect(comments.statusCode, comments.body).toBe(200);
    expect(comments.json<Array<{ commentID: number }>>().map((item) => item.commentID)).toEqual([commentID]);
    const elsewhere = await f.api.get(`/api/v2/discussions/search?query=zanzibar&categoryID=${f.category.help}`, {
      as: null,
    });
    expect(ids(elsewhere)).toEqual([]);

    // A category members may not read keeps its discussions out of their searches.
    const hidden = await postDiscussion(f.api, f.admin, {
      name: "Zanzibar staff plans",
      body: "For the team.",
      categoryID: f.category.announcements,
    });
    await membersMayView(f, f.category.announcements, false);
    try {
      expect(ids(await f.api.get("/api/v2/discussions/search?query=zanzibar", { as: f.as.ann }))).toEqual([
        found.discussionID,
      ]);
      expect(ids(await f.api.get("/api/v2/discussions/search?query=zanzibar", { as: f.admin })).sort()).toEqual(
        [found.discussionID, hidden.discussionID].sort(),
      );
    } finally {
      await membersMayView(f, f.category.announcements, true);
    }
    expect((await f.api.get("/api/v2/discussions/search", { as: null })).statusCode).toBe(400);
    expect(
      (
        await f.api.get(`/api/v2/discussions/search?query=x&followed=true&categoryID=${f.category.general}`, {
          as: f.as.ann,
        })
      ).statusCode,
    ).toBe(400);
  });

  it("GET /user-mentions/users/{userID} and POST /user-mentions/{id}/anonymize are for administrators", async () => {
    const mention = await postDiscussion(f.api, f.as.ben, {
      name: "Mentioning Cy",
      body: 'Ask @"Ops Cy".',
      categoryID: f.category.general,
    });
    const list = (as: Session | null) => f.api.get(`/api/v2/user-mentions/users/${f.users.cy.userID}`, { as });
    const response = await list(f.admin);
    expect(response.statusCode, response.body).toBe(200);
    expectSchema(Type.Array(UserMention), response.json());
    expect(response.json<UserMention[]>().map((item) => item.recordID)).toContain(mention.discussionID);
    for (const as of [f.as.cy, f.as.ann, f.as.ben, null]) expect((await list(as)).statusCode).toBe(403);

    const anonymize = (as: Session | null) =>
      f.api.post(`/api/v2/user-mentions/${f.users.ann.userID}/anonymize`, {}, { as });
    for (const as of [f.as.ann, f.as.ben, null]) expect((await anonymize(as)).statusCode).toBe(403);
    const done = await anonymize(f.admin);
    expect(done.statusCode, done.body).toBe(200);
    expectSchema(LongRunnerResult, done.json());
  });
});
