import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Discussion, PollRecord, limits, type Poll } from "@parley/contracts";
import type { Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import {
  createContentFixture,
  expectSchema,
  membersMayView,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";

type Cast = "author" | "ann" | "ben" | "banned" | "moderator";

/** Polls (the polls add-on): posting, voting, changing a vote, limits, closing, who sees the results, the switch. */
describe.each(engines)("polls on %s", (engine) => {
  let f: ContentFixture<Cast>;
  beforeAll(async () => {
    f = await createContentFixture(engine, {
      author: { name: "Poll Author", role: "member", bypassSpam: true },
      ann: { name: "Poll Ann", role: "member", bypassSpam: true },
      ben: { name: "Poll Ben", role: "member", bypassSpam: true },
      banned: { name: "Poll Banned", role: "member", bypassSpam: true },
      moderator: { name: "Poll Moderator", role: "moderator", bypassSpam: true },
    });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const post = (poll: unknown, as: Session | null = f.as.author, name = "Lunch") =>
    f.api.post(
      "/api/v2/discussions/poll",
      { name, body: "Where shall we go?", format: "markdown", categoryID: f.category.general, poll },
      { as },
    );
  const postPoll = async (poll: Record<string, unknown> = {}, name = "Lunch") => {
    const response = await post({ options: ["Pizza", "Sushi", "Tacos"], ...poll }, f.as.author, name);
    expect(response.statusCode, response.body).toBe(201);
    expectSchema(Discussion, response.json());
    const record = response.json<Discussion>();
    expect(record.type).toBe("poll");
    return record.attributes["poll"] as Poll;
  };
  const vote = (pollID: number, pollOptionIDs: number[], as: Session | null) =>
    f.api.post(`/api/v2/polls/${pollID}/votes`, { pollOptionIDs }, { as });
  const voted = async (pollID: number, pollOptionIDs: number[], as: Session) => {
    const response = await vote(pollID, pollOptionIDs, as);
    expect(response.statusCode, response.body).toBe(201);
    expectSchema(PollRecord, response.json());
    return response.json<Poll>();
  };
  const read = async (pollID: number, as: Session | null) => {
    const response = await f.api.get(`/api/v2/polls/${pollID}`, { as });
    expect(response.statusCode, response.body).toBe(200);
    expectSchema(PollRecord, response.json());
    return response.json<Poll>();
  };
  const counts = (poll: Poll) => poll.options.map((option) => option.countVotes);
  const ids = (poll: Poll) => poll.options.map((option) => option.pollOptionID);
  const errorText = (response: { body: string }) => response.body;

  it("posts a poll with its discussion; refuses too few, too many and empty options, and nothing is written", async () => {
    const poll = await postPoll({ name: "Where to?" });
    expect(poll).toMatchObject({
      name: "Where to?",
      choiceMode: "single",
      maxChoices: 1,
      resultsVisibility: "always",
      dateClosed: null,
      closed: false,
      countOptions: 3,
      countVoters: 0,
      showResults: true,
      myVotes: [],
    });
    expect(poll.options.map((option) => option.body)).toEqual(["Pizza", "Sushi", "Tacos"]);
    // The question defaults to the discussion's title.
    expect((await postPoll({}, "Titled")).name).toBe("Titled");

    const before = await f.t.database.db.selectFrom("discussions").select("discussionID").execute();
    const tooFew = await post({ options: ["Only one"] });
    expect(tooFew.statusCode).toBe(400);
    expect(errorText(tooFew)).toContain(`at least ${limits.polls.minOptions} options`);
    const tooMany = await post({ options: Array.from({ length: limits.polls.maxOptions + 1 }, (_, i) => `O${i}`) });
    expect(tooMany.statusCode).toBe(400);
    const empty = await post({ options: ["Pizza", "  "] });
    expect(empty.statusCode).toBe(400);
    expect(errorText(empty)).toContain("An option cannot be empty.");
    expect((await post(undefined)).statusCode).toBe(400);
    expect((await post({ options: ["A", "B"], choiceMode: "sometimes" })).statusCode).toBe(400);
    // A poll on a discussion of another type is refused.
    const plain = await f.api.post(
      "/api/v2/discussions",
      { name: "x", body: "x", format: "markdown", categoryID: f.category.general, poll: { options: ["A", "B"] } },
      { as: f.as.author },
    );
    expect(plain.statusCode).toBe(400);
    expect(await f.t.database.db.selectFrom("discussions").select("discussionID").execute()).toEqual(before);
    // Twenty options are fine.
    expect(
      (await postPoll({ options: Array.from({ length: limits.polls.maxOptions }, (_, i) => `O${i}`) })).countOptions,
    ).toBe(limits.polls.maxOptions);
    // Guests and members who may not post are refused.
    expect([401, 403]).toContain((await post({ options: ["A", "B"] }, null)).statusCode);
  });

  it("a member votes once, changes their vote, takes it back; the counts follow", async () => {
    const poll = await postPoll();
    const [pizza, sushi, tacos] = ids(poll) as [number, number, number];
    let seen = await voted(poll.pollID, [pizza], f.as.ann);
    expect(counts(seen)).toEqual([1, 0, 0]);
    expect(seen.myVotes).toEqual([pizza]);
    seen = await voted(poll.pollID, [sushi], f.as.ann);
    expect(counts(seen)).toEqual([0, 1, 0]);
    expect(seen.countVoters).toBe(1);
    seen = await voted(poll.pollID, [sushi], f.as.ben);
    expect(counts(seen)).toEqual([0, 2, 0]);
    expect(seen.countVoters).toBe(2);
    // Vanilla's body: one pollOptionID.
    const single = await f.api.post(`/api/v2/polls/${poll.pollID}/votes`, { pollOptionID: tacos }, { as: f.as.ben });
    expect(single.statusCode, single.body).toBe(201);
    expect(counts(single.json<Poll>())).toEqual([0, 1, 1]);
    seen = await voted(poll.pollID, [], f.as.ann);
    expect(counts(seen)).toEqual([0, 0, 1]);
    expect(seen.countVoters).toBe(1);
    expect(seen.myVotes).toEqual([]);
    // A single-choice poll takes one; an option of another poll is refused.
    expect((await vote(poll.pollID, [pizza, sushi], f.as.ann)).statusCode).toBe(400);
    const other = await postPoll({}, "Other");
    expect((await vote(poll.pollID, [other.options[0]!.pollOptionID], f.as.ann)).statusCode).toBe(400);
    const mine = await f.api.get(`/api/v2/polls/${poll.pollID}/votes`, { as: f.as.ben });
    expect(mine.json<Array<{ pollOptionID: number; userID: number }>>()).toMatchObject([
      { pollOptionID: tacos, userID: f.users.ben.userID },
    ]);
    // The discussion's record carries the poll as the viewer sees it.
    const record = await f.api.get(`/api/v2/discussions/${poll.discussionID}`, { as: f.as.ben });
    expect((record.json<Discussion>().attributes["poll"] as Poll).myVotes).toEqual([tacos]);
  });

  it("a multiple-choice poll takes up to its maximum choices", async () => {
    const poll = await postPoll({ choiceMode: "multiple", maxChoices: 2 });
    expect(poll.maxChoices).toBe(2);
    const [a, b, c] = ids(poll) as [number, number, number];
    expect(counts(await voted(poll.pollID, [a, b], f.as.ann))).toEqual([1, 1, 0]);
    const tooMany = await vote(poll.pollID, [a, b, c], f.as.ann);
    expect(tooMany.statusCode).toBe(400);
    expect(errorText(tooMany)).toContain("Choose at most 2 options.");
    expect(counts(await voted(poll.pollID, [b, c], f.as.ann))).toEqual([0, 1, 1]);
    // No maximum: every option.
    const open = await postPoll({ choiceMode: "multiple" });
    expect(open.maxChoices).toBeNull();
    expect(counts(await voted(open.pollID, ids(open), f.as.ben))).toEqual([1, 1, 1]);
  });

  it("a closed poll refuses votes, and shows its results to everyone", async () => {
    const poll = await postPoll({ resultsVisibility: "afterVoting" });
    await voted(poll.pollID, [ids(poll)[0]!], f.as.ann);
    const past = new Date(Date.now() - 60_000).toISOString();
    // Only its author and moderators close it.
    expect((await f.api.patch(`/api/v2/polls/${poll.pollID}`, { dateClosed: past }, { as: f.as.ben })).statusCode).toBe(
      403,
    );
    const closed = await f.api.patch(`/api/v2/polls/${poll.pollID}`, { dateClosed: past }, { as: f.as.author });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<Poll>().closed).toBe(true);
    const refused = await vote(poll.pollID, [ids(poll)[1]!], f.as.ben);
    expect(refused.statusCode).toBe(409);
    expect(errorText(refused)).toContain("This poll is closed.");
    expect((await vote(poll.pollID, [], f.as.ann)).statusCode).toBe(409);
    expect(counts(await read(poll.pollID, null))).toEqual([1, 0, 0]);
    // Reopened (closed: false) it takes votes again; closed: true closes it at the server's now.
    const reopened = await f.api.patch(`/api/v2/polls/${poll.pollID}`, { closed: false }, { as: f.as.moderator });
    expect(reopened.json<Poll>()).toMatchObject({ closed: false, dateClosed: null });
    expect(counts(await voted(poll.pollID, [ids(poll)[1]!], f.as.ben))).toEqual([1, 1, 0]);
    const shut = await f.api.patch(`/api/v2/polls/${poll.pollID}`, { closed: true }, { as: f.as.author });
    expect(shut.json<Poll>().closed).toBe(true);
    expect((await vote(poll.pollID, [ids(poll)[2]!], f.as.ben)).statusCode).toBe(409);
    // Posted already closed: refused at once.
    const born = await postPoll({ dateClosed: past });
    expect(born.closed).toBe(true);
    expect((await vote(born.pollID, [ids(born)[0]!], f.as.ann)).statusCode).toBe(409);
  });

  it("a poll in a closed discussion is closed too: no votes, results for everyone, until the discussion reopens", async () => {
    const poll = await postPoll({ resultsVisibility: "afterVoting" });
    await voted(poll.pollID, [ids(poll)[0]!], f.as.ann);
    const close = (closed: boolean) =>
      f.api.patch(`/api/v2/discussions/${poll.discussionID}`, { closed }, { as: f.as.moderator });
    expect((await close(true)).statusCode).toBe(200);
    const refused = await vote(poll.pollID, [ids(poll)[1]!], f.as.ben);
    expect(refused.statusCode).toBe(409);
    expect(errorText(refused)).toContain("This poll is closed.");
    const seen = await read(poll.pollID, null);
    expect(seen.closed).toBe(true);
    expect(counts(seen)).toEqual([1, 0, 0]);
    const record = await f.api.get(`/api/v2/discussions/${poll.discussionID}`, { as: f.as.ben });
    expect(record.json<{ attributes: { poll: Poll } }>().attributes.poll.closed).toBe(true);
    expect((await close(false)).statusCode).toBe(200);
    expect(counts(await voted(poll.pollID, [ids(poll)[1]!], f.as.ben))).toEqual([1, 1, 0]);
  });

  it("results after voting: hidden from guests and members who have not voted, shown to voters", async () => {
    const poll = await postPoll({ resultsVisibility: "afterVoting" });
    const guest = await read(poll.pollID, null);
    expect(guest.showResults).toBe(false);
    expect(guest.options.every((option) => option.countVotes === undefined)).toBe(true);
    expect(guest.myVotes).toBeUndefined();
    await voted(poll.pollID, [ids(poll)[1]!], f.as.ann);
    const member = await read(poll.pollID, f.as.ben);
    expect(member.showResults).toBe(false);
    expect(member.countVoters).toBe(0);
    expect(member.options[1]!.countVotes).toBeUndefined();
    const voter = await read(poll.pollID, f.as.ann);
    expect(voter.showResults).toBe(true);
    expect(counts(voter)).toEqual([0, 1, 0]);
    // Always: everyone, guests too.
    const always = await postPoll();
    await voted(always.pollID, [ids(always)[2]!], f.as.ann);
    expect(counts(await read(always.pollID, null))).toEqual([0, 0, 1]);
  });

  it("permissions: guests and banned members do not vote; only the author and moderators edit; options after votes are only added", async () => {
    const poll = await postPoll();
    const [first] = ids(poll) as [number];
    expect([401, 403]).toContain((await vote(poll.pollID, [first], null)).statusCode);
    const banned = f.as.banned;
    const ban = await f.api.patch(`/api/v2/users/${f.users.banned.userID}`, { banned: true }, { as: f.admin });
    expect(ban.statusCode, ban.body).toBe(200);
    expect([401, 403]).toContain((await vote(poll.pollID, [first], banned)).statusCode);

    const patch = (body: unknown, as: Session | null) => f.api.patch(`/api/v2/polls/${poll.pollID}`, body, { as });
    for (const as of [null, f.as.ann]) expect([401, 403]).toContain((await patch({ name: "Hijacked" }, as)).statusCode);
    expect((await patch({ name: "Renamed by the author" }, f.as.author)).statusCode).toBe(200);
    const renamed = await patch({ name: "Renamed by a moderator", score: 5 }, f.as.moderator);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Poll>().name).toBe("Renamed by a moderator");

    // Before any vote the options may be changed and removed (two remain at least).
    const optionPath = (id: number) => `/api/v2/polls/${poll.pollID}/options/${id}`;
    expect((await f.api.patch(optionPath(first), { body: "Pizza!" }, { as: f.as.ann })).statusCode).toBe(403);
    expect((await f.api.patch(optionPath(first), { body: "Pizza!" }, { as: f.as.author })).statusCode).toBe(200);
    expect((await f.api.delete(optionPath(ids(poll)[2]!), { as: f.as.author })).statusCode).toBe(204);
    expect((await f.api.delete(optionPath(first), { as: f.as.author })).statusCode).toBe(409);
    // After a vote: only adding.
    await voted(poll.pollID, [first], f.as.ann);
    expect((await f.api.patch(optionPath(first), { body: "Changed" }, { as: f.as.moderator })).statusCode).toBe(409);
    expect((await patch({ choiceMode: "multiple" }, f.as.author)).statusCode).toBe(409);
    const added = await f.api.post(`/api/v2/polls/${poll.pollID}/options`, { body: "Curry" }, { as: f.as.author });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<Poll>().options.map((option) => [option.body, option.countVotes])).toEqual([
      ["Pizza!", 1],
      ["Sushi", 0],
      ["Curry", 0],
    ]);
    expect((await f.api.post(`/api/v2/polls/${poll.pollID}/options`, { body: "x" }, { as: f.as.ann })).statusCode).toBe(
      403,
    );
    expect((await f.api.get("/api/v2/polls/999999", { as: f.as.ann })).statusCode).toBe(404);
  });

  it("a poll in a category the viewer may not see is neither read nor voted in", async () => {
    const created = await f.api.post(
      "/api/v2/discussions/poll",
      {
        name: "Staff only",
        body: "x",
        format: "markdown",
        categoryID: f.category["off-topic"],
        poll: { options: ["Yes", "No"] },
      },
      { as: f.as.moderator },
    );
    expect(created.statusCode, created.body).toBe(201);
    const poll = created.json<Discussion>().attributes["poll"] as Poll;
    expect((await membersMayView(f, f.category["off-topic"], false)).statusCode).toBe(200);
    try {
      // Refused as its discussion is.
      const discussion = await f.api.get(`/api/v2/discussions/${poll.discussionID}`, { as: f.as.ann });
      expect([403, 404]).toContain(discussion.statusCode);
      expect((await f.api.get(`/api/v2/polls/${poll.pollID}`, { as: f.as.ann })).statusCode).toBe(
        discussion.statusCode,
      );
      expect((await vote(poll.pollID, [ids(poll)[0]!], f.as.ann)).statusCode).toBe(discussion.statusCode);
      expect(counts(await voted(poll.pollID, [ids(poll)[0]!], f.admin))).toEqual([1, 0]);
    } finally {
      expect((await membersMayView(f, f.category["off-topic"], true)).statusCode).toBe(200);
    }
  });

  it("concurrent voters: every vote counted, the counts equal the rows", async () => {
    const poll = await postPoll({ choiceMode: "multiple" });
    const [a, b, c] = ids(poll) as [number, number, number];
    const voters = [f.as.ann, f.as.ben, f.as.moderator, f.as.author];
    const answers = await Promise.all(
      voters.flatMap((as, index) => [
        vote(poll.pollID, [a, b], as),
        vote(poll.pollID, index % 2 ? [c] : [a, c], as),
        vote(poll.pollID, [b], as),
      ]),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const db = f.t.database.db;
    const rows = await db
      .selectFrom("pollVotes")
      .select(["pollOptionID", "userID"])
      .where("pollID", "=", poll.pollID)
      .execute();
    const stored = await db
      .selectFrom("pollOptions")
      .select(["pollOptionID", "countVotes"])
      .where("pollID", "=", poll.pollID)
      .orderBy("sort")
      .execute();
    for (const option of stored)
      expect(Number(option.countVotes), `option ${option.pollOptionID}`).toBe(
        rows.filter((row) => row.pollOptionID === option.pollOptionID).length,
      );
    const voterCount = new Set(rows.map((row) => row.userID)).size;
    expect(voterCount).toBe(4);
    const pollRow = await db
      .selectFrom("polls")
      .select("countVoters")
      .where("pollID", "=", poll.pollID)
      .executeTakeFirstOrThrow();
    expect(Number(pollRow.countVoters)).toBe(voterCount);
  });

  it("search's types filter finds polls", async () => {
    const poll = await postPoll({}, "Quokkapoll favourite");
    await postDiscussion(f.api, f.as.author, { name: "Quokkapoll chatter", categoryID: f.category.general });
    const found = async (types: string) => {
      const response = await f.api.get(`/api/v2/search?query=quokkapoll&types=${types}`, { as: f.as.ann });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Array<{ recordType: string; recordID: number }>>().map((item) => item.recordID);
    };
    expect(await found("poll")).toEqual([poll.discussionID]);
    expect(await found("discussion")).not.toContain(poll.discussionID);
    // The list's type filter too.
    const listed = await f.api.get("/api/v2/discussions?type=poll&limit=100", { as: f.as.ann });
    const types = listed.json<Discussion[]>().map((discussion) => discussion.type);
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(["poll"]));
  });

  it("a poll held for approval gets its poll when a moderator approves it", async () => {
    const config = (value: number) =>
      f.api.patch("/api/v2/config", { "premoderation.newMemberPosts": value }, { as: f.admin });
    expect((await config(1000)).statusCode).toBe(200);
    let held;
    try {
      held = await post({ options: ["Early", "Late"], resultsVisibility: "afterVoting" }, f.as.ben, "Held poll");
    } finally {
      expect((await config(0)).statusCode).toBe(200);
    }
    expect(held.statusCode, held.body).toBe(202);
    const { reportID } = held.json<{ reportID: number }>();
    expect(
      await f.t.database.db.selectFrom("polls").select("pollID").where("name", "=", "Held poll").execute(),
    ).toEqual([]);
    const approved = await f.api.patch(`/api/v2/reports/${reportID}/approve-record`, {}, { as: f.as.moderator });
    expect(approved.statusCode, approved.body).toBe(200);
    const rows = await f.t.database.db
      .selectFrom("polls")
      .innerJoin("discussions", "discussions.discussionID", "polls.discussionID")
      .select(["polls.resultsVisibility", "discussions.type", "discussions.insertUserID"])
      .where("polls.name", "=", "Held poll")
      .execute();
    expect(rows).toEqual([{ resultsVisibility: "afterVoting", type: "poll", insertUserID: f.users.ben.userID }]);
  });

  it("deleting the discussion deletes its poll, options and votes", async () => {
    const poll = await postPoll({}, "Short-lived");
    await voted(poll.pollID, [ids(poll)[0]!], f.as.ann);
    const deleted = await f.api.delete(`/api/v2/discussions/${poll.discussionID}`, { as: f.as.moderator });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const db = f.t.database.db;
    expect(await db.selectFrom("polls").select("pollID").where("pollID", "=", poll.pollID).execute()).toEqual([]);
    expect(await db.selectFrom("pollOptions").select("pollID").where("pollID", "=", poll.pollID).execute()).toEqual([]);
    expect(await db.selectFrom("pollVotes").select("pollID").where("pollID", "=", poll.pollID).execute()).toEqual([]);
    expect((await f.api.get(`/api/v2/polls/${poll.pollID}`, { as: f.as.ann })).statusCode).toBe(404);
  });

  it("a discussion becomes a poll only when posted as one", async () => {
    const plain = await postDiscussion(f.api, f.as.author, { name: "Plain", categoryID: f.category.general });
    const typed = await f.api.put(
      `/api/v2/discussions/${plain.discussionID}/type`,
      { type: "poll" },
      { as: f.as.moderator },
    );
    expect(typed.statusCode).toBe(400);
  });

  it("switched off, the polls' routes answer 404 and records carry no poll", async () => {
    const poll = await postPoll({}, "Before the switch");
    const setAddon = async (enabled: boolean) => {
      const response = await f.api.patch("/api/v2/addons/polls", { enabled }, { as: f.admin });
      expect(response.statusCode, response.body).toBe(200);
    };
    await setAddon(false);
    try {
      expect((await post({ options: ["A", "B"] })).statusCode).toBe(404);
      expect((await f.api.get(`/api/v2/polls/${poll.pollID}`, { as: f.as.ann })).statusCode).toBe(404);
      expect((await vote(poll.pollID, [ids(poll)[0]!], f.as.ann)).statusCode).toBe(404);
      const record = await f.api.get(`/api/v2/discussions/${poll.discussionID}`, { as: f.as.ann });
      expect(record.json<Discussion>().attributes["poll"]).toBeUndefined();
    } finally {
      await setAddon(true);
    }
    expect((await read(poll.pollID, f.as.ann)).pollID).toBe(poll.pollID);
  });
});
