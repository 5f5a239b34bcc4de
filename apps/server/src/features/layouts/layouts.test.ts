import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Value } from "typebox/value";
import {
  HydratedLayoutResponse,
  LayoutRedirectResponse,
  TitleBarPropsSchema,
  type Discussion,
  type LayoutWidget,
  type NavigationItem,
  type TitleBarWidget,
  type WidgetName,
  type WidgetOf,
} from "@parley/contracts";
import { fewestQueries } from "../../platform/db/query-count.ts";
import { roleIDOfType, type Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import { createContentFixture, postComment, postDiscussion, type ContentFixture } from "../../test/content.ts";

type Cast = "member" | "moderator";
type Hydrated = {
  layoutViewType: string;
  layoutID: string;
  titleBar: TitleBarWidget;
  layout: LayoutWidget[];
  contexts: LayoutWidget[];
  seo: { title?: string; description?: string; url?: string };
};

/** Every widget of a tree, nested ones included. */
function flatten(widgets: LayoutWidget[]): LayoutWidget[] {
  return widgets.flatMap((widget) => [
    widget,
    ...Object.values(widget.$reactProps).flatMap((value) =>
      Array.isArray(value)
        ? flatten(
            (value as unknown[]).filter((item): item is LayoutWidget => !!(item as LayoutWidget)?.$reactComponent),
          )
        : [],
    ),
  ]);
}
const find = <Name extends WidgetName>(answer: Hydrated, name: Name) =>
  flatten(answer.layout).filter((w): w is WidgetOf<Name> => w.$reactComponent === name);

describe.each(engines)("GET /layouts/lookup-hydrate on %s", (engine) => {
  let f: ContentFixture<Cast>;
  let open: Discussion;
  let hidden: Discussion;
  let memberRoleID: number;

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      member: { name: "Layout Member", role: "member", bypassSpam: true },
      moderator: { name: "Layout Moderator", role: "moderator" },
    });
    const { api, as, category } = f;
    open = await postDiscussion(api, as.member, { name: "Layouts are data", categoryID: category.general });
    hidden = await postDiscussion(api, f.admin, { name: "Staff only", categoryID: category["show-and-tell"] });
    memberRoleID = await roleIDOfType(f.t.database.db, "member");
    for (const type of ["guest", "member"] as const) {
      const response = await api.patch(
        `/api/v2/roles/${await roleIDOfType(f.t.database.db, type)}`,
        {
          permissions: [
            { type: "category", id: category["show-and-tell"], permissions: { "discussions.view": false } },
          ],
        },
        { as: f.admin },
      );
      expect(response.statusCode, response.body).toBe(200);
    }
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const lookup = (query: string, as: Session | null = null) =>
    f.api.get(`/api/v2/layouts/lookup-hydrate?${query}`, { as });
  const hydrated = async (query: string, as: Session | null = null): Promise<Hydrated> => {
    const response = await lookup(query, as);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Hydrated>();
    expect(Value.Check(HydratedLayoutResponse, body), JSON.stringify(Value.Errors(HydratedLayoutResponse, body))).toBe(
      true,
    );
    expect(body.titleBar.$reactComponent).toBe("TitleBar");
    expect(Value.Check(TitleBarPropsSchema, body.titleBar.$reactProps)).toBe(true);
    return body;
  };
  const section = "recordType=siteSection&recordID=0";

  it("answers the home layout: the banner, then recent discussions and the category tree beside the panel", async () => {
    const home = await hydrated(`layoutViewType=home&${section}`);
    expect(home.layoutViewType).toBe("home");
    expect(home.layout.map((widget) => widget.$reactComponent)).toEqual([
      "react.section.full-width",
      "react.section.2-columns",
    ]);
    expect(find(home, "react.banner")).toHaveLength(1);
    expect(find(home, "react.asset.discussionList")[0]!.$reactProps).toMatchObject({
      apiParams: { limit: 10, page: 1 },
      basePath: "/discussions",
      summary: true,
    });
    // The page lists the categories: the panel doesn't again.
    expect(find(home, "react.asset.categoryList").map((widget) => widget.$reactProps)).toEqual([
      { apiParams: { maxDepth: 2 }, variant: "home" },
    ]);
    // Tagging is on by default, Who's Online off: popular tags in the panel, no one online.
    expect(find(home, "react.popularTags")).toHaveLength(1);
    expect(find(home, "react.onlineNow")).toHaveLength(0);
    expect(home.seo).toMatchObject({ title: "Parley", url: "/" });
    // A section that is no subcommunity's (subcommunities.test.ts: a real one's home).
    expect((await lookup("layoutViewType=subcommunityHome&recordType=siteSection&recordID=3")).statusCode).toBe(404);
  });

  it("answers the discussion list with the page and sort as the list's apiParams", async () => {
    const list = await hydrated(`layoutViewType=discussionList&${section}&params[page]=2&params[sort]=-hot`);
    const [asset] = find(list, "react.asset.discussionList");
    expect(asset!.$reactProps).toMatchObject({
      apiParams: { limit: 10, page: 2, sort: "-hot" },
      basePath: "/discussions",
    });
    // New Discussion heads the panel on desktop and the list's toolbar on mobile.
    expect(find(list, "react.newPostButton").map((widget) => widget.$middleware?.visibility?.device)).toEqual([
      "mobile",
      "desktop",
    ]);
    expect(find(list, "react.asset.categoryList")[0]!.$reactProps.variant).toBe("panel");
    const first = await hydrated(`layoutViewType=discussionList&${section}`);
    expect(find(first, "react.asset.discussionList")[0]!.$reactProps.apiParams).toEqual({ limit: 10, page: 1 });
  });

  it("answers the category list, and a category's page by URL code or id", async () => {
    const root = await hydrated(`layoutViewType=categoryList&${section}`);
    expect(find(root, "react.asset.categoryList")[0]!.$reactProps.variant).toBe("categories");
    expect(find(root, "react.asset.discussionList")).toHaveLength(0);

    const general = f.category.general;
    for (const recordID of ["general", String(general)]) {
      const page = await hydrated(
        `layoutViewType=categoryList&recordType=category&recordID=${recordID}&params[page]=3`,
      );
      const [list] = find(page, "react.asset.discussionList");
      expect(list!.$reactProps).toMatchObject({
        apiParams: { limit: 10, page: 3, categoryID: general },
        basePath: "/categories/general",
        pagedPath: true,
      });
      expect(find(page, "react.breadcrumbs")[0]!.$reactProps).toEqual({ recordType: "category", recordID: "general" });
      expect(find(page, "react.asset.categoryList")[0]!.$reactProps.apiParams).toEqual({
        parentCategoryID: general,
        maxDepth: 2,
      });
      // General takes discussions: its list offers New Discussion into it.
      expect(find(page, "react.newPostButton")[0]!.$reactProps).toEqual({ categoryID: general });
      expect(page.seo).toMatchObject({ title: "General Discussion", url: "/categories/general/p3" });
    }
  });

  it("answers the post layout for a discussion the viewer may read", async () => {
    const post = await hydrated(`layoutViewType=post&recordType=discussion&recordID=${open.discussionID}`);
    expect(find(post, "react.asset.discussion")[0]!.$reactProps).toEqual({
      discussionID: open.discussionID,
      page: 1,
      commentsApiParams: { discussionID: open.discussionID, page: 1, limit: 30, sort: "dateInserted" },
    });
    expect(post.seo.title).toBe("Layouts are data");
  });

  it("passes a post page's comment order on to its comments", async () => {
    for (const sort of ["-dateInserted", "-score", "-experimentalTrending"]) {
      const post = await hydrated(
        `layoutViewType=post&recordType=discussion&recordID=${open.discussionID}&params[sort]=${sort}`,
      );
      expect(find(post, "react.asset.discussion")[0]!.$reactProps.commentsApiParams).toMatchObject({ sort });
    }
    // A discussion-list order is not a comment order.
    const wrong = await lookup(
      `layoutViewType=post&recordType=discussion&recordID=${open.discussionID}&params[sort]=-hot`,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ errors: Array<{ field: string }> }>().errors.map((error) => error.field)).toEqual([
      "params.sort",
    ]);
  });

  it("answers the create-post layout, into a category or none", async () => {
    const none = await hydrated(`layoutViewType=createPost&recordType=category&recordID=-1`, f.as.member);
    expect(find(none, "react.asset.createPost")[0]!.$reactProps).toEqual({ postType: "discussion", categoryID: null });
    const into = await hydrated(
      `layoutViewType=createPost&recordType=category&recordID=${f.category.ideas}&params[postType]=discussion`,
      f.as.member,
    );
    expect(find(into, "react.asset.createPost")[0]!.$reactProps.categoryID).toBe(f.category.ideas);
  });

  it("validates the view type, ids and params with Vanilla-style field errors", async () => {
    const cases: Array<[string, string]> = [
      [`layoutViewType=kitchen&${section}`, "layoutViewType"],
      [`layoutViewType=home&recordType=siteSection`, "recordID"],
      [`layoutViewType=post&recordType=discussion&recordID=abc`, "recordID"],
      [`layoutViewType=post&recordType=user&recordID=1`, "recordType"],
      [`layoutViewType=discussionList&${section}&params[page]=0`, "params.page"],
      [`layoutViewType=discussionList&${section}&params[page]=x`, "params.page"],
      [`layoutViewType=discussionList&${section}&params[sort]=random`, "params.sort"],
      [`layoutViewType=createPost&recordType=category&recordID=general`, "recordID"],
    ];
    for (const [query, field] of cases) {
      const response = await lookup(query);
      expect(response.statusCode, query).toBe(400);
      const body = response.json<{ message: string; errors: Array<{ field: string }> }>();
      expect(
        body.errors.map((error) => error.field),
        query,
      ).toContain(field);
    }
  });

  it("answers 404 for unknown records and for a page past the last comment page", async () => {
    const cases = [
      `layoutViewType=categoryList&recordType=category&recordID=no-such-category`,
      `layoutViewType=categoryList&recordType=category&recordID=987654`,
      `layoutViewType=post&recordType=discussion&recordID=987654`,
      `layoutViewType=post&recordType=discussion&recordID=${open.discussionID}&params[page]=2`,
      `layoutViewType=post&recordType=comment&recordID=987654`,
      `layoutViewType=createPost&recordType=category&recordID=987654`,
    ];
    for (const query of cases) expect((await lookup(query, f.as.member)).statusCode, query).toBe(404);
    expect((await lookup(cases[0]!)).json<{ message: string }>().message).toBe("Category not found.");
  });

  it("checks a discussion and a category the way their own endpoints do", async () => {
    for (const as of [null, f.as.member, f.as.moderator, f.admin]) {
      const own = await f.api.get(`/api/v2/discussions/${hidden.discussionID}`, { as });
      const viaLayout = await lookup(`layoutViewType=post&recordType=discussion&recordID=${hidden.discussionID}`, as);
      expect(viaLayout.statusCode).toBe(own.statusCode);
      const category = await f.api.get(`/api/v2/categories/${f.category["show-and-tell"]}`, { as });
      const categoryLayout = await lookup(`layoutViewType=categoryList&recordType=category&recordID=show-and-tell`, as);
      expect(categoryLayout.statusCode).toBe(category.statusCode);
    }
    expect((await lookup(`layoutViewType=post&recordType=discussion&recordID=${hidden.discussionID}`)).statusCode).toBe(
      403,
    );
    expect(
      (await lookup(`layoutViewType=post&recordType=discussion&recordID=${hidden.discussionID}`, f.admin)).statusCode,
    ).toBe(200);
  });

  it("redirects a comment lookup to the discussion page the comment is on", async () => {
    const discussion = await postDiscussion(f.api, f.as.member, {
      name: "Long thread",
      categoryID: f.category.general,
    });
    const comments = [];
    for (let i = 0; i < 31; i++)
      comments.push(await postComment(f.api, f.as.member, discussion.discussionID, `Reply ${i}`));
    const path = new URL(discussion.url).pathname;
    const check = async (commentID: number, expected: string) => {
      const response = await lookup(`layoutViewType=post&recordType=comment&recordID=${commentID}`);
      expect(response.statusCode).toBe(200);
      const body = response.json<{ redirectTo: string; status: number }>();
      expect(Value.Check(LayoutRedirectResponse, body)).toBe(true);
      expect(body).toEqual({ redirectTo: expected, status: 302 });
    };
    await check(comments[0]!.commentID, `${path}#Comment_${comments[0]!.commentID}`);
    await check(comments[30]!.commentID, `${path}/p2#Comment_${comments[30]!.commentID}`);
    // A comment in a discussion the guest may not read is refused like GET /comments/{id}.
    const hiddenComment = await postComment(f.api, f.admin, hidden.discussionID, "Staff reply");
    expect(
      (await lookup(`layoutViewType=post&recordType=comment&recordID=${hiddenComment.commentID}`)).statusCode,
    ).toBe((await f.api.get(`/api/v2/comments/${hiddenComment.commentID}`)).statusCode);
  });

  describe("the title bar", () => {
    const items: NavigationItem[] = [
      { id: "posts", name: "Posts", url: "/discussions" },
      { id: "kb", name: "Help", url: "kb/articles" },
      { id: "tilde", name: "Tilde", url: "~/somewhere" },
      { id: "external", name: "Blog", url: "https://blog.example.com" },
      { id: "members", name: "Members only", url: "/members", permission: "session.valid" },
      { id: "staff", name: "Dashboard", url: "/dashboard", permission: "site.manage" },
      { id: "addon", name: "Add-on", url: "/addon", permission: "addon.unknown" },
      { id: "role", name: "Member role", url: "/role", roleIDs: [0] },
      { id: "hidden", name: "Hidden", url: "/hidden", isHidden: true },
      {
        id: "parent",
        name: "More",
        url: "more",
        children: [
          { id: "child-open", name: "Open child", url: "child" },
          { id: "child-staff", name: "Staff child", url: "/staff", permission: "community.manage" },
        ],
      },
    ];
    const navigation = async (as: Session | null, locale?: string) => {
      const answer = await hydrated(`layoutViewType=home&${section}${locale ? `&params[locale]=${locale}` : ""}`, as);
      return answer.titleBar.$reactProps.navigation.items;
    };
    const names = (list: NavigationItem[]) => list.map((item) => item.name);

    afterAll(async () => {
      await f.t.app.platform.siteConfig.set("navigation.items", "");
      await f.t.app.platform.siteConfig.set("registration.method", "basic");
      await f.t.app.platform.siteConfig.set("conversations.enabled", true);
    });

    it("defaults to Posts and Categories (and the knowledge base), Register and Messages available", async () => {
      const answer = await hydrated(`layoutViewType=home&${section}`);
      expect(answer.titleBar.$reactProps.navigation.items).toEqual([
        { id: "builtin-discussions", name: "Posts", url: "/discussions" },
        { id: "builtin-categories", name: "Categories", url: "/categories" },
        { id: "builtin-knowledge-base", name: "Knowledge Base", url: "/kb", permission: "kb.view" },
        { id: "builtin-groups", name: "Groups", url: "/groups", permission: "discussions.view" },
      ]);
      expect(answer.titleBar.$reactProps).toMatchObject({ registrationOpen: true, conversationsEnabled: true });
    });

    it("filters configured items by permission, role and isHidden, and applies the URL rule", async () => {
      const roleScoped = items.map((item) => (item.id === "role" ? { ...item, roleIDs: [memberRoleID] } : item));
      await f.t.app.platform.siteConfig.set("navigation.items", JSON.stringify(roleScoped));
      const guest = await navigation(null);
      expect(names(guest)).toEqual(["Posts", "Help", "Tilde", "Blog", "More"]);
      expect(guest.map((item) => item.url)).toEqual([
        "/discussions",
        "/kb/articles",
        "~/somewhere",
        "https://blog.example.com",
        "/more",
      ]);
      expect(guest.at(-1)!.children!.map((item) => [item.name, item.url])).toEqual([["Open child", "/child"]]);
      expect(names(await navigation(f.as.member))).toEqual([
        "Posts",
        "Help",
        "Tilde",
        "Blog",
        "Members only",
        "Member role",
        "More",
      ]);
      // The moderator role has no site.manage and is not the member role.
      expect(names(await navigation(f.as.moderator))).toEqual([
        "Posts",
        "Help",
        "Tilde",
        "Blog",
        "Members only",
        "More",
      ]);
      const admin = await navigation(f.admin);
      expect(names(admin)).toEqual(["Posts", "Help", "Tilde", "Blog", "Members only", "Dashboard", "Add-on", "More"]);
      expect(names(admin.at(-1)!.children!)).toEqual(["Open child", "Staff child"]);
    });

    it("takes the viewer's locale's list, else English's", async () => {
      await f.t.app.platform.siteConfig.set(
        "navigation.items",
        JSON.stringify({
          en: [{ id: "a", name: "Posts", url: "/discussions" }],
          fr: [{ id: "b", name: "Messages", url: "/discussions" }],
        }),
      );
      expect(names(await navigation(null, "fr"))).toEqual(["Messages"]);
      expect(names(await navigation(null, "fr-CA"))).toEqual(["Messages"]);
      expect(names(await navigation(null, "de"))).toEqual(["Posts"]);
      expect(names(await navigation(null))).toEqual(["Posts"]);
      await f.t.app.platform.siteConfig.set("navigation.items", "not json");
      expect(names(await navigation(null))).toEqual(["Posts", "Categories", "Knowledge Base", "Groups"]);
    });

    it("follows the registration method and the conversations setting", async () => {
      await f.t.app.platform.siteConfig.set("registration.method", "closed");
      await f.t.app.platform.siteConfig.set("conversations.enabled", false);
      const answer = await hydrated(`layoutViewType=home&${section}`);
      expect(answer.titleBar.$reactProps).toMatchObject({ registrationOpen: false, conversationsEnabled: false });
      // Approval takes applications: Register shows, and the form asks why one wants to join.
      await f.t.app.platform.siteConfig.set("registration.method", "Approval");
      expect((await hydrated(`layoutViewType=home&${section}`)).titleBar.$reactProps).toMatchObject({
        registrationOpen: true,
        registrationApproval: true,
      });
      // Invitation and connect are not built: registration stays closed (the Register button with it).
      await f.t.app.platform.siteConfig.set("registration.method", "invitation");
      expect((await hydrated(`layoutViewType=home&${section}`)).titleBar.$reactProps.registrationOpen).toBe(false);
      await f.t.app.platform.siteConfig.set("registration.method", "captcha");
      expect((await hydrated(`layoutViewType=home&${section}`)).titleBar.$reactProps).toMatchObject({
        registrationOpen: true,
        registrationApproval: false,
      });
    });
  });

  it("runs a fixed, small number of queries (the title bar and config come from caches)", async () => {
    const measure = async (query: string, as: Session | null) => {
      const result = await lookup(query, as); // warms the caches
      expect(result.statusCode, result.body).toBe(200);
      return fewestQueries(() => lookup(query, as));
    };
    const session = await (async () => {
      await f.api.get("/api/v2/reactions", { as: f.as.member });
      return fewestQueries(() => f.api.get("/api/v2/reactions", { as: f.as.member }));
    })();
    const guest = {
      home: await measure(`layoutViewType=home&${section}`, null),
      list: await measure(`layoutViewType=discussionList&${section}&params[page]=4`, null),
      category: await measure(`layoutViewType=categoryList&recordType=category&recordID=general`, null),
      post: await measure(`layoutViewType=post&recordType=discussion&recordID=${open.discussionID}`, null),
    };
    console.info(`lookup-hydrate queries on ${engine}: ${JSON.stringify(guest)}; member session ${session}`);
    expect(guest).toEqual({ home: 0, list: 0, category: 1, post: 1 });
    expect(await measure(`layoutViewType=home&${section}`, f.as.member)).toBe(session);
  });
});
