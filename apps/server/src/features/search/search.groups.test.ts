import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { paginationHeaders, SearchResult, type Group, type SearchResult as Result } from "@parley/contracts";
import type { Session } from "../../test/accounts.ts";
import { expectSchema, postDiscussion } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";
import { addMember, createGroupFixture, postGroup, type GroupFixture } from "../../test/groups.ts";
import { down, up } from "../../db/migrations/0030_search_groups.ts";
import { createSearchEngine } from "./search.engine.ts";

type Who = "guest" | "outsider" | "member" | "leader" | "moderator" | "admin";
type Privacy = "public" | "private" | "secret";

/**
 * Groups in search (recordType `group`): found by their name and description, indexed as they change, and
 * found only by those who may know them: public and private groups by everyone who reads the site, secret
 * ones by their members and `groups.moderate` only, in results, counts and suggestions alike.
 */
describe.each(engines)("searching groups on %s", (engine) => {
  let f: GroupFixture;
  const groups = {} as Record<Privacy, Group>;
  const everyone: Who[] = ["guest", "outsider", "member", "leader", "moderator", "admin"];
  /** Who finds each privacy's group: the member belongs to the secret group (the leader leads all three). */
  const finders: Record<Privacy, Who[]> = {
    public: everyone,
    private: everyone,
    secret: ["member", "leader", "moderator", "admin"],
  };
  const as = (who: Who): Session | null => (who === "guest" ? null : who === "admin" ? f.admin : f.as[who]);

  const search = async (query: string, who: Session | null = null) => {
    const response = await f.api.get(`/api/v2/search?${query}`, { as: who });
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json<Result[]>();
    for (const item of items) expectSchema(SearchResult, item, `GET /search?${query}`);
    return { items, total: Number(response.headers[paginationHeaders.resultCount]) };
  };
  const keys = (items: Result[]) => items.map((item) => `${item.recordType}:${item.recordID}`).sort();
  const groupKeys = (...privacies: Privacy[]) => privacies.map((privacy) => `group:${groups[privacy].groupID}`).sort();
  const suggest = (query: string, who: Session | null, domain = "group") =>
    search(new URLSearchParams({ query, domain, matchMode: "prefix", collapse: "true", limit: "10" }).toString(), who);

  beforeAll(async () => {
    f = await createGroupFixture(engine);
    const described: Record<Privacy, string> = {
      public: "An open crew of xylarch paddlers.",
      private: "A closed loom circle for xylarch dyes.",
      secret: "Hidden maps of the xylarch caves.",
    };
    const named: Record<Privacy, string> = {
      public: "Glimmerfen Rowers",
      private: "Glimmerfen Weavers",
      secret: "Glimmerfen Cartographers",
    };
    for (const privacy of ["public", "private", "secret"] as const)
      groups[privacy] = await postGroup(f, { name: named[privacy], description: described[privacy], privacy });
    await addMember(f, groups.secret.groupID, f.users.member.userID);
    await postDiscussion(f.api, f.as.outsider, {
      name: "Glimmerfen boat race",
      body: "Who rows on the xylarch this year?",
      categoryID: f.category.general,
    });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it("finds a group by a word of its name or its description, as a group result", async () => {
    const byName = await search("query=rowers&domain=group&expand=body,breadcrumbs");
    expect(keys(byName.items)).toEqual(groupKeys("public"));
    const group = byName.items[0]!;
    const origin = new URL(group.url).origin;
    expect(group).toMatchObject({
      recordType: "group",
      type: "group",
      recordID: groups.public.groupID,
      groupID: groups.public.groupID,
      name: "Glimmerfen Rowers",
      url: `${origin}/group/${groups.public.groupID}-glimmerfen-rowers`,
      privacy: "public",
      categoryID: groups.public.categoryID,
      discussionID: null,
      body: "An open crew of xylarch paddlers.",
      breadcrumbs: [
        { name: "Home", url: `${origin}/` },
        { name: "Groups", url: `${origin}/groups` },
      ],
    });
    const byDescription = await search("query=paddlers&domain=group&expand=body");
    expect(keys(byDescription.items)).toEqual(groupKeys("public"));
    expect(byDescription.items[0]!.body).toContain("<mark>paddlers</mark>");
    const loom = await search("query=loom&recordTypes=group");
    expect(keys(loom.items)).toEqual(groupKeys("private"));
    expect(loom.items[0]!.privacy).toBe("private");
    const caves = await search("query=caves&domain=group", f.as.member);
    expect(keys(caves.items)).toEqual(groupKeys("secret"));
    expect(caves.items[0]).toMatchObject({ privacy: "secret", categoryID: groups.secret.categoryID });
  });

  it("shows a secret group only to its members and groups.moderate: results, counts, all content and suggestions", async () => {
    for (const who of everyone) {
      const expected = groupKeys(...(["public", "private", "secret"] as const).filter((p) => finders[p].includes(who)));
      const byName = await search("query=glimmerfen&domain=group", as(who));
      expect(keys(byName.items), `${who}: by name`).toEqual(expected);
      expect(byName.total, `${who}: counted`).toBe(expected.length);
      const byDescription = await search("query=xylarch&domain=group", as(who));
      expect(keys(byDescription.items), `${who}: by description`).toEqual(expected);
      // Newest first as well (each engine reads that order its own way).
      const newest = await search("query=glimmerfen&domain=group&sort=-dateInserted", as(who));
      expect(keys(newest.items), `${who}: newest first`).toEqual(expected);
      const all = await search("query=xylarch&domain=all_content", as(who));
      expect(keys(all.items.filter((item) => item.recordType === "group")), `${who}: all content`).toEqual(expected);
      expect(all.total, `${who}: all content counted`).toBe(expected.length + 1);
      // The title bar's suggestions: the beginning of a name.
      const suggested = await suggest("glimmerf", as(who));
      expect(keys(suggested.items), `${who}: suggested`).toEqual(expected);
      expect(suggested.total, `${who}: suggestions counted`).toBe(expected.length);
      const suggestedAll = await suggest("glimmerf", as(who), "all_content");
      expect(
        keys(suggestedAll.items.filter((item) => item.recordType === "group")),
        `${who}: suggested in all`,
      ).toEqual(expected);
      expect(keys((await suggest("cartog", as(who))).items), `${who}: suggested secret`).toEqual(
        finders.secret.includes(who) ? groupKeys("secret") : [],
      );
    }
  });

  it("follows membership and privacy at once", async () => {
    const finds = async () =>
      keys((await search("query=cartographers&domain=group", f.as.outsider)).items).length === 1;
    expect(await finds()).toBe(false);
    await addMember(f, groups.secret.groupID, f.users.outsider.userID);
    expect(await finds()).toBe(true);
    const removed = await f.api.delete(`/api/v2/groups/${groups.secret.groupID}/members/${f.users.outsider.userID}`, {
      as: f.as.leader,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await finds()).toBe(false);

    const patch = async (privacy: Privacy) => {
      const response = await f.api.patch(`/api/v2/groups/${groups.private.groupID}`, { privacy }, { as: f.as.leader });
      expect(response.statusCode, response.body).toBe(200);
    };
    await patch("secret");
    for (const who of ["guest", "outsider"] as const) {
      expect((await search("query=weavers&domain=group", as(who))).items, who).toEqual([]);
      expect((await suggest("weav", as(who))).items, who).toEqual([]);
    }
    expect(keys((await search("query=weavers&domain=group", f.as.moderator)).items)).toEqual(groupKeys("private"));
    await patch("private");
    expect(keys((await search("query=weavers&domain=group")).items)).toEqual(groupKeys("private"));
  });

  it("keeps groups to the group and all content domains, out of searches within categories or by author", async () => {
    const recordTypes = async (query: string) =>
      [...new Set((await search(query, f.admin)).items.map((item) => item.recordType))].sort();
    expect(await recordTypes("query=glimmerfen&domain=all_content")).toEqual(["discussion", "group"]);
    expect(await recordTypes("query=glimmerfen&domain=discussions")).toEqual(["discussion"]);
    expect(await recordTypes("query=glimmerfen&domain=group")).toEqual(["group"]);
    expect(await recordTypes("query=glimmerfen&recordTypes=discussion,group")).toEqual(["discussion", "group"]);
    expect(await recordTypes(`query=glimmerfen&domain=all_content&categoryID=${f.category.general}`)).toEqual([
      "discussion",
    ]);
    // Not even within the categories their documents name: the groups' parent, or a group's own.
    const parent = await f.t.database.db
      .selectFrom("categories")
      .select("categoryID")
      .where("groupID", "=", 0)
      .executeTakeFirstOrThrow();
    for (const categoryID of [parent.categoryID, groups.secret.categoryID])
      expect(await recordTypes(`query=glimmerfen&domain=all_content&categoryID=${categoryID}`)).toEqual([]);
    expect(await recordTypes(`query=glimmerfen&domain=group&categoryIDs=${parent.categoryID}`)).toEqual([]);
    const author = encodeURIComponent("Group Leader");
    expect(await recordTypes(`query=glimmerfen&domain=all_content&authors=${author}`)).toEqual([]);
    // Author names mean nothing to a search of groups alone: ignored.
    expect(await recordTypes(`query=glimmerfen&domain=group&authors=${author}`)).toEqual(["group"]);
    // A group's category is never found as a category, nor the groups' parent.
    expect((await search("query=glimmerfen&domain=category", f.admin)).items).toEqual([]);
    expect((await search("query=social&domain=category", f.admin)).items).toEqual([]);
  });

  it("gives posts in a group the group, and Groups › the group as their trail", async () => {
    const inGroup = await postDiscussion(f.api, f.as.leader, {
      groupID: groups.public.groupID,
      name: "Quillwort regatta",
      body: "Rowing on Sunday.",
    } as never);
    const found = (await search("query=quillwort&expand=breadcrumbs")).items;
    expect(keys(found)).toEqual([`discussion:${inGroup.discussionID}`]);
    const origin = new URL(found[0]!.url).origin;
    expect(found[0]).toMatchObject({
      groupID: groups.public.groupID,
      breadcrumbs: [
        { name: "Home", url: `${origin}/` },
        { name: "Groups", url: `${origin}/groups` },
        { name: "Glimmerfen Rowers", url: `${origin}/group/${groups.public.groupID}-glimmerfen-rowers` },
      ],
    });
    const elsewhere = (await search("query=boat&domain=discussions")).items;
    expect(elsewhere[0]!.groupID).toBeNull();
  });

  it("re-indexes a renamed or re-described group, and removes a deleted one", async () => {
    const group = await postGroup(f, {
      name: "Brambleton Knitters",
      description: "Scarves of zorvex wool.",
      privacy: "secret",
    });
    expect(keys((await search("query=brambleton&domain=group", f.as.leader)).items)).toEqual([
      `group:${group.groupID}`,
    ]);
    expect((await search("query=brambleton&domain=group", f.as.outsider)).items).toEqual([]);

    const renamed = await f.api.patch(
      `/api/v2/groups/${group.groupID}`,
      { name: "Thistledown Knitters", description: "Hats of quorble yarn.", privacy: "public" },
      { as: f.as.leader },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    for (const who of [null, f.as.leader]) {
      expect((await search("query=brambleton&domain=group", who)).items).toEqual([]);
      expect((await search("query=zorvex&domain=group", who)).items).toEqual([]);
      expect((await suggest("brambl", who)).items).toEqual([]);
    }
    const found = (await search("query=thistledown&domain=group")).items;
    expect(keys(found)).toEqual([`group:${group.groupID}`]);
    expect(found[0]!.url).toMatch(new RegExp(`/group/${group.groupID}-thistledown-knitters$`));
    expect(keys((await search("query=quorble&domain=group")).items)).toEqual([`group:${group.groupID}`]);
    expect(keys((await suggest("thistle", null)).items)).toEqual([`group:${group.groupID}`]);

    const removed = await f.api.delete(`/api/v2/groups/${group.groupID}`, { as: f.as.leader });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await search("query=thistledown&domain=group", f.admin)).items).toEqual([]);
    expect((await suggest("thistle", f.admin)).items).toEqual([]);
  });

  it("rebuilds with the groups, each as visible as before (npm run reindex)", async () => {
    await createSearchEngine(f.t.database).indexer.rebuild();
    // Words not searched before: the answers are not cached ones.
    expect(keys((await search("query=crew&domain=group", f.as.outsider)).items)).toEqual(groupKeys("public"));
    expect((await search("query=hidden&domain=group", f.as.outsider)).items).toEqual([]);
    expect(keys((await search("query=hidden&domain=group", f.as.member)).items)).toEqual(groupKeys("secret"));
    expect((await search("query=glimmerfen&domain=category", f.admin)).items).toEqual([]);
  });

  it("migration 0030 queues the groups already there, and their categories, and its triggers follow changes", async () => {
    const db = f.t.database.db;
    const groupCategories = (
      await db.selectFrom("categories").select("categoryID").where("groupID", "is not", null).execute()
    )
      .map((row) => `category:${row.categoryID}`)
      .sort();
    expect(groupCategories.length).toBeGreaterThan(3);
    // In one transaction, so no drain of this process takes the queue before it is read.
    const queued = await db.transaction().execute(async (trx) => {
      const raw = trx as unknown as Kysely<unknown>;
      await down(raw, engine);
      await trx.deleteFrom("searchQueue").execute();
      // Without the triggers a change queues nothing.
      await trx
        .updateTable("groups")
        .set({ description: "Quiet." })
        .where("groupID", "=", groups.public.groupID)
        .execute();
      expect(await trx.selectFrom("searchQueue").selectAll().execute()).toEqual([]);
      await up(raw, engine);
      const rows = await trx.selectFrom("searchQueue").select(["recordType", "recordID"]).execute();
      await trx
        .updateTable("groups")
        .set({ name: "Glimmerfen Scullers" })
        .where("groupID", "=", groups.public.groupID)
        .execute();
      const after = await trx.selectFrom("searchQueue").select(["recordType", "recordID"]).orderBy("queueID").execute();
      return { rows, added: after.length - rows.length, last: after.at(-1) };
    });
    const everyGroup = (await db.selectFrom("groups").select("groupID").execute()).map((row) => `group:${row.groupID}`);
    expect(queued.rows.map((row) => `${row.recordType}:${row.recordID}`).sort()).toEqual(
      [...everyGroup, ...groupCategories].sort(),
    );
    expect(queued.added).toBe(1);
    expect(queued.last).toEqual({ recordType: "group", recordID: groups.public.groupID });
    // A write drains the queue before its answer: the group is found by its new name.
    await postDiscussion(f.api, f.as.outsider, { name: "Any news", categoryID: f.category.general });
    expect(keys((await search("query=scullers&domain=group")).items)).toEqual(groupKeys("public"));
  });
});
