import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeBase, KnowledgeCategory, KnowledgeNavigationItem } from "@parley/contracts";
import { engines } from "../../test/databases.ts";
import { expectSchema } from "../../test/content.ts";
import {
  createKnowledgeFixture,
  getBase,
  KnowledgeBaseList,
  postArticle,
  postBase,
  postCategory,
  setRolePermission,
  type KnowledgeFixture,
} from "../../test/knowledge.ts";

describe.each(engines)("knowledge bases API on %s", (engine) => {
  let f: KnowledgeFixture;
  beforeAll(async () => {
    f = await createKnowledgeFixture(engine);
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const list = async (query = "", as = f.admin) => {
    const response = await f.api.get(`/api/v2/knowledge-bases${query}`, { as });
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json<KnowledgeBase[]>();
    expectSchema(KnowledgeBaseList, items);
    return items;
  };

  it("lists the demo bases with their counts, to guests too, without paging headers", async () => {
    const response = await f.api.get("/api/v2/knowledge-bases");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["x-app-page-current"]).toBeUndefined();
    const bases = response.json<KnowledgeBase[]>();
    expect(bases.map((base) => [base.name, base.urlCode, base.viewType])).toEqual([
      ["Help Center", "help-center", "help"],
      ["Administrator Guide", "admin-guide", "guide"],
    ]);
    const [help, guide] = bases;
    expect(help).toMatchObject({ countCategories: 3, countArticles: 8, url: "http://forum.test/kb/help-center" });
    expect(guide).toMatchObject({ countCategories: 0, countArticles: 3 });
    expect(guide!.defaultArticleID).toEqual(expect.any(Number));
    const root = await f.api.get(`/api/v2/knowledge-categories/${help!.rootCategoryID}`);
    expect(root.json<KnowledgeCategory>()).toMatchObject({
      parentID: -1,
      knowledgeBaseID: help!.knowledgeBaseID,
      countChildCategories: 3,
      countArticles: 0,
      countArticlesRecursive: 8,
      url: "http://forum.test/kb/help-center",
    });
  });

  it("a PATCH writes only its own fields: rootCategoryID, insertUserID and unknown keys leave the row as it was", async () => {
    const base = await postBase(f, { name: "Guarded", urlCode: "guarded-base", viewType: "help" });
    const row = () =>
      f.t.database.db
        .selectFrom("knowledgeBases")
        .selectAll()
        .where("knowledgeBaseID", "=", base.knowledgeBaseID)
        .executeTakeFirstOrThrow();
    const before = await row();
    const response = await f.api.patch(
      `/api/v2/knowledge-bases/${base.knowledgeBaseID}`,
      {
        rootCategoryID: 999_999,
        insertUserID: f.as.member.userID,
        dateInserted: "1999-09-09T09:09:09+00:00",
        countArticles: 99,
        noSuchColumn: "x",
        description: "Still described.",
      },
      { as: f.admin },
    );
    // Unknown fields are ignored (as Vanilla does), never written and never a 500.
    expect(response.statusCode, response.body).toBe(200);
    const after = await row();
    expect(after).toMatchObject({
      rootCategoryID: before.rootCategoryID,
      insertUserID: before.insertUserID,
      dateInserted: before.dateInserted,
      description: "Still described.",
    });
    expect(response.json<KnowledgeBase>()).toMatchObject({
      rootCategoryID: before.rootCategoryID,
      insertUserID: f.adminID,
    });
    const onlyUnknown = await f.api.patch(
      `/api/v2/knowledge-bases/${base.knowledgeBaseID}`,
      { noSuchColumn: 1 },
      { as: f.admin },
    );
    expect(onlyUnknown.statusCode, onlyUnknown.body).toBe(200);
  });

  it("creates a base with its root category, then changes, deletes and restores it", async () => {
    const base = await postBase(f, { name: "Product Docs", urlCode: "product-docs", viewType: "guide" });
    expect(base).toMatchObject({
      name: "Product Docs",
      sortArticles: "manual",
      status: "published",
      countArticles: 0,
      countCategories: 0,
      sourceLocale: "en",
      insertUserID: f.adminID,
      url: "http://forum.test/kb/product-docs",
    });
    const root = (await f.api.get(`/api/v2/knowledge-categories/${base.rootCategoryID}`)).json<KnowledgeCategory>();
    expect(root).toMatchObject({ parentID: -1, name: "Product Docs", knowledgeBaseID: base.knowledgeBaseID });

    const patched = await f.api.patch(
      `/api/v2/knowledge-bases/${base.knowledgeBaseID}`,
      { name: "Docs", sortArticles: "name", description: "All of them." },
      { as: f.admin },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<KnowledgeBase>()).toMatchObject({
      name: "Docs",
      sortArticles: "name",
      updateUserID: f.adminID,
    });

    const deleted = await f.api.patch(
      `/api/v2/knowledge-bases/${base.knowledgeBaseID}`,
      { status: "deleted" },
      { as: f.admin },
    );
    expect(deleted.json<KnowledgeBase>().status).toBe("deleted");
    expect((await list()).map((item) => item.knowledgeBaseID)).not.toContain(base.knowledgeBaseID);
    expect((await list("?status=deleted")).map((item) => item.knowledgeBaseID)).toEqual([base.knowledgeBaseID]);
    expect((await list("?status=deleted", f.as.moderator)).length).toBe(1);
    // Readers without articles.add: 403 for the list of deleted bases, 404 for the base and its category.
    expect((await f.api.get("/api/v2/knowledge-bases?status=deleted", { as: f.as.member })).statusCode).toBe(403);
    expect((await f.api.get(`/api/v2/knowledge-bases/${base.knowledgeBaseID}`, { as: f.as.member })).statusCode).toBe(
      404,
    );
    expect((await f.api.get(`/api/v2/knowledge-categories/${base.rootCategoryID}`)).statusCode).toBe(404);
    expect((await getBase(f, base.knowledgeBaseID, f.as.moderator)).status).toBe("deleted");

    await f.api.patch(`/api/v2/knowledge-bases/${base.knowledgeBaseID}`, { status: "published" }, { as: f.admin });
    expect((await getBase(f, base.knowledgeBaseID, null)).status).toBe("published");
  });

  it("refuses a taken url code, an empty name and bad values with field errors", async () => {
    const taken = await f.api.post(
      "/api/v2/knowledge-bases",
      { name: "Again", description: "", urlCode: "help-center", viewType: "help" },
      { as: f.admin },
    );
    expect(taken.statusCode).toBe(422);
    const [error, ...others] = taken.json<{ errors: Array<{ field: string; message: string }> }>().errors;
    expect([error!.field, others]).toEqual(["urlCode", []]);
    expect(error!.message).toContain("already in use");
    const empty = await f.api.post(
      "/api/v2/knowledge-bases",
      { name: "  ", description: "", urlCode: "blank-name", viewType: "help" },
      { as: f.admin },
    );
    expect([empty.statusCode, empty.json<{ errors: Array<{ field: string }> }>().errors[0]!.field]).toEqual([
      422,
      "name",
    ]);
    const bad = await f.api.post(
      "/api/v2/knowledge-bases",
      { name: "Bad", description: "", urlCode: "Not A Code", viewType: "wiki" },
      { as: f.admin },
    );
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    const fields = bad.json<{ errors: Array<{ field: string }> }>().errors.map((error) => error.field);
    expect(fields).toEqual(expect.arrayContaining(["urlCode", "viewType"]));
    const base = await postBase(f);
    const patchTaken = await f.api.patch(
      `/api/v2/knowledge-bases/${base.knowledgeBaseID}`,
      { urlCode: "admin-guide" },
      { as: f.admin },
    );
    expect(patchTaken.statusCode).toBe(422);
    // Nothing was written by the refused calls.
    expect((await list()).filter((item) => item.urlCode === "blank-name" || item.name === "Again")).toEqual([]);
  });

  it("answers 409, not 500, to the loser of two simultaneous creates of one url code, and keeps one base", async () => {
    const body = { name: "Twice", description: "", urlCode: "raced-code", viewType: "help" };
    const answers = await Promise.all(
      [1, 2, 3].map(() => f.api.post("/api/v2/knowledge-bases", body, { as: f.admin })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    for (const answer of answers.filter((item) => item.statusCode !== 201)) {
      expect([409, 422], answer.body).toContain(answer.statusCode);
      if (answer.statusCode === 409)
        expect(answer.json()).toEqual({
          message: "That was just saved by someone else. Reload the page and try again.",
          status: 409,
          description: null,
        });
    }
    expect((await list()).filter((item) => item.urlCode === "raced-code")).toHaveLength(1);
  });

  it("lets only site managers create, change and delete bases", async () => {
    const body = { name: "Mine", description: "", urlCode: "mine", viewType: "help" };
    expect((await f.api.post("/api/v2/knowledge-bases", body, { as: f.as.member })).statusCode).toBe(403);
    expect((await f.api.post("/api/v2/knowledge-bases", body, { as: f.as.moderator })).statusCode).toBe(403);
    expect((await f.api.post("/api/v2/knowledge-bases", body)).statusCode).toBe(403);
    const [help] = await list();
    expect(
      (await f.api.patch(`/api/v2/knowledge-bases/${help!.knowledgeBaseID}`, { name: "X" }, { as: f.as.moderator }))
        .statusCode,
    ).toBe(403);
    expect(
      (await f.api.delete(`/api/v2/knowledge-bases/${help!.knowledgeBaseID}`, { as: f.as.member })).statusCode,
    ).toBe(403);
  });

  it("deletes a base only when it has no articles", async () => {
    const [help] = await list();
    const refused = await f.api.delete(`/api/v2/knowledge-bases/${help!.knowledgeBaseID}`, { as: f.admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe("This knowledge base still has articles.");
    const base = await postBase(f);
    const category = await postCategory(f, { name: "Only", parentID: base.rootCategoryID });
    const removed = await f.api.delete(`/api/v2/knowledge-bases/${base.knowledgeBaseID}`, { as: f.admin });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await f.api.get(`/api/v2/knowledge-bases/${base.knowledgeBaseID}`, { as: f.admin })).statusCode).toBe(404);
    expect((await f.api.get(`/api/v2/knowledge-categories/${category.knowledgeCategoryID}`)).statusCode).toBe(404);
  });

  it("lists a base's categories and published articles in order for its navigation", async () => {
    const base = await postBase(f, { sortArticles: "name" });
    const second = await postCategory(f, { name: "Second", parentID: base.rootCategoryID, sort: 2 });
    const first = await postCategory(f, { name: "First", parentID: base.rootCategoryID, sort: 1 });
    const child = await postCategory(f, { name: "Child", parentID: first.knowledgeCategoryID });
    const manual = await postCategory(f, {
      name: "Manual",
      parentID: base.rootCategoryID,
      sort: 3,
      sortChildren: "manual",
    });
    const zeta = await postArticle(f, { knowledgeCategoryID: first.knowledgeCategoryID, name: "Zeta" });
    const alpha = await postArticle(f, { knowledgeCategoryID: first.knowledgeCategoryID, name: "Alpha" });
    const gone = await postArticle(f, { knowledgeCategoryID: first.knowledgeCategoryID, name: "Beta" });
    await f.api.patch(`/api/v2/articles/${gone.articleID}/status`, { status: "deleted" }, { as: f.as.moderator });
    const deep = await postArticle(f, { knowledgeCategoryID: child.knowledgeCategoryID, name: "Deep" });
    const late = await postArticle(f, { knowledgeCategoryID: manual.knowledgeCategoryID, name: "A late one", sort: 2 });
    const early = await postArticle(f, {
      knowledgeCategoryID: manual.knowledgeCategoryID,
      name: "B early one",
      sort: 1,
    });
    const atRoot = await postArticle(f, { knowledgeCategoryID: base.rootCategoryID, name: "Overview" });

    const response = await f.api.get(`/api/v2/knowledge-bases/${base.knowledgeBaseID}/navigation-flat`);
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json<KnowledgeNavigationItem[]>();
    expect(items.map((item) => [item.recordType, item.recordID])).toEqual([
      ["article", atRoot.articleID],
      ["knowledgeCategory", first.knowledgeCategoryID],
      ["article", alpha.articleID],
      ["article", zeta.articleID],
      ["knowledgeCategory", child.knowledgeCategoryID],
      ["article", deep.articleID],
      ["knowledgeCategory", second.knowledgeCategoryID],
      ["knowledgeCategory", manual.knowledgeCategoryID],
      ["article", early.articleID],
      ["article", late.articleID],
    ]);
    expect(items[4]).toMatchObject({
      parentID: first.knowledgeCategoryID,
      url: `http://forum.test/kb/categories/${child.knowledgeCategoryID}-child`,
    });
    expect(items[5]).toMatchObject({
      parentID: child.knowledgeCategoryID,
      url: `http://forum.test/kb/articles/${deep.articleID}-deep`,
    });
    expect(items[0]!.parentID).toBe(base.rootCategoryID);
    expect((await getBase(f, base.knowledgeBaseID)).countArticles).toBe(6);
  });

  it("needs kb.view to read: guests lose it when their role does", async () => {
    await setRolePermission(f, "guest", "kb.view", false);
    try {
      const refused = await f.api.get("/api/v2/knowledge-bases");
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ description: string }>().description).toContain("kb.view");
      expect((await f.api.get("/api/v2/articles?knowledgeBaseID=1")).statusCode).toBe(403);
      expect((await f.api.get("/api/v2/knowledge-categories")).statusCode).toBe(403);
      expect((await f.api.get("/api/v2/knowledge-bases", { as: f.as.member })).statusCode).toBe(200);
    } finally {
      await setRolePermission(f, "guest", "kb.view", true);
    }
    expect((await f.api.get("/api/v2/knowledge-bases")).statusCode).toBe(200);
  });
});
