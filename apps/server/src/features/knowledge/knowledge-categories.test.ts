import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { knowledgeRules, paginationHeaders, type KnowledgeBase, type KnowledgeCategory } from "@parley/contracts";
import { engines } from "../../test/databases.ts";
import { expectSchema } from "../../test/content.ts";
import {
  createKnowledgeFixture,
  getBase,
  getCategory,
  KnowledgeCategoryList,
  postArticle,
  postBase,
  postCategory,
  type KnowledgeFixture,
} from "../../test/knowledge.ts";

describe.each(engines)("knowledge categories API on %s", (engine) => {
  let f: KnowledgeFixture;
  let base: KnowledgeBase;
  const changes: number[] = [];
  beforeAll(async () => {
    f = await createKnowledgeFixture(engine);
    f.t.app.platform.events.on("knowledge.changed", ({ knowledgeBaseID }) => void changes.push(knowledgeBaseID));
    base = await postBase(f, { name: "Categories Base" });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const url = (id: number) => `/api/v2/knowledge-categories/${id}`;
  const counts = (category: KnowledgeCategory) => [
    category.countArticles,
    category.countArticlesRecursive,
    category.countChildCategories,
  ];

  it("lists a base's categories with numbered paging headers and the demo counts", async () => {
    const help = (await f.api.get("/api/v2/knowledge-bases")).json<KnowledgeBase[]>()[0]!;
    const response = await f.api.get(`/api/v2/knowledge-categories?knowledgeBaseID=${help.knowledgeBaseID}&limit=2`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers[paginationHeaders.resultCount]).toBe("4");
    expect(response.headers[paginationHeaders.nextUrl]).toBe(
      `http://forum.test/api/v2/knowledge-categories?knowledgeBaseID=${help.knowledgeBaseID}&limit=2&page=2`,
    );
    const firstPage = response.json<KnowledgeCategory[]>();
    expectSchema(KnowledgeCategoryList, firstPage);
    expect(firstPage[0]).toMatchObject({ parentID: -1, countArticlesRecursive: 8, countChildCategories: 3 });
    const top = (
      await f.api.get(
        `/api/v2/knowledge-categories?knowledgeBaseID=${help.knowledgeBaseID}&parentID=${help.rootCategoryID}`,
      )
    ).json<KnowledgeCategory[]>();
    expect(top.map((category) => [category.name, ...counts(category)])).toEqual([
      ["Getting Started", 3, 3, 0],
      ["Your Account", 3, 3, 0],
      ["Posting and Moderation", 2, 2, 0],
    ]);
    expect(top[0]!.url).toBe(`http://forum.test/kb/categories/${top[0]!.knowledgeCategoryID}-getting-started`);
  });

  it("creates, renames and answers breadcrumbs; members may not write", async () => {
    changes.length = 0;
    const parent = await postCategory(f, { name: "Parent", parentID: base.rootCategoryID, sort: 1 });
    // Caches (the guests' API answers) hear of every change to a base's categories.
    expect(changes).toEqual([base.knowledgeBaseID]);
    expect(parent).toMatchObject({ knowledgeBaseID: base.knowledgeBaseID, parentID: base.rootCategoryID, sort: 1 });
    const child = await postCategory(f, { name: "Child", parentID: parent.knowledgeCategoryID }, f.admin);
    const response = await f.api.get(`${url(child.knowledgeCategoryID)}?expand=breadcrumbs`);
    expect(response.json<KnowledgeCategory>().breadcrumbs).toEqual([
      { name: "Home", url: "http://forum.test/" },
      { name: "Categories Base", url: `http://forum.test${"/kb/" + base.urlCode}` },
      { name: "Parent", url: `http://forum.test/kb/categories/${parent.knowledgeCategoryID}-parent` },
      { name: "Child", url: `http://forum.test/kb/categories/${child.knowledgeCategoryID}-child` },
    ]);
    expect((await f.api.get(url(child.knowledgeCategoryID))).json<KnowledgeCategory>().breadcrumbs).toBeUndefined();
    const renamed = await f.api.patch(url(child.knowledgeCategoryID), { name: "Kid", sort: 4 }, { as: f.as.moderator });
    expect(renamed.json<KnowledgeCategory>()).toMatchObject({
      name: "Kid",
      sort: 4,
      updateUserID: f.users.moderator.userID,
    });

    const body = { name: "Nope", parentID: base.rootCategoryID };
    expect((await f.api.post("/api/v2/knowledge-categories", body, { as: f.as.member })).statusCode).toBe(403);
    expect((await f.api.post("/api/v2/knowledge-categories", body)).statusCode).toBe(403);
    expect((await f.api.patch(url(child.knowledgeCategoryID), { name: "X" }, { as: f.as.member })).statusCode).toBe(
      403,
    );
    expect((await f.api.delete(url(child.knowledgeCategoryID), { as: f.as.member })).statusCode).toBe(403);
  });

  it("refuses an unknown parent, an empty name, moves under itself and too deep a tree", async () => {
    const unknown = await f.api.post("/api/v2/knowledge-categories", { name: "X", parentID: 999999 }, { as: f.admin });
    expect([unknown.statusCode, unknown.json<{ errors: Array<{ field: string }> }>().errors[0]!.field]).toEqual([
      422,
      "parentID",
    ]);
    const empty = await f.api.post(
      "/api/v2/knowledge-categories",
      { name: " ", parentID: base.rootCategoryID },
      { as: f.admin },
    );
    expect(empty.statusCode).toBe(422);

    const chain: KnowledgeCategory[] = [];
    let parentID = base.rootCategoryID;
    for (let depth = 1; depth <= knowledgeRules.maxCategoryDepth; depth++) {
      const category = await postCategory(f, { name: `Level ${depth}`, parentID });
      chain.push(category);
      parentID = category.knowledgeCategoryID;
    }
    const tooDeep = await f.api.post("/api/v2/knowledge-categories", { name: "Too deep", parentID }, { as: f.admin });
    expect(tooDeep.statusCode).toBe(422);
    expect(tooDeep.json<{ errors: Array<{ message: string }> }>().errors[0]!.message).toContain("at most");
    const underItself = await f.api.patch(
      url(chain[1]!.knowledgeCategoryID),
      { parentID: chain[3]!.knowledgeCategoryID },
      { as: f.admin },
    );
    expect(underItself.statusCode).toBe(422);
    expect(underItself.json<{ errors: Array<{ message: string }> }>().errors[0]!.message).toContain("under itself");
    // Level 2 has three levels below it: under a second-level category it would make six levels.
    const sibling = await postCategory(f, { name: "Sibling", parentID: base.rootCategoryID });
    const nephew = await postCategory(f, { name: "Nephew", parentID: sibling.knowledgeCategoryID });
    const deepMove = await f.api.patch(
      url(chain[1]!.knowledgeCategoryID),
      { parentID: nephew.knowledgeCategoryID },
      { as: f.admin },
    );
    expect(deepMove.statusCode).toBe(422);
    // Under a top-level one it makes five: allowed.
    const fits = await f.api.patch(
      url(chain[1]!.knowledgeCategoryID),
      { parentID: sibling.knowledgeCategoryID },
      { as: f.admin },
    );
    expect(fits.statusCode, fits.body).toBe(200);
    const rootMove = await f.api.patch(
      url(base.rootCategoryID),
      { parentID: sibling.knowledgeCategoryID },
      { as: f.admin },
    );
    expect(rootMove.statusCode).toBe(422);
  });

  it("keeps the counts right after creates, moves, status changes and deletes", async () => {
    const b = await postBase(f, { name: "Counting" });
    const a = await postCategory(f, { name: "A", parentID: b.rootCategoryID });
    const a1 = await postCategory(f, { name: "A1", parentID: a.knowledgeCategoryID });
    const z = await postCategory(f, { name: "Z", parentID: b.rootCategoryID });
    const one = await postArticle(f, { knowledgeCategoryID: a.knowledgeCategoryID });
    await postArticle(f, { knowledgeCategoryID: a1.knowledgeCategoryID });
    await postArticle(f, { knowledgeCategoryID: a1.knowledgeCategoryID });
    expect(counts(await getCategory(f, a.knowledgeCategoryID))).toEqual([1, 3, 1]);
    expect(counts(await getCategory(f, b.rootCategoryID))).toEqual([0, 3, 2]);
    expect(await getBase(f, b.knowledgeBaseID)).toMatchObject({ countArticles: 3, countCategories: 3 });

    // Move A1 (two articles) under Z.
    const moved = await f.api.patch(
      url(a1.knowledgeCategoryID),
      { parentID: z.knowledgeCategoryID },
      { as: f.as.moderator },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(counts(await getCategory(f, a.knowledgeCategoryID))).toEqual([1, 1, 0]);
    expect(counts(await getCategory(f, z.knowledgeCategoryID))).toEqual([0, 2, 1]);

    // Move an article, then delete it (status).
    await f.api.patch(
      `/api/v2/articles/${one.articleID}`,
      { knowledgeCategoryID: z.knowledgeCategoryID },
      { as: f.as.moderator },
    );
    expect(counts(await getCategory(f, a.knowledgeCategoryID))).toEqual([0, 0, 0]);
    expect(counts(await getCategory(f, z.knowledgeCategoryID))).toEqual([1, 3, 1]);
    await f.api.patch(`/api/v2/articles/${one.articleID}/status`, { status: "deleted" }, { as: f.as.moderator });
    expect(counts(await getCategory(f, z.knowledgeCategoryID))).toEqual([0, 2, 1]);
    expect((await getBase(f, b.knowledgeBaseID)).countArticles).toBe(2);

    // A category with a (deleted) article or a child is kept; an empty one goes.
    const withArticle = await f.api.delete(url(z.knowledgeCategoryID), { as: f.as.moderator });
    expect([withArticle.statusCode, withArticle.json<{ message: string }>().message]).toEqual([
      409,
      "This category still has articles.",
    ]);
    await f.api.patch(
      `/api/v2/articles/${one.articleID}`,
      { knowledgeCategoryID: a.knowledgeCategoryID },
      { as: f.as.moderator },
    );
    const withChild = await f.api.delete(url(z.knowledgeCategoryID), { as: f.as.moderator });
    expect([withChild.statusCode, withChild.json<{ message: string }>().message]).toEqual([
      409,
      "This category still has child categories.",
    ]);
    const root = await f.api.delete(url(b.rootCategoryID), { as: f.admin });
    expect(root.statusCode).toBe(409);
    const empty = await postCategory(f, { name: "Empty", parentID: z.knowledgeCategoryID });
    expect((await f.api.delete(url(empty.knowledgeCategoryID), { as: f.as.moderator })).statusCode).toBe(204);
    expect((await f.api.get(url(empty.knowledgeCategoryID))).statusCode).toBe(404);
    expect(counts(await getCategory(f, z.knowledgeCategoryID))).toEqual([0, 2, 1]);
    expect((await getBase(f, b.knowledgeBaseID)).countCategories).toBe(3);
  });

  it("reorders and moves categories in one transaction through PATCH navigation-flat; one bad item changes nothing", async () => {
    const own = await postBase(f, { name: "Ordered Base" });
    const [a, b, c] = [
      await postCategory(f, { name: "A", parentID: own.rootCategoryID, sort: 0 }),
      await postCategory(f, { name: "B", parentID: own.rootCategoryID, sort: 1 }),
      await postCategory(f, { name: "C", parentID: own.rootCategoryID, sort: 2 }),
    ];
    const navUrl = `/api/v2/knowledge-bases/${own.knowledgeBaseID}/navigation-flat`;
    const order = async () =>
      (await f.api.get(navUrl, { as: f.admin }))
        .json<Array<{ recordID: number; parentID: number; sort: number | null }>>()
        .map((item) => [item.recordID, item.parentID, item.sort]);
    const before = await order();

    // C first, then A; B moves under A.
    const moved = await f.api.patch(
      navUrl,
      [
        { recordType: "knowledgeCategory", recordID: c.knowledgeCategoryID, parentID: own.rootCategoryID, sort: 0 },
        { recordType: "knowledgeCategory", recordID: a.knowledgeCategoryID, parentID: own.rootCategoryID, sort: 1 },
        { recordType: "knowledgeCategory", recordID: b.knowledgeCategoryID, parentID: a.knowledgeCategoryID, sort: 0 },
      ],
      { as: f.as.moderator },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const after = [
      [c.knowledgeCategoryID, own.rootCategoryID, 0],
      [a.knowledgeCategoryID, own.rootCategoryID, 1],
      [b.knowledgeCategoryID, a.knowledgeCategoryID, 0],
    ];
    expect(
      moved
        .json<Array<{ recordID: number; parentID: number; sort: number | null }>>()
        .map((item) => [item.recordID, item.parentID, item.sort]),
    ).toEqual(after);
    expect(before).not.toEqual(after);

    // Each refused whole, with the bad item's index, and nothing of the good items before it written.
    const refusals: Array<[unknown[], number, string]> = [
      // A under B, which is now under A: a cycle.
      [
        [
          { recordType: "knowledgeCategory", recordID: c.knowledgeCategoryID, parentID: own.rootCategoryID, sort: 5 },
          {
            recordType: "knowledgeCategory",
            recordID: a.knowledgeCategoryID,
            parentID: b.knowledgeCategoryID,
            sort: 0,
          },
        ],
        422,
        "under itself",
      ],
      // Two items that make a cycle only together.
      [
        [
          {
            recordType: "knowledgeCategory",
            recordID: c.knowledgeCategoryID,
            parentID: b.knowledgeCategoryID,
            sort: 0,
          },
          {
            recordType: "knowledgeCategory",
            recordID: b.knowledgeCategoryID,
            parentID: c.knowledgeCategoryID,
            sort: 0,
          },
        ],
        422,
        "under itself",
      ],
      // Another base's category, as the item or as the parent.
      [
        [{ recordType: "knowledgeCategory", recordID: c.knowledgeCategoryID, parentID: base.rootCategoryID, sort: 0 }],
        422,
        "not in this knowledge base",
      ],
      [
        [{ recordType: "knowledgeCategory", recordID: own.rootCategoryID, parentID: a.knowledgeCategoryID, sort: 0 }],
        422,
        "root category",
      ],
      [
        [
          { recordType: "knowledgeCategory", recordID: c.knowledgeCategoryID, parentID: own.rootCategoryID, sort: 3 },
          { recordType: "knowledgeCategory", recordID: c.knowledgeCategoryID, parentID: own.rootCategoryID, sort: 4 },
        ],
        422,
        "listed twice",
      ],
      [[], 400, ""],
      [[{ recordType: "article", recordID: 1, parentID: own.rootCategoryID, sort: 0 }], 400, ""],
    ];
    for (const [body, status, message] of refusals) {
      const response = await f.api.patch(navUrl, body, { as: f.admin });
      expect(response.statusCode, response.body).toBe(status);
      if (message)
        expect(response.json<{ errors: Array<{ message: string }> }>().errors[0]!.message).toContain(message);
      expect(await order()).toEqual(after);
    }

    // Too deep: a five-level chain under B (already at depth 2) would make seven levels.
    let parentID = own.rootCategoryID;
    const chain: KnowledgeCategory[] = [];
    for (let depth = 1; depth <= 4; depth++) {
      const category = await postCategory(f, { name: `Deep ${depth}`, parentID });
      chain.push(category);
      parentID = category.knowledgeCategoryID;
    }
    const deep = await f.api.patch(
      navUrl,
      [
        {
          recordType: "knowledgeCategory",
          recordID: chain[0]!.knowledgeCategoryID,
          parentID: b.knowledgeCategoryID,
          sort: 0,
        },
      ],
      { as: f.admin },
    );
    expect(deep.statusCode).toBe(422);
    expect(deep.json<{ errors: Array<{ message: string }> }>().errors[0]!.message).toContain("at most");

    // Members may not; an unknown base is a 404.
    const item = {
      recordType: "knowledgeCategory",
      recordID: c.knowledgeCategoryID,
      parentID: own.rootCategoryID,
      sort: 9,
    };
    expect((await f.api.patch(navUrl, [item], { as: f.as.member })).statusCode).toBe(403);
    expect(
      (await f.api.patch("/api/v2/knowledge-bases/999999/navigation-flat", [item], { as: f.admin })).statusCode,
    ).toBe(404);
  });
});
