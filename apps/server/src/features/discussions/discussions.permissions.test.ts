import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Comment, Discussion } from "@parley/contracts";
import { expectNoLeaks, roleIDOfType, type Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import {
  createContentFixture,
  getComments,
  getDiscussions,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";

type Cast = "member" | "author" | "moderator";
const actors = ["guest", "member", "author", "moderator", "admin"] as const;
type Actor = (typeof actors)[number];
type Expected = Record<Actor, number>;

/** The same status for the three roles that hold no moderation rights, another for moderators and admins. */
const split = (visitor: number, member: number, author: number, staff: number): Expected => ({
  guest: visitor,
  member,
  author,
  moderator: staff,
  admin: staff,
});

describe.each(engines)("content permissions by role on %s", (engine) => {
  let f: ContentFixture<Cast>;
  let open: Discussion;
  let openComment: Comment;
  let hidden: Discussion;
  let hiddenComment: Comment;
  let publicComment: Comment;

  const who = (actor: Actor): Session | null => (actor === "guest" ? null : actor === "admin" ? f.admin : f.as[actor]);

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      member: { name: "Matrix Member", role: "member", bypassSpam: true },
      author: { name: "Matrix Author", role: "member", bypassSpam: true },
      moderator: { name: "Matrix Moderator", role: "moderator" },
    });
    const { api, as, category } = f;
    open = await postDiscussion(api, as.author, { name: "Open to all", categoryID: category.general });
    openComment = await postComment(api, as.author, open.discussionID, "Open reply");
    publicComment = await postComment(api, as.author, open.discussionID, "Another open reply");
    hidden = await postDiscussion(api, as.author, { name: "Members no more", categoryID: category["show-and-tell"] });
    hiddenComment = await postComment(api, as.author, hidden.discussionID, "Hidden reply");
    // Show and Tell: no discussions.view for guests and members; the moderator role may read and post there.
    const grant = async (type: "guest" | "member" | "moderator", permissions: Record<string, boolean>) => {
      const response = await api.patch(
        `/api/v2/roles/${await roleIDOfType(f.t.database.db, type)}`,
        { permissions: [{ type: "category", id: category["show-and-tell"], permissions }] },
        { as: f.admin },
      );
      expect(response.statusCode, response.body).toBe(200);
    };
    await grant("guest", { "discussions.view": false });
    await grant("member", { "discussions.view": false });
    await grant("moderator", { "discussions.view": true, "discussions.add": true, "comments.add": true });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const discussionUrl = (id: number, action = "") => `/api/v2/discussions/${id}${action}`;
  const commentUrl = (id: number, action = "") => `/api/v2/comments/${id}${action}`;
  const fresh = () => postDiscussion(f.api, f.as.author, { name: "Fresh", categoryID: f.category.general });

  const actions: Array<[string, Expected, (as: Session | null) => Promise<{ statusCode: number }>]> = [
    ["read the discussion", split(200, 200, 200, 200), (as) => f.api.get(discussionUrl(open.discussionID), { as })],
    [
      "read its comments",
      split(200, 200, 200, 200),
      (as) => f.api.get(`/api/v2/comments?discussionID=${open.discussionID}`, { as }),
    ],
    [
      "reply",
      split(403, 201, 201, 201),
      (as) => f.api.post("/api/v2/comments", { discussionID: open.discussionID, body: "Hi", format: "text" }, { as }),
    ],
    [
      "edit the discussion",
      split(403, 403, 200, 200),
      (as) => f.api.patch(discussionUrl(open.discussionID), { body: "Edited" }, { as }),
    ],
    [
      "edit the author's comment",
      split(403, 403, 200, 200),
      (as) => f.api.patch(commentUrl(openComment.commentID), { body: "Edited" }, { as }),
    ],
    [
      "read the raw source",
      split(403, 403, 200, 200),
      (as) => f.api.get(discussionUrl(open.discussionID, "/edit"), { as }),
    ],
    [
      "announce",
      split(403, 403, 403, 200),
      (as) => f.api.patch(discussionUrl(open.discussionID), { pinLocation: "category" }, { as }),
    ],
    ["sink", split(403, 403, 403, 200), (as) => f.api.patch(discussionUrl(open.discussionID), { sink: true }, { as })],
    [
      "close",
      split(403, 403, 403, 200),
      (as) => f.api.patch(discussionUrl(open.discussionID), { closed: true }, { as }),
    ],
    [
      "reopen",
      split(403, 403, 403, 200),
      (as) => f.api.patch(discussionUrl(open.discussionID), { closed: false }, { as }),
    ],
    [
      "bump",
      split(403, 403, 403, 200),
      (as) => f.api.patch(discussionUrl(open.discussionID, "/bump"), undefined, { as }),
    ],
    [
      "change the type",
      split(403, 403, 403, 200),
      (as) => f.api.put(discussionUrl(open.discussionID, "/type"), { type: "discussion" }, { as }),
    ],
    [
      "like",
      split(403, 201, 201, 201),
      (as) => f.api.post(discussionUrl(open.discussionID, "/reactions"), { reactionType: "like" }, { as }),
    ],
    [
      "read the reaction log",
      split(403, 200, 200, 200),
      (as) => f.api.get(discussionUrl(open.discussionID, "/reactions"), { as }),
    ],
    [
      "bookmark",
      split(403, 200, 200, 200),
      (as) => f.api.put(discussionUrl(open.discussionID, "/bookmark"), { bookmarked: true }, { as }),
    ],
    [
      "delete a discussion",
      split(403, 403, 403, 204),
      async (as) => f.api.delete(discussionUrl((await fresh()).discussionID), { as }),
    ],
    [
      "delete a comment",
      split(403, 403, 403, 204),
      async (as) =>
        f.api.delete(commentUrl((await postComment(f.api, f.as.author, open.discussionID)).commentID), { as }),
    ],
  ];

  it.each(actions)("%s", async (_name, expected, act) => {
    const statuses: Partial<Expected> = {};
    for (const actor of actors) statuses[actor] = (await act(who(actor))).statusCode;
    expect(statuses).toEqual(expected);
  });

  describe("a category guests and members may not read", () => {
    const refusedTo = ["guest", "member", "author"] as const;
    const allowedTo = ["moderator", "admin"] as const;

    it("answers 403 on direct access to its discussions, comments and reactions", async () => {
      const reads = [
        discussionUrl(hidden.discussionID),
        discussionUrl(hidden.discussionID, "/quote"),
        discussionUrl(hidden.discussionID, "/reactions"),
        `/api/v2/discussions?categoryID=${f.category["show-and-tell"]}`,
        `/api/v2/comments?discussionID=${hidden.discussionID}`,
        commentUrl(hiddenComment.commentID),
        commentUrl(hiddenComment.commentID, "/location"),
        commentUrl(hiddenComment.commentID, "/reactions"),
      ];
      for (const url of reads) {
        for (const actor of refusedTo) {
          const response = await f.api.get(url, { as: who(actor) });
          expect(response.statusCode, `${actor} GET ${url}`).toBe(403);
          expect(response.json()).toMatchObject({ message: "Permission Problem", permissions: ["discussions.view"] });
        }
        for (const actor of allowedTo) {
          expect((await f.api.get(url, { as: who(actor) })).statusCode, `${actor} GET ${url}`).toBe(200);
        }
      }
    });

    it("leaves its discussions and comments out of lists and id lookups", async () => {
      for (const actor of refusedTo) {
        const all = await getDiscussions(f.api, "limit=100", who(actor));
        expect(
          all.some((item) => item.categoryID === f.category["show-and-tell"]),
          actor,
        ).toBe(false);
        expect(all.map((item) => item.discussionID)).toContain(open.discussionID);
        expect(await getDiscussions(f.api, `discussionID=${hidden.discussionID}`, who(actor))).toEqual([]);
        const byAuthor = await getComments(f.api, `insertUserID=${f.users.author.userID}`, who(actor));
        expect(byAuthor.map((item) => item.commentID)).not.toContain(hiddenComment.commentID);
        expect(byAuthor.map((item) => item.commentID)).toContain(publicComment.commentID);
        expect(await getComments(f.api, `commentID=${hiddenComment.commentID}`, who(actor))).toEqual([]);
      }
      for (const actor of allowedTo) {
        const all = await getDiscussions(f.api, "limit=100", who(actor));
        expect(all.map((item) => item.discussionID)).toContain(hidden.discussionID);
        const byAuthor = await getComments(f.api, `insertUserID=${f.users.author.userID}`, who(actor));
        expect(byAuthor.map((item) => item.commentID)).toContain(hiddenComment.commentID);
      }
    });

    it("refuses posts, replies, reactions and flags there; moderators and admins may", async () => {
      const writes: Array<(as: Session | null) => Promise<{ statusCode: number }>> = [
        (as) =>
          f.api.post(
            "/api/v2/discussions",
            { name: "x", body: "y", format: "text", categoryID: f.category["show-and-tell"] },
            { as },
          ),
        (as) =>
          f.api.post("/api/v2/comments", { discussionID: hidden.discussionID, body: "y", format: "text" }, { as }),
        (as) => f.api.post(discussionUrl(hidden.discussionID, "/reactions"), { reactionType: "like" }, { as }),
        (as) => f.api.post(commentUrl(hiddenComment.commentID, "/reactions"), { reactionType: "like" }, { as }),
        (as) => f.api.put(discussionUrl(hidden.discussionID, "/bookmark"), { bookmarked: true }, { as }),
        (as) => f.api.patch(discussionUrl(hidden.discussionID), { name: "Renamed" }, { as }),
      ];
      for (const [index, write] of writes.entries()) {
        for (const actor of refusedTo)
          expect((await write(who(actor))).statusCode, `${actor} write ${index}`).toBe(403);
        for (const actor of allowedTo)
          expect((await write(who(actor))).statusCode, `${actor} write ${index}`).toBeLessThan(300);
      }
      const fetched = (
        await f.api.get(discussionUrl(hidden.discussionID) + "?expand=reactions", { as: f.admin })
      ).json<Discussion>();
      expect(fetched.reactions).toEqual([expect.objectContaining({ urlcode: "like", count: 2 })]);
    });

    it("leaks no e-mail address or secret", () => {
      expectNoLeaks(f.api.records);
    });
  });
});
