import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category, Group, KnowledgeBase, LayoutRecord } from "@parley/contracts";
import { createApi, createCast, roleIDOfType, seededAdmin, type Api, type Session } from "../../test/accounts.ts";
import type { TestApp } from "../../test/app.ts";
import { engines } from "../../test/databases.ts";
import { createPagesTestApp } from "../../test/pages.ts";

/*
 * Issue 38 item 3: the categories, articles and groups widgets on a home layout are in the server's first answer
 * (real HTML, no JavaScript needed), each with exactly the records the viewer may see: a members-only category,
 * a secret group and the articles of a knowledge base the guest may not read never reach a guest's page.
 */

describe.each(engines)(
  "the categories, articles and groups widgets on the server-rendered home page on %s",
  (engine) => {
    let t: TestApp;
    let api: Api;
    let admin: Session;
    let member: Session;

    const names = {
      publicCategory: "Widget Sunny Corner",
      privateCategory: "Widget Hidden Corner",
      openGroup: "Widget Open Circle",
      secretGroup: "Widget Secret Circle",
      article: "Widget Handbook Page",
    };

    const page = (as: Session | null) => api.get("/", { as, headers: { accept: "text/html" } });
    const patchRole = async (type: "guest" | "member", permissions: unknown[]) => {
      const response = await api.patch(
        `/api/v2/roles/${await roleIDOfType(t.database.db, type)}`,
        { permissions },
        {
          as: admin,
        },
      );
      expect(response.statusCode, response.body).toBe(200);
    };

    beforeAll(async () => {
      t = await createPagesTestApp(engine);
      api = createApi(t.app);
      admin = await api.signIn(seededAdmin);
      const cast = await createCast(t.database.db, { member: { name: "Widget Page Member", role: "member" } });
      member = await api.signIn(cast.member);

      const category = async (name: string, urlcode: string) => {
        const made = await api.post("/api/v2/categories", { name, urlcode }, { as: admin });
        expect(made.statusCode, made.body).toBe(201);
        return made.json<Category>().categoryID;
      };
      await category(names.publicCategory, "widget-sunny-corner");
      const hidden = await category(names.privateCategory, "widget-hidden-corner");
      await patchRole("guest", [{ type: "category", id: hidden, permissions: { "discussions.view": false } }]);
      await patchRole("member", [{ type: "category", id: hidden, permissions: { "discussions.view": true } }]);

      const group = async (name: string, privacy: string) => {
        const made = await api.post("/api/v2/groups", { name, description: "A circle.", privacy }, { as: admin });
        expect(made.statusCode, made.body).toBe(201);
        return made.json<Group>().groupID;
      };
      await group(names.openGroup, "public");
      const secret = await group(names.secretGroup, "secret");
      const joined = await api.post(
        `/api/v2/groups/${secret}/members`,
        { userID: member.userID, role: "member" },
        { as: admin },
      );
      expect(joined.statusCode, joined.body).toBe(201);

      const base = await api.post(
        "/api/v2/knowledge-bases",
        { name: "Widget Handbook", description: "How to.", urlCode: "widget-handbook", viewType: "help" },
        { as: admin },
      );
      expect(base.statusCode, base.body).toBe(201);
      const { knowledgeBaseID, rootCategoryID } = base.json<KnowledgeBase>();
      const article = await api.post(
        "/api/v2/articles",
        { knowledgeCategoryID: rootCategoryID, name: names.article, body: "Read me.", format: "markdown" },
        { as: admin },
      );
      expect(article.statusCode, article.body).toBe(201);

      const created = await api.post(
        "/api/v2/layouts",
        {
          name: "Records",
          layoutViewType: "home",
          layout: [
            {
              $reactComponent: "react.section.1-column",
              $reactProps: {
                children: [
                  {
                    $reactComponent: "react.categories",
                    $reactProps: {
                      title: "Our categories",
                      apiParams: { limit: 50 },
                      containerOptions: { displayType: "list" },
                    },
                  },
                  {
                    $reactComponent: "react.article.articles",
                    $reactProps: {
                      title: "From the handbook",
                      apiParams: { knowledgeBaseID, limit: 5 },
                      containerOptions: { displayType: "link" },
                    },
                  },
                  {
                    $reactComponent: "react.groups",
                    $reactProps: {
                      title: "Our groups",
                      apiParams: { limit: 30, sort: "name" },
                      containerOptions: { displayType: "carousel" },
                    },
                  },
                ],
              },
            },
          ],
        },
        { as: admin },
      );
      expect(created.statusCode, created.body).toBe(201);
      const { layoutID } = created.json<LayoutRecord>();
      const assigned = await api.put(`/api/v2/layouts/${layoutID}/views`, [{ recordType: "global", recordID: -1 }], {
        as: admin,
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    it("renders each widget's records the guest may see, and none other, in the first answer", async () => {
      const response = await page(null);
      expect(response.statusCode).toBe(200);
      const html = response.body;
      for (const part of ["categories-widget", "articles-widget", "groups-widget"])
        expect(html).toContain(`data-part="${part}"`);
      expect(html).toContain(names.publicCategory);
      expect(html).not.toContain(names.privateCategory);
      expect(html).toContain(names.openGroup);
      expect(html).not.toContain(names.secretGroup);
      expect(html).toContain(names.article);
    });

    it("renders a member's own: the members-only category and the secret group they belong to", async () => {
      const html = (await page(member)).body;
      expect(html).toContain(names.publicCategory);
      expect(html).toContain(names.privateCategory);
      expect(html).toContain(names.openGroup);
      expect(html).toContain(names.secretGroup);
      expect(html).toContain(names.article);
    });

    it("leaves the articles out for a guest who may not read the knowledge base", async () => {
      const guest = await api.get(`/api/v2/roles/${await roleIDOfType(t.database.db, "guest")}?expand=permissions`, {
        as: admin,
      });
      const global = guest
        .json<{ permissions: Array<{ type: string; permissions: Record<string, boolean> }> }>()
        .permissions.find((fragment) => fragment.type === "global")!;
      await patchRole("guest", [{ type: "global", permissions: { ...global.permissions, "kb.view": false } }]);
      try {
        const html = (await page(null)).body;
        expect(html).not.toContain('data-part="articles-widget"');
        expect(html).not.toContain(names.article);
        expect(html).toContain(names.publicCategory);
        expect((await page(member)).body).toContain(names.article);
      } finally {
        await patchRole("guest", [{ type: "global", permissions: global.permissions }]);
      }
    });
  },
);
