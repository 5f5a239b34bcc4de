import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Comment,
  Discussion,
  type AnswerAttributes,
  type Comment as CommentRecord,
  type QuestionAttributes,
} from "@parley/contracts";
import { createUser, type Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import {
  createContentFixture,
  expectSchema,
  getComments,
  getDiscussions,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";

type Cast = "asker" | "answerer" | "other" | "moderator";

/** Questions (the QnA add-on): statuses, who judges answers, the list filter, the add-on's switch. */
describe.each(engines)("questions and answers on %s", (engine) => {
  let f: ContentFixture<Cast>;
  beforeAll(async () => {
    f = await createContentFixture(engine, {
      asker: { name: "Question Asker", role: "member", bypassSpam: true },
      answerer: { name: "Question Answerer", role: "member", bypassSpam: true },
      other: { name: "Question Other", role: "member", bypassSpam: true },
      moderator: { name: "Question Moderator", role: "moderator", bypassSpam: true },
    });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const ask = (name = "How do I ask?") =>
    postDiscussion(f.api, f.as.asker, { name, categoryID: f.category.general, type: "question" });
  const question = async (id: number, as: Session | null = f.as.asker) => {
    const response = await f.api.get(`/api/v2/discussions/${id}`, { as });
    expect(response.statusCode, response.body).toBe(200);
    expectSchema(Discussion, response.json());
    return response.json<Discussion>().attributes["question"] as QuestionAttributes | undefined;
  };
  const comment = async (id: number, as: Session | null = f.as.asker) => {
    const response = await f.api.get(`/api/v2/comments/${id}`, { as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CommentRecord>();
  };
  const answerOf = (record: CommentRecord) => record.attributes["answer"] as AnswerAttributes | undefined;
  const judge = (commentID: number, body: unknown, as: Session | null) =>
    f.api.patch(`/api/v2/comments/${commentID}/answer`, body, { as });
  const judged = async (commentID: number, status: string, as: Session) => {
    const response = await judge(commentID, { status }, as);
    expect(response.statusCode, response.body).toBe(200);
    expectSchema(Comment, response.json());
    return answerOf(response.json<CommentRecord>());
  };
  const setQnA = async (enabled: boolean) => {
    const response = await f.api.patch("/api/v2/addons/qna", { enabled }, { as: f.admin });
    expect(response.statusCode, response.body).toBe(200);
  };

  it("a question is unanswered until another member comments: the asker's own comment is no answer", async () => {
    const asked = await ask();
    expect(asked.type).toBe("question");
    expect(asked.attributes["question"]).toEqual({ status: "unanswered", dateAnswered: null, dateAccepted: null });

    const own = await postComment(f.api, f.as.asker, asked.discussionID, "Some more detail.");
    expect(answerOf(own)).toBeUndefined();
    expect((await question(asked.discussionID))?.status).toBe("unanswered");

    f.t.clock.advance(60_000);
    const answer = await postComment(f.api, f.as.answerer, asked.discussionID, "Like this.");
    expect(answerOf(answer)).toEqual({ status: "pending", dateAccepted: null, acceptUserID: null });
    const answered = await question(asked.discussionID, null);
    expect(answered?.status).toBe("answered");
    expect(answered?.dateAnswered).toBe(answer.dateInserted);
    expect(answered?.dateAccepted).toBeNull();

    // An ordinary discussion has no question, and its comments are no answers.
    const plain = await postDiscussion(f.api, f.as.asker, { name: "Just talk", categoryID: f.category.general });
    expect(plain.attributes["question"]).toBeUndefined();
    const reply = await postComment(f.api, f.as.answerer, plain.discussionID);
    expect(answerOf(reply)).toBeUndefined();
    expect((await judge(reply.commentID, { status: "accepted" }, f.as.asker)).statusCode).toBe(400);
    expect((await judge(own.commentID, { status: "accepted" }, f.as.asker)).statusCode).toBe(400);
  });

  it("the asker and moderators accept and reject answers; other members and guests get 403", async () => {
    const asked = await ask("Who may accept?");
    const answer = await postComment(f.api, f.as.answerer, asked.discussionID, "An answer.");

    for (const as of [null, f.as.other, f.as.answerer]) {
      const refused = await judge(answer.commentID, { status: "accepted" }, as);
      expect(refused.statusCode, refused.body).toBe(403);
    }
    expect(answerOf(await comment(answer.commentID))?.status).toBe("pending");
    expect((await question(asked.discussionID))?.status).toBe("answered");

    f.t.clock.advance(60_000);
    const accepted = await judged(answer.commentID, "accepted", f.as.asker);
    expect(accepted).toMatchObject({ status: "accepted", acceptUserID: f.users.asker.userID });
    expect(accepted?.dateAccepted).not.toBeNull();
    const status = await question(asked.discussionID, null);
    expect(status).toMatchObject({ status: "accepted", dateAccepted: accepted?.dateAccepted });

    expect(await judged(answer.commentID, "rejected", f.as.moderator)).toMatchObject({
      status: "rejected",
      dateAccepted: null,
      acceptUserID: f.users.moderator.userID,
    });
    // Its only answer rejected, the question waits for another: unanswered again.
    expect(await question(asked.discussionID)).toMatchObject({ status: "unanswered", dateAccepted: null });

    expect((await judged(answer.commentID, "pending", f.as.moderator))?.status).toBe("pending");
    expect((await question(asked.discussionID))?.status).toBe("answered");

    // The record's permissions say who may judge.
    const withPermissions = async (as: Session) =>
      (await f.api.get(`/api/v2/discussions/${asked.discussionID}?expand=permissions`, { as })).json<Discussion>()
        .permissions?.["qna.accept"];
    expect(await withPermissions(f.as.asker)).toBe(true);
    expect(await withPermissions(f.as.moderator)).toBe(true);
    expect(await withPermissions(f.as.other)).toBe(false);
  });

  it("PATCH /comments/{id}/answer takes only its schema's fields", async () => {
    const asked = await ask("Strict bodies?");
    const answer = await postComment(f.api, f.as.answerer, asked.discussionID, "Strictly.");
    expect((await judge(answer.commentID, {}, f.as.asker)).statusCode).toBe(400);
    expect((await judge(answer.commentID, { status: "maybe" }, f.as.asker)).statusCode).toBe(400);
    expect((await judge(999_999, { status: "accepted" }, f.as.asker)).statusCode).toBe(404);
    const extra = await judge(
      answer.commentID,
      { status: "accepted", body: "Changed?", insertUserID: f.users.other.userID },
      f.as.asker,
    );
    expect(extra.statusCode, extra.body).toBe(200);
    const after = await comment(answer.commentID);
    expect(after.body).toContain("Strictly.");
    expect(after.insertUserID).toBe(f.users.answerer.userID);
    expect(answerOf(after)?.status).toBe("accepted");
  });

  it("several answers accepted; deleting the accepted one works the status out again", async () => {
    const asked = await ask("Which answers stay?");
    const first = await postComment(f.api, f.as.answerer, asked.discussionID, "First.");
    const second = await postComment(f.api, f.as.other, asked.discussionID, "Second.");
    await judged(first.commentID, "accepted", f.as.asker);
    await judged(second.commentID, "accepted", f.as.moderator);
    const accepted = await getComments(f.api, `discussionID=${asked.discussionID}&qna=accepted`, f.as.other);
    expect(accepted.map((item) => item.commentID)).toEqual([first.commentID, second.commentID]);

    expect((await f.api.delete(`/api/v2/comments/${second.commentID}`, { as: f.admin })).statusCode).toBe(204);
    expect((await question(asked.discussionID))?.status).toBe("accepted");
    expect((await f.api.delete(`/api/v2/comments/${first.commentID}`, { as: f.admin })).statusCode).toBe(204);
    expect(await question(asked.discussionID)).toMatchObject({ status: "unanswered", dateAccepted: null });

    const third = await postComment(f.api, f.as.other, asked.discussionID, "Third.");
    await judged(third.commentID, "accepted", f.as.asker);
    const pending = await postComment(f.api, f.as.answerer, asked.discussionID, "Fourth.");
    expect((await f.api.delete(`/api/v2/comments/${third.commentID}`, { as: f.admin })).statusCode).toBe(204);
    // The pending answer is left: answered.
    expect((await question(asked.discussionID))?.status).toBe("answered");
    expect(answerOf(await comment(pending.commentID))?.status).toBe("pending");
    expect(await getComments(f.api, `discussionID=${asked.discussionID}&qna=accepted`)).toEqual([]);
  });

  it("a member deleted with their posts takes their accepted answer with them", async () => {
    const asked = await ask("Who answered and left?");
    const leaver = await createUser(f.t.database.db, { name: "Question Leaver", role: "member" });
    const answer = await postComment(f.api, await f.api.signIn(leaver), asked.discussionID, "Soon gone.");
    await judged(answer.commentID, "accepted", f.as.asker);
    const removed = await f.api.request("DELETE", `/api/v2/users/${leaver.userID}`, {
      body: { deleteMethod: "delete" },
      as: f.admin,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await question(asked.discussionID)).toMatchObject({ status: "unanswered", dateAccepted: null });
  });

  it("the list filters questions by status", async () => {
    const unanswered = await ask("Filter: nobody answered");
    const answered = await ask("Filter: answered");
    const accepted = await ask("Filter: accepted");
    await postComment(f.api, f.as.answerer, answered.discussionID, "Pending.");
    const answer = await postComment(f.api, f.as.answerer, accepted.discussionID, "Accepted.");
    await judged(answer.commentID, "accepted", f.as.asker);
    const ids = async (status: string) =>
      (await getDiscussions(f.api, `type=question&status=${status}&limit=500`)).map((item) => item.discussionID);
    const mine = [unanswered.discussionID, answered.discussionID, accepted.discussionID];
    expect((await ids("unanswered")).filter((id) => mine.includes(id))).toEqual([unanswered.discussionID]);
    expect((await ids("answered")).filter((id) => mine.includes(id))).toEqual([answered.discussionID]);
    expect((await ids("accepted")).filter((id) => mine.includes(id))).toEqual([accepted.discussionID]);
    for (const item of await getDiscussions(f.api, "status=accepted&limit=500")) {
      expect(item.type).toBe("question");
      expect((item.attributes["question"] as QuestionAttributes).status).toBe("accepted");
    }
    expect((await f.api.get("/api/v2/discussions?status=solved")).statusCode).toBe(400);
  });

  it("a discussion made a question gets its status from its comments, and loses it when unmade", async () => {
    const plain = await postDiscussion(f.api, f.as.asker, { name: "Later a question", categoryID: f.category.general });
    await postComment(f.api, f.as.answerer, plain.discussionID, "An early answer.");
    const made = await f.api.put(
      `/api/v2/discussions/${plain.discussionID}/type`,
      { type: "question" },
      {
        as: f.as.moderator,
      },
    );
    expect(made.statusCode, made.body).toBe(200);
    expect((made.json<Discussion>().attributes["question"] as QuestionAttributes).status).toBe("answered");
    const unmade = await f.api.patch(
      `/api/v2/discussions/${plain.discussionID}`,
      { type: "discussion" },
      {
        as: f.as.moderator,
      },
    );
    expect(unmade.statusCode, unmade.body).toBe(200);
    expect(unmade.json<Discussion>().attributes["question"]).toBeUndefined();
    expect((await getDiscussions(f.api, "status=answered&limit=500")).map((item) => item.discussionID)).not.toContain(
      plain.discussionID,
    );
  });

  it("switched off, questions are neither asked, judged nor filtered, and keep their status for later", async () => {
    const asked = await ask("Before the switch");
    const answer = await postComment(f.api, f.as.answerer, asked.discussionID, "Before.");
    await setQnA(false);
    try {
      expect(await question(asked.discussionID)).toBeUndefined();
      expect(answerOf(await comment(answer.commentID))).toBeUndefined();
      const judging = await judge(answer.commentID, { status: "accepted" }, f.as.asker);
      expect([judging.statusCode, judging.json<{ message: string }>().message]).toEqual([403, "Q&A is not enabled."]);
      expect((await f.api.get("/api/v2/discussions?status=answered")).statusCode).toBe(403);
      expect((await f.api.get(`/api/v2/comments?discussionID=${asked.discussionID}&qna=accepted`)).statusCode).toBe(
        403,
      );
      const asking = await f.api.post(
        "/api/v2/discussions",
        { name: "Off", body: "Off.", format: "markdown", categoryID: f.category.general, type: "question" },
        { as: f.as.asker },
      );
      expect(asking.statusCode).toBe(403);
      // Comments still count while it is off: the status is right when it comes back.
      await postComment(f.api, f.as.other, asked.discussionID, "While off.");
    } finally {
      await setQnA(true);
    }
    expect((await question(asked.discussionID))?.status).toBe("answered");
    expect(answerOf(await comment(answer.commentID))?.status).toBe("pending");
  });
});
