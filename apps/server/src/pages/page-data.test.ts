import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { paginationHeaders } from "@parley/contracts";
import { engines } from "../test/databases.ts";
import { createPagesTestApp } from "../test/pages.ts";
import type { TestApp } from "../test/app.ts";
import {
  createApi,
  createCast,
  grantInCategory,
  seededAdmin,
  TEST_HOST,
  TEST_ORIGIN,
  type Session,
} from "../test/accounts.ts";
import { postComment, postDiscussion } from "../test/content.ts";
import { createInProcessReads, type InProcessAnswer } from "../platform/http/in-process-reads.ts";
import { apiHeadersOf, injectTransport } from "./page-data.ts";
import { loadBuiltWeb, type WebApiRequest, type WebApiResponse } from "./renderer.ts";

/*
 * The pages' data read in-process (page-data.ts, in-process-reads.ts) against the same calls through
 * `inject`: every API call real page renders make, for a guest, a member, a moderator and an
 * administrator, must answer the same status, body and paging headers both ways, and so must bad input.
 * A test route renders a page as the signed-in request it receives (the viewer resolved by the app's
 * own session hook) and puts each of the render's calls through both paths.
 */

interface Compared {
  call: WebApiRequest;
  direct: InProcessAnswer | null;
  inject: WebApiResponse;
}

/** The headers the web app reads (`readPaging`), plus `link` and what the search route names. */
const readHeaders = [...Object.values(paginationHeaders), "link", "x-search-powered-by", "retry-after"];
const webDistDir = path.resolve(import.meta.dirname, "../../../web/dist");

function registerComparison(app: FastifyInstance) {
  const reads = createInProcessReads(app);
  app.get("/__page-data", { schema: { hide: true } }, async (request) => {
    const { page, calls } = request.query as { page?: string; calls?: string };
    const web = await loadBuiltWeb(webDistDir);
    const headers = apiHeadersOf(request);
    const inject = injectTransport(app, request, []);
    const compared: Compared[] = [];
    const compare = async (call: WebApiRequest) => {
      if (call.method !== "GET") return inject(call);
      // A GET's own effects (reading a conversation marks it read) settle before the two are compared.
      await inject(call);
      const direct = await reads.read(request, headers, call.path, call.query);
      const injected = await inject(call);
      compared.push({ call, direct, inject: injected });
      return injected;
    };
    if (page) {
      const output = await web.renderer.render({
        url: `${TEST_ORIGIN}${page}`,
        method: "GET",
        transport: compare,
        assets: web.assets,
        transientKey: request.viewer.session?.transientKey ?? null,
      });
      // Reads made while the page streams count too.
      if (output.kind === "page" && typeof output.body !== "string") for await (const chunk of output.body) void chunk;
    }
    for (const call of JSON.parse(calls ?? "[]") as WebApiRequest[]) await compare(call);
    return compared;
  });
}

describe.each(engines)("page data read in-process on %s", (engine) => {
  let t: TestApp;
  const as: Record<string, Session | null> = { guest: null };
  const urls: string[] = [];
  const ids = { privateCategory: 0, privateDiscussion: 0, discussion: 0, comment: 0 };
  let memberName = "";

  beforeAll(async () => {
    t = await createPagesTestApp(engine, { extend: registerComparison });
    const api = createApi(t.app);
    const db = t.database.db;
    const users = await createCast(db, {
      member: { name: "Mira Member", role: "member" },
      moderator: { name: "Moe Moderator", role: "moderator" },
    });
    memberName = users.member.name;
    as["member"] = await api.signIn(users.member);
    as["moderator"] = await api.signIn(users.moderator);
    as["admin"] = await api.signIn(seededAdmin);
    const member = as["member"];
    const moderator = as["moderator"];
    const admin = as["admin"];
    const general = (
      await db.selectFrom("categories").select("categoryID").where("urlcode", "=", "general").executeTakeFirstOrThrow()
    ).categoryID;

    // A category only moderators may see, with a discussion and a comment.
    const category = await api.post("/api/v2/categories", { name: "Staff Room", urlcode: "staff-room" }, { as: admin });
    expect(category.statusCode, category.body).toBe(201);
    ids.privateCategory = category.json<{ categoryID: number }>().categoryID;
    await grantInCategory(api, db, admin, "moderator", ids.privateCategory);
    const hidden = await postDiscussion(api, moderator, { categoryID: ids.privateCategory, name: "Staff plans" });
    ids.privateDiscussion = hidden.discussionID;
    await postComment(api, moderator, hidden.discussionID, "Only for us.");

    // A member's discussion with comments (the moderator's reply notifies the member), a draft, a message.
    const discussion = await postDiscussion(api, member, { categoryID: general, name: "Questions about paging" });
    ids.discussion = discussion.discussionID;
    ids.comment = (await postComment(api, moderator, discussion.discussionID, "A reply, @Mira Member.")).commentID;
    await postComment(api, member, discussion.discussionID, "Thanks!");
    const draft = await api.post(
      "/api/v2/drafts",
      {
        recordType: "discussion",
        parentRecordType: "category",
        parentRecordID: general,
        attributes: {
          body: "Half a thought",
          format: "markdown",
          draftType: "discussion",
          draftMeta: { name: "A draft", categoryID: general, pinLocation: "none" },
        },
      },
      { as: member },
    );
    expect(draft.statusCode, draft.body).toBe(201);
    const conversation = await api.post(
      "/api/v2/conversations",
      {
        participantUserIDs: [users.moderator.userID],
        name: "Between us",
        initialBody: "Hello.",
        initialFormat: "markdown",
      },
      { as: member },
    );
    expect(conversation.statusCode, conversation.body).toBe(201);
    const conversationID = conversation.json<{ conversationID: number }>().conversationID;

    const bases = (await api.get("/api/v2/knowledge-bases")).json<Array<{ urlCode: string }>>();
    const firstArticle = await db.selectFrom("articles").select("articleID").orderBy("articleID").executeTakeFirst();
    const articles = firstArticle
      ? [(await api.get(`/api/v2/articles/${firstArticle.articleID}`)).json<{ url: string }>()]
      : [];
    const groups = (await api.get("/api/v2/groups?limit=1")).json<Array<{ groupID: number }>>();
    urls.push(
      "/",
      "/discussions",
      "/discussions?page=2",
      "/categories",
      "/categories/general",
      "/categories/staff-room",
      `/discussion/${ids.discussion}/questions-about-paging`,
      `/discussion/${ids.privateDiscussion}/staff-plans`,
      `/discussion/comment/${ids.comment}`,
      "/discussion/987654/gone",
      `/profile/${encodeURIComponent(memberName)}`,
      `/profile/comments/${encodeURIComponent(memberName)}`,
      "/kb",
      ...bases.slice(0, 1).map((base) => `/kb/${base.urlCode}`),
      ...articles.map((article) => new URL(article.url).pathname),
      "/groups",
      ...groups.map((group) => `/group/${group.groupID}`),
      "/search?query=paging",
      "/search?query=plans&scope=site",
      "/drafts",
      "/profile/notifications",
      "/messages",
      `/messages/${conversationID}`,
      "/post/discussion",
      "/dashboard/content/reports",
      "/no-such-page",
    );
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const compareAs = async (who: string, query: Record<string, string>): Promise<Compared[]> => {
    const session = as[who];
    const response = await t.app.inject({
      method: "GET",
      url: "/__page-data",
      query,
      headers: { host: TEST_HOST, ...(session ? { cookie: session.cookie } : {}) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Compared[]>();
  };

  const expectSame = (who: string, compared: Compared[]) => {
    for (const { call, direct, inject } of compared) {
      const label = `${who}: GET ${call.path} ${JSON.stringify(call.query ?? {})}`;
      expect(direct, `${label} was left to inject`).not.toBeNull();
      expect({ status: direct!.status, body: direct!.body }, label).toEqual({
        status: inject.status,
        body: inject.body,
      });
      for (const name of readHeaders) expect(direct!.headers[name], `${label}: ${name}`).toBe(inject.headers[name]);
      // Whatever else the handler set (a search's driver name), inject's answer says the same.
      for (const [name, value] of Object.entries(direct!.headers)) {
        if (name !== "content-type") expect(inject.headers[name], `${label}: ${name}`).toBe(value);
      }
    }
  };

  it.each(["guest", "member", "moderator", "admin"])(
    "answers every call of the pages' renders as inject does, for the %s",
    async (who) => {
      let total = 0;
      const statuses = new Set<number>();
      for (const url of urls) {
        const compared = await compareAs(who, { page: url });
        expect(compared.length, `${who}: ${url} made no API call`).toBeGreaterThan(0);
        expectSame(`${who} ${url}`, compared);
        total += compared.length;
        for (const { inject } of compared) statuses.add(inject.status);
      }
      expect(total).toBeGreaterThan(urls.length * 2);
      expect(statuses.has(200)).toBe(true);
      // The unknown discussion at least: failures are compared too.
      expect(statuses.has(404)).toBe(true);
    },
    240_000,
  );

  it("refuses the private category and its discussion to the member as inject does", async () => {
    const calls: WebApiRequest[] = [
      { method: "GET", path: `/categories/${ids.privateCategory}` },
      { method: "GET", path: `/discussions/${ids.privateDiscussion}`, query: { expand: ["all"] } },
      { method: "GET", path: "/discussions", query: { categoryID: ids.privateCategory } },
      { method: "GET", path: "/comments", query: { discussionID: ids.privateDiscussion } },
    ];
    const member = await compareAs("member", { calls: JSON.stringify(calls) });
    expectSame("member", member);
    for (const { inject } of member.slice(0, 2)) expect([403, 404]).toContain(inject.status);
    // The moderator may read what the member may not: the same calls answer 200 both ways.
    const moderator = await compareAs("moderator", { calls: JSON.stringify(calls) });
    expectSame("moderator", moderator);
    expect(moderator.map(({ inject }) => inject.status)).toEqual([200, 200, 200, 200]);
    expect((moderator[1]!.direct!.body as { name: string }).name).toBe("Staff plans");
  });

  it("answers bad input with the same 4xx and error body", async () => {
    const calls: WebApiRequest[] = [
      { method: "GET", path: "/discussions/not-a-number" },
      { method: "GET", path: "/categories", query: { expand: ["nonsense"] } },
      { method: "GET", path: `/discussions/${ids.discussion}`, query: { expand: "users,nonsense" } },
      { method: "GET", path: "/discussions", query: { limit: 100_000 } },
      { method: "GET", path: "/discussions", query: { page: 0, followed: "maybe" } },
      { method: "GET", path: "/comments" },
      { method: "GET", path: "/search" },
      { method: "GET", path: "/no-such-endpoint/at/all" },
      { method: "GET", path: "/categories/", query: { parentCategoryID: "x" } },
      // Defaults and coercion: the comma form, 1/0 booleans, numeric strings.
      { method: "GET", path: "/discussions", query: { expand: "users,category", followed: "0", limit: "2" } },
    ];
    for (const who of ["guest", "member"]) {
      const compared = await compareAs(who, { calls: JSON.stringify(calls) });
      expectSame(who, compared);
      const statuses = compared.map(({ inject }) => inject.status);
      // A non-numeric id and a bad type 422, a number out of bounds 400, an unknown path 404.
      expect([statuses[0], statuses[3], statuses[7]], String(statuses)).toEqual([422, 400, 404]);
      expect(statuses.at(-1)).toBe(200);
      expect((compared.at(-1)!.inject.body as unknown[]).length).toBe(2);
    }
  });
});
