import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discussionSorts, paginationHeaders, type Discussion } from "@parley/contracts";
import { fewestQueries } from "../../platform/db/query-count.ts";
import type { Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import {
  createContentFixture,
  getComments,
  getDiscussions,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";

type Cast = "member" | "other" | "moderator";
type Stored = { discussionID: number; dateLastComment: string; dateInserted: string; score: number; hot: number };

describe.each(engines)("GET /discussions on %s", (engine) => {
  let f: ContentFixture<Cast>;
  let pin: Discussion;
  let tagged: Discussion;
  let fresh: Discussion;

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      member: { name: "List Member", role: "member", bypassSpam: true },
      other: { name: "List Other", role: "member" },
      moderator: { name: "List Moderator", role: "moderator" },
    });
    const { api, admin, as, category } = f;
    pin = await postDiscussion(api, admin, {
      name: "Category pin",
      categoryID: category.general,
      pinLocation: "category",
    });
    tagged = await postDiscussion(api, as.member, {
      name: "Tagged idea",
      categoryID: category.ideas,
      newTagNames: ["List Tag"],
    });
    fresh = await postDiscussion(api, as.member, { name: "Fresh talk", categoryID: category.general });
    expect(
      (await api.put(`/api/v2/discussions/${tagged.discussionID}/bookmark`, { bookmarked: true }, { as: as.member }))
        .statusCode,
    ).toBe(200);
    // Scores with ties and negatives, so the score sorts have something to order.
    for (const { discussionID } of await f.t.database.db.selectFrom("discussions").select("discussionID").execute()) {
      await f.t.database.db
        .updateTable("discussions")
        .set({ score: ((discussionID * 7) % 11) - 5 })
        .where("discussionID", "=", discussionID)
        .execute();
    }
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const list = (query = "", as: Cast | "admin" | null = null) =>
    getDiscussions(f.api, query, as === null ? null : as === "admin" ? f.admin : f.as[as]);
  const stored = async () =>
    new Map<number, Stored>(
      (
        await f.t.database.db
          .selectFrom("discussions")
          // What a guest reads: the demo's private and secret groups' discussions are not.
          .leftJoin("groups", "groups.groupID", "discussions.groupID")
          .where((eb) => eb.or([eb("groups.privacy", "is", null), eb("groups.privacy", "=", "public")]))
          .select([
            "discussions.discussionID",
            "discussions.dateLastComment",
            "discussions.dateInserted",
            "discussions.score",
            "discussions.hot",
          ])
          .execute()
      ).map((row) => [row.discussionID, row]),
    );
  const ids = (items: Discussion[]) => items.map((item) => item.discussionID);
  const names = (items: Discussion[]) => items.map((item) => item.name);

  /** Each neighbour pair is in the sort's order, discussionID breaking ties the same way. */
  function expectOrder(items: Discussion[], sort: string, rows: Map<number, Stored>) {
    const desc = sort.startsWith("-");
    const key = sort.replace(/^-/, "") as keyof Stored;
    for (let i = 1; i < items.length; i++) {
      const [a, b] = [rows.get(items[i - 1]!.discussionID)!, rows.get(items[i]!.discussionID)!];
      const order = a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : a.discussionID - b.discussionID;
      expect(desc ? order > 0 : order < 0, `${sort}: ${a.discussionID} before ${b.discussionID}`).toBe(true);
    }
  }

  it("puts recent announcements first, then the most recently active (category pins are not hoisted)", async () => {
    const items = await list("limit=100");
    const rows = await stored();
    expect(items[0]!.name).toBe("Welcome to the Parley community!");
    expect(items[0]).toMatchObject({ pinned: true, pinLocation: "recent", announce: true });
    const rest = items.slice(1);
    expect(rest.every((item) => item.pinLocation !== "recent")).toBe(true);
    expectOrder(rest, "-dateLastComment", rows);
    expect(ids(rest).indexOf(fresh.discussionID)).toBeLessThan(ids(rest).indexOf(pin.discussionID));
    expect(items).toHaveLength(rows.size);
  });

  it("puts a category's pins (announce 1 or 2) first when listing the category; pinOrder=mixed does not", async () => {
    const inGeneral = await list(`categoryID=${f.category.general}`);
    expect(inGeneral[0]).toMatchObject({ discussionID: pin.discussionID, pinLocation: "category" });
    expect(inGeneral.every((item) => item.categoryID === f.category.general)).toBe(true);
    expectOrder(inGeneral.slice(1), "-dateLastComment", await stored());
    const announcements = await list(`categoryID=${f.category.announcements}&sort=dateInserted`);
    expect(announcements[0]!.pinLocation).toBe("recent");
    const mixed = await list(`categoryID=${f.category.general}&pinOrder=mixed`);
    expect(mixed[0]!.discussionID).toBe(fresh.discussionID);
    expectOrder(mixed, "-dateLastComment", await stored());
  });

  it.each(discussionSorts)("sorts by %s", async (sort) => {
    const rows = await stored();
    const items = await list(`sort=${sort}&pinOrder=mixed&limit=100`);
    expect(items).toHaveLength(rows.size);
    expectOrder(items, sort, rows);
    // Announcements still lead with the default pin order, each part in the sort's order.
    const pinnedFirst = await list(`sort=${sort}&limit=100`);
    expect(pinnedFirst[0]!.pinLocation).toBe("recent");
    expectOrder(pinnedFirst.slice(1), sort, rows);
  });

  it("filters by category, with or without the child categories", async () => {
    const { category } = f;
    expect(await list(`categoryID=${category.help}`)).toEqual([]);
    const help = await list(`categoryID=${category.help}&includeChildCategories=true`);
    expect(help.map((item) => item.categoryID).sort()).toEqual(
      [category.installation, category.installation, category.troubleshooting].sort(),
    );
    expect(names(help)).toContain("Port 3000 already in use");
    const ideas = await list(`categoryID=${category.ideas}`);
    expect(ideas.every((item) => item.categoryID === category.ideas)).toBe(true);
    expect(ideas).toHaveLength(3);
    expect((await f.api.get("/api/v2/discussions?categoryID=999999")).statusCode).toBe(404);
  });

  it("takes array params as a comma list or in brackets", async () => {
    const { general, ideas } = f.category;
    const comma = await list(`categoryID=${general},${ideas}`);
    const brackets = await list(`categoryID[0]=${general}&categoryID[1]=${ideas}`);
    const empty = await list(`categoryID[]=${general}&categoryID[]=${ideas}`);
    expect(new Set(comma.map((item) => item.categoryID))).toEqual(new Set([general, ideas]));
    expect(ids(brackets)).toEqual(ids(comma));
    expect(ids(empty)).toEqual(ids(comma));
    const expanded = await list("expand[0]=category&expand[1]=-insertUser&limit=2");
    expect(expanded[0]!.category).toBeDefined();
    expect(expanded[0]!.insertUser).toBeUndefined();
  });

  it("filters by author, tag and pinned", async () => {
    const mine = await list(`insertUserID=${f.users.member.userID}`);
    expect(ids(mine).sort()).toEqual([tagged.discussionID, fresh.discussionID].sort());
    const two = await list(`insertUserID=${f.users.member.userID},${f.adminID}`);
    expect(two.every((item) => [f.users.member.userID, f.adminID].includes(item.insertUserID))).toBe(true);
    expect(two.length).toBeGreaterThan(mine.length);
    const tagID = tagged.tags![0]!.tagID;
    expect(ids(await list(`tagID=${tagID}`))).toEqual([tagged.discussionID]);
    const pinned = await list("pinned=true");
    expect(ids(pinned).sort()).toEqual(
      [pin.discussionID, pinned.find((item) => item.pinLocation === "recent")!.discussionID].sort(),
    );
    const unpinned = await list("pinned=false&limit=100");
    expect(unpinned.some((item) => item.pinned)).toBe(false);
    expect(unpinned.length + pinned.length).toBe((await stored()).size);
  });

  it("filters by hasComments: false lists the discussions no one has answered yet, true the others", async () => {
    const counts = new Map(
      (await f.t.database.db.selectFrom("discussions").select(["discussionID", "countComments"]).execute()).map(
        (row) => [row.discussionID, Number(row.countComments)],
      ),
    );
    const all = await list("limit=100");
    const unanswered = await list("hasComments=false&limit=100");
    const answered = await list("hasComments=true&limit=100");
    expect(unanswered.length).toBeGreaterThan(0);
    expect(answered.length).toBeGreaterThan(0);
    expect(unanswered.every((item) => counts.get(item.discussionID) === 0 && item.countComments === 0)).toBe(true);
    expect(answered.every((item) => counts.get(item.discussionID)! > 0)).toBe(true);
    expect(ids([...unanswered, ...answered]).sort()).toEqual(ids(all).sort());
    // A first comment takes a discussion off the unanswered list.
    const { discussionID } = await postDiscussion(f.api, f.as.other, { name: "Asked", categoryID: f.category.general });
    expect(ids(await list("hasComments=false&limit=100"))).toContain(discussionID);
    await postComment(f.api, f.as.other, discussionID, "An answer");
    expect(ids(await list("hasComments=false&limit=100"))).not.toContain(discussionID);
    const bad = await f.api.get("/api/v2/discussions?hasComments=perhaps");
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: [{ field: "hasComments" }] });
  });

  it("filters by dateInserted: a day, a [from,to] range and operator forms", async () => {
    const all = await list("limit=100");
    const day = (item: Discussion) => item.dateInserted.slice(0, 10);
    const days = [...new Set(all.map(day))].sort();
    const [first, second] = [days[1]!, days[days.length - 2]!];
    const onDay = await list(`dateInserted=${first}`);
    expect(onDay.length).toBeGreaterThan(0);
    expect(ids(onDay).sort()).toEqual(ids(all.filter((item) => day(item) === first)).sort());
    const range = await list(`dateInserted=${encodeURIComponent(`[${first},${second}]`)}&limit=100`);
    expect(ids(range).sort()).toEqual(ids(all.filter((item) => day(item) >= first && day(item) <= second)).sort());
    const since = await list(`dateInserted=${encodeURIComponent(`>=${second}`)}&limit=100`);
    expect(ids(since).sort()).toEqual(ids(all.filter((item) => day(item) >= second)).sort());
    const before = await list(`dateInserted=${encodeURIComponent(`<${first}`)}&limit=100`);
    expect(ids(before).sort()).toEqual(ids(all.filter((item) => day(item) < first)).sort());
    const bad = await f.api.get("/api/v2/discussions?dateInserted=yesterday-ish");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: "Validation Failed", errors: [{ field: "dateInserted" }] });
  });

  it("lists a member's bookmarks for that member; someone else's need community.moderate", async () => {
    const query = `bookmarkUserID=${f.users.member.userID}`;
    const own = await list(query, "member");
    expect(ids(own)).toEqual([tagged.discussionID]);
    expect(own[0]!.bookmarked).toBe(true);
    for (const as of [f.as.other, null]) {
      const response = await f.api.get(`/api/v2/discussions?${query}`, { as });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: "Permission Problem", permissions: ["community.moderate"] });
    }
    const seenByModerator = await list(query, "moderator");
    expect(ids(seenByModerator)).toEqual([tagged.discussionID]);
    expect(seenByModerator[0]!.bookmarked).toBe(false);
  });

  it("pages with Vanilla's headers: result count, absolute next/prev URLs, page 2", async () => {
    const total = (await stored()).size;
    const first = await f.api.get("/api/v2/discussions?limit=4", { as: f.as.member });
    const h = first.headers;
    expect(h[paginationHeaders.resultCount]).toBe(String(total));
    expect(h[paginationHeaders.current]).toBe("1");
    expect(h[paginationHeaders.limit]).toBe("4");
    expect(h[paginationHeaders.nextUrl]).toBe("http://forum.test/api/v2/discussions?limit=4&page=2");
    expect(h[paginationHeaders.prevUrl]).toBeUndefined();
    expect(h[paginationHeaders.lastUrl]).toBe(
      `http://forum.test/api/v2/discussions?limit=4&page=${Math.ceil(total / 4)}`,
    );
    const second = await f.api.get("/api/v2/discussions?limit=4&page=2", { as: f.as.member });
    expect(second.headers[paginationHeaders.prevUrl]).toBe("http://forum.test/api/v2/discussions?limit=4&page=1");
    expect(second.headers[paginationHeaders.current]).toBe("2");
    const eight = await list("limit=8", "member");
    expect([...ids(first.json<Discussion[]>()), ...ids(second.json<Discussion[]>())]).toEqual(ids(eight));
    const last = await f.api.get(`/api/v2/discussions?limit=4&page=${Math.ceil(total / 4)}`);
    expect(last.headers[paginationHeaders.nextUrl]).toBeUndefined();
    expect(last.json<Discussion[]>()).toHaveLength(total % 4 || 4);
    const defaults = await f.api.get("/api/v2/discussions?limit=30&page=1&sort=-dateInserted");
    expect(defaults.headers[paginationHeaders.firstUrl]).toBe(
      "http://forum.test/api/v2/discussions?sort=-dateInserted&page=1",
    );
  });

  it("expands insertUser and lastUser by default; -insertUser drops it", async () => {
    const [item] = await list(`discussionID=${fresh.discussionID}`);
    expect(item!.insertUser).toMatchObject({ userID: f.users.member.userID, name: "List Member" });
    expect(item!.lastUser).toMatchObject({ userID: f.users.member.userID });
    expect(item!.body).toContain("<strong>text</strong>");
    for (const key of ["category", "lastPost", "tags", "breadcrumbs", "excerpt", "reactions", "permissions"])
      expect(item).not.toHaveProperty(key);
    const [dropped] = await list(`discussionID=${fresh.discussionID}&expand=-insertUser`);
    expect(dropped).not.toHaveProperty("insertUser");
    expect(dropped!.lastUser).toBeDefined();
  });

  it("expands category, lastPost, tags, breadcrumbs, excerpt, reactions and permissions", async () => {
    const withComments = (await list("limit=100")).find((item) => item.name === "Running Parley on PostgreSQL")!;
    const query = (expand: string, id = withComments.discussionID) =>
      list(`discussionID=${id}&expand=${expand}`, "member");
    const [category] = await query("category");
    expect(category!.category).toEqual({
      categoryID: f.category.installation,
      name: "Installation",
      url: "http://forum.test/categories/installation",
    });
    const [last] = await query("lastPost");
    expect(last!.lastPost).toMatchObject({ discussionID: withComments.discussionID, insertUserID: last!.lastUserID });
    expect(last!.lastPost!.commentID).toBeTypeOf("number");
    expect(last!.lastPost!.url).toBe(
      `http://forum.test/discussion/comment/${last!.lastPost!.commentID}#Comment_${last!.lastPost!.commentID}`,
    );
    const [noComments] = await query("lastPost", fresh.discussionID);
    expect(noComments!.lastPost).toMatchObject({ discussionID: fresh.discussionID, name: "Fresh talk" });
    expect(noComments!.lastPost!.commentID).toBeUndefined();
    const [tags] = await query("tags", tagged.discussionID);
    expect(tags!.tags).toEqual([{ tagID: tagged.tags![0]!.tagID, name: "List Tag", urlcode: "list-tag" }]);
    expect(tags!.tagIDs).toEqual([tagged.tags![0]!.tagID]);
    const [crumbs] = await query("breadcrumbs");
    expect(crumbs!.breadcrumbs!.map((crumb) => crumb.name)).toEqual(["Home", "Help & Support", "Installation"]);
    const [excerpt] = await list(`discussionID=${withComments.discussionID}&expand=excerpt&excerptLength=20`);
    expect(excerpt!.excerpt!.startsWith("Set DATABASE_URL")).toBe(true);
    expect(excerpt!.excerpt!.length).toBeLessThanOrEqual(21);
    const [reactions] = await query("reactions");
    expect(reactions!.reactions).toEqual([]);
    const [own] = await query("permissions", fresh.discussionID);
    expect(own!.permissions).toMatchObject({
      "discussions.edit": true,
      "discussions.delete": false,
      "comments.add": true,
    });
    const [others] = await query("permissions");
    expect(others!.permissions).toMatchObject({ "discussions.edit": false, "curation.manage": false });
    // Bulk actions are the moderators' (discussions.manage); an author's own record does not grant them.
    expect(own!.permissions!["discussions.manage"]).toBe(false);
    const [moderated] = await list(`discussionID=${withComments.discussionID}&expand=permissions`, "moderator");
    expect(moderated!.permissions).toMatchObject({
      "discussions.edit": true,
      "discussions.delete": true,
      "discussions.manage": true,
      "curation.manage": true,
    });
  });

  it("expands everything with expand=all, and the guest's records match the contract too", async () => {
    for (const as of [null, "member", "admin"] as const) {
      const items = await list("expand=all&limit=100", as);
      for (const key of [
        "category",
        "lastPost",
        "tags",
        "tagIDs",
        "breadcrumbs",
        "excerpt",
        "reactions",
        "permissions",
      ])
        expect(
          items.every((item) => key in item),
          `${key} for ${as}`,
        ).toBe(true);
    }
    const guest = await list("limit=5");
    expect(guest.every((item) => item.countUnread === undefined && item.unread === false)).toBe(true);
  });

  it("lists 30 discussions with expand=all in as many queries as 3 (no N+1)", async () => {
    const { api, admin, as, category } = f;
    const tagID = tagged.tags![0]!.tagID;
    for (let i = 0; i < 24; i++) {
      const discussion = await postDiscussion(api, admin, {
        name: `Batch ${i}`,
        categoryID: i % 2 ? category.general : category.installation,
        ...(i % 3 === 0 ? { tagIDs: [tagID] } : {}),
      });
      if (i % 4 === 0) await postComment(api, as.member, discussion.discussionID, `Reply ${i}`);
      if (i % 5 === 0)
        await api.post(
          `/api/v2/discussions/${discussion.discussionID}/reactions`,
          { reactionType: "like" },
          { as: as.other },
        );
    }
    const measure = async (limit: number, as: Session | null, filter = "") => {
      const url = `/api/v2/discussions?limit=${limit}&expand=all${filter}`;
      const result = await api.get(url, { as }); // warms the caches (category tree, permissions, site config)
      expect(result.statusCode).toBe(200);
      expect(result.json<Discussion[]>()).toHaveLength(limit);
      return fewestQueries(() => api.get(url, { as }));
    };
    // What signing a request in costs (session, user, roles): GET /reactions reads only cached types.
    await api.get("/api/v2/reactions", { as: as.member });
    const session = await fewestQueries(() => api.get("/api/v2/reactions", { as: as.member }));
    const counts = {
      guest: [await measure(3, null), await measure(30, null)],
      member: [await measure(3, as.member), await measure(30, as.member)],
    };
    console.info(`GET /discussions?expand=all on ${engine}: ${JSON.stringify(counts)} for [3, 30]; session ${session}`);
    expect(counts.guest[1]).toBe(counts.guest[0]);
    expect(counts.member[1]).toBe(counts.member[0]);
    // Filtered by post type (a site's own or an original one), in the same queries.
    const byPostType = "&postTypeID=discussion,job";
    expect(await measure(30, as.member, byPostType)).toBe(await measure(3, as.member, byPostType));
    // The list's own queries stay small; a signed-in request also looks its session up first.
    expect(counts.guest[0]).toBeLessThanOrEqual(10);
    expect(counts.member[0]! - session).toBeLessThanOrEqual(10);
  });

  it("filters discussions and comments by a reaction type the record received (reactionType), in fixed queries", async () => {
    const { api, as, users, category } = f;
    const liked = await postDiscussion(api, as.member, { name: "Liked by other", categoryID: category.general });
    const plain = await postDiscussion(api, as.member, { name: "Not liked", categoryID: category.general });
    const likedComment = await postComment(api, as.member, plain.discussionID, "A liked reply");
    const plainComment = await postComment(api, as.member, plain.discussionID, "A plain reply");
    for (const path of [`discussions/${liked.discussionID}`, `comments/${likedComment.commentID}`]) {
      const response = await api.post(`/api/v2/${path}/reactions`, { reactionType: "like" }, { as: as.other });
      expect(response.statusCode).toBe(201);
    }
    // Another type on the plain records: only the named type counts.
    await api.post(`/api/v2/discussions/${plain.discussionID}/reactions`, { reactionType: "lol" }, { as: as.other });
    await api.post(`/api/v2/comments/${plainComment.commentID}/reactions`, { reactionType: "lol" }, { as: as.other });

    const member = users.member.userID;
    const discussions = await api.get(`/api/v2/discussions?insertUserID=${member}&reactionType=like`);
    expect(ids(discussions.json<Discussion[]>())).toEqual([liked.discussionID]);
    expect(discussions.headers["x-app-page-result-count"]).toBe("1");
    const comments = await getComments(api, `insertUserID=${member}&reactionType=like`);
    expect(comments.map((item) => item.commentID)).toEqual([likedComment.commentID]);
    expect(ids(await list(`insertUserID=${member}&reactionType=LOL`))).toEqual([plain.discussionID]);

    for (const path of ["discussions", "comments"]) {
      const unknown = await api.get(`/api/v2/${path}?insertUserID=${member}&reactionType=nope`);
      expect([unknown.statusCode, unknown.json<{ errors: unknown }>().errors]).toEqual([
        400,
        [expect.objectContaining({ field: "reactionType", code: "invalid" })],
      ]);
    }

    // Both liked: the filter is one EXISTS, so two rows cost what one does.
    await api.post(
      `/api/v2/discussions/${plain.discussionID}/reactions`,
      { reactionType: "like" },
      { as: as.moderator },
    );
    const measure = async (limit: number) => {
      const url = `/api/v2/discussions?insertUserID=${member}&reactionType=like&sort=-dateInserted&limit=${limit}`;
      const result = await api.get(url);
      return [result.json<Discussion[]>().length, await fewestQueries(() => api.get(url))];
    };
    const [one, two] = [await measure(1), await measure(2)];
    expect([one[0], two[0]]).toEqual([1, 2]);
    expect(two[1]).toBe(one[1]);
  });
});
