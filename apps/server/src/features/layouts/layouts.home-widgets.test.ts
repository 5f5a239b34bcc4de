import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  Article,
  Category,
  CollectionContent,
  Discussion,
  FieldError,
  Group,
  KnowledgeBase,
  LayoutWidget,
} from "@parley/contracts";
import { createContentFixture, makeMembersOnly, postDiscussion, type ContentFixture } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";
import { setRolePermission, type KnowledgeFixture } from "../../test/knowledge.ts";

/*
 * The home widgets (issue 38 item 3): a featured collection, filtered discussions, categories, knowledge base
 * articles, groups, quick links and a call to action. Their props are checked against the contract (a per-field 422), and their data comes from the API as
 * the viewer may read it: a members-only category's discussion never reaches a guest.
 */

const cast = {
  member: { name: "Home Widget Member", role: "member", bypassSpam: true },
  outsider: { name: "Home Widget Outsider", role: "member", bypassSpam: true },
} as const;

const section = (mainBottom: unknown[], secondaryBottom: unknown[] = []) => ({
  $reactComponent: "react.section.2-columns",
  $reactProps: { mainBottom, secondaryBottom },
});
const page = { layoutViewType: "home", recordType: "siteSection", recordID: "0" };

describe.each(engines)("home widgets on %s", (engine) => {
  let f: ContentFixture<keyof typeof cast>;
  let collectionID: number;
  let publicID: number;
  let privateID: number;

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
    await makeMembersOnly(f, f.category["off-topic"]);
    publicID = (await postDiscussion(f.api, f.admin, { name: "Featured in public", categoryID: f.category.general }))
      .discussionID;
    privateID = (
      await postDiscussion(f.api, f.admin, { name: "Featured for members", categoryID: f.category["off-topic"] })
    ).discussionID;
    const made = await f.api.post(
      "/api/v2/collections",
      {
        name: "Featured",
        records: [
          { recordType: "discussion", recordID: publicID },
          { recordType: "discussion", recordID: privateID },
          { recordType: "category", recordID: f.category["off-topic"] },
          { recordType: "category", recordID: f.category.help },
        ],
      },
      { as: f.admin },
    );
    expect(made.statusCode, made.body).toBe(201);
    collectionID = made.json<{ collectionID: number }>().collectionID;
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const widgets = () => [
    {
      $reactComponent: "react.collection-records",
      $reactProps: {
        title: "Featured",
        apiParams: { collectionID },
        containerOptions: { displayType: "carousel", autoplaySeconds: 5, viewAll: { to: "/categories" } },
        itemOptions: { contentType: "title-description-image" },
      },
    },
    {
      $reactComponent: "react.discussion.discussions",
      $reactProps: { title: "Announcements", apiParams: { limit: 5, pinned: false, sort: "-dateLastComment" } },
      $middleware: { visibility: { device: "desktop" } },
    },
    {
      $reactComponent: "react.cta",
      $reactProps: { title: "Join us", button: { title: "Register", url: "/entry/register" }, alignment: "center" },
      $middleware: { visibility: { device: "mobile" } },
    },
  ];
  const links = {
    $reactComponent: "react.quick-links",
    $reactProps: {
      links: [
        { name: "Help", url: "/categories/help" },
        { name: "Docs", url: "https://example.com/" },
      ],
    },
  };

  it("rejects a home widget's bad props with one 422 error per field, at its path", async () => {
    const layout = [
      section(
        [
          {
            $reactComponent: "react.collection-records",
            $reactProps: {
              apiParams: { collectionID: "one" },
              containerOptions: { displayType: "slideshow", autoplaySeconds: 1 },
              itemOptions: { contentType: "title-only" },
              colour: "red",
            },
          },
          { $reactComponent: "react.discussion.discussions", $reactProps: { apiParams: { limit: 500 } } },
          { $reactComponent: "react.cta", $reactProps: { title: "No button" } },
          {
            $reactComponent: "react.categories",
            $reactProps: { apiParams: { filter: "popular", limit: 0 }, containerOptions: { displayType: "table" } },
          },
          {
            $reactComponent: "react.article.articles",
            $reactProps: { apiParams: { limit: 500, sort: "random" }, itemOptions: { contentType: "title-only" } },
          },
          {
            $reactComponent: "react.groups",
            $reactProps: { apiParams: { limit: 31, privacy: "hidden" }, containerOptions: { maxColumnCount: 9 } },
          },
        ],
        [
          {
            $reactComponent: "react.quick-links",
            $reactProps: { links: [{ name: "Bad", url: "javascript:alert(1)" }] },
          },
        ],
      ),
      {
        $reactComponent: "react.banner",
        $reactProps: { logoUrl: "javascript:alert(1)", variant: "huge", showSearch: "yes" },
      },
    ];
    const response = await f.api.post("/api/v2/layouts/hydrate", { ...page, layout }, { as: f.admin });
    expect(response.statusCode, response.body).toBe(422);
    const fields = response.json<{ errors: FieldError[] }>().errors.map((error) => error.field);
    const main = "layout[0].$reactProps.mainBottom";
    expect(fields).toEqual(
      expect.arrayContaining([
        `${main}[0].$reactProps.apiParams.collectionID`,
        `${main}[0].$reactProps.containerOptions.displayType`,
        `${main}[0].$reactProps.containerOptions.autoplaySeconds`,
        `${main}[0].$reactProps.itemOptions.contentType`,
        `${main}[0].$reactProps.colour`,
        `${main}[1].$reactProps.apiParams.limit`,
        `${main}[2].$reactProps.button`,
        `${main}[3].$reactProps.apiParams.filter`,
        `${main}[3].$reactProps.apiParams.limit`,
        `${main}[3].$reactProps.containerOptions.displayType`,
        `${main}[4].$reactProps.apiParams.knowledgeBaseID`,
        `${main}[4].$reactProps.apiParams.limit`,
        `${main}[4].$reactProps.apiParams.sort`,
        `${main}[4].$reactProps.itemOptions.contentType`,
        `${main}[5].$reactProps.apiParams.limit`,
        `${main}[5].$reactProps.apiParams.privacy`,
        `${main}[5].$reactProps.containerOptions.maxColumnCount`,
        "layout[0].$reactProps.secondaryBottom[0].$reactProps.links[0].url",
        "layout[1].$reactProps.logoUrl",
        "layout[1].$reactProps.variant",
        "layout[1].$reactProps.showSearch",
      ]),
    );
    // The same checks guard a saved layout.
    const saved = await f.api.post("/api/v2/layouts", { name: "Bad", layoutViewType: "home", layout }, { as: f.admin });
    expect(saved.statusCode).toBe(422);
  });

  it("puts the widgets on home for everyone once the layout is assigned, with their props and visibility", async () => {
    const layout = [section(widgets(), [links])];
    const made = await f.api.post(
      "/api/v2/layouts",
      { name: "Widgets", layoutViewType: "home", layout },
      { as: f.admin },
    );
    expect(made.statusCode, made.body).toBe(201);
    const { layoutID } = made.json<{ layoutID: number }>();
    const views = await f.api.put(`/api/v2/layouts/${layoutID}/views`, [{ recordType: "global", recordID: -1 }], {
      as: f.admin,
    });
    expect(views.statusCode, views.body).toBe(200);
    const lookup = await f.api.get(
      "/api/v2/layouts/lookup-hydrate?layoutViewType=home&recordType=siteSection&recordID=0",
    );
    expect(lookup.statusCode, lookup.body).toBe(200);
    const [top] = lookup.json<{ layout: LayoutWidget[] }>().layout;
    const props = top!.$reactProps as { mainBottom: LayoutWidget[]; secondaryBottom: LayoutWidget[] };
    expect(props.mainBottom).toEqual(widgets());
    expect(props.secondaryBottom).toEqual([links]);
    await f.api.delete(`/api/v2/layouts/${layoutID}/views?layoutViewIDs=${layoutID}`, { as: f.admin });
  });

  it("renders a text widget's Markdown or HTML body through the posts' sanitiser, never a bodyHtml it was given", async () => {
    const text = (props: Record<string, unknown>) => ({ $reactComponent: "react.html", $reactProps: props });
    const layout = [
      section([
        text({ body: "**Hello** <script>alert(1)</script> [bad](javascript:alert(1))" }),
        text({ body: '<p onclick="alert(1)">Hi <img src="/x.png" onerror="alert(1)"></p>', format: "html" }),
        text({ title: "Given", bodyHtml: "<script>alert(1)</script>" }),
      ]),
    ];
    const made = await f.api.post(
      "/api/v2/layouts",
      { name: "Texts", layoutViewType: "home", layout },
      { as: f.admin },
    );
    expect(made.statusCode, made.body).toBe(201);
    const { layoutID } = made.json<{ layoutID: number }>();
    expect(made.body).not.toContain("bodyHtml");
    const response = await f.api.get(
      `/api/v2/layouts/${layoutID}/hydrate?layoutViewType=home&recordType=siteSection&recordID=0`,
      { as: f.admin },
    );
    expect(response.statusCode, response.body).toBe(200);
    const [top] = response.json<{ layout: LayoutWidget[] }>().layout;
    const [markdown, html, given] = (top!.$reactProps as { mainBottom: LayoutWidget[] }).mainBottom.map(
      (widget) => (widget.$reactProps as { bodyHtml?: string }).bodyHtml,
    );
    expect(markdown).toContain("<strong>Hello</strong>");
    expect(html).toContain("Hi");
    for (const rendered of [markdown!, html!]) {
      // Written-out markup stays text (`&lt;script&gt;`): no element, link or handler of it.
      expect(rendered).not.toMatch(/<script|href="javascript:|\son\w+=/i);
    }
    expect(given).toBeUndefined();
  });

  it("gives a featured collection's records as the viewer may read them: none of a members-only category to a guest", async () => {
    const read = async (as: typeof f.admin | null) => {
      const response = await f.api.get(`/api/v2/collections/${collectionID}/content/en`, { as });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CollectionContent>().records.map((record) => `${record.recordType}:${record.recordID}`);
    };
    expect(await read(null)).toEqual([`discussion:${publicID}`, `category:${f.category.help}`]);
    // A discussion comes with its excerpt, which the widget shows under its title.
    const content = (await f.api.get(`/api/v2/collections/${collectionID}/content/en`)).json<CollectionContent>();
    expect(typeof (content.records[0]!.record as { excerpt?: unknown }).excerpt).toBe("string");
    expect(await read(f.as.member)).toEqual([
      `discussion:${publicID}`,
      `discussion:${privateID}`,
      `category:${f.category["off-topic"]}`,
      `category:${f.category.help}`,
    ]);
  });

  it("lists the discussions widget's discussions with the list's permission filter", async () => {
    // The web widget's query: `GET /discussions` with the widget's apiParams.
    const list = async (query: string, as: typeof f.admin | null) => {
      const response = await f.api.get(`/api/v2/discussions?page=1&${query}`, { as });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Discussion[]>().map((discussion) => discussion.discussionID);
    };
    const guest = await list("limit=30&pinned=false&sort=-dateLastComment", null);
    expect(guest).toContain(publicID);
    expect(guest).not.toContain(privateID);
    expect(await list("limit=30&pinned=false&sort=-dateLastComment", f.as.member)).toContain(privateID);
    // A category the guest may not read answers 403 (the widget then shows no discussion).
    const hidden = await f.api.get(`/api/v2/discussions?limit=5&categoryID=${f.category["off-topic"]}`);
    expect(hidden.statusCode).toBe(403);
    expect(await list(`limit=30&categoryID=${f.category["off-topic"]}`, f.as.member)).toContain(privateID);
    expect(await list("limit=30&followed=true", null)).toEqual([]);
  });

  it("lists the categories widget's categories with the categories' permission filter: none members-only to a guest", async () => {
    // The web widget's queries: `GET /categories` flat, one level, as its filter says.
    const list = async (query: string, as: typeof f.admin | null) => {
      const response = await f.api.get(`/api/v2/categories?${query}`, { as });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Category[]>().map((category) => category.categoryID);
    };
    const top = "outputFormat=flat&maxDepth=1&limit=50";
    const guest = await list(top, null);
    expect(guest).toContain(f.category.general);
    expect(guest).not.toContain(f.category["off-topic"]);
    expect(await list(top, f.as.member)).toEqual(expect.arrayContaining([f.category.general, f.category["off-topic"]]));
    // The limit holds.
    expect(await list("outputFormat=flat&maxDepth=1&limit=1", f.as.member)).toHaveLength(1);
    // A members-only parent's children: refused to a guest (the widget then shows nothing).
    const child = await f.api.post(
      "/api/v2/categories",
      { name: "Members' corner", urlcode: "members-corner", parentCategoryID: f.category["off-topic"] },
      { as: f.admin },
    );
    expect(child.statusCode, child.body).toBe(201);
    const childID = child.json<Category>().categoryID;
    const children = `outputFormat=flat&maxDepth=1&limit=50&parentCategoryID=${f.category["off-topic"]}`;
    expect([403, 404]).toContain((await f.api.get(`/api/v2/categories?${children}`)).statusCode);
    expect(await list(children, f.as.member)).toEqual([childID]);
    // Followed: none for a guest, the member's own for the member.
    const followed = await f.api.get("/api/v2/categories?followed=true&limit=50");
    expect(followed.statusCode === 200 ? followed.json<Category[]>() : [], followed.body).toEqual([]);
    const follow = await f.api.put(
      `/api/v2/categories/${f.category["off-topic"]}/follow`,
      { followed: true },
      { as: f.as.member },
    );
    expect(follow.statusCode, follow.body).toBe(200);
    expect(await list("followed=true&limit=50", f.as.member)).toEqual([f.category["off-topic"]]);
  });

  /** A knowledge base and a way to post published articles in its root category, by the administrator. */
  const knowledgeBase = async (name: string, urlCode: string, viewType: "help" | "guide") => {
    const base = await f.api.post(
      "/api/v2/knowledge-bases",
      { name, description: "Help.", urlCode, viewType },
      { as: f.admin },
    );
    expect(base.statusCode, base.body).toBe(201);
    const { knowledgeBaseID, rootCategoryID } = base.json<KnowledgeBase>();
    const article = async (title: string) => {
      const made = await f.api.post(
        "/api/v2/articles",
        { knowledgeCategoryID: rootCategoryID, name: title, body: "Some **help**.", format: "markdown" },
        { as: f.admin },
      );
      expect(made.statusCode, made.body).toBe(201);
      return made.json<Article>().articleID;
    };
    return { knowledgeBaseID, article };
  };

  it("lists the articles widget's articles for readers of the knowledge base only, featured ones when asked", async () => {
    const { knowledgeBaseID, article } = await knowledgeBase("Widget Help", "widget-help", "help");
    const plain = await article("Getting started");
    const featured = await article("Featured answer");
    const feature = await f.api.put(`/api/v2/articles/${featured}/featured`, { featured: true }, { as: f.admin });
    expect(feature.statusCode, feature.body).toBe(200);
    // The web widget's query: `GET /articles` with the widget's apiParams.
    const list = async (query: string, as: typeof f.admin | null) => {
      const response = await f.api.get(`/api/v2/articles?page=1&knowledgeBaseID=${knowledgeBaseID}&${query}`, { as });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Article[]>().map((item) => item.articleID);
    };
    expect((await list("limit=30", null)).sort()).toEqual([plain, featured].sort());
    expect(await list("limit=30&featured=true", null)).toEqual([featured]);
    expect(await list("limit=1", null)).toHaveLength(1);
    // Without kb.view, a guest gets 403 (the widget shows nothing); members still read them.
    const knowledge = f as unknown as KnowledgeFixture;
    await setRolePermission(knowledge, "guest", "kb.view", false);
    try {
      const refused = await f.api.get(`/api/v2/articles?page=1&limit=30&knowledgeBaseID=${knowledgeBaseID}`);
      expect(refused.statusCode).toBe(403);
      expect((await list("limit=30", f.as.member)).sort()).toEqual([plain, featured].sort());
    } finally {
      await setRolePermission(knowledge, "guest", "kb.view", true);
    }
  });

  it("lists the groups widget's groups as the viewer may see them: a secret group only to its members", async () => {
    const group = async (name: string, privacy: string) => {
      const made = await f.api.post("/api/v2/groups", { name, description: "A group.", privacy }, { as: f.as.member });
      expect(made.statusCode, made.body).toBe(201);
      return made.json<Group>().groupID;
    };
    const open = await group("Widget Open Group", "public");
    const secret = await group("Widget Secret Group", "secret");
    // The web widget's query: `GET /groups` with the widget's apiParams.
    const list = async (query: string, as: typeof f.admin | null) => {
      const response = await f.api.get(`/api/v2/groups?page=1&${query}`, { as });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Group[]>().map((item) => item.groupID);
    };
    const guest = await list("limit=30&sort=name", null);
    expect(guest).toContain(open);
    expect(guest).not.toContain(secret);
    expect(await list("limit=30&sort=name", f.as.outsider)).not.toContain(secret);
    expect(await list("limit=30&sort=name", f.as.member)).toEqual(expect.arrayContaining([open, secret]));
    expect(await list("limit=30&privacy=secret", null)).toEqual([]);
    expect(await list("limit=30&privacy=secret", f.as.member)).toEqual([secret]);
  });

  it("gives a featured collection's articles, knowledge bases and groups as their endpoints do, to who may read them", async () => {
    const { knowledgeBaseID, article } = await knowledgeBase("Collected Help", "collected-help", "guide");
    const articleID = await article("Collected article");
    const deleted = await article("Deleted article");
    const remove = await f.api.patch(`/api/v2/articles/${deleted}/status`, { status: "deleted" }, { as: f.admin });
    expect(remove.statusCode, remove.body).toBe(200);
    const group = async (name: string, privacy: string) => {
      const created = await f.api.post(
        "/api/v2/groups",
        { name, description: "Collected.", privacy },
        { as: f.as.member },
      );
      expect(created.statusCode, created.body).toBe(201);
      return created.json<Group>().groupID;
    };
    const open = await group("Collected Open Group", "public");
    const secret = await group("Collected Secret Group", "secret");
    const collection = await f.api.post(
      "/api/v2/collections",
      {
        name: "Collected",
        records: [
          { recordType: "article", recordID: articleID },
          { recordType: "article", recordID: deleted },
          { recordType: "knowledgeBase", recordID: knowledgeBaseID },
          { recordType: "groups", recordID: open },
          { recordType: "groups", recordID: secret },
        ],
      },
      { as: f.admin },
    );
    expect(collection.statusCode, collection.body).toBe(201);
    const { collectionID: collectedID } = collection.json<{ collectionID: number }>();
    const read = async (as: typeof f.admin | null) => {
      const response = await f.api.get(`/api/v2/collections/${collectedID}/content/en`, { as });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CollectionContent>().records;
    };
    const keys = (records: CollectionContent["records"]) =>
      records.map((record) => `${record.recordType}:${record.recordID}`);

    // A guest: the published article and its base, the public group; never a deleted article nor a secret group.
    const guest = await read(null);
    expect(keys(guest)).toEqual([`article:${articleID}`, `knowledgeBase:${knowledgeBaseID}`, `groups:${open}`]);
    // Each record is what its own endpoint answers.
    const asArticle = (await f.api.get(`/api/v2/articles/${articleID}`)).json<Article>();
    expect(guest[0]!.record).toMatchObject({
      articleID,
      name: "Collected article",
      url: asArticle.url,
      excerpt: asArticle.excerpt,
    });
    const asBase = (await f.api.get(`/api/v2/knowledge-bases/${knowledgeBaseID}`)).json<KnowledgeBase>();
    expect(guest[1]!.record).toMatchObject({ knowledgeBaseID, name: "Collected Help", url: asBase.url });
    const asGroup = (await f.api.get(`/api/v2/groups/${open}`)).json<Group>();
    expect(guest[2]!.record).toMatchObject({ groupID: open, name: "Collected Open Group", url: asGroup.url });
    // The secret group's member sees it; another member does not.
    expect(keys(await read(f.as.member))).toContain(`groups:${secret}`);
    expect(keys(await read(f.as.outsider))).not.toContain(`groups:${secret}`);
    // An administrator, who may see deleted articles, still gets only published ones in a collection.
    expect(keys(await read(f.admin))).not.toContain(`article:${deleted}`);
    // Without kb.view, a guest gets no article and no base, and still the public group.
    const knowledge = f as unknown as KnowledgeFixture;
    await setRolePermission(knowledge, "guest", "kb.view", false);
    try {
      expect(keys(await read(null))).toEqual([`groups:${open}`]);
    } finally {
      await setRolePermission(knowledge, "guest", "kb.view", true);
    }
  });

  it("offers the three in the widgets' catalogue and the layout editor's, with their props' JSON schema", async () => {
    const catalog = await f.api.get("/api/v2/layouts/catalog?layoutViewType=home", { as: f.admin });
    expect(catalog.statusCode, catalog.body).toBe(200);
    const { widgets } = catalog.json<{
      widgets: Record<string, { schema: { properties: Record<string, unknown> } }>;
    }>();
    for (const name of ["react.categories", "react.article.articles", "react.groups"])
      expect(Object.keys(widgets[name]?.schema.properties ?? {})).toContain("apiParams");
    for (const name of ["react.categories", "react.article.articles", "react.groups"]) {
      const response = await f.api.get(`/api/v2/widgets/${name}`, { as: f.admin });
      expect(response.statusCode, response.body).toBe(200);
      const widget = response.json<{ name: string; schema: { properties: Record<string, unknown> } }>();
      expect(widget.name).toBe(name);
      expect(Object.keys(widget.schema.properties)).toEqual(
        expect.arrayContaining(["title", "apiParams", "containerOptions", "itemOptions"]),
      );
    }
  });
});
