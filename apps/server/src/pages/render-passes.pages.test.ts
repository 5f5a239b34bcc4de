import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { engines } from "../test/databases.ts";
import { createPagesTestApp } from "../test/pages.ts";
import type { TestApp } from "../test/app.ts";
import { createApi, createCast, seededAdmin, TEST_HOST, TEST_ORIGIN, type Session } from "../test/accounts.ts";
import { postComment, postDiscussion } from "../test/content.ts";
import { injectTransport } from "./page-data.ts";
import { loadBuiltWeb } from "./renderer.ts";

/*
 * A page whose data its route's loaders loaded renders in one synchronous pass (entry-server.tsx,
 * server-render.ts); the stream is kept for a page with a part that waits. The two must give the browser the same
 * document, or hydration would differ with the path a page took. A test route renders a page both ways as the
 * signed-in request it receives.
 */

const webDistDir = path.resolve(import.meta.dirname, "../../../web/dist");

interface BothWays {
  status: number;
  onePass: boolean;
  whole: string;
  streamed: string;
}

function registerBothWays(app: FastifyInstance) {
  app.get("/__render-both", { schema: { hide: true } }, async (request): Promise<BothWays> => {
    const { page } = request.query as { page: string };
    const web = await loadBuiltWeb(webDistDir);
    const render = async (streamed: boolean) => {
      const output = await web.renderer.render({
        url: `${TEST_ORIGIN}${page}`,
        method: "GET",
        transport: injectTransport(app, request, []),
        assets: web.assets,
        transientKey: request.viewer.session?.transientKey ?? null,
        streamed,
      });
      if (output.kind !== "page") throw new Error(`${page} redirected to ${output.location}`);
      let html = "";
      if (typeof output.body === "string") html = output.body;
      else for await (const chunk of output.body) html += String(chunk);
      return { status: output.status, onePass: typeof output.body === "string", html };
    };
    const whole = await render(false);
    const streamed = await render(true);
    expect(streamed.onePass).toBe(false);
    expect(streamed.status).toBe(whole.status);
    return { status: whole.status, onePass: whole.onePass, whole: whole.html, streamed: streamed.html };
  });
}

/** The document without its state (which carries the time of each render and of each query's answer). */
const markup = (html: string) => html.replace(/<script id="__PARLEY_STATE__"[\s\S]*?<\/script>/, "");

describe.each(engines)("pages rendered in one pass on %s", (engine) => {
  let t: TestApp;
  const as: Record<string, Session | null> = { guest: null };
  let discussionPath = "";
  let memberName = "";

  beforeAll(async () => {
    t = await createPagesTestApp(engine, { extend: registerBothWays });
    const api = createApi(t.app);
    const users = await createCast(t.database.db, {
      member: { name: "Paula Pass", role: "member" },
      moderator: { name: "Mo Pass", role: "moderator" },
    });
    memberName = users.member.name;
    as["member"] = await api.signIn(users.member);
    as["moderator"] = await api.signIn(users.moderator);
    as["admin"] = await api.signIn(seededAdmin);
    const general = await t.database.db
      .selectFrom("categories")
      .select("categoryID")
      .where("urlcode", "=", "general")
      .executeTakeFirstOrThrow();
    const discussion = await postDiscussion(api, as["member"], {
      categoryID: general.categoryID,
      name: "One pass or a stream",
    });
    await postComment(api, as["moderator"], discussion.discussionID, "A reply from the moderator.");
    await postComment(api, as["member"], discussion.discussionID, "And the **author's** answer.");
    discussionPath = `/discussion/${discussion.discussionID}`;
  });

  afterAll(async () => {
    await t?.close();
  });

  const bothWays = async (who: string, page: string): Promise<BothWays> => {
    const session = as[who];
    const response = await t.app.inject({
      method: "GET",
      url: "/__render-both",
      query: { page },
      headers: { host: TEST_HOST, ...(session ? { cookie: session.cookie } : {}) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BothWays>();
  };

  it.each(["guest", "member", "moderator", "admin"])(
    "a discussion with its comments, as %s: one pass, the stream's document",
    async (who) => {
      const page = await bothWays(who, discussionPath);
      expect(page.status).toBe(200);
      expect(page.onePass).toBe(true);
      expect(page.whole).toContain("A reply from the moderator.");
      expect(page.whole).toContain("<strong>author's</strong>");
      expect(page.whole).toContain('<script id="__PARLEY_STATE__"');
      expect(markup(page.whole)).toBe(markup(page.streamed));
    },
  );

  it.each([
    ["guest", "/categories"],
    ["member", "/discussions"],
    ["member", "/profile/{member}"],
    ["admin", "/dashboard/settings/roles"],
    ["member", "/discussion/999999"],
  ])("as %s, %s: one pass, the stream's document", async (who, address) => {
    const page = await bothWays(who, address.replace("{member}", encodeURIComponent(memberName)));
    expect(page.onePass).toBe(true);
    expect(page.whole.startsWith("<!doctype html>")).toBe(true);
    expect(markup(page.whole)).toBe(markup(page.streamed));
  });
});
