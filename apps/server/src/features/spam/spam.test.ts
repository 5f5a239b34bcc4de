import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import { CENSOR_MASK, WatchedWord, type Report } from "@parley/contracts";
import { createUser, uniqueIp, type Session } from "../../test/accounts.ts";
import {
  createContentFixture,
  expectSchema,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";
import { engines } from "../../test/databases.ts";

const cast = {
  ann: { name: "Ann Writer", role: "member", bypassSpam: true },
  ben: { name: "Ben Reader", role: "member", bypassSpam: true },
  mod: { name: "Mo Moderator", role: "moderator", bypassSpam: true },
  sam: { name: "Sam Spammer", role: "member" },
} as const;
type Who = keyof typeof cast;

/** The 422 body a blocked word gives: one field error naming the field and the word. */
const blockedOn = (body: string) =>
  JSON.parse(body) as { status: number; errors: Array<{ field: string; message: string; status: number }> };

describe.each(engines)("watched words and the spam check on %s", (engine) => {
  let f: ContentFixture<Who>;
  let discussionID: number;

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
    discussionID = (await postDiscussion(f.api, f.as.ann, { categoryID: f.category.general })).discussionID;
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const watch = async (word: string, action: string, as: Session | null = f.admin) =>
    f.api.post("/api/v2/watched-words", { word, action }, { as });
  const watched = async (word: string, action: string) => {
    const response = await watch(word, action);
    expect(response.statusCode, response.body).toBe(201);
    expectSchema(WatchedWord, response.json());
    return response.json<WatchedWord>();
  };
  const comment = (as: Session, body: string) =>
    f.api.post("/api/v2/comments", { discussionID, body, format: "markdown" }, { as });
  const expectBlocked = (response: { statusCode: number; body: string }, field: string, word: string) => {
    expect(response.statusCode, response.body).toBe(422);
    const body = blockedOn(response.body);
    expect(body.errors).toEqual([expect.objectContaining({ field, message: `“${word}” is not allowed here.` })]);
  };
  const reportsOn = async (recordType: string, recordID: number) =>
    (await f.api.get(`/api/v2/reports?recordType=${recordType}&recordID=${recordID}&status=new`, { as: f.admin })).json<
      Report[]
    >();

  it("lets site managers add and remove words; moderators only read the list; members and guests nothing", async () => {
    const added = await watched("Grapefruit", "block");
    expect(added).toMatchObject({ word: "Grapefruit", action: "block", insertUserID: f.adminID });
    for (const as of [f.as.ann, f.as.mod, null]) expect((await watch("melon", "block", as)).statusCode).toBe(403);
    for (const as of [f.as.ann, null]) expect((await f.api.get("/api/v2/watched-words", { as })).statusCode).toBe(403);
    for (const as of [f.as.mod, f.admin]) {
      const list = await f.api.get("/api/v2/watched-words", { as });
      expect(list.statusCode).toBe(200);
      expectSchema(Type.Array(WatchedWord), list.json());
      expect(list.json<WatchedWord[]>().map((word) => word.word)).toContain("Grapefruit");
    }
    for (const as of [f.as.ann, f.as.mod])
      expect((await f.api.delete(`/api/v2/watched-words/${added.watchedWordID}`, { as })).statusCode).toBe(403);
    expect((await f.api.delete(`/api/v2/watched-words/${added.watchedWordID}`, { as: f.admin })).statusCode).toBe(204);
    expect((await f.api.delete(`/api/v2/watched-words/${added.watchedWordID}`, { as: f.admin })).statusCode).toBe(404);
  });

  it("refuses regular expressions and bare wildcards, and a word already watched in another spelling", async () => {
    for (const word of ["(a+)+$", "*", "a*b*c*d*e", "x"]) {
      const response = await watch(word, "block");
      expect(response.statusCode, word).toBe(422);
      expect(blockedOn(response.body).errors[0]!.field).toBe("word");
    }
    expect((await watch("kumquat", "explode")).statusCode).toBe(400);
    await watched("Kumquat", "flag");
    expect((await watch("KUMQUÄT", "block")).statusCode).toBe(409);
  });

  it("blocks a word in every write path, through case, diacritics, zero-width and fullwidth letters", async () => {
    await watched("scallion", "block");
    await watched("turnip*", "block");
    expectBlocked(await comment(f.as.ann, "I love SCALLION soup"), "body", "scallion");
    expectBlocked(await comment(f.as.ann, "I love scällíon soup"), "body", "scallion");
    expectBlocked(await comment(f.as.ann, "I love sca\u200Bll\u200Dion soup"), "body", "scallion");
    expectBlocked(await comment(f.as.ann, "I love ｓｃａｌｌｉｏｎ soup"), "body", "scallion");
    expectBlocked(await comment(f.as.ann, "Turnipseeds for sale"), "body", "turnip*");
    // Not inside another word.
    expect((await comment(f.as.ann, "Scallions are plural, so fine.")).statusCode).toBe(201);

    const general = f.category.general;
    const post = (fields: Record<string, string>) =>
      f.api.post(
        "/api/v2/discussions",
        { categoryID: general, name: "Title", body: "Body", format: "markdown", ...fields },
        { as: f.as.ann },
      );
    expectBlocked(await post({ name: "Scallion talk" }), "name", "scallion");
    expectBlocked(await post({ body: "more scallion" }), "body", "scallion");

    const own = await postComment(f.api, f.as.ann, discussionID, "A clean comment.");
    expectBlocked(
      await f.api.patch(`/api/v2/comments/${own.commentID}`, { body: "now scallion" }, { as: f.as.ann }),
      "body",
      "scallion",
    );
    expectBlocked(
      await f.api.patch(`/api/v2/discussions/${discussionID}`, { name: "Scallion" }, { as: f.as.ann }),
      "name",
      "scallion",
    );

    const conversation = await f.api.post(
      "/api/v2/conversations",
      { participantUserIDs: [f.users.ben.userID], initialBody: "psst, scallion", initialFormat: "text" },
      { as: f.as.ann },
    );
    expectBlocked(conversation, "initialBody", "scallion");
    const clean = await f.api.post(
      "/api/v2/conversations",
      { participantUserIDs: [f.users.ben.userID], initialBody: "hello", initialFormat: "text" },
      { as: f.as.ann },
    );
    expect(clean.statusCode, clean.body).toBe(201);
    const message = await f.api.post(
      "/api/v2/messages",
      { conversationID: clean.json<{ conversationID: number }>().conversationID, body: "Scallion!", format: "text" },
      { as: f.as.ann },
    );
    expectBlocked(message, "body", "scallion");

    const register = await f.api.post(
      "/api/v2/users/register",
      { name: "Scallion Fan", email: "fan@people.test", password: "long enough 1" },
      { ip: uniqueIp() },
    );
    expectBlocked(register, "name", "scallion");
    const rename = await f.api.patch(`/api/v2/users/${f.users.ann.userID}`, { name: "Scallion Ann" }, { as: f.admin });
    expectBlocked(rename, "name", "scallion");
    const signature = await f.api.patch(
      `/api/v2/users/${f.users.ann.userID}`,
      { signature: "eat scallion" },
      { as: f.as.ann },
    );
    expectBlocked(signature, "signature", "scallion");
    const location = await f.api.patch(
      `/api/v2/users/${f.users.ann.userID}`,
      { location: "Scallion Valley" },
      { as: f.as.ann },
    );
    expectBlocked(location, "location", "scallion");
    const about = await f.api.patch(
      `/api/v2/users/${f.users.ann.userID}`,
      { about: "I **grow** s\u200bcallion here.", aboutFormat: "markdown" },
      { as: f.as.ann },
    );
    expectBlocked(about, "about", "scallion");
  });

  it("stops blocking as soon as the word is removed", async () => {
    const word = await watched("parsnip", "block");
    expectBlocked(await comment(f.as.ann, "parsnip"), "body", "parsnip");
    await f.api.delete(`/api/v2/watched-words/${word.watchedWordID}`, { as: f.admin });
    expect((await comment(f.as.ann, "parsnip")).statusCode).toBe(201);
  });

  it("censors a word where the post is shown, keeping the source as written", async () => {
    await watched("fudge", "censor");
    const posted = await postComment(f.api, f.as.ann, discussionID, "Oh F\u200Budge, **Fudge** and fudgecake.");
    expect(posted.body).toContain(`Oh ${CENSOR_MASK}, <strong>${CENSOR_MASK}</strong> and fudgecake.`);
    const read = await f.api.get(`/api/v2/comments/${posted.commentID}`, { as: f.as.ben });
    expect(read.json<{ body: string }>().body).not.toMatch(/fudge\b/i);
    const row = await f.t.database.db
      .selectFrom("comments")
      .select("body")
      .where("commentID", "=", posted.commentID)
      .executeTakeFirstOrThrow();
    expect(row.body).toBe("Oh F\u200Budge, **Fudge** and fudgecake.");
  });

  it("files an automatic report for a flagged word by the system account, and holds a require-approval word", async () => {
    await watched("rutabaga", "flag");
    await watched("kohlrabi", "approval");
    const flagged = await postComment(f.api, f.as.ann, discussionID, "A ruta\u00ADbaga recipe.");
    const [flagReport] = await reportsOn("comment", flagged.commentID);
    expect(flagReport).toMatchObject({ reportReasonIDs: ["inappropriate"], isPending: false });
    expect(flagReport!.noteBody).toContain("watched word (flag): rutabaga");
    const system = await f.api.get(`/api/v2/users/${flagReport!.insertUserID}`, { as: f.admin });
    expect(system.json<{ name: string }>().name).toBe("System");
    const held = await comment(f.as.ann, "KOHLRABI is great.");
    expect(held.statusCode, held.body).toBe(202);
    const { reportID } = held.json<{ reportID: number }>();
    const heldReport = (await f.api.get(`/api/v2/reports/${reportID}`, { as: f.admin })).json<Report>();
    expect(heldReport).toMatchObject({
      isPending: true,
      recordID: 0,
      pendingRecord: { premoderationQueue: "approval" },
    });
    expect(heldReport.noteBody).toContain("kohlrabi");
  });

  it("holds a new account's link-laden post as spam (queue spam), and bans after three spam verdicts", async () => {
    const spam =
      "Buy cheap Viagra now at https://pills.example.top and https://casino.example.bet, click here: https://loans.example.biz";
    const first = await comment(f.as.sam, spam);
    expect(first.statusCode, first.body).toBe(202);
    const report = (
      await f.api.get(`/api/v2/reports/${first.json<{ reportID: number }>().reportID}`, { as: f.admin })
    ).json<Report>();
    expect(report).toMatchObject({ reportReasonIDs: ["spam"], isPending: true });
    expect(report.pendingRecord!.premoderationQueue).toBe("spam");
    expect(report.noteBody).toContain("spam check spam");
    const verdicts = await f.t.database.db
      .selectFrom("spamVerdicts")
      .selectAll()
      .where("userID", "=", f.users.sam.userID)
      .execute();
    expect(verdicts.map((row) => row.verdict)).toEqual(["spam"]);
    expect(JSON.parse(verdicts[0]!.reasons)).toEqual(expect.arrayContaining(["links from a new account"]));

    expect((await comment(f.as.sam, `${spam} again`)).statusCode).toBe(202);
    expect((await comment(f.as.sam, `${spam} and again`)).statusCode).toBe(202);
    const sam = await f.api.get(`/api/v2/users/${f.users.sam.userID}`, { as: f.admin });
    expect(sam.json<{ banned: number | boolean }>().banned).toBeTruthy();
    expect((await comment(f.as.sam, "hello?")).statusCode).toBe(401);
  });

  it("reads a rich2 post as readers see it: its JSON's keys and ids are no stuffing or phone number, its links count", async () => {
    const member = await createUser(f.t.database.db, { name: "Rich Writer", role: "member" });
    const session = await f.api.signIn(member);
    const item = (text: string) => ({ type: "li", children: [{ type: "lic", children: [{ text }] }] });
    // A list (nested children), and an image of the site whose upload name holds a long run of digits.
    const ordinary = JSON.stringify([
      { type: "p", children: [{ text: "Hello " }, { text: "bold world", bold: true }, { text: " and plain." }] },
      { type: "ul", children: [item("first item"), item("second item"), item("third item")] },
      {
        type: "rich_embed_card",
        dataSourceType: "image",
        url: "http://forum.test/uploads/2026/11/1234567890123456aaaaaaaaaaaaaaaa.png",
        embedData: {
          embedType: "image",
          url: "http://forum.test/uploads/2026/11/1234567890123456aaaaaaaaaaaaaaaa.png",
        },
        children: [{ text: "" }],
      },
    ]);
    const posted = await f.api.post(
      "/api/v2/comments",
      { discussionID, body: ordinary, format: "rich2" },
      { as: session },
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const verdicts = await f.t.database.db
      .selectFrom("spamVerdicts")
      .select(["verdict", "reasons"])
      .where("userID", "=", member.userID)
      .execute();
    expect(verdicts).toEqual([{ verdict: "ham", reasons: "[]" }]);

    // Its outside links are still read, once each, from the rendered post (an embed names its address twice).
    const link = (url: string, text: string) => ({ type: "a", url, children: [{ text }] });
    const linky = JSON.stringify([
      {
        type: "p",
        children: [
          { text: "Buy cheap Viagra now at " },
          // A link whose text is its address counts once.
          link("https://pills.example.top", "https://pills.example.top"),
          { text: " and " },
          link("https://casino.example.bet", "casino"),
          { text: ", click here: " },
          link("https://loans.example.biz", "loans"),
        ],
      },
    ]);
    const held = await f.api.post("/api/v2/comments", { discussionID, body: linky, format: "rich2" }, { as: session });
    expect(held.statusCode, held.body).toBe(202);
    const reasons = await f.t.database.db
      .selectFrom("spamVerdicts")
      .select("reasons")
      .where("userID", "=", member.userID)
      .orderBy("spamVerdictID", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(reasons.reasons)).toEqual(expect.arrayContaining(["3 links", "links to 3 sites"]));
  });

  it("leaves a new moderator's link-laden post unchecked (no verdict, no report)", async () => {
    const moderator = await createUser(f.t.database.db, { name: "New Moderator", role: "moderator" });
    const session = await f.api.signIn(moderator);
    const links =
      "Useful reading: https://one.example.top, https://two.example.bet and https://three.example.biz, click here";
    const posted = await postComment(f.api, session, discussionID, links);
    expect(await reportsOn("comment", posted.commentID)).toEqual([]);
    const verdicts = await f.t.database.db
      .selectFrom("spamVerdicts")
      .select("verdict")
      .where("userID", "=", moderator.userID)
      .execute();
    expect(verdicts).toEqual([]);
  });

  it("counts an address other spam came from against a fresh account, and leaves an ordinary post alone", async () => {
    // A public address (a documentation range): a private one is every visitor's where no proxy passes the
    // real address on, and is not counted.
    const ip = `203.0.113.${(uniqueIp().split(".").map(Number).at(-1) ?? 0) % 250}`;
    await f.t.database.db
      .insertInto("spamVerdicts")
      .values({
        userID: f.users.sam.userID,
        recordType: "comment",
        recordID: null,
        verdict: "spam",
        score: 9,
        reasons: "[]",
        checker: "offline",
        fingerprint: null,
        ipAddress: ip,
        dateInserted: new Date().toISOString(),
      })
      .execute();
    const fresh = await createUser(f.t.database.db, { name: "Fresh Face", role: "member" });
    const session = await f.api.signIn(fresh);
    const ordinary = await f.api.post(
      "/api/v2/comments",
      { discussionID, body: "Thanks, that helped me too.", format: "markdown" },
      { as: session },
    );
    expect(ordinary.statusCode).toBe(201);
    const linked = await f.api.post(
      "/api/v2/comments",
      { discussionID, body: "See https://example.org/guide for more", format: "markdown" },
      { as: session, ip },
    );
    // "maybe": held for approval.
    expect(linked.statusCode, linked.body).toBe(202);
    const rows = await f.t.database.db
      .selectFrom("spamVerdicts")
      .select(["verdict", "reasons"])
      .where("userID", "=", fresh.userID)
      .orderBy("spamVerdictID")
      .execute();
    expect(rows.map((row) => row.verdict)).toEqual(["ham", "maybe"]);
    expect(rows[1]!.reasons).toContain("an address other spam came from");
  });
});
