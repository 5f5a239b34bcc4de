import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ArticleRevision,
  paginationHeaders,
  type Article,
  type ArticleEdit,
  type ArticleReaction,
  type KnowledgeBase,
  type KnowledgeCategory,
} from "@parley/contracts";
import { Type } from "typebox";
import { fewestQueries } from "../../platform/db/query-count.ts";
import { engines } from "../../test/databases.ts";
import { expectSchema } from "../../test/content.ts";
import {
  ArticleList,
  createKnowledgeFixture,
  postArticle,
  postBase,
  postCategory,
  type KnowledgeFixture,
} from "../../test/knowledge.ts";
import type { Session } from "../../test/accounts.ts";
import type { ArticleEvent } from "./index.ts";

describe.each(engines)("articles API on %s", (engine) => {
  let f: KnowledgeFixture;
  let base: KnowledgeBase;
  let category: KnowledgeCategory;
  const events: Array<[string, ArticleEvent]> = [];
  beforeAll(async () => {
    f = await createKnowledgeFixture(engine);
    for (const name of ["article.created", "article.updated", "article.statusChanged"] as const)
      f.t.app.platform.events.on(name, (payload) => void events.push([name, payload]));
    base = await postBase(f, { name: "Articles Base", sortArticles: "dateInserted" });
    category = await postCategory(f, { name: "Articles", parentID: base.rootCategoryID });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const url = (id: number, action = "") => `/api/v2/articles/${id}${action}`;
  const list = async (query: string, as: Session | null = null) => {
    const response = await f.api.get(`/api/v2/articles?${query}`, { as });
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json<Article[]>();
    expectSchema(ArticleList, items, `GET /articles?${query}`);
    return items;
  };
  const get = async (id: number, as: Session | null = null, expand = "") => {
    const response = await f.api.get(`${url(id)}${expand ? `?expand=${expand}` : ""}`, { as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Article>();
  };

  it("lists the demo help centre's articles in their manual order, with paging headers", async () => {
    const help = (await f.api.get("/api/v2/knowledge-bases")).json<KnowledgeBase[]>()[0]!;
    const categories = (
      await f.api.get(
        `/api/v2/knowledge-categories?knowledgeBaseID=${help.knowledgeBaseID}&parentID=${help.rootCategoryID}`,
      )
    ).json<KnowledgeCategory[]>();
    const response = await f.api.get(
      `/api/v2/articles?knowledgeCategoryID=${categories[0]!.knowledgeCategoryID}&limit=2`,
    );
    expect(response.headers[paginationHeaders.resultCount]).toBe("3");
    expect(response.json<Article[]>().map((article) => article.name)).toEqual([
      "Creating your account",
      "Finding your way around",
    ]);
    const all = await list(`knowledgeBaseID=${help.knowledgeBaseID}&limit=100`);
    expect(all).toHaveLength(8);
    for (const article of all) {
      expect(article.outline.length).toBeGreaterThanOrEqual(2);
      expect(article.outline.every((item) => item.level === 2)).toBe(true);
    }
  });

  it("needs a category or a base, and refuses unknown ones", async () => {
    const missing = await f.api.get("/api/v2/articles");
    expect([missing.statusCode, missing.json<{ errors: unknown }>().errors]).toEqual([
      400,
      [expect.objectContaining({ field: "knowledgeCategoryID", code: "missingField" })],
    ]);
    expect((await f.api.get("/api/v2/articles?knowledgeCategoryID=999999")).statusCode).toBe(404);
    expect((await f.api.get("/api/v2/articles?knowledgeBaseID=999999")).statusCode).toBe(404);
    expect((await f.api.get(url(999999))).json()).toMatchObject({ status: 404, message: "Article not found." });
  });

  it("creates an article: rendered body with heading ids, outline, excerpt, slug, url, revision, event", async () => {
    const body =
      "Intro **text** for the excerpt.\n\n## Install it\n\nStep one.\n\n### Check it\n\nDone.\n\n## Install it";
    const article = await postArticle(f, {
      knowledgeCategoryID: category.knowledgeCategoryID,
      name: "Setting Up: Fast!",
      body,
    });
    expect(article).toMatchObject({
      knowledgeCategoryID: category.knowledgeCategoryID,
      knowledgeBaseID: base.knowledgeBaseID,
      format: "markdown",
      status: "published",
      featured: false,
      slug: "setting-up-fast",
      url: `http://forum.test/kb/articles/${article.articleID}-setting-up-fast`,
      locale: "en",
      insertUserID: f.users.moderator.userID,
      outline: [
        { ref: "install-it", level: 2, text: "Install it" },
        { ref: "check-it", level: 3, text: "Check it" },
        { ref: "install-it-2", level: 2, text: "Install it" },
      ],
      permissions: { edit: true, delete: true, feature: true, status: true, react: true },
    });
    expect(article.body).toContain('<h2 id="install-it">Install it</h2>');
    expect(article.body).toContain('<h2 id="install-it-2">');
    expect(article.excerpt.startsWith("Intro text for the excerpt. Install it Step one.")).toBe(true);
    const long = await postArticle(f, { knowledgeCategoryID: category.knowledgeCategoryID, body: "word ".repeat(200) });
    expect(long.excerpt.length).toBeLessThanOrEqual(201);
    expect(events).toContainEqual([
      "article.created",
      expect.objectContaining({ articleID: article.articleID, knowledgeBaseID: base.knowledgeBaseID }),
    ]);
    const asMember = await get(article.articleID, f.as.member);
    expect(asMember.permissions).toMatchObject({ edit: false, feature: false, react: true });
    expect((await get(article.articleID)).permissions).toMatchObject({ edit: false, react: false });
  });

  it("never gives back a script or event handler from an html body", async () => {
    const article = await postArticle(f, {
      knowledgeCategoryID: category.knowledgeCategoryID,
      format: "html",
      body: '<h2 id="evil" onclick="x()">Safe <script>alert(1)</script>heading</h2><img src=x onerror="alert(2)"><script>alert(3)</script><p>ok</p>',
    });
    for (const text of [article.body, (await get(article.articleID)).body]) {
      expect(text).not.toMatch(/<script|onerror|onclick|alert\(|id="evil"/i);
      expect(text).toContain('<h2 id="safe-heading">');
    }
    expect(article.outline).toEqual([{ ref: "safe-heading", level: 2, text: "Safe heading" }]);
    const revisions = (await f.api.get(url(article.articleID, "/revisions"), { as: f.as.moderator })).json<
      ArticleRevision[]
    >();
    expect(revisions[0]!.bodyRendered).not.toMatch(/<script|onerror/i);
  });

  it("refuses bad input with field errors and writes nothing", async () => {
    const post = (body: Record<string, unknown>, as: Session = f.as.moderator) =>
      f.api.post(
        "/api/v2/articles",
        { name: "N", body: "B", format: "markdown", knowledgeCategoryID: category.knowledgeCategoryID, ...body },
        { as },
      );
    const field = async (body: Record<string, unknown>) => {
      const response = await post(body);
      return [response.statusCode, response.json<{ errors: Array<{ field: string }> }>().errors[0]!.field];
    };
    const before = await list(`knowledgeCategoryID=${category.knowledgeCategoryID}&limit=500`);
    expect(await field({ knowledgeCategoryID: 999999 })).toEqual([422, "knowledgeCategoryID"]);
    expect(await field({ name: "   " })).toEqual([422, "name"]);
    expect(await field({ format: "docx" })).toEqual([422, "format"]);
    expect(await field({ body: " \n " })).toEqual([422, "body"]);
    expect((await post({}, f.as.member)).statusCode).toBe(403);
    expect(
      (
        await f.api.post("/api/v2/articles", {
          name: "N",
          body: "B",
          format: "text",
          knowledgeCategoryID: category.knowledgeCategoryID,
        })
      ).statusCode,
    ).toBe(403);
    expect(await list(`knowledgeCategoryID=${category.knowledgeCategoryID}&limit=500`)).toHaveLength(before.length);
  });

  it("edits with a revision each time, gives the source for the editor, and refuses members", async () => {
    const article = await postArticle(f, {
      knowledgeCategoryID: category.knowledgeCategoryID,
      name: "Draft one",
      body: "First.",
    });
    const patched = await f.api.patch(
      url(article.articleID),
      { name: "Version two", body: "## Second\n\nNew." },
      { as: f.admin },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<Article>()).toMatchObject({
      name: "Version two",
      updateUserID: f.adminID,
      slug: "version-two",
    });
    await f.api.patch(url(article.articleID), { sort: 5 }, { as: f.admin });
    const revisions = await f.api.get(url(article.articleID, "/revisions"), { as: f.as.moderator });
    expect(revisions.statusCode).toBe(200);
    const items = revisions.json<ArticleRevision[]>();
    expectSchema(Type.Array(ArticleRevision), items);
    expect(items.map((item) => [item.name, item.status, item.insertUserID])).toEqual([
      ["Version two", "published", f.adminID],
      ["Draft one", "previous", f.users.moderator.userID],
    ]);
    expect(items[0]!.insertUser?.name).toBe("admin");
    const edit = await f.api.get(url(article.articleID, "/edit"), { as: f.as.moderator });
    expect(edit.json<ArticleEdit>()).toEqual({
      articleID: article.articleID,
      knowledgeCategoryID: category.knowledgeCategoryID,
      name: "Version two",
      body: "## Second\n\nNew.",
      format: "markdown",
      sort: 5,
      locale: "en",
    });
    expect(events).toContainEqual(["article.updated", expect.objectContaining({ articleID: article.articleID })]);
    expect((await f.api.patch(url(article.articleID), { name: "Mine" }, { as: f.as.member })).statusCode).toBe(403);
    expect((await f.api.get(url(article.articleID, "/edit"), { as: f.as.member })).statusCode).toBe(403);
    expect((await f.api.get(url(article.articleID, "/revisions"), { as: f.as.member })).statusCode).toBe(403);
    // An empty string fails the schema (400, as every minLength does); white space only the service (422).
    for (const [name, status] of [
      ["", 400],
      ["  ", 422],
    ] as const) {
      const empty = await f.api.patch(url(article.articleID), { name }, { as: f.admin });
      expect([empty.statusCode, empty.json<{ errors: Array<{ field: string }> }>().errors[0]!.field]).toEqual([
        status,
        "name",
      ]);
    }
    const unknown = await f.api.patch(url(article.articleID), { knowledgeCategoryID: 999999 }, { as: f.admin });
    expect([unknown.statusCode, unknown.json<{ errors: Array<{ field: string }> }>().errors[0]!.field]).toEqual([
      422,
      "knowledgeCategoryID",
    ]);
  });

  it("deletes and restores with status: deleted articles are for article writers only", async () => {
    const own = await postCategory(f, { name: "Statuses", parentID: base.rootCategoryID });
    const kept = await postArticle(f, { knowledgeCategoryID: own.knowledgeCategoryID, name: "Kept" });
    const gone = await postArticle(f, { knowledgeCategoryID: own.knowledgeCategoryID, name: "Gone" });
    const deleted = await f.api.patch(url(gone.articleID, "/status"), { status: "deleted" }, { as: f.as.moderator });
    expect(deleted.json<Article>().status).toBe("deleted");
    expect(events).toContainEqual([
      "article.statusChanged",
      expect.objectContaining({ articleID: gone.articleID, status: "deleted", previousStatus: "published" }),
    ]);
    const query = `knowledgeCategoryID=${own.knowledgeCategoryID}`;
    expect((await list(query)).map((item) => item.articleID)).toEqual([kept.articleID]);
    expect((await list(`${query}&status=deleted`, f.as.moderator)).map((item) => item.articleID)).toEqual([
      gone.articleID,
    ]);
    expect((await f.api.get(`/api/v2/articles?${query}&status=deleted`, { as: f.as.member })).statusCode).toBe(403);
    expect((await f.api.get(url(gone.articleID), { as: f.as.member })).statusCode).toBe(404);
    expect((await f.api.get(url(gone.articleID))).statusCode).toBe(404);
    expect((await get(gone.articleID, f.as.moderator)).status).toBe("deleted");
    expect(
      (await f.api.patch(url(kept.articleID, "/status"), { status: "deleted" }, { as: f.as.member })).statusCode,
    ).toBe(403);
    const restored = await f.api.patch(url(gone.articleID, "/status"), { status: "undeleted" }, { as: f.as.moderator });
    expect(restored.json<Article>().status).toBe("published");
    expect((await list(query)).map((item) => item.articleID)).toEqual([kept.articleID, gone.articleID]);
  });

  it("features articles and filters by featured, author and sort", async () => {
    const own = await postCategory(f, { name: "Featured", parentID: base.rootCategoryID });
    const first = await postArticle(f, { knowledgeCategoryID: own.knowledgeCategoryID, name: "Bravo" });
    const second = await postArticle(f, { knowledgeCategoryID: own.knowledgeCategoryID, name: "Alpha" }, f.admin);
    const featured = await f.api.put(url(second.articleID, "/featured"), { featured: true }, { as: f.as.moderator });
    expect(featured.json<Article>().featured).toBe(true);
    expect(Date.parse(featured.json<Article>().dateFeatured ?? "")).toBeGreaterThan(0);
    expect(
      (await f.api.put(url(first.articleID, "/featured"), { featured: true }, { as: f.as.member })).statusCode,
    ).toBe(403);
    const query = `knowledgeCategoryID=${own.knowledgeCategoryID}`;
    const ids = (items: Article[]) => items.map((item) => item.articleID);
    expect(ids(await list(`${query}&featured=true`))).toEqual([second.articleID]);
    expect(ids(await list(`${query}&featured=false`))).toEqual([first.articleID]);
    expect(ids(await list(`knowledgeBaseID=${base.knowledgeBaseID}&featured=true`))).toEqual([second.articleID]);
    expect(ids(await list(`${query}&insertUserID=${f.adminID}`))).toEqual([second.articleID]);
    expect(ids(await list(`${query}&sort=name`))).toEqual([second.articleID, first.articleID]);
    expect(ids(await list(`${query}&sort=-dateInserted`))).toEqual([second.articleID, first.articleID]);
    expect(ids(await list(query))).toEqual([first.articleID, second.articleID]);
    const unfeatured = await f.api.put(url(second.articleID, "/featured"), { featured: false }, { as: f.as.moderator });
    expect(unfeatured.json<Article>()).toMatchObject({ featured: false, dateFeatured: null });
  });

  it("takes one helpful answer per member, changeable, and refuses guests", async () => {
    const article = await postArticle(f, { knowledgeCategoryID: category.knowledgeCategoryID, name: "Helpful?" });
    const react = async (helpful: string, as: Session | null) =>
      f.api.post(url(article.articleID, "/react"), { helpful }, { as });
    expect((await react("yes", null)).statusCode).toBe(403);
    expect((await react("maybe", f.as.member)).statusCode).toBe(400);
    const first = await react("yes", f.as.member);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<ArticleReaction[]>()).toEqual([
      { reactionType: "helpful", yes: 1, no: 0, total: 1, userReaction: "yes" },
    ]);
    expect((await react("no", f.as.member)).json<ArticleReaction[]>()[0]).toMatchObject({
      yes: 0,
      no: 1,
      total: 1,
      userReaction: "no",
    });
    expect((await react("yes", f.as.other)).json<ArticleReaction[]>()[0]).toMatchObject({
      yes: 1,
      no: 1,
      total: 2,
      userReaction: "yes",
    });
    expect((await get(article.articleID, f.as.member, "reactions")).reactions).toEqual([
      { reactionType: "helpful", yes: 1, no: 1, total: 2, userReaction: "no" },
    ]);
    expect((await get(article.articleID, null, "reactions")).reactions![0]!.userReaction).toBeNull();
    expect((await get(article.articleID)).reactions).toBeUndefined();
  });

  it("expands users, breadcrumbs and reactions in a fixed number of queries (3 vs 30 items)", async () => {
    const small = await postCategory(f, { name: "Small", parentID: category.knowledgeCategoryID });
    const large = await postCategory(f, { name: "Large", parentID: category.knowledgeCategoryID });
    for (let index = 0; index < 3; index++)
      await postArticle(f, { knowledgeCategoryID: small.knowledgeCategoryID, name: `Small ${index}` });
    for (let index = 0; index < 30; index++)
      await postArticle(
        f,
        { knowledgeCategoryID: large.knowledgeCategoryID, name: `Large ${index}` },
        index % 2 ? f.admin : f.as.moderator,
      );
    const items = await list(`knowledgeCategoryID=${large.knowledgeCategoryID}&expand=all`, f.as.member);
    expect(items).toHaveLength(30);
    expect(items[0]).toMatchObject({
      insertUser: { userID: f.users.moderator.userID, name: "KB Moderator" },
      reactions: [{ reactionType: "helpful", total: 0 }],
    });
    expect(items[0]!.breadcrumbs!.map((crumb) => crumb.name)).toEqual(["Home", "Articles Base", "Articles", "Large"]);
    const count = (categoryID: number) =>
      fewestQueries(async () => {
        const response = await f.api.get(`/api/v2/articles?knowledgeCategoryID=${categoryID}&expand=all`, {
          as: f.as.member,
        });
        expect(response.statusCode).toBe(200);
      });
    const [few, many] = [await count(small.knowledgeCategoryID), await count(large.knowledgeCategoryID)];
    expect(many).toBe(few);
    // Session, list, count, category and base, users, two for the trees, bases, two for the reactions.
    expect(many).toBeLessThanOrEqual(13);
  });
});
