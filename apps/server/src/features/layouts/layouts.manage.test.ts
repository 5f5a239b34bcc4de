import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import {
  LayoutCatalog,
  LayoutRecord,
  LayoutRevision,
  LayoutView,
  type FieldError,
  type LayoutWidget,
} from "@parley/contracts";
import type { Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import { createContentFixture, expectSchema, postDiscussion, type ContentFixture } from "../../test/content.ts";

/* The operators' layouts (issue 38): `/layouts`, its revisions, views and previews, and what the pages then show. */

const cast = { member: { name: "Layout Editor Member", role: "member" } } as const;

type Answer = { layoutID: string; layout: LayoutWidget[] };

/** Every widget of a hydrated tree, nested ones included. */
const names = (widgets: readonly LayoutWidget[]): string[] =>
  widgets.flatMap((widget) => [
    widget.$reactComponent,
    ...Object.values(widget.$reactProps).flatMap((value) =>
      Array.isArray(value) && (value[0] as LayoutWidget | undefined)?.$reactComponent
        ? names(value as LayoutWidget[])
        : [],
    ),
  ]);

const html = (title: string) => ({ $reactComponent: "react.html", $reactProps: { title } });
/** A home layout: a heading and the page's recent discussions (an asset: the page gives its props). */
const homeSpec = (title: string) => [
  {
    $hydrate: "react.section.1-column",
    $reactProps: { children: [html(title), { $reactComponent: "react.asset.discussionList", $reactProps: {} }] },
  },
];

describe.each(engines)("/layouts on %s", (engine) => {
  let f: ContentFixture<keyof typeof cast>;
  let discussionID: number;

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
    discussionID = (await postDiscussion(f.api, f.admin, { name: "Laid out", categoryID: f.category.general }))
      .discussionID;
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const create = async (body: unknown, as: Session | null = f.admin) => f.api.post("/api/v2/layouts", body, { as });
  const created = async (body: unknown) => {
    const response = await create(body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<LayoutRecord & { layoutID: number }>();
  };
  const lookup = async (query: string, as: Session | null = null) => {
    const response = await f.api.get(`/api/v2/layouts/lookup-hydrate?${query}`, { as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Answer>();
  };
  const home = "layoutViewType=home&recordType=siteSection&recordID=0";
  const errorsOf = (body: string) => JSON.parse(body) as { message: string; errors?: FieldError[] };

  it("lists the default layouts under file-based ids, then the site's own", async () => {
    const layout = await created({ name: "Listed", layoutViewType: "discussionList", layout: [html("Hi")] });
    const response = await f.api.get("/api/v2/layouts?expand=layoutViews", { as: f.admin });
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json<LayoutRecord[]>();
    expectSchema(Type.Array(LayoutRecord), list);
    expect(list.slice(0, 6).map((item) => item.layoutID)).toEqual([
      "home",
      "subcommunityHome",
      "discussionList",
      "categoryList",
      "post",
      "createPost",
    ]);
    expect(list[0]).toMatchObject({ isDefault: true, isActive: true, layoutViewType: "home" });
    expect(list.find((item) => item.layoutID === layout.layoutID)).toMatchObject({
      name: "Listed",
      isDefault: false,
      isActive: false,
      layoutViews: [],
    });
    // A default with its widgets: what an operator starts from (assets without a page's props).
    const byId = await f.api.get("/api/v2/layouts/home", { as: f.admin });
    expect(byId.statusCode, byId.body).toBe(200);
    const widgets = byId.json<LayoutRecord>().layout as LayoutWidget[];
    expect(names(widgets)).toContain("react.banner");
    // It can be saved as a layout of one's own as it is.
    await created({ name: "Copy of home", layoutViewType: "home", layout: widgets });
  });

  it("creates, changes and reads a layout, keeping a revision of every save, and restores one", async () => {
    const layout = await created({ name: " First ", layoutType: "home", layout: homeSpec("One") });
    expect(layout).toMatchObject({ name: "First", layoutViewType: "home", isDefault: false, insertUserID: f.adminID });
    // `$hydrate` is kept as `$reactComponent`.
    expect((layout.layout as LayoutWidget[])[0]!.$reactComponent).toBe("react.section.1-column");

    const patched = await f.api.patch(
      `/api/v2/layouts/${layout.layoutID}`,
      { name: "Second", layout: homeSpec("Two") },
      { as: f.admin },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<LayoutRecord>()).toMatchObject({ name: "Second", updateUserID: f.adminID });
    expect((await f.api.get(`/api/v2/layouts/${layout.layoutID}/edit`, { as: f.admin })).json()).toMatchObject({
      name: "Second",
    });

    const revisions = await f.api.get(`/api/v2/layouts/${layout.layoutID}/revisions`, { as: f.admin });
    expect(revisions.statusCode, revisions.body).toBe(200);
    const list = revisions.json<LayoutRevision[]>();
    expectSchema(Type.Array(LayoutRevision), list);
    expect(list.map((revision) => revision.name)).toEqual(["Second", "First"]);

    const restored = await f.api.post(
      `/api/v2/layouts/${layout.layoutID}/revisions/${list[1]!.revisionID}/restore`,
      {},
      { as: f.admin },
    );
    expect(restored.statusCode, restored.body).toBe(201);
    expect(restored.json<LayoutRecord>().name).toBe("First");
    expect(JSON.stringify(restored.json<LayoutRecord>().layout)).toContain('"One"');
    const after = (await f.api.get(`/api/v2/layouts/${layout.layoutID}/revisions`, { as: f.admin })).json<
      LayoutRevision[]
    >();
    expect(after.map((revision) => revision.name)).toEqual(["First", "Second", "First"]);

    const missing = await f.api.post(
      `/api/v2/layouts/${layout.layoutID}/revisions/999999/restore`,
      {},
      { as: f.admin },
    );
    expect(missing.statusCode).toBe(404);
    expect((await f.api.get("/api/v2/layouts/999999", { as: f.admin })).statusCode).toBe(404);
    expect((await f.api.get("/api/v2/layouts/nothing", { as: f.admin })).statusCode).toBe(404);
    // Past the integer column's range: no such layout, not PostgreSQL's out-of-range error (500; the fuzz found it).
    expect((await f.api.get("/api/v2/layouts/2147483648/hydrate", { as: f.admin })).statusCode).toBe(404);
  });

  it("refuses bad layouts with 422 naming the field", async () => {
    const bad = async (body: Record<string, unknown>, field: string, message?: RegExp) => {
      const response = await create({ name: "Bad", layoutViewType: "home", ...body });
      expect(response.statusCode, response.body).toBe(422);
      const error = errorsOf(response.body).errors?.find((item) => item.field === field);
      expect(error, response.body).toBeDefined();
      if (message) expect(error!.message).toMatch(message);
    };
    await bad(
      { layout: [{ $reactComponent: "react.nothing", $reactProps: {} }] },
      "layout[0].$reactComponent",
      /react\.nothing/,
    );
    await bad(
      {
        layout: [
          {
            $reactComponent: "react.section.2-columns",
            $reactProps: {
              mainBottom: [html("ok"), { $reactComponent: "react.popularTags", $reactProps: { limit: 0 } }],
            },
          },
        ],
      },
      "layout[0].$reactProps.mainBottom[1].$reactProps.limit",
    );
    await bad({ layout: [{ $reactComponent: "react.popularTags", $reactProps: {} }] }, "layout[0].$reactProps.limit");
    await bad(
      { layout: [{ $reactComponent: "react.html", $reactProps: { colour: "red" } }] },
      "layout[0].$reactProps.colour",
    );
    await bad(
      { layout: [{ $reactComponent: "react.section.1-column", $reactProps: { aside: [] } }] },
      "layout[0].$reactProps.aside",
    );
    // An asset of another view type's pages.
    await bad(
      { layout: [{ $reactComponent: "react.asset.discussion", $reactProps: {} }] },
      "layout[0].$reactComponent",
      /not part of a home page/,
    );
    await bad({ layoutViewType: "profile", layout: [] }, "layoutViewType", /profile/);
    await bad({ layoutViewType: undefined, layout: [] }, "layoutViewType");
    // Fields of no schema are ignored (as Vanilla); a missing name is refused.
    const extra = await create({ name: "X", layoutViewType: "home", layout: [], isDefault: true, layoutID: 1 });
    expect(extra.statusCode, extra.body).toBe(201);
    expect(extra.json<LayoutRecord>()).toMatchObject({ isDefault: false });
    expect(extra.json<LayoutRecord>().layoutID).not.toBe(1);
    expect((await create({ layoutViewType: "home", layout: [] })).statusCode).toBe(400);
    const layout = await created({ name: "Fine", layoutViewType: "home", layout: [] });
    const patch = await f.api.patch(
      `/api/v2/layouts/${layout.layoutID}`,
      { layout: [{ $reactComponent: "react.nothing" }] },
      { as: f.admin },
    );
    expect(patch.statusCode).toBe(422);
    const moved = await f.api.patch(`/api/v2/layouts/${layout.layoutID}`, { layoutViewType: "post" }, { as: f.admin });
    expect(moved.json<LayoutRecord>().layoutViewType).toBe("home");
  });

  it("keeps the default layouts as they are (422), as Vanilla", async () => {
    expect((await f.api.patch("/api/v2/layouts/home", { name: "Mine" }, { as: f.admin })).statusCode).toBe(422);
    expect((await f.api.delete("/api/v2/layouts/home", { as: f.admin })).statusCode).toBe(422);
    expect((await f.api.get("/api/v2/layouts/home/edit", { as: f.admin })).statusCode).toBe(422);
    const put = await f.api.put("/api/v2/layouts/home/views", [{ recordType: "global", recordID: -1 }], {
      as: f.admin,
    });
    expect(put.statusCode).toBe(422);
  });

  it("shows an assigned layout on its pages: a category's own, then its view type's, then the default", async () => {
    expect((await lookup(home)).layoutID).toBe("home");
    const layout = await created({ name: "Assigned home", layoutViewType: "home", layout: homeSpec("Welcome aboard") });
    const put = await f.api.put(`/api/v2/layouts/${layout.layoutID}/views`, [{ recordType: "global", recordID: -1 }], {
      as: f.admin,
    });
    expect(put.statusCode, put.body).toBe(200);
    const views = put.json<LayoutView[]>();
    expectSchema(Type.Array(LayoutView), views);
    expect(views).toMatchObject([
      { layoutID: layout.layoutID, layoutViewType: "home", recordType: "global", recordID: -1 },
    ]);

    const answer = await lookup(home);
    expect(answer.layoutID).toBe(String(layout.layoutID));
    expect(JSON.stringify(answer.layout)).toContain("Welcome aboard");
    expect(names(answer.layout)).not.toContain("react.banner");
    // The asset took the page's props (what to fetch).
    const list = JSON.stringify(answer.layout);
    expect(list).toContain('"basePath":"/discussions"');
    // A member sees it too, and it is listed as active.
    expect((await lookup(home, f.as.member)).layoutID).toBe(String(layout.layoutID));
    const record = (
      await f.api.get(`/api/v2/layouts/${layout.layoutID}?expand=all`, { as: f.admin })
    ).json<LayoutRecord>();
    expect(record.isActive).toBe(true);
    expect(record.layoutViews).toHaveLength(1);

    // Deleting an assigned layout: 409, until its views are removed.
    const refused = await f.api.delete(`/api/v2/layouts/${layout.layoutID}`, { as: f.admin });
    expect(refused.statusCode).toBe(409);
    expect(errorsOf(refused.body).message).toMatch(/assigned/);

    // Categories: a category's own layout, then the view type's, then the default.
    const category = "layoutViewType=categoryList&recordType=category&recordID=";
    const categoryPage = [
      {
        $reactComponent: "react.section.1-column",
        $reactProps: {
          breadcrumbs: [{ $reactComponent: "react.breadcrumbs", $reactProps: {} }],
          children: [html("Category page"), { $reactComponent: "react.asset.discussionList", $reactProps: {} }],
        },
      },
    ];
    const all = await created({ name: "Every category", layoutViewType: "categoryList", layout: categoryPage });
    const own = await created({ name: "Help's", layoutViewType: "categoryList", layout: [html("Help only")] });
    expect(
      (
        await f.api.put(`/api/v2/layouts/${all.layoutID}/views`, [{ recordType: "global", recordID: -1 }], {
          as: f.admin,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await f.api.put(
          `/api/v2/layouts/${own.layoutID}/views`,
          [{ recordType: "category", recordID: f.category.help }],
          {
            as: f.admin,
          },
        )
      ).statusCode,
    ).toBe(200);
    expect((await lookup(`${category}help`)).layoutID).toBe(String(own.layoutID));
    const general = await lookup(`${category}general`);
    expect(general.layoutID).toBe(String(all.layoutID));
    expect(JSON.stringify(general.layout)).toContain(`"categoryID":${f.category.general}`);
    expect(names(general.layout)).toContain("react.breadcrumbs");
    // `/categories` (no category): the view type's layout, without the category page's assets.
    const tree = await lookup("layoutViewType=categoryList&recordType=siteSection&recordID=0");
    expect(tree.layoutID).toBe(String(all.layoutID));
    expect(names(tree.layout)).toEqual(["react.section.1-column", "react.html"]);

    // Removing the views: the default again.
    const ownViews = (await f.api.get(`/api/v2/layouts/${own.layoutID}/views?expand=record`, { as: f.admin })).json<
      LayoutView[]
    >();
    expect(ownViews).toMatchObject([
      { recordType: "category", recordID: f.category.help, record: { name: "Help & Support" } },
    ]);
    const removed = await f.api.delete(
      `/api/v2/layouts/${own.layoutID}/views?layoutViewIDs=${ownViews[0]!.layoutViewID}`,
      { as: f.admin },
    );
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await lookup(`${category}help`)).layoutID).toBe(String(all.layoutID));
    expect(
      (
        await f.api.delete(`/api/v2/layouts/${own.layoutID}/views?layoutViewIDs=${ownViews[0]!.layoutViewID}`, {
          as: f.admin,
        })
      ).statusCode,
    ).toBe(404);
    const homeViews = (await f.api.get(`/api/v2/layouts/${layout.layoutID}/views`, { as: f.admin })).json<
      LayoutView[]
    >();
    await f.api.delete(`/api/v2/layouts/${layout.layoutID}/views?layoutViewIDs=${homeViews[0]!.layoutViewID}`, {
      as: f.admin,
    });
    expect((await lookup(home)).layoutID).toBe("home");
    expect((await f.api.delete(`/api/v2/layouts/${layout.layoutID}`, { as: f.admin })).statusCode).toBe(204);
    expect((await f.api.get(`/api/v2/layouts/${layout.layoutID}`, { as: f.admin })).statusCode).toBe(404);
    // Leave the categories on their default.
    const allViews = (await f.api.get(`/api/v2/layouts/${all.layoutID}/views`, { as: f.admin })).json<LayoutView[]>();
    await f.api.delete(`/api/v2/layouts/${all.layoutID}/views?layoutViewIDs=${allViews[0]!.layoutViewID}`, {
      as: f.admin,
    });
  });

  it("refuses bad assignments with 422", async () => {
    const layout = await created({ name: "Home", layoutViewType: "home", layout: [] });
    const put = (body: unknown) => f.api.put(`/api/v2/layouts/${layout.layoutID}/views`, body, { as: f.admin });
    const category = await put([{ recordType: "category", recordID: f.category.general }]);
    expect(category.statusCode).toBe(422);
    expect(errorsOf(category.body).errors?.[0]?.field).toBe("[0].recordType");
    expect((await put([{ recordType: "user", recordID: 1 }])).statusCode).toBe(422);
    expect((await put([{ recordType: "global", recordID: 5 }])).statusCode).toBe(422);
    expect((await put([])).statusCode).toBe(400);
    const post = await created({ name: "Post", layoutViewType: "post", layout: [] });
    const none = await f.api.put(
      `/api/v2/layouts/${post.layoutID}/views`,
      [{ recordType: "category", recordID: 999999 }],
      {
        as: f.admin,
      },
    );
    expect(none.statusCode).toBe(422);
    expect(errorsOf(none.body).errors?.[0]?.field).toBe("[0].recordID");
    expect(
      (await f.api.delete(`/api/v2/layouts/${layout.layoutID}/views?layoutViewIDs=x`, { as: f.admin })).statusCode,
    ).toBe(422);
  });

  it("hydrates a layout: defaults and assigned ones for readers, unassigned ones for managers only", async () => {
    const layout = await created({
      name: "Post draft",
      layoutViewType: "post",
      layout: [{ $reactComponent: "react.asset.discussion", $reactProps: {} }, html("Under the post")],
    });
    const url = `/api/v2/layouts/${layout.layoutID}/hydrate?recordType=discussion&recordID=${discussionID}`;
    expect((await f.api.get(url)).statusCode).toBe(403);
    expect((await f.api.get(url, { as: f.as.member })).statusCode).toBe(403);
    const preview = await f.api.get(url, { as: f.admin });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<Answer>().layout[0]).toMatchObject({
      $reactComponent: "react.asset.discussion",
      $reactProps: { discussionID, page: 1 },
    });
    // Not what visitors see until assigned.
    const page = `layoutViewType=post&recordType=discussion&recordID=${discussionID}`;
    expect((await lookup(page)).layoutID).toBe("post");
    const assets = `/api/v2/layouts/${layout.layoutID}/hydrate-assets`;
    expect((await f.api.get(assets)).statusCode).toBe(403);
    expect((await f.api.get(assets, { as: f.admin })).json()).toEqual({ js: [], css: [] });

    await f.api.put(`/api/v2/layouts/${layout.layoutID}/views`, [{ recordType: "global", recordID: -1 }], {
      as: f.admin,
    });
    expect((await f.api.get(url)).statusCode).toBe(200);
    expect((await f.api.get(assets)).statusCode).toBe(200);
    expect((await lookup(page)).layoutID).toBe(String(layout.layoutID));
    const views = (await f.api.get(`/api/v2/layouts/${layout.layoutID}/views`, { as: f.admin })).json<LayoutView[]>();
    await f.api.delete(`/api/v2/layouts/${layout.layoutID}/views?layoutViewIDs=${views[0]!.layoutViewID}`, {
      as: f.admin,
    });

    // The defaults, for anyone who may read the page.
    const byDefault = await f.api.get(`/api/v2/layouts/post/hydrate?recordType=discussion&recordID=${discussionID}`);
    expect(byDefault.statusCode, byDefault.body).toBe(200);
    expect(byDefault.json<Answer>().layoutID).toBe("post");
    expect((await f.api.get("/api/v2/layouts/post/hydrate?recordType=discussion&recordID=999999")).statusCode).toBe(
      404,
    );
    expect(
      (
        await f.api.get("/api/v2/layouts/lookup-hydrate-assets?layoutViewType=home&recordType=siteSection&recordID=0")
      ).json(),
    ).toEqual({ js: [], css: [] });
    expect((await f.api.get("/api/v2/layouts/lookup-hydrate-assets?layoutViewType=profile")).statusCode).toBe(422);
  });

  it("previews an unsaved layout (POST /layouts/hydrate) for managers", async () => {
    const body = { layoutViewType: "home", layout: homeSpec("Preview"), recordType: "siteSection", recordID: "0" };
    const response = await f.api.post("/api/v2/layouts/hydrate", body, { as: f.admin });
    expect(response.statusCode, response.body).toBe(200);
    expect(JSON.stringify(response.json<Answer>().layout)).toContain("Preview");
    expect(JSON.stringify(response.json<Answer>().layout)).toContain('"summary":true');
    expect((await f.api.post("/api/v2/layouts/hydrate", body)).statusCode).toBe(403);
    expect((await f.api.post("/api/v2/layouts/hydrate", body, { as: f.as.member })).statusCode).toBe(403);
    const bad = await f.api.post(
      "/api/v2/layouts/hydrate",
      { ...body, layout: [{ $hydrate: "react.nope" }] },
      { as: f.admin },
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain("react.nope");
  });

  it("answers the catalog and the schema of a view type's layout from the typed contract", async () => {
    const response = await f.api.get("/api/v2/layouts/catalog?layoutViewType=post", { as: f.admin });
    expect(response.statusCode, response.body).toBe(200);
    const catalog = response.json<LayoutCatalog>();
    expectSchema(LayoutCatalog, catalog);
    expect(Object.keys(catalog.assets)).toEqual(["react.asset.discussion"]);
    expect(Object.keys(catalog.sections)).toContain("react.section.2-columns");
    expect(catalog.widgets["react.html"]?.schema["type"]).toBe("object");
    expect(catalog.widgets["react.asset.discussion"]).toBeUndefined();
    expect(Object.keys(catalog.middlewares)).toEqual(["visibility"]);
    const schema = await f.api.get("/api/v2/layouts/schema?layoutViewType=home", { as: f.admin });
    expect(schema.statusCode, schema.body).toBe(200);
    expect(schema.json<{ type: string; $defs: Record<string, unknown> }>()).toMatchObject({ type: "array" });
    expect(Object.keys(schema.json<{ $defs: Record<string, unknown> }>().$defs)).toContain("react.banner");
    expect((await f.api.get("/api/v2/layouts/catalog?layoutViewType=profile", { as: f.admin })).statusCode).toBe(422);
    expect((await f.api.get("/api/v2/layouts/schema?layoutViewType=profile", { as: f.admin })).statusCode).toBe(422);
  });

  it("is for site managers: guests and members get 403 on every management route", async () => {
    const layout = await created({ name: "Guarded", layoutViewType: "home", layout: [] });
    const id = layout.layoutID;
    const routes: Array<[string, string, unknown?]> = [
      ["GET", "/api/v2/layouts"],
      ["POST", "/api/v2/layouts", { name: "X", layoutViewType: "home", layout: [] }],
      ["GET", `/api/v2/layouts/${id}`],
      ["GET", "/api/v2/layouts/home"],
      ["GET", `/api/v2/layouts/${id}/edit`],
      ["PATCH", `/api/v2/layouts/${id}`, { name: "Y" }],
      ["DELETE", `/api/v2/layouts/${id}`],
      ["GET", `/api/v2/layouts/${id}/revisions`],
      ["POST", `/api/v2/layouts/${id}/revisions/1/restore`, {}],
      ["GET", `/api/v2/layouts/${id}/views`],
      ["PUT", `/api/v2/layouts/${id}/views`, [{ recordType: "global", recordID: -1 }]],
      ["DELETE", `/api/v2/layouts/${id}/views?layoutViewIDs=1`],
      ["GET", `/api/v2/layouts/${id}/hydrate`],
      ["POST", "/api/v2/layouts/hydrate", { layoutViewType: "home", layout: [] }],
      ["GET", "/api/v2/layouts/catalog?layoutViewType=home"],
      ["GET", "/api/v2/layouts/schema?layoutViewType=home"],
    ];
    for (const [method, url, body] of routes)
      for (const as of [null, f.as.member]) {
        const response =
          method === "GET"
            ? await f.api.get(url, { as })
            : method === "DELETE"
              ? await f.api.delete(url, { as })
              : await f.api[method === "POST" ? "post" : method === "PUT" ? "put" : "patch"](url, body, { as });
        expect(response.statusCode, `${method} ${url} as ${as ? "member" : "guest"}: ${response.body}`).toBe(403);
      }
    // Nothing changed.
    expect((await f.api.get(`/api/v2/layouts/${id}`, { as: f.admin })).json<LayoutRecord>().name).toBe("Guarded");
  });
});
