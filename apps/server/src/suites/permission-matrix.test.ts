import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveStreamPath, type Collection, type Group, type Notification } from "@parley/contracts";
import type { Kysely } from "kysely";
import type { DB } from "../platform/db/schema.ts";
import {
  createApi,
  createCast,
  expectNoLeaks,
  grantInCategory,
  outbox,
  seededAdmin,
  type Api,
  type Session,
} from "../test/accounts.ts";
import type { TestApp } from "../test/app.ts";
import { postComment, postDiscussion } from "../test/content.ts";
import { engines } from "../test/databases.ts";
import { openStream, type SseStream } from "../test/live.ts";
import { createPagesTestApp } from "../test/pages.ts";

/*
 * The permission matrix (issue 25): a community with a private category (moderators only), a private and a
 * secret group, a private conversation and a draft, each holding marker words; every actor reads every channel
 * (API lists and single records, search and suggestions, pages, profiles, notifications, e-mail, the live
 * stream, log pages, drafts, collections, reaction logs, conversations) and must find only the markers it may
 * see; then every actor who may not see (or change) a record guesses its ID on every write route, and must be
 * refused (401/403/404) with nothing in the database changed.
 */

const actors = ["guest", "member", "groupMember", "moderator", "owner", "admin"] as const;
type Actor = (typeof actors)[number];

/**
 * A word every private record also holds: the search page echoes its query, so pages search for this one and
 * a marker in the answer is a leak.
 */
const COMMON = "zebrafruit";

/** Marker words (whole words, so search finds them), and who may see each. */
const markers = {
  // A discussion in the private category (moderators' only), its comment, its old title and a deleted comment.
  pcatDisc: "xqpcatdisc",
  pcatComment: "xqpcatcomment",
  pcatOldTitle: "xqpcatoldtitle",
  pcatDeleted: "xqpcatdeleted",
  pcatCategory: "xqpcatcategory",
  // A private group's discussion and comment; a secret group's name, discussion and comment.
  pgrpDisc: "xqpgrpdisc",
  pgrpComment: "xqpgrpcomment",
  sgrpName: "xqsgrpname",
  sgrpDisc: "xqsgrpdisc",
  sgrpComment: "xqsgrpcomment",
  // A private conversation between the owner and the group member.
  pmName: "xqpmname",
  pmMessage: "xqpmmessage",
  // The owner's draft.
  draft: "xqdraftword",
} as const;
type Marker = keyof typeof markers;

const staff: Actor[] = ["moderator", "admin"];
const insiders: Actor[] = ["owner", "groupMember", "moderator", "admin"];
const allowed: Record<Marker, Actor[]> = {
  pcatDisc: staff,
  pcatComment: staff,
  pcatOldTitle: staff,
  pcatDeleted: staff,
  pcatCategory: staff,
  pgrpDisc: insiders,
  pgrpComment: insiders,
  sgrpName: insiders,
  sgrpDisc: insiders,
  sgrpComment: insiders,
  // Moderators and administrators hold conversations.moderate.
  pmName: insiders,
  pmMessage: insiders,
  draft: ["owner"],
};

/** The tables a refused write must leave as they were. */
const watchedTables = [
  "discussions",
  "polls",
  "pollOptions",
  "pollVotes",
  "answers",
  "ideaVotes",
  "comments",
  "userDiscussions",
  "userCategories",
  "reactions",
  "reports",
  "drafts",
  "conversations",
  "conversationMessages",
  "userConversations",
  "groups",
  "groupMembers",
  "groupApplicants",
  "groupInvitations",
  "collections",
  "collectionRecords",
  "tagDiscussions",
  "notifications",
  "categories",
  "postTypes",
  "postFields",
  "postTypeFields",
  "postTypeCategories",
] as const satisfies ReadonlyArray<keyof DB>;

async function fingerprint(db: Kysely<DB>): Promise<string> {
  const tables = await Promise.all(watchedTables.map((table) => db.selectFrom(table).selectAll().execute()));
  return JSON.stringify(
    tables.map((rows) => rows.map((row) => JSON.stringify(row)).sort()),
    (_key, value: unknown) => (typeof value === "bigint" ? Number(value) : value),
  );
}

describe.each(engines)("permission matrix on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let base = "";
  const as = {} as Record<Actor, Session | null>;
  const users = {} as Record<Exclude<Actor, "guest" | "admin">, { userID: number; name: string; email: string }>;
  const ids = {} as Record<
    | "general"
    | "privateCategory"
    | "publicDisc"
    | "pcatDisc"
    | "pcatComment"
    | "pcatPoll"
    | "pcatPollOption"
    | "publicPoll"
    | "publicPollOption"
    | "pcatAnswer"
    | "publicAnswer"
    | "idea"
    | "pgrp"
    | "sgrp"
    | "pgrpDisc"
    | "pgrpComment"
    | "sgrpDisc"
    | "sgrpComment"
    | "conversation"
    | "draft"
    | "collection"
    | "notification",
    number
  >;
  const streams: Array<{ actor: Actor; what: string; stream: SseStream }> = [];
  const leaks: string[] = [];
  let probes = 0;

  /** Counts a probe and records each marker the actor may not see in the answer's headers and body. */
  const seen = (actor: Actor, where: string, response: { headers: object; body: string }, url?: string) => {
    probes += 1;
    // What the asker sent (a search's words) comes back in the paging headers: an echo is no leak. The
    // body is read whole (the search page echoes its words too, so pages search for COMMON).
    const asked = url ? [...new URL(url, "http://x").searchParams.values()] : [];
    const headers = asked.reduce(
      (rest, value) => rest.replaceAll(encodeURIComponent(value), "").replaceAll(value, ""),
      JSON.stringify(response.headers),
    );
    const answer = `${headers}\n${response.body}`;
    for (const [key, word] of Object.entries(markers) as Array<[Marker, string]>)
      if (answer.includes(word) && !allowed[key].includes(actor)) leaks.push(`${actor} sees ${key} in ${where}`);
  };

  beforeAll(async () => {
    t = await createPagesTestApp(engine);
    api = createApi(t.app);
    const db = t.database.db;
    const cast = await createCast(db, {
      member: { name: "Plainmember", role: "member" },
      groupMember: { name: "Groupie", role: "member" },
      moderator: { name: "Modder", role: "moderator" },
      owner: { name: "Ownerly", role: "member" },
    });
    await db.updateTable("users").set({ bypassSpam: 1 }).execute();
    Object.assign(users, cast);
    as.guest = null;
    for (const key of ["member", "groupMember", "moderator", "owner"] as const) as[key] = await api.signIn(cast[key]);
    as.admin = await api.signIn(seededAdmin);
    const admin = as.admin;
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

    const created = async <T>(response: { statusCode: number; body: string; json: () => T }) => {
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    };
    ids.general = (
      await db.selectFrom("categories").select("categoryID").where("urlcode", "=", "general").executeTakeFirstOrThrow()
    ).categoryID;

    // The private category: only moderators (and administrators) may view or post there.
    const category = await created<{ categoryID: number }>(
      await api.post(
        "/api/v2/categories",
        { name: "Staff Room", urlcode: "staff-room", description: `Plans ${markers.pcatCategory} ${COMMON}` },
        { as: admin },
      ),
    );
    ids.privateCategory = category.categoryID;
    await grantInCategory(api, db, admin, "moderator", ids.privateCategory);

    ids.publicDisc = (
      await postDiscussion(api, as.member!, { categoryID: ids.general, name: "An open topic" })
    ).discussionID;
    const pcat = await postDiscussion(api, as.moderator!, {
      categoryID: ids.privateCategory,
      name: `Staff plans ${markers.pcatOldTitle} ${COMMON}`,
      body: `The plan: ${markers.pcatDisc} ${COMMON}.`,
    });
    ids.pcatDisc = pcat.discussionID;
    // An edit keeps the old title in the revision history.
    const edited = await api.patch(
      `/api/v2/discussions/${ids.pcatDisc}`,
      { name: `Staff plans ${markers.pcatDisc} ${COMMON}` },
      { as: as.moderator },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    // Polls (the polls add-on): one in the private category, one in the open one by the member.
    const poll = async (categoryID: number, by: Session | null) => {
      const response = await api.post(
        "/api/v2/discussions/poll",
        { categoryID, name: "A poll", body: "Vote.", format: "markdown", poll: { options: ["Yes", "No"] } },
        { as: by },
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ attributes: { poll: { pollID: number; options: Array<{ pollOptionID: number }> } } }>()
        .attributes.poll;
    };
    const staffPoll = await poll(ids.privateCategory, as.moderator);
    ids.pcatPoll = staffPoll.pollID;
    ids.pcatPollOption = staffPoll.options[0]!.pollOptionID;
    const openPoll = await poll(ids.general, as.member);
    ids.publicPoll = openPoll.pollID;
    ids.publicPollOption = openPoll.options[0]!.pollOptionID;
    // Questions (the qna add-on): one in the private category, answered by an administrator; one the member asks in
    // the open one, answered by the owner (an answerer does not accept their own answer).
    const answered = async (categoryID: number, asker: Session | null, answerer: Session | null) => {
      const question = await api.post(
        "/api/v2/discussions/question",
        { categoryID, name: "A question", body: "How?", format: "markdown" },
        { as: asker },
      );
      expect(question.statusCode, question.body).toBe(201);
      const answer = await api.post(
        "/api/v2/comments",
        { discussionID: question.json<{ discussionID: number }>().discussionID, body: "Thus.", format: "markdown" },
        { as: answerer },
      );
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json<{ commentID: number }>().commentID;
    };
    ids.pcatAnswer = await answered(ids.privateCategory, as.moderator, as.admin);
    ids.publicAnswer = await answered(ids.general, as.member, as.owner);
    // An idea (the ideation add-on) the member posts in an ideas category everyone may read.
    const ideas = await api.post(
      "/api/v2/categories",
      { name: "Matrix ideas", urlcode: "matrix-ideas", allowedDiscussionTypes: ["idea"], ideationType: "up-down" },
      { as: admin },
    );
    expect(ideas.statusCode, ideas.body).toBe(201);
    const idea = await api.post(
      "/api/v2/discussions/idea",
      {
        categoryID: ideas.json<{ categoryID: number }>().categoryID,
        name: "An idea",
        body: "Yes.",
        format: "markdown",
      },
      { as: as.member },
    );
    expect(idea.statusCode, idea.body).toBe(201);
    ids.idea = idea.json<{ discussionID: number }>().discussionID;

    // The groups: the owner leads both, the group member belongs to both.
    const group = async (privacy: "private" | "secret", name: string) => {
      const record = await created<Group>(
        await api.post("/api/v2/groups", { name, description: `About ${name} ${COMMON}`, privacy }, { as: as.owner }),
      );
      const added = await api.post(
        `/api/v2/groups/${record.groupID}/members`,
        { userID: users.groupMember.userID, role: "member" },
        { as: as.owner },
      );
      expect(added.statusCode, added.body).toBe(201);
      return record.groupID;
    };
    ids.pgrp = await group("private", "Private Circle");
    ids.sgrp = await group("secret", `Hidden ${markers.sgrpName}`);
    const groupDiscussion = async (groupID: number, word: string) => {
      const record = await created<{ discussionID: number }>(
        await api.post(
          "/api/v2/discussions",
          { groupID, name: `Circle news ${word} ${COMMON}`, body: `Inside: ${word} ${COMMON}.`, format: "markdown" },
          { as: as.owner },
        ),
      );
      return record.discussionID;
    };
    ids.pgrpDisc = await groupDiscussion(ids.pgrp, markers.pgrpDisc);
    ids.sgrpDisc = await groupDiscussion(ids.sgrp, markers.sgrpDisc);

    // Live streams, before the comments: everyone's own stream, and each private discussion's.
    for (const actor of actors) {
      const headers: Record<string, string> = as[actor] ? { cookie: as[actor].cookie } : {};
      streams.push({ actor, what: "own stream", stream: await openStream(`${base}${liveStreamPath}`, headers) });
      for (const key of ["pcatDisc", "pgrpDisc", "sgrpDisc"] as const) {
        const stream = await openStream(`${base}${liveStreamPath}?discussionID=${ids[key]}`, headers);
        streams.push({ actor, what: `stream of ${key}`, stream });
      }
    }

    // Comments that mention the outsiders (who must not be told), reactions, a deleted comment.
    ids.pcatComment = (
      await postComment(
        api,
        as.moderator!,
        ids.pcatDisc,
        `${markers.pcatComment} ${COMMON} @Plainmember @Groupie @Ownerly`,
      )
    ).commentID;
    const doomed = await postComment(api, as.moderator!, ids.pcatDisc, `${markers.pcatDeleted} ${COMMON}, soon gone.`);
    expect((await api.delete(`/api/v2/comments/${doomed.commentID}`, { as: as.admin })).statusCode).toBe(204);
    ids.pgrpComment = (
      await postComment(api, as.groupMember!, ids.pgrpDisc, `${markers.pgrpComment} ${COMMON} @Plainmember @Modder`)
    ).commentID;
    ids.sgrpComment = (
      await postComment(api, as.groupMember!, ids.sgrpDisc, `${markers.sgrpComment} ${COMMON} @Plainmember`)
    ).commentID;
    for (const [path, who] of [
      [`/api/v2/discussions/${ids.pgrpDisc}/reactions`, as.groupMember],
      [`/api/v2/comments/${ids.sgrpComment}/reactions`, as.owner],
      [`/api/v2/discussions/${ids.pcatDisc}/reactions`, as.admin],
    ] as const)
      expect((await api.post(path, { reactionType: "like" }, { as: who })).statusCode).toBeLessThan(300);
    expect(
      (await api.put(`/api/v2/discussions/${ids.pgrpDisc}/bookmark`, { bookmarked: true }, { as: as.owner }))
        .statusCode,
    ).toBe(200);

    // The private conversation, with a mention of an outsider.
    const conversation = await created<{ conversationID: number }>(
      await api.post(
        "/api/v2/conversations",
        {
          participantUserIDs: [users.groupMember.userID],
          name: `Between us ${markers.pmName} ${COMMON}`,
          initialBody: `First ${markers.pmMessage} ${COMMON}.`,
          initialFormat: "markdown",
        },
        { as: as.owner },
      ),
    );
    ids.conversation = conversation.conversationID;
    await created(
      await api.post(
        "/api/v2/messages",
        {
          conversationID: ids.conversation,
          body: `Reply ${markers.pmMessage} ${COMMON} @Plainmember`,
          format: "markdown",
        },
        { as: as.groupMember },
      ),
    );

    // The owner's draft.
    const draft = await created<{ draftID: number }>(
      await api.post(
        "/api/v2/drafts",
        {
          recordType: "discussion",
          parentRecordType: "category",
          parentRecordID: ids.general,
          attributes: {
            body: `Half a thought ${markers.draft} ${COMMON}`,
            format: "markdown",
            draftType: "discussion",
            draftMeta: { name: `Draft ${markers.draft}`, categoryID: ids.general, pinLocation: "none" },
          },
        },
        { as: as.owner },
      ),
    );
    ids.draft = draft.draftID;

    // A collection holding every private record, made by an administrator.
    const collection = await created<Collection>(
      await api.post(
        "/api/v2/collections",
        {
          name: "Picks",
          records: [
            { recordType: "discussion", recordID: ids.pcatDisc },
            { recordType: "discussion", recordID: ids.pgrpDisc },
            { recordType: "discussion", recordID: ids.sgrpDisc },
            { recordType: "discussion", recordID: ids.publicDisc },
            { recordType: "category", recordID: ids.privateCategory },
          ],
        },
        { as: admin },
      ),
    );
    ids.collection = collection.collectionID;

    // A report of the secret group's member's comment by its owner (moderators' queue; nobody reports their own).
    await created(
      await api.post(
        "/api/v2/reports",
        { recordType: "comment", recordID: ids.sgrpComment, reportReasonIDs: ["spam"], noteBody: "Odd." },
        { as: as.owner },
      ),
    );

    // The owner's notification (of the group member's comment), for the write probes.
    const told = (await api.get("/api/v2/notifications", { as: as.owner })).json<Notification[]>();
    expect(told.length).toBeGreaterThan(0);
    ids.notification = told[0]!.notificationID;
    // Mail is written before each answer. The live events go to every stream as they are published:
    // once the owner's streams have the last ones, the others have had theirs.
    const ownerStream = (what: string) => streams.find((s) => s.actor === "owner" && s.what === what)!.stream;
    await ownerStream("own stream").waitFor("notification");
    await ownerStream("stream of pgrpDisc").waitFor("comment");
  }, 180_000);

  afterAll(async () => {
    for (const { stream } of streams) stream.close();
    t?.app.server.closeAllConnections();
    await t?.close();
  });

  const get = (actor: Actor, url: string) => api.get(url, { as: as[actor] });

  it("shows each actor every read channel with only what it may see", async () => {
    const i = ids;
    const q = (word: string) => encodeURIComponent(word);
    const readChannels: string[] = [
      // Lists, with their filters.
      "/api/v2/discussions",
      "/api/v2/discussions?expand=all",
      `/api/v2/discussions?categoryID=${i.privateCategory}`,
      `/api/v2/discussions?categoryID=${i.privateCategory}&includeChildCategories=true`,
      `/api/v2/discussions?groupID=${i.pgrp}`,
      `/api/v2/discussions?groupID=${i.sgrp}`,
      `/api/v2/discussions?insertUserID=${users.owner.userID}`,
      `/api/v2/discussions?insertUserID=${users.moderator.userID}`,
      `/api/v2/discussions?discussionID=${i.pcatDisc},${i.pgrpDisc},${i.sgrpDisc}`,
      "/api/v2/discussions?sort=-dateLastComment&limit=100",
      "/api/v2/discussions?followed=true",
      "/api/v2/discussions?pinned=false&type=discussion",
      "/api/v2/discussions?bookmarked=true",
      `/api/v2/comments?discussionID=${i.pcatDisc}`,
      `/api/v2/comments?discussionID=${i.pgrpDisc}`,
      `/api/v2/comments?discussionID=${i.sgrpDisc}`,
      `/api/v2/comments?insertUserID=${users.groupMember.userID}`,
      `/api/v2/comments?insertUserID=${users.moderator.userID}`,
      `/api/v2/comments/thread?discussionID=${i.pgrpDisc}`,
      `/api/v2/comments/thread?discussionID=${i.pcatDisc}`,
      "/api/v2/categories",
      "/api/v2/categories?expand=all",
      `/api/v2/categories?parentCategoryID=-1&maxDepth=5`,
      `/api/v2/categories/search?query=${q("Staff")}`,
      `/api/v2/users/${users.owner.userID}?expand=all`,
      `/api/v2/users/${users.groupMember.userID}`,
      `/api/v2/users?limit=100`,
      // Single records.
      `/api/v2/categories/${i.privateCategory}`,
      `/api/v2/discussions/${i.pcatDisc}`,
      `/api/v2/discussions/${i.pgrpDisc}?expand=all`,
      `/api/v2/discussions/${i.sgrpDisc}`,
      `/api/v2/discussions/${i.pcatDisc}/edit`,
      `/api/v2/discussions/${i.sgrpDisc}/quote`,
      `/api/v2/comments/${i.pcatComment}`,
      `/api/v2/comments/${i.pgrpComment}`,
      `/api/v2/comments/${i.sgrpComment}/quote`,
      `/api/v2/comments/${i.sgrpComment}/edit`,
      `/api/v2/comments/${i.pgrpComment}/location`,
      `/api/v2/comments/${i.pcatComment}/location`,
      `/api/v2/comments/${i.sgrpComment}/location`,
      `/discussion/comment/${i.pgrpComment}`,
      // Search and suggestions.
      ...Object.values(markers).map((word) => `/api/v2/search?query=${word}`),
      `/api/v2/search?query=${COMMON}&limit=100`,
      `/api/v2/search?query=${COMMON}&recordTypes=comment&sort=-dateInserted`,
      // The title bar's suggestions: each source by the common word's beginning.
      ...["discussions", "knowledgeBase", "people", "places", "group"].map(
        (domain) => `/api/v2/search?query=zebraf&matchMode=prefix&domain=${domain}&collapse=true&expand=breadcrumbs`,
      ),
      `/api/v2/search?query=${markers.pgrpComment}&domain=all_content&expand=all`,
      `/api/v2/search?query=${markers.sgrpName}&domain=group`,
      "/api/v2/search?query=xq&matchMode=prefix&domain=discussions&collapse=true",
      "/api/v2/search?query=xq&matchMode=prefix&domain=places",
      "/api/v2/search?query=hidden&matchMode=prefix&domain=group",
      "/api/v2/search?query=staff&matchMode=prefix&domain=places",
      `/api/v2/search?query=circle&recordTypes=discussion&sort=-dateInserted`,
      // Groups.
      "/api/v2/groups",
      "/api/v2/groups?limit=100&sort=-dateInserted",
      `/api/v2/groups/${i.sgrp}`,
      `/api/v2/groups/${i.sgrp}/members`,
      `/api/v2/groups/${i.pgrp}/members`,
      // Conversations, drafts, notifications, collections, reactions, reports, logs, layouts.
      "/api/v2/conversations",
      `/api/v2/conversations/${i.conversation}`,
      `/api/v2/conversations/${i.conversation}/participants`,
      `/api/v2/messages?conversationID=${i.conversation}`,
      `/api/v2/messages?insertUserID=${users.groupMember.userID}`,
      "/api/v2/drafts",
      `/api/v2/drafts/${i.draft}`,
      `/api/v2/drafts/${i.draft}/edit`,
      "/api/v2/notifications",
      `/api/v2/notifications/${i.notification}`,
      "/api/v2/collections",
      `/api/v2/collections/${i.collection}`,
      "/api/v2/collections/contents/en",
      `/api/v2/collections/${i.collection}/content/en`,
      `/api/v2/collections/by-resource?recordType=discussion&recordID=${i.pcatDisc}`,
      `/api/v2/discussions/${i.pgrpDisc}/reactions`,
      `/api/v2/discussions/${i.pcatDisc}/reactions`,
      `/api/v2/comments/${i.sgrpComment}/reactions`,
      `/api/v2/reactions?userID=${users.groupMember.userID}`,
      "/api/v2/reports",
      "/api/v2/reports?expand=reportMeta",
      `/api/v2/discussions/${i.pcatDisc}/revisions`,
      `/api/v2/discussions/${i.pcatDisc}/deleted-comments`,
      "/api/v2/audit-logs",
      `/api/v2/discussions/${i.pcatDisc}/status-log`,
      `/api/v2/users/${users.owner.userID}/reacted?reactionUrlcode=like&expand=all`,
      "/api/v2/layouts/lookup-hydrate?layoutViewType=discussionList",
      "/api/v2/layouts/lookup-hydrate?layoutViewType=home",
      `/api/v2/layouts/lookup-hydrate?layoutViewType=post&recordType=discussion&recordID=${i.pgrpDisc}`,
      "/api/v2/users/me-counts",
      // Pages, server-rendered.
      "/",
      "/discussions",
      "/categories",
      "/categories/staff-room",
      `/discussion/${i.pcatDisc}/x`,
      `/discussion/${i.pgrpDisc}/x`,
      `/discussion/${i.sgrpDisc}/x`,
      `/discussion/comment/${i.pcatComment}`,
      `/discussion/comment/${i.sgrpComment}`,
      `/post/editdiscussion/${i.pcatDisc}`,
      `/post/editdiscussion/${i.pgrpDisc}/${i.draft}`,
      ...["Ownerly", "Modder", "Groupie"].flatMap((name) => [
        `/profile/${name}`,
        `/profile/discussions/${name}`,
        `/profile/comments/${name}`,
        `/profile/reactions/${name}`,
      ]),
      "/profile/notifications",
      `/search?query=${COMMON}`,
      `/search?query=${COMMON}&domain=group`,
      `/search?query=${COMMON}&domain=all_content`,
      "/groups",
      `/group/${i.pgrp}-private-circle`,
      `/group/${i.sgrp}-hidden`,
      `/group/${i.sgrp}-hidden/members`,
      "/messages",
      `/messages/${i.conversation}`,
      "/drafts",
      `/log/filter?recordType=discussion&recordID=${i.pcatDisc}`,
      `/log/filter?parentRecordID=${i.pcatDisc}&recordType=comment&operation=delete`,
      "/dashboard/content/reports",
    ];
    // Every actor at once on each channel (reads change nothing the others see).
    for (const url of readChannels)
      await Promise.all(
        actors.map(async (actor) => {
          const response = await get(actor, url);
          expect(response.statusCode, `${actor} GET ${url}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
          // Headers too: a redirect's Location or a paging Link can carry a title's slug.
          seen(actor, `GET ${url}`, response, url);
        }),
      );

    // A quote of a post by its address (POST /rich/quote) holds only what the actor may see of the post.
    const origin = t.app.platform.config.publicUrl;
    const quoted = [
      `/discussion/comment/${i.pcatComment}`,
      `/discussion/${i.pcatDisc}/x`,
      `/discussion/comment/${i.pgrpComment}`,
      `/discussion/${i.sgrpDisc}/x`,
      `/discussion/comment/${i.sgrpComment}`,
    ];
    const quote = (actor: Actor, path: string) =>
      api.post("/api/v2/rich/quote", { body: `${origin}${path}`, format: "text" }, { as: as[actor] });
    for (const path of quoted)
      await Promise.all(
        actors.map(async (actor) => {
          const response = await quote(actor, path);
          expect(response.statusCode, `${actor} POST /rich/quote ${path}: ${response.body.slice(0, 300)}`).toBeLessThan(
            500,
          );
          seen(actor, `POST /rich/quote of ${path}`, response);
        }),
      );
    expect((await quote("moderator", quoted[0]!)).body).toContain(markers.pcatComment);
    expect((await quote("groupMember", quoted[4]!)).body).toContain(markers.sgrpComment);

    // E-mail: each mail only to someone who may see what it tells.
    const byEmail = new Map<string, Actor>(
      (["member", "groupMember", "moderator", "owner"] as const).map((actor) => [
        users[actor].email.toLowerCase(),
        actor,
      ]),
    );
    const mails = outbox(t.database.dataDir);
    // The mentions and replies the insiders may see were mailed (so the outsiders' silence means something).
    expect(mails.some((mail) => mail.to === users.moderator.email && mail.text.includes(markers.pgrpComment))).toBe(
      true,
    );
    for (const mail of mails) {
      const actor = byEmail.get(mail.to.toLowerCase()) ?? "admin";
      seen(actor, `the mail "${mail.subject}" to ${mail.to}`, {
        headers: {},
        body: `${mail.subject}\n${mail.text}\n${mail.html}`,
      });
    }
    // The live stream: events only about what the listener may see.
    for (const { actor, what, stream } of streams)
      seen(actor, `the live ${what}`, { headers: {}, body: JSON.stringify(stream.events) });

    // The probes mean something: those allowed do see each marker somewhere they look.
    const sees = async (actor: Actor, url: string, word: string) => {
      const body = (await get(actor, url)).body;
      expect(body, `${actor} should see ${word} at ${url}`).toContain(word);
    };
    await sees("moderator", `/api/v2/discussions/${i.pcatDisc}`, markers.pcatDisc);
    await sees("moderator", `/api/v2/search?query=${markers.pcatComment}`, markers.pcatComment);
    await sees("moderator", `/api/v2/discussions/${i.pcatDisc}/revisions`, markers.pcatOldTitle);
    await sees("moderator", `/api/v2/discussions/${i.pcatDisc}/deleted-comments`, markers.pcatDeleted);
    await sees("groupMember", `/api/v2/search?query=${markers.sgrpDisc}`, markers.sgrpDisc);
    await sees("groupMember", `/api/v2/discussions?groupID=${i.pgrp}`, markers.pgrpDisc);
    await sees("groupMember", "/api/v2/search?query=zebraf&matchMode=prefix&domain=discussions", markers.sgrpDisc);
    await sees("groupMember", `/search?query=${COMMON}`, markers.pgrpDisc);
    await sees("owner", `/api/v2/comments?discussionID=${i.sgrpDisc}`, markers.sgrpComment);
    await sees("groupMember", "/api/v2/groups", markers.sgrpName);
    await sees("groupMember", `/api/v2/messages?conversationID=${i.conversation}`, markers.pmMessage);
    await sees("owner", "/api/v2/conversations", markers.pmName);
    await sees("owner", "/api/v2/drafts", markers.draft);
    await sees("admin", `/api/v2/collections/${i.collection}/content/en`, markers.pgrpDisc);
    await sees("groupMember", `/discussion/${i.sgrpDisc}/x`, markers.sgrpComment);
    await sees("owner", "/profile/discussions/Ownerly", markers.pgrpDisc);
    expect(
      streams.some(
        ({ actor, what, stream }) => actor === "owner" && what === "stream of pgrpDisc" && stream.events.length > 0,
      ),
      "the owner's stream of the private group's discussion heard its comment",
    ).toBe(true);

    console.info(`permission matrix (reads, ${engine}): ${probes} probes, ${leaks.length} leaks`);
    expect(leaks).toEqual([]);
    expectNoLeaks(api.records);
  }, 600_000);

  it("refuses every write to a record the actor may not see or change, and changes nothing", async () => {
    const i = ids;
    const reply = (discussionID: number) => ({ discussionID, body: "Guessed reply.", format: "markdown" });
    const commentDraft = (discussionID: number) => ({
      recordType: "comment",
      parentRecordType: "discussion",
      parentRecordID: discussionID,
      attributes: { body: "x", format: "markdown", draftType: "comment", draftMeta: { commentParentID: null } },
    });
    type Write = [method: "POST" | "PATCH" | "PUT" | "DELETE", url: string, body?: unknown];
    const discussionWrites = (id: number): Write[] => [
      ["PATCH", `/api/v2/discussions/${id}`, { name: "Guessed title" }],
      ["PATCH", `/api/v2/discussions/${id}`, { body: "Guessed body", format: "markdown" }],
      ["PATCH", `/api/v2/discussions/${id}`, { categoryID: i.general }],
      ["DELETE", `/api/v2/discussions/${id}`],
      ["PUT", `/api/v2/discussions/${id}/bookmark`, { bookmarked: true }],
      ["PUT", `/api/v2/discussions/${id}/mute`, { muted: true }],
      ["PUT", `/api/v2/discussions/${id}/dismiss`, { dismissed: true }],
      ["PUT", `/api/v2/discussions/${id}/tags`, { tagIDs: [] }],
      ["PUT", `/api/v2/discussions/${id}/type`, { type: "question" }],
      ["PATCH", `/api/v2/discussions/${id}/bump`, {}],
      ["PUT", `/api/v2/discussions/${id}/canonical-url`, { canonicalUrl: "https://guessed.example/" }],
      ["DELETE", `/api/v2/discussions/${id}/canonical-url`],
      ["POST", "/api/v2/comments", reply(id)],
      ["POST", `/api/v2/discussions/${id}/reactions`, { reactionType: "like" }],
      ["DELETE", `/api/v2/discussions/${id}/reactions`],
      ["POST", "/api/v2/reports", { recordType: "discussion", recordID: id, reportReasonIDs: ["spam"] }],
      ["PATCH", "/api/v2/discussions/move", { discussionIDs: [id], categoryID: i.general }],
      ["PATCH", "/api/v2/discussions/close", { discussionIDs: [id], closed: true }],
      ["DELETE", "/api/v2/discussions/list", { discussionIDs: [id] }],
      ["PATCH", "/api/v2/discussions/merge", { discussionIDs: [id], destinationDiscussionID: i.publicDisc }],
      ["PATCH", "/api/v2/discussions/merge", { discussionIDs: [i.publicDisc], destinationDiscussionID: id }],
      [
        "PUT",
        "/api/v2/collections/by-resource",
        { record: { recordType: "discussion", recordID: id }, collectionIDs: [] },
      ],
      ["POST", "/api/v2/drafts", commentDraft(id)],
    ];
    const commentWrites = (id: number, discussionID: number): Write[] => [
      ["PATCH", `/api/v2/comments/${id}`, { body: "Guessed edit", format: "markdown" }],
      ["DELETE", `/api/v2/comments/${id}`],
      ["POST", `/api/v2/comments/${id}/reactions`, { reactionType: "like" }],
      ["DELETE", `/api/v2/comments/${id}/reactions`],
      ["POST", "/api/v2/reports", { recordType: "comment", recordID: id, reportReasonIDs: ["spam"] }],
      ["DELETE", "/api/v2/comments/list", { commentIDs: [id] }],
      ["POST", "/api/v2/comments", { ...reply(discussionID), parentCommentID: id }],
      [
        "POST",
        "/api/v2/discussions/split",
        { commentIDs: [id], newPost: { name: "Guessed split", categoryID: i.general } },
      ],
    ];
    const groupWrites = (id: number, self: number): Write[] => [
      ["PATCH", `/api/v2/groups/${id}`, { name: "Guessed group" }],
      ["DELETE", `/api/v2/groups/${id}`],
      ["POST", `/api/v2/groups/${id}/members`, { userID: self, role: "leader" }],
      ["PATCH", `/api/v2/groups/${id}/members/${users.groupMember.userID}`, { role: "leader" }],
      ["DELETE", `/api/v2/groups/${id}/members/${users.groupMember.userID}`],
      ["POST", `/api/v2/groups/${id}/invitations`, { userID: users.member.userID }],
      ["POST", "/api/v2/discussions", { groupID: id, name: "Guessed post", body: "x", format: "markdown" }],
    ];
    // A poll's writes: voting (anyone who may view it), editing it and its options (its author and moderators).
    const pollVote = (id: number, optionID: number): Write[] => [
      ["POST", `/api/v2/polls/${id}/votes`, { pollOptionIDs: [optionID] }],
    ];
    const pollEdits = (id: number, optionID: number): Write[] => [
      ["PATCH", `/api/v2/polls/${id}`, { name: "Guessed poll", dateClosed: "2000-01-01T00:00:00Z" }],
      ["POST", `/api/v2/polls/${id}/options`, { body: "Guessed option" }],
      ["PATCH", `/api/v2/polls/${id}/options/${optionID}`, { body: "Guessed" }],
      ["DELETE", `/api/v2/polls/${id}/options/${optionID}`],
    ];
    // Accepting or rejecting an answer: the asker and moderators.
    const answerJudging = (commentID: number): Write[] => [
      ["PATCH", `/api/v2/comments/${commentID}/answer`, { status: "accepted" }],
      ["PATCH", `/api/v2/comments/${commentID}/answer`, { status: "rejected" }],
    ];
    // An idea's vote (anyone signed in who may read it) and its status (moderators).
    const ideaVote: Write[] = [["PUT", `/api/v2/discussions/${i.idea}/vote`, { vote: "up" }]];
    const ideaStatus: Write[] = [
      ["PATCH", `/api/v2/discussions/${i.idea}/idea`, { statusID: 2, statusNotes: "Guess" }],
    ];
    const conversationWrites: Write[] = [
      ["POST", "/api/v2/messages", { conversationID: i.conversation, body: "Guessed message", format: "markdown" }],
      ["POST", `/api/v2/conversations/${i.conversation}/participants`, { participantUserIDs: [users.member.userID] }],
      ["DELETE", `/api/v2/conversations/${i.conversation}/leave`],
    ];
    const draftWrites: Write[] = [
      ["PATCH", `/api/v2/drafts/${i.draft}`, { attributes: { body: "Guessed", format: "markdown" } }],
      ["DELETE", `/api/v2/drafts/${i.draft}`],
      [
        "PATCH",
        `/api/v2/drafts/schedule/${i.draft}`,
        { dateScheduled: new Date(Date.now() + 86_400_000).toISOString() },
      ],
      ["PATCH", `/api/v2/drafts/cancel-schedule/${i.draft}`, {}],
    ];
    const categoryWrites: Write[] = [
      [
        "POST",
        "/api/v2/discussions",
        { categoryID: i.privateCategory, name: "Guessed", body: "x", format: "markdown" },
      ],
      [
        "POST",
        "/api/v2/discussions/poll",
        {
          categoryID: i.privateCategory,
          name: "Guessed",
          body: "x",
          format: "markdown",
          poll: { options: ["A", "B"] },
        },
      ],
      ["PUT", `/api/v2/categories/${i.privateCategory}/follow`, { followed: true }],
      // The member's own preferences for a category they may not see; the others', anyone's but theirs.
      [
        "PATCH",
        `/api/v2/categories/${i.privateCategory}/preferences/${users.member.userID}`,
        { "preferences.popup.posts": true },
      ],
      ["PATCH", `/api/v2/categories/${i.privateCategory}`, { name: "Guessed category" }],
      ["DELETE", `/api/v2/categories/${i.privateCategory}`],
    ];
    const collectionWrites: Write[] = [
      ["PATCH", `/api/v2/collections/${i.collection}`, { name: "Guessed" }],
      ["DELETE", `/api/v2/collections/${i.collection}`],
      ["POST", "/api/v2/collections", { name: "Mine", records: [{ recordType: "discussion", recordID: i.sgrpDisc }] }],
    ];
    // The idea statuses are the administrators' (issue 36).
    const statusWrites: Write[] = [
      ["POST", "/api/v2/discussions/statuses", { name: "Guessed status" }],
      ["PATCH", "/api/v2/discussions/statuses/1", { isDefault: true }],
      ["DELETE", "/api/v2/discussions/statuses/2"],
    ];
    // Post types and post fields are the site managers' (issue 33); the add-on is on and each has a record.
    const postTypeWrites: Write[] = [
      ["POST", "/api/v2/post-types", { postTypeID: "guessed", name: "Guessed", parentPostTypeID: "discussion" }],
      ["PATCH", "/api/v2/post-types/matrixjob", { name: "Guessed" }],
      ["DELETE", "/api/v2/post-types/matrixjob"],
      [
        "POST",
        "/api/v2/post-fields",
        { postFieldID: "guessed", label: "G", dataType: "text", formType: "text", visibility: "public" },
      ],
      ["PATCH", "/api/v2/post-fields/matrixfield", { label: "Guessed" }],
      ["DELETE", "/api/v2/post-fields/matrixfield"],
      ["PUT", "/api/v2/post-fields/matrixjob/sorts", { matrixfield: 3 }],
      ["PATCH", `/api/v2/categories/${i.general}`, { allowedPostTypeIDs: ["matrixjob"] }],
    ];
    const notificationWrites: Write[] = [
      ["PATCH", `/api/v2/notifications/${i.notification}`, { read: true }],
      ["PUT", `/api/v2/notifications/${i.notification}/read`, {}],
    ];

    // Who may not see (or not change) each target.
    const outsiders: Actor[] = ["guest", "member"];
    const table: Array<{ actors: Actor[]; writes: Write[] }> = [
      { actors: ["guest", "member", "groupMember", "owner"], writes: discussionWrites(i.pcatDisc) },
      { actors: ["guest", "member", "groupMember", "owner"], writes: commentWrites(i.pcatComment, i.pcatDisc) },
      { actors: outsiders, writes: discussionWrites(i.pgrpDisc) },
      { actors: outsiders, writes: discussionWrites(i.sgrpDisc) },
      { actors: outsiders, writes: commentWrites(i.pgrpComment, i.pgrpDisc) },
      { actors: outsiders, writes: commentWrites(i.sgrpComment, i.sgrpDisc) },
      // A group member may read the owner's discussion but not change it.
      ...[i.pgrpDisc, i.sgrpDisc].map((id) => ({
        actors: ["groupMember"] as Actor[],
        writes: discussionWrites(id).filter(
          ([method, url]) =>
            (method === "PATCH" && url.startsWith(`/api/v2/discussions/${id}`)) ||
            (method === "DELETE" && url === `/api/v2/discussions/${id}`),
        ),
      })),
      { actors: outsiders, writes: groupWrites(i.sgrp, 0) },
      { actors: outsiders, writes: groupWrites(i.pgrp, 0) },
      // A group's member may post and leave, but not lead it.
      ...[i.sgrp, i.pgrp].map((id) => ({ actors: ["groupMember"] as Actor[], writes: groupWrites(id, 0).slice(0, 4) })),
      {
        actors: outsiders,
        writes: [
          ["POST", `/api/v2/groups/${i.sgrp}/join`, {}],
          ["POST", `/api/v2/groups/${i.sgrp}/apply`, { reason: "Guess" }],
        ],
      },
      { actors: ["guest", "member", "groupMember", "owner"], writes: pollVote(i.pcatPoll, i.pcatPollOption) },
      { actors: ["guest", "member", "groupMember", "owner"], writes: pollEdits(i.pcatPoll, i.pcatPollOption) },
      // The open poll: guests do not vote; only its author (the member) and moderators edit it.
      { actors: ["guest"], writes: pollVote(i.publicPoll, i.publicPollOption) },
      { actors: ["guest", "groupMember", "owner"], writes: pollEdits(i.publicPoll, i.publicPollOption) },
      { actors: ["guest", "member", "groupMember", "owner"], writes: answerJudging(i.pcatAnswer) },
      { actors: ["guest", "groupMember", "owner"], writes: answerJudging(i.publicAnswer) },
      { actors: ["guest"], writes: ideaVote },
      { actors: ["guest", "member", "groupMember", "owner"], writes: ideaStatus },
      { actors: outsiders, writes: conversationWrites },
      { actors: ["guest", "member", "groupMember", "moderator", "admin"], writes: draftWrites },
      { actors: ["guest", "member", "groupMember", "owner"], writes: categoryWrites },
      { actors: ["guest", "member", "groupMember", "owner"], writes: collectionWrites },
      { actors: ["guest", "member", "groupMember", "moderator"], writes: notificationWrites },
      { actors: ["guest", "member", "groupMember", "moderator", "owner"], writes: statusWrites },
      { actors: ["guest", "member", "groupMember", "moderator", "owner"], writes: postTypeWrites },
    ];
    const setUp = async (method: "POST" | "PATCH", url: string, body: unknown) => {
      const response = await api.request(method, url, { as: as.admin, body });
      expect(response.statusCode, response.body).toBeLessThan(300);
    };
    await setUp("PATCH", "/api/v2/addons/postTypes", { enabled: true });
    await setUp("POST", "/api/v2/post-fields", {
      postFieldID: "matrixfield",
      label: "Matrix field",
      dataType: "text",
      formType: "text",
      visibility: "public",
    });
    await setUp("POST", "/api/v2/post-types", {
      postTypeID: "matrixjob",
      name: "Matrix job",
      parentPostTypeID: "discussion",
      postFieldIDs: ["matrixfield"],
    });

    const db = t.database.db;
    let before = await fingerprint(db);
    let writeProbes = 0;
    for (const row of table)
      for (const actor of row.actors)
        for (const [method, rawUrl, body] of row.writes) {
          const session = as[actor];
          const url = rawUrl.replace("/members/0", `/members/${session?.userID ?? 0}`);
          const payload =
            body && typeof body === "object" && "userID" in body && body.userID === 0
              ? { ...body, userID: session?.userID ?? 0 }
              : body;
          const response = await api.request(method, url, {
            as: session,
            ...(payload === undefined ? {} : { body: payload }),
          });
          writeProbes += 1;
          const where = `${actor} ${method} ${url} ${payload === undefined ? "" : JSON.stringify(payload)}`;
          // The refusal (or anything else) tells nothing about the record either.
          seen(actor, where, response);
          if (![401, 403, 404].includes(response.statusCode))
            leaks.push(`${where} → ${response.statusCode} ${response.body.slice(0, 200)}`);
          const after = await fingerprint(db);
          if (after !== before) {
            leaks.push(`${where} changed the database`);
            before = after;
          }
        }
    // The same writes by those who may make them succeed, so the refusals above are not of a route that is not there.
    for (const [actor, [method, url, body]] of [
      ["member", answerJudging(i.publicAnswer)[0]!],
      ["owner", ideaVote[0]!],
      ["admin", ideaStatus[0]!],
    ] as const) {
      const response = await api.request(method, url, { as: as[actor], body });
      expect(response.statusCode, `${actor} ${method} ${url} ${response.body}`).toBe(200);
    }
    console.info(`permission matrix (writes, ${engine}): ${writeProbes} probes`);
    console.info(`permission matrix: ${probes} probes, ${leaks.length} leaks`);
    expect(leaks).toEqual([]);
  }, 600_000);
});
