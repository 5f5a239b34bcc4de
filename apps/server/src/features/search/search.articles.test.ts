import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paginationHeaders, SearchResult, type SearchResult as Result } from "@parley/contracts";
import type { Session } from "../../test/accounts.ts";
import { postDiscussion } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";
import { createSearchEngine } from "./search.engine.ts";
import { expectSchema } from "../../test/content.ts";
import {
  createKnowledgeFixture,
  postArticle,
  postBase,
  postCategory,
  setRolePermission,
  type KnowledgeFixture,
} from "../../test/knowledge.ts";

/** Knowledge-base articles in search: indexed as they are written, found by those who may read them. */
describe.each(engines)("searching articles on %s", (engine) => {
  let f: KnowledgeFixture;
  let articleID: number;
  let baseID: number;

  const search = async (query: string, as: Session | null = null) => {
    const response = await f.api.get(`/api/v2/search?${query}`, { as });
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json<Result[]>();
    for (const item of items) expectSchema(SearchResult, item, `GET /search?${query}`);
    return { items, total: response.headers[paginationHeaders.resultCount] };
  };
  const keys = (items: Result[]) => items.map((item) => `${item.recordType}:${item.recordID}`).sort();

  beforeAll(async () => {
    f = await createKnowledgeFixture(engine);
    const base = await postBase(f, { name: "Widget Manual", urlCode: "widget-manual" });
    baseID = base.knowledgeBaseID;
    const category = await postCategory(f, { name: "Setup", parentID: base.rootCategoryID });
    articleID = (
      await postArticle(f, {
        knowledgeCategoryID: category.knowledgeCategoryID,
        name: "Calibrating the flux capacitor",
        body: "## Before you start\n\nThe **zorblax** setting must be off while calibrating.",
      })
    ).articleID;
    await postDiscussion(f.api, f.as.member, {
      name: "Zorblax keeps resetting",
      body: "My zorblax setting resets every morning.",
      categoryID: f.category.general,
    });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it("finds an article by its body and title, in all content and in the knowledge base", async () => {
    const all = await search("query=zorblax&domain=all_content&expand=body");
    expect(all.items.map((item) => item.recordType).sort()).toEqual(["article", "discussion"]);
    const article = all.items.find((item) => item.recordType === "article")!;
    expect(article).toMatchObject({
      recordID: articleID,
      type: "article",
      name: "Calibrating the flux capacitor",
      url: `${new URL(article.url).origin}/kb/articles/${articleID}-calibrating-the-flux-capacitor`,
      categoryID: null,
      discussionID: null,
    });
    expect(article.body).toContain("<mark>zorblax</mark>");
    expect(keys((await search("query=flux%20capacitor&domain=knowledgeBase")).items)).toEqual([`article:${articleID}`]);
    expect(keys((await search("query=zorblax&recordTypes=article")).items)).toEqual([`article:${articleID}`]);
  });

  it("keeps articles out of the discussions domain and of searches within forum categories, counts included", async () => {
    // As a guest, and as the administrator, who sees every category (SQLite then counts from the index).
    for (const as of [null, f.admin]) {
      const discussions = await search("query=zorblax&domain=discussions", as);
      expect(discussions.items.map((item) => item.recordType)).toEqual(["discussion"]);
      expect(discussions.total).toBe("1");
    }
    const inCategory = await search(`query=zorblax&domain=all_content&categoryID=${f.category.general}`);
    expect(inCategory.items.map((item) => item.recordType)).toEqual(["discussion"]);
  });

  it("filters articles by author", async () => {
    const byModerator = await search(
      `query=zorblax&domain=knowledgeBase&authors=${encodeURIComponent("KB Moderator")}`,
    );
    expect(keys(byModerator.items)).toEqual([`article:${articleID}`]);
    const byMember = await search(`query=zorblax&domain=knowledgeBase&authors=${encodeURIComponent("KB Member")}`);
    expect(byMember.items).toEqual([]);
  });

  it("shows articles only to those with kb.view", async () => {
    await setRolePermission(f, "guest", "kb.view", false);
    try {
      expect((await search("query=zorblax&domain=all_content")).items.map((item) => item.recordType)).toEqual([
        "discussion",
      ]);
      expect((await search("query=zorblax&domain=knowledgeBase")).items).toEqual([]);
      // Still found by a member.
      expect(keys((await search("query=zorblax&domain=knowledgeBase", f.as.member)).items)).toEqual([
        `article:${articleID}`,
      ]);
    } finally {
      await setRolePermission(f, "guest", "kb.view", true);
    }
  });

  it("follows edits, deletions and the base's status", async () => {
    const edited = await f.api.patch(
      `/api/v2/articles/${articleID}`,
      { name: "Calibrating the quantum capacitor" },
      { as: f.as.moderator },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(keys((await search("query=quantum&domain=knowledgeBase")).items)).toEqual([`article:${articleID}`]);
    expect((await search("query=flux&domain=knowledgeBase")).items).toEqual([]);

    const removed = await f.api.patch(
      `/api/v2/articles/${articleID}/status`,
      { status: "deleted" },
      { as: f.as.moderator },
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await search("query=quantum&domain=knowledgeBase")).items).toEqual([]);
    const restored = await f.api.patch(
      `/api/v2/articles/${articleID}/status`,
      { status: "published" },
      { as: f.as.moderator },
    );
    expect(restored.statusCode, restored.body).toBe(200);
    expect(keys((await search("query=quantum&domain=knowledgeBase")).items)).toEqual([`article:${articleID}`]);

    const baseGone = await f.api.patch(`/api/v2/knowledge-bases/${baseID}`, { status: "deleted" }, { as: f.admin });
    expect(baseGone.statusCode, baseGone.body).toBe(200);
    expect((await search("query=quantum&domain=knowledgeBase")).items).toEqual([]);
    const baseBack = await f.api.patch(`/api/v2/knowledge-bases/${baseID}`, { status: "published" }, { as: f.admin });
    expect(baseBack.statusCode, baseBack.body).toBe(200);
    expect(keys((await search("query=quantum&domain=knowledgeBase")).items)).toEqual([`article:${articleID}`]);
  });

  it("rebuilds with the articles (npm run reindex)", async () => {
    await createSearchEngine(f.t.database).indexer.rebuild();
    // A word not searched before: the answer is not a cached one.
    expect(keys((await search("query=calibrating&domain=knowledgeBase")).items)).toEqual([`article:${articleID}`]);
  });
});
