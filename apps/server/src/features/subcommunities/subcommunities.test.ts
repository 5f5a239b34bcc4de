import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Subcommunity,
  subcommunityMessages,
  type Category,
  type SearchResult,
  type Subcommunity as SubcommunityRecord,
} from "@parley/contracts";
import { engines } from "../../test/databases.ts";
import {
  createContentFixture,
  expectSchema,
  getDiscussions,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";

/*
 * Issue 40, item 1: subcommunities. A section's lists, search, sitemaps and feeds hold only its root category's
 * subtree; its addresses (`/{folder}/…`) route as the whole site's; only site managers change them.
 */
describe.each(engines)("subcommunities on %s", (engine) => {
  let f: ContentFixture<"member">;
  let help: SubcommunityRecord;
  let ideas: SubcommunityRecord;
  let inHelp: number;
  let inIdeas: number;
  let elsewhere: number;

  const fieldsOf = (body: string) =>
    (JSON.parse(body) as { errors?: Array<{ field: string; message: string }> }).errors ?? [];
  const create = async (body: Record<string, unknown>) => {
    const response = await f.api.post("/api/v2/subcommunities", body, { as: f.admin });
    expect(response.statusCode, response.body).toBe(201);
    expectSchema(Subcommunity, response.json());
    return response.json<SubcommunityRecord>();
  };
  const get = (url: string) => f.t.app.inject({ method: "GET", url, headers: { host: "forum.test" } });

  beforeAll(async () => {
    f = await createContentFixture(engine, { member: { name: "Section Member", role: "member", bypassSpam: true } });
    help = await create({ name: "Help Desk", folder: "Help-Desk", categoryID: f.category.help, locale: "fr" });
    ideas = await create({ name: "Ideas Lab", folder: "lab", categoryID: f.category.ideas, sort: 5, themeID: null });
    // Installation is a child of Help: the Help section's lists hold it.
    const posted = async (categoryID: number, name: string) =>
      (await postDiscussion(f.api, f.as.member, { categoryID, name, body: `${name} body words.`, format: "markdown" }))
        .discussionID;
    inHelp = await posted(f.category.installation, "Zebrafinch installer hangs");
    inIdeas = await posted(f.category.ideas, "Zebrafinch dark mode idea");
    elsewhere = await posted(f.category.general, "Zebrafinch general chatter");
  }, 180_000);
  afterAll(async () => {
    await f?.t.close();
  });

  it("creates, lists, reads, changes and deletes a subcommunity; a PATCH takes only its fields", async () => {
    expect(help).toMatchObject({
      siteSectionID: String(help.subcommunityID),
      name: "Help Desk",
      folder: "help-desk",
      basePath: "/help-desk",
      categoryID: f.category.help,
      locale: "fr",
      themeID: null,
      sort: 0,
      insertUserID: f.adminID,
      dateUpdated: null,
    });
    expect(help.url).toMatch(/^https?:\/\/[^/]+\/help-desk$/);
    const listed = await f.api.get("/api/v2/subcommunities");
    expect(listed.statusCode).toBe(200);
    // Everyone sees the list (the title bar's picker), in its order.
    expect(listed.json<SubcommunityRecord[]>().map((item) => item.folder)).toEqual(["help-desk", "lab"]);
    expect((await f.api.get(`/api/v2/subcommunities/${ideas.subcommunityID}`)).json()).toEqual(ideas);

    const patched = await f.api.patch(
      `/api/v2/subcommunities/${ideas.subcommunityID}`,
      { name: "Ideas Workshop", subcommunityID: 99, insertUserID: 7 },
      { as: f.admin },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      subcommunityID: ideas.subcommunityID,
      name: "Ideas Workshop",
      folder: "lab",
      insertUserID: f.adminID,
      updateUserID: f.adminID,
    });
    ideas = patched.json<SubcommunityRecord>();

    const extra = await create({ name: "Off Topic", folder: "chat", categoryID: f.category["off-topic"] });
    expect((await f.api.delete(`/api/v2/subcommunities/${extra.subcommunityID}`, { as: f.admin })).statusCode).toBe(
      204,
    );
    expect((await f.api.get(`/api/v2/subcommunities/${extra.subcommunityID}`)).statusCode).toBe(404);
    // Its category and content stay, on the whole site.
    expect((await f.api.get(`/api/v2/categories/${f.category["off-topic"]}`)).statusCode).toBe(200);
    expect((await get("/chat/discussions")).statusCode).toBe(404);
  });

  it("refuses members, bad folders, taken folders and categories, unknown categories and themes, with nothing written", async () => {
    const body = { name: "Members", folder: "members-only", categoryID: f.category.general };
    expect((await f.api.post("/api/v2/subcommunities", body, { as: f.as.member })).statusCode).toBe(403);
    expect((await f.api.post("/api/v2/subcommunities", body)).statusCode).toBe(403);
    expect(
      (await f.api.patch(`/api/v2/subcommunities/${help.subcommunityID}`, { name: "x" }, { as: f.as.member }))
        .statusCode,
    ).toBe(403);
    expect((await f.api.delete(`/api/v2/subcommunities/${help.subcommunityID}`, { as: f.as.member })).statusCode).toBe(
      403,
    );

    const refused = async (changes: Record<string, unknown>, field: string, message?: string) => {
      const response = await f.api.post("/api/v2/subcommunities", { ...body, ...changes }, { as: f.admin });
      expect(response.statusCode, response.body).toBe(422);
      const errors = fieldsOf(response.body);
      expect(errors.map((error) => error.field)).toContain(field);
      if (message) expect(errors.map((error) => error.message)).toContain(message);
    };
    await refused({ folder: "two words" }, "folder", subcommunityMessages.folderInvalid);
    await refused({ folder: "discussions" }, "folder", "The address /discussions belongs to the forum's own pages.");
    await refused({ folder: "api" }, "folder");
    await refused({ folder: "LAB" }, "folder", subcommunityMessages.folderTaken);
    await refused({ categoryID: f.category.help }, "categoryID", subcommunityMessages.categoryTaken);
    await refused({ categoryID: 987_654 }, "categoryID", subcommunityMessages.unknownCategory);
    await refused({ themeID: "no-such-theme" }, "themeID", subcommunityMessages.unknownTheme);
    await refused({ locale: "French!" }, "locale");
    // A custom page already at /about-us: a subcommunity there would hide it.
    const page = await f.api.post(
      "/api/v2/custom-pages",
      { seoTitle: "About", seoDescription: "", urlcode: "/about-us", status: "published" },
      { as: f.admin },
    );
    expect(page.statusCode, page.body).toBe(201);
    await refused({ folder: "about-us" }, "folder", "A custom page's address starts with /about-us.");
    // …and a custom page under a subcommunity's folder is refused the same way.
    const under = await f.api.post(
      "/api/v2/custom-pages",
      { seoTitle: "Rules", seoDescription: "", urlcode: "/lab/rules" },
      { as: f.admin },
    );
    expect(under.statusCode, under.body).toBe(422);
    expect((await f.api.get("/api/v2/subcommunities")).json<SubcommunityRecord[]>().map((item) => item.folder)).toEqual(
      ["help-desk", "lab"],
    );
  });

  it("lists a section's discussions and categories only; the whole site lists them all", async () => {
    const ids = async (query: string) => (await getDiscussions(f.api, query)).map((item) => item.discussionID);
    const helpList = await ids(`siteSectionID=${help.siteSectionID}&limit=100`);
    expect(helpList).toContain(inHelp);
    expect(helpList).not.toContain(inIdeas);
    expect(helpList).not.toContain(elsewhere);
    // Vanilla's smart id, by folder or id.
    expect(await ids("siteSectionID=$subcommunityID:lab&limit=100")).toEqual(expect.arrayContaining([inIdeas]));
    expect(await ids(`siteSectionID=$subcommunityID:${ideas.subcommunityID}&limit=100`)).not.toContain(inHelp);
    const whole = await ids("siteSectionID=0&limit=100");
    expect(whole).toEqual(expect.arrayContaining([inHelp, inIdeas, elsewhere]));
    expect((await f.api.get("/api/v2/discussions?siteSectionID=404")).statusCode).toBe(404);
    // A category filter inside a section is the two together: another section's category lists nothing.
    expect(await ids(`siteSectionID=${help.siteSectionID}&categoryID=${f.category.ideas}`)).toEqual([]);

    const tree = await f.api.get(`/api/v2/categories?siteSectionID=${help.siteSectionID}&maxDepth=2`);
    expect(tree.statusCode, tree.body).toBe(200);
    const names = tree.json<Category[]>().map((category) => category.urlcode);
    expect(names).toEqual(expect.arrayContaining(["installation", "troubleshooting"]));
    expect(names).not.toContain("general");
    expect(names).not.toContain("ideas");
  });

  it("counts a section's posts and categories in the site totals", async () => {
    const totals = async (query: string) => {
      const response = await f.api.get(`/api/v2/site-totals?counts=discussion,category,user${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{
        siteSectionID?: number;
        counts: Record<string, { count: number; isFiltered: boolean }>;
      }>();
    };
    const section = await totals(`&siteSectionID=$subcommunityID:help-desk`);
    const whole = await totals("");
    expect(section.siteSectionID).toBe(help.subcommunityID);
    // Help, Installation and Troubleshooting.
    expect(section.counts["category"]).toMatchObject({ count: 3, isFiltered: true });
    const helpDiscussions = await getDiscussions(f.api, `siteSectionID=${help.siteSectionID}&limit=100`);
    expect(section.counts["discussion"]).toMatchObject({ count: helpDiscussions.length, isFiltered: true });
    expect(section.counts["discussion"]!.count).toBeLessThan(whole.counts["discussion"]!.count);
    // Members are the whole site's.
    expect(section.counts["user"]).toEqual(whole.counts["user"]);
    expect(whole.counts["discussion"]!.isFiltered).toBe(false);
  });

  it("searches a section only, or the whole site", async () => {
    const found = async (query: string) => {
      const response = await f.api.get(`/api/v2/search?query=zebrafinch${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SearchResult[]>().map((result) => result.recordID);
    };
    expect(await found(`&siteSectionID=${help.siteSectionID}`)).toEqual([inHelp]);
    expect(await found(`&siteSectionID=${ideas.siteSectionID}`)).toEqual([inIdeas]);
    expect((await found("")).sort()).toEqual([inHelp, inIdeas, elsewhere].sort());
    expect((await found("&siteSectionID=0")).length).toBe(3);
  });

  it("serves a section's feeds and sitemaps with its content only, at its address", async () => {
    const feed = await get("/help-desk/discussions/feed.rss");
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.body).toContain("Zebrafinch installer hangs");
    expect(feed.body).not.toContain("Zebrafinch dark mode idea");
    expect(feed.body).not.toContain("Zebrafinch general chatter");
    expect(feed.body).toContain("/help-desk/discussions</link>");
    const whole = await get("/discussions/feed.rss");
    expect(whole.body).toContain("Zebrafinch general chatter");

    const index = await get("/help-desk/sitemap.xml");
    expect(index.statusCode, index.body).toBe(200);
    expect(index.body).toContain("/help-desk/sitemaps/categories.xml");
    expect(index.body).toContain(`/sitemaps/discussions/${f.category.installation}/1.xml`);
    expect(index.body).not.toContain(`/sitemaps/discussions/${f.category.general}/`);
    expect(index.body).not.toContain("/sitemaps/profiles/");
    const categories = await get("/help-desk/sitemaps/categories.xml");
    expect(categories.statusCode, categories.body).toBe(200);
    expect(categories.body).toContain("/help-desk</loc>");
    expect(categories.body).toContain("/categories/installation</loc>");
    expect(categories.body).not.toContain("/categories/general</loc>");
    expect(categories.body).not.toContain("/about-us</loc>");
    expect((await get(`/help-desk/sitemaps/discussions/${f.category.general}/1.xml`)).statusCode).toBe(404);
    expect((await get(`/help-desk/sitemaps/discussions/${f.category.installation}/1.xml`)).body).toContain(
      `/discussion/${inHelp}/`,
    );
    // The whole site's index still lists every category.
    expect((await get("/sitemap.xml")).body).toContain(`/sitemaps/discussions/${f.category.general}/1.xml`);
  });

  it("scopes a section's home, discussions and categories layouts and puts the sections in the title bar", async () => {
    const lookup = async (view: string, recordID: string) => {
      const response = await f.api.get(
        `/api/v2/layouts/lookup-hydrate?layoutViewType=${view}&recordType=siteSection&recordID=${recordID}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{
        layout: unknown[];
        titleBar: { $reactProps: { subcommunities?: Array<{ name: string; basePath: string }> } };
        seo: { title?: string; url?: string };
      }>();
    };
    const home = await lookup("subcommunityHome", help.siteSectionID);
    expect(home.seo).toMatchObject({ title: "Help Desk", url: "/help-desk" });
    const text = JSON.stringify(home.layout);
    expect(text).toContain(`"siteSectionID":"${help.siteSectionID}"`);
    expect(home.titleBar.$reactProps.subcommunities?.map((item) => item.basePath)).toEqual(["/help-desk", "/lab"]);
    const list = await lookup("discussionList", help.siteSectionID);
    expect(JSON.stringify(list.layout)).toContain(`"siteSectionID":"${help.siteSectionID}"`);
    expect(list.seo.url).toBe("/help-desk/discussions");
    // The whole site's home is not scoped.
    expect(JSON.stringify((await lookup("home", "0")).layout)).not.toContain("siteSectionID");
    const unknown = await f.api.get(
      "/api/v2/layouts/lookup-hydrate?layoutViewType=subcommunityHome&recordType=siteSection&recordID=999",
    );
    expect(unknown.statusCode).toBe(404);
  });
});
