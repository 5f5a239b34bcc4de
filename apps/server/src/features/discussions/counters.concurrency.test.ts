import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Comment, Discussion, Group, Tag } from "@parley/contracts";
import type { Session } from "../../test/accounts.ts";
import { createContentFixture, postDiscussion, type CastMember, type ContentFixture } from "../../test/content.ts";
import { counterMismatches } from "../../test/counters.ts";
import { engines } from "../../test/databases.ts";

/*
 * Issue 25: with concurrent writers, counters read before the write's transaction (or recounted by a
 * subquery of the UPDATE itself) lost updates on PostgreSQL: 83 comments counted of 599. Twenty members
 * write at once through the API, then every stored counter is compared with a recount from the tables.
 */

const WRITERS = 20;
const COMMENTS_EACH = 8;
type Writer = `w${number}`;
const writerKeys = Array.from({ length: WRITERS }, (_, index): Writer => `w${index}`);
const cast = Object.fromEntries(
  writerKeys.map((key) => [key, { name: `Writer ${key}`, role: "member", bypassSpam: true } satisfies CastMember]),
) as Record<Writer, CastMember>;
const reactionTypes = ["like", "dislike", "awesome", "agree", "lol"];

describe.each(engines)("counters under concurrent writers on %s", (engine) => {
  let f: ContentFixture<Writer>;
  const writers = (): Session[] => writerKeys.map((key) => f.as[key]!);

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
  }, 120_000);
  afterAll(async () => {
    await f?.t.close();
  });

  const ok = <R extends { statusCode: number; body: string }>(response: R, ...statuses: number[]): R => {
    expect(statuses, `${response.statusCode} ${response.body}`).toContain(response.statusCode);
    return response;
  };

  it("keeps comment, discussion, reaction and score counters exact with 20 writers and concurrent deletes", async () => {
    const db = f.t.database.db;
    expect(await counterMismatches(db), "the demo community starts exact").toEqual([]);
    const target = await postDiscussion(f.api, f.admin, { name: "Busy thread", categoryID: f.category.general });
    let kept = 0;
    // Checked after the counters, so a failure shows every count that went wrong first.
    const doubleDeletes = new Set<string>();

    await Promise.all(
      writers().map(async (as, index) => {
        // Discussions in two categories, one of them deleted again while the others write.
        const started: Discussion[] = [];
        for (const categoryID of [f.category.troubleshooting, f.category.ideas]) {
          const response = ok(
            await f.api.post(
              "/api/v2/discussions",
              { name: `Thread of ${index}`, body: "Text.", format: "markdown", categoryID },
              { as },
            ),
            201,
          );
          started.push(response.json<Discussion>());
        }
        for (let i = 0; i < COMMENTS_EACH; i++) {
          const response = ok(
            await f.api.post(
              "/api/v2/comments",
              { discussionID: target.discussionID, body: `Comment ${i} of ${index}`, format: "markdown" },
              { as },
            ),
            201,
          );
          const comment = response.json<Comment>();
          const reaction = reactionTypes[(index + i) % reactionTypes.length]!;
          if (i % 3 === 0) {
            // A moderator deletes it twice at once: one delete takes its counts, the other finds it gone.
            const [first, second] = await Promise.all([
              f.api.delete(`/api/v2/comments/${comment.commentID}`, { as: f.admin }),
              f.api.delete(`/api/v2/comments/${comment.commentID}`, { as: f.admin }),
            ]);
            doubleDeletes.add([first.statusCode, second.statusCode].sort().join(" "));
          } else {
            kept += 1;
            // Two reactions by the same member at once (the second replaces the first), on the comment and the thread.
            const on = (type: "comments" | "discussions", id: number, urlcode: string) =>
              f.api.post(`/api/v2/${type}/${id}/reactions`, { reactionType: urlcode }, { as });
            const results = await Promise.all([
              on("comments", comment.commentID, reaction),
              on("comments", comment.commentID, "up"),
              on("discussions", target.discussionID, reaction),
            ]);
            for (const result of results) ok(result, 200, 201);
          }
        }
        ok(await f.api.delete(`/api/v2/discussions/${started[index % 2]!.discussionID}`, { as: f.admin }), 204);
      }),
    );

    const mismatches = await counterMismatches(db);
    expect(mismatches, mismatches.slice(0, 20).join("\n")).toEqual([]);
    const thread = (await f.api.get(`/api/v2/discussions/${target.discussionID}`, { as: f.admin })).json<Discussion>();
    expect(thread.countComments).toBe(kept);
    expect([...doubleDeletes], "one of two deletes at once finds the comment gone").toEqual(["204 404"]);
  }, 240_000);

  it("deletes reacted posts while their authors comment in the same category, without a deadlock", async () => {
    const db = f.t.database.db;
    // Each member's comments, reacted to by others (the reactions' points are taken back from the author as a
    // post goes): a delete that changed a member's row before the categories' counts deadlocked with that
    // member's next comment, which changes them the other way round (PostgreSQL, durability.e2e).
    // Two threads of one category: deletes in one, new comments in the other (one thread's row would put them in line).
    const target = await postDiscussion(f.api, f.admin, { name: "Busy thread", categoryID: f.category.general });
    const reactedOn = await postDiscussion(f.api, f.admin, { name: "Reacted thread", categoryID: f.category.general });
    const reacted = new Map<Writer, number[]>();
    const threads = new Map<Writer, number>();
    await Promise.all(
      writerKeys.map(async (key, index) => {
        const as = f.as[key]!;
        const own: number[] = [];
        for (let i = 0; i < 4; i++)
          own.push(
            ok(
              await f.api.post(
                "/api/v2/comments",
                { discussionID: reactedOn.discussionID, body: `Reacted ${i} of ${index}`, format: "markdown" },
                { as },
              ),
              201,
            ).json<Comment>().commentID,
          );
        const thread = ok(
          await f.api.post(
            "/api/v2/discussions",
            { name: `Reacted thread of ${index}`, body: "Text.", format: "markdown", categoryID: f.category.general },
            { as },
          ),
          201,
        ).json<Discussion>();
        const reply = ok(
          await f.api.post(
            "/api/v2/comments",
            { discussionID: thread.discussionID, body: "A reply.", format: "markdown" },
            { as },
          ),
          201,
        ).json<Comment>();
        reacted.set(key, own);
        threads.set(key, thread.discussionID);
        // The next member reacts to all of them.
        const other = f.as[writerKeys[(index + 1) % WRITERS]!]!;
        for (const commentID of [...own, reply.commentID])
          ok(await f.api.post(`/api/v2/comments/${commentID}/reactions`, { reactionType: "up" }, { as: other }), 201);
        ok(
          await f.api.post(
            `/api/v2/discussions/${thread.discussionID}/reactions`,
            { reactionType: "up" },
            { as: other },
          ),
          201,
        );
      }),
    );

    await Promise.all(
      writerKeys.map(async (key, index) => {
        const as = f.as[key]!;
        const [first, second, third, fourth] = reacted.get(key)!;
        const comment = (i: number) =>
          f.api.post(
            "/api/v2/comments",
            { discussionID: target.discussionID, body: `Meanwhile ${i} of ${index}`, format: "markdown" },
            { as },
          );
        const results = await Promise.all([
          comment(1),
          f.api.delete(`/api/v2/comments/${first}`, { as: f.admin }),
          comment(2),
          f.api.request("DELETE", "/api/v2/comments/list?longRunnerMode=sync", {
            body: { commentIDs: [second, third, second] },
            as: f.admin,
          }),
          comment(3),
          f.api.delete(`/api/v2/discussions/${threads.get(key)}`, { as: f.admin }),
          comment(4),
          f.api.delete(`/api/v2/comments/${fourth}`, { as: f.admin }),
        ]);
        for (const result of results) ok(result, 200, 201, 204);
      }),
    );

    const mismatches = await counterMismatches(db);
    expect(mismatches, mismatches.slice(0, 20).join("\n")).toEqual([]);
    const thread = (await f.api.get(`/api/v2/discussions/${target.discussionID}`, { as: f.admin })).json<Discussion>();
    expect(thread.countComments, "each member's four comments of the meantime").toBe(WRITERS * 4);
  }, 240_000);

  it("keeps group members, category followers, tags and conversation messages exact under concurrent writers", async () => {
    const db = f.t.database.db;
    const group = ok(
      await f.api.post(
        "/api/v2/groups",
        { name: "Busy group", description: "Everyone joins.", privacy: "public" },
        { as: f.admin },
      ),
      201,
    ).json<Group>();
    const tags: Tag[] = [];
    for (const name of ["alpha", "beta", "gamma", "delta"])
      tags.push(ok(await f.api.post("/api/v2/tags", { name }, { as: f.admin }), 201).json<Tag>());
    const tagged = await postDiscussion(f.api, f.admin, { name: "Tagged", categoryID: f.category.general });
    const conversation = ok(
      await f.api.post(
        "/api/v2/conversations",
        {
          participantUserIDs: writerKeys.map((key) => f.users[key]!.userID),
          initialBody: "Hello all.",
          initialFormat: "text",
        },
        { as: f.admin },
      ),
      201,
    ).json<{ conversationID: number }>();

    await Promise.all(
      writers().map(async (as, index) => {
        // Joining twice at once is one membership; half of them leave again.
        const joins = await Promise.all([
          f.api.post(`/api/v2/groups/${group.groupID}/join`, {}, { as }),
          f.api.post(`/api/v2/groups/${group.groupID}/join`, {}, { as }),
        ]);
        for (const join of joins) ok(join, 200, 201, 409);
        const follow = (followed: boolean) =>
          f.api.put(`/api/v2/categories/${f.category.general}/follow`, { followed }, { as });
        ok(await follow(true), 200);
        for (let i = 0; i < 3; i++) {
          ok(
            await f.api.post(
              "/api/v2/messages",
              { conversationID: conversation.conversationID, body: `Message ${i} of ${index}`, format: "text" },
              { as },
            ),
            201,
          );
        }
        if (index % 2 === 1) {
          ok(await f.api.post(`/api/v2/groups/${group.groupID}/leave`, {}, { as }), 200, 204);
          ok(await follow(false), 200);
        }
        // The administrator retags the same discussion from many requests at once.
        const subset = tags.filter((_, position) => (index >> position) % 2 === 1).map((tag) => tag.tagID);
        ok(
          await f.api.put(`/api/v2/discussions/${tagged.discussionID}/tags`, { tagIDs: subset }, { as: f.admin }),
          200,
        );
      }),
    );

    const mismatches = await counterMismatches(db);
    expect(mismatches, mismatches.slice(0, 20).join("\n")).toEqual([]);
    const members = (await f.api.get(`/api/v2/groups/${group.groupID}`, { as: f.admin })).json<Group>();
    expect(members.countMembers).toBe(1 + WRITERS / 2);

    // Every participant was told of every message the others wrote: one grouped notification each, its
    // count the others' messages (on PostgreSQL, deliveries that locked members' rows in different orders
    // deadlocked, and the losing message's notifications were rolled back).
    const messages = await db
      .selectFrom("conversationMessages")
      .select(["insertUserID"])
      .where("conversationID", "=", conversation.conversationID)
      .execute();
    const notified = await db
      .selectFrom("notifications")
      .select(["userID", "count"])
      .where("recordType", "=", "conversation")
      .where("recordID", "=", conversation.conversationID)
      .execute();
    const counts = new Map(notified.map((row) => [row.userID, row.count]));
    const missed = [f.admin, ...writers()].flatMap((session) => {
      const userID = session.userID;
      const expected = messages.filter((message) => message.insertUserID !== userID).length;
      const got = counts.get(userID) ?? 0;
      return got === expected ? [] : [`user ${userID}: ${got} of ${expected} messages notified`];
    });
    expect(missed).toEqual([]);
  }, 240_000);
});
