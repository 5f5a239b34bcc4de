import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  Subcommunity,
  subcommunityMessages,
  type Category,
  type Leader,
  type SearchResult,
  type Tag,
  type Subcommunity as SubcommunityRecord,
} from "@parley/contracts";
import { createTestClock } from "../../platform/clock.ts";
import { createApi, seededAdmin } from "../../test/accounts.ts";
import { engines, testDatabaseUrl } from "../../test/databases.ts";
import { createTwoInstances, type TwoInstances } from "../../test/instances.ts";
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
  let f: ContentFixture<"member" | "outsider">;
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
    f = await createContentFixture(engine, {
      member: { name: "Section Member", role: "member", bypassSpam: true },
      outsider: { name: "Elsewhere Poster", role: "member", bypassSpam: true },
    });
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

  type Widget = { $reactComponent: string; $reactProps: Record<string, unknown> };
  /** Every widget of a layout, those inside sections' slots too. */
  const widgetsOf = (layout: unknown[]): Widget[] =>
    (layout as Widget[]).flatMap((widget) =>
      widget.$reactComponent.startsWith("react.section.")
        ? [widget, ...Object.values(widget.$reactProps).flatMap((slot) => (Array.isArray(slot) ? widgetsOf(slot) : []))]
        : [widget],
    );
  const homeOf = async (recordID: string, view = "subcommunityHome") => {
    const response = await f.api.get(
      `/api/v2/layouts/lookup-hydrate?layoutViewType=${view}&recordType=siteSection&recordID=${recordID}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ layout: unknown[]; seo: { title?: string; description?: string } }>();
  };

  it("titles a section's home banner with its name and its root category's description, not the site's", async () => {
    const home = await homeOf(help.siteSectionID);
    const banner = widgetsOf(home.layout).find((widget) => widget.$reactComponent === "react.banner");
    expect(banner?.$reactProps).toMatchObject({
      title: "Help Desk",
      description: "Ask questions and get help from other members.",
    });
    expect(home.seo).toMatchObject({
      title: "Help Desk",
      description: "Ask questions and get help from other members.",
    });
    // The whole site's home keeps the site's (the web fills them in).
    const site = widgetsOf((await homeOf("0", "home")).layout).find(
      (widget) => widget.$reactComponent === "react.banner",
    );
    expect(site?.$reactProps).toEqual({});
  });

  it("scopes a section's popular tags and leaderboard to its categories, through GET /tags and /users/leaders", async () => {
    const panel = widgetsOf((await homeOf(help.siteSectionID)).layout);
    for (const name of ["react.popularTags", "react.leaderboard"]) {
      const widget = panel.find((item) => item.$reactComponent === name);
      expect(widget?.$reactProps, name).toMatchObject({ siteSectionID: help.siteSectionID });
    }
    expect(JSON.stringify((await homeOf("0", "home")).layout)).not.toContain("siteSectionID");

    const tag = async (name: string) => {
      const response = await f.api.post("/api/v2/tags", { name }, { as: f.admin });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Tag>().tagID;
    };
    const helpTag = await tag("Zebrafinch Setup");
    const ideasTag = await tag("Zebrafinch Wishlist");
    for (const [categoryID, tagIDs, as] of [
      [f.category.installation, [helpTag], f.as.member],
      [f.category.troubleshooting, [helpTag, ideasTag], f.as.member],
      [f.category.ideas, [ideasTag], f.as.outsider],
      [f.category.ideas, [ideasTag], f.as.outsider],
      [f.category.ideas, [ideasTag], f.as.outsider],
    ] as const)
      await postDiscussion(f.api, as, { categoryID, tagIDs: [...tagIDs], name: "Zebrafinch tagged", body: "Words." });
    const tags = async (query: string) => {
      const response = await f.api.get(`/api/v2/tags?limit=100${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Tag[]>().map((item) => [item.tagID, item.countDiscussions]);
    };
    // The section's: its discussions' tags, counted there, most used there first.
    const inHelp = await tags(`&siteSectionID=${help.siteSectionID}`);
    expect(inHelp.slice(0, 2)).toEqual([
      [helpTag, 2],
      [ideasTag, 1],
    ]);
    expect(await tags(`&siteSectionID=$subcommunityID:lab`)).toContainEqual([ideasTag, 3]);
    expect(await tags(`&siteSectionID=$subcommunityID:lab`)).not.toContainEqual(expect.arrayContaining([helpTag]));
    expect(await tags("")).toContainEqual([ideasTag, 4]);
    expect((await f.api.get("/api/v2/tags?siteSectionID=404")).statusCode).toBe(404);

    // A tag's list in a section (`/help-desk/discussions/tagged/{tag}`) reads that tag's discussions of the section only.
    const ideasCode = (await f.api.get(`/api/v2/tags/${ideasTag}`)).json<Tag>().urlcode;
    const taggedList = widgetsOf(
      (
        await f.api.get(
          `/api/v2/layouts/lookup-hydrate?layoutViewType=discussionList&recordType=siteSection&recordID=${help.siteSectionID}&params[tag]=${ideasCode}`,
        )
      ).json<{ layout: unknown[] }>().layout,
    ).find((widget) => widget.$reactComponent === "react.asset.discussionList");
    const apiParams = taggedList?.$reactProps["apiParams"] as Record<string, unknown>;
    expect(apiParams).toMatchObject({ tagID: [ideasTag], siteSectionID: help.siteSectionID });
    const tagged = await getDiscussions(f.api, `tagID=${ideasTag}&siteSectionID=${help.siteSectionID}`);
    expect(tagged.map((item) => item.categoryID)).toEqual([f.category.troubleshooting]);

    const leaders = async (query: string) => {
      const response = await f.api.get(`/api/v2/users/leaders?limit=50${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Leader[]>().map((leader) => [leader.userID, leader.points]);
    };
    const { member, outsider } = f.users;
    // Posts: the member's three in Help's subtree; the outsider posted only in Ideas.
    const helpPosts = await leaders(`&leaderboardType=posts&siteSectionID=${help.siteSectionID}`);
    expect(helpPosts).toContainEqual([member.userID, 3]);
    expect(helpPosts.map(([userID]) => userID)).not.toContain(outsider.userID);
    expect(await leaders(`&leaderboardType=posts&siteSectionID=$subcommunityID:lab`)).toContainEqual([
      outsider.userID,
      3,
    ]);
    // A category of the section is that category's; another section's category has none there.
    expect(
      await leaders(`&leaderboardType=posts&siteSectionID=${help.siteSectionID}&categoryID=${f.category.ideas}`),
    ).toEqual([]);
    // Points: the ledger's rows of the section's categories added up.
    await f.t.database.db
      .insertInto("userPoints")
      .values([
        {
          slotType: "a",
          timeSlot: "1970-01-01",
          categoryID: f.category.installation,
          userID: member.userID,
          points: 3,
        },
        {
          slotType: "a",
          timeSlot: "1970-01-01",
          categoryID: f.category.troubleshooting,
          userID: member.userID,
          points: 2,
        },
        { slotType: "a", timeSlot: "1970-01-01", categoryID: f.category.general, userID: outsider.userID, points: 40 },
      ])
      .execute();
    expect(await leaders(`&siteSectionID=${help.siteSectionID}`)).toEqual([[member.userID, 5]]);
  });

  it("lists each section's sitemap index in robots.txt beside the site's", async () => {
    const robots = await get("/robots.txt");
    expect(robots.statusCode).toBe(200);
    const sitemaps = robots.body.split("\n").filter((line) => line.startsWith("Sitemap: "));
    expect(sitemaps).toEqual([
      expect.stringMatching(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/),
      expect.stringMatching(/\/help-desk\/sitemap\.xml$/),
      expect.stringMatching(/\/lab\/sitemap\.xml$/),
    ]);
    // A section's folder answers the same pages as the root: its private ones are disallowed there too.
    const disallowed = robots.body.split("\n").filter((line) => line.startsWith("Disallow: "));
    for (const path of ["/search", "/entry/", "/drafts", "/profile/edit", "/dashboard", "/discussions/bookmarked"]) {
      expect(disallowed).toContain(`Disallow: ${path}`);
      expect(disallowed).toContain(`Disallow: /help-desk${path}`);
      expect(disallowed).toContain(`Disallow: /lab${path}`);
    }
    expect(robots.body).toContain("Allow: /\n");
    expect(disallowed).not.toContain("Disallow: /help-desk");
    expect(disallowed).not.toContain("Disallow: /help-desk/");
  });

  it("says when a section's root category was deleted, and leaves its sitemap out of robots.txt", async () => {
    const made = await f.api.post(
      "/api/v2/categories",
      { name: "Zebrafinch Archive", urlcode: "zebra-archive" },
      {
        as: f.admin,
      },
    );
    expect(made.statusCode, made.body).toBe(201);
    const categoryID = made.json<Category>().categoryID;
    const archive = await create({ name: "Archive", folder: "archive", categoryID });
    expect(archive.categoryExists).toBe(true);
    const removed = await f.api.delete(`/api/v2/categories/${categoryID}`, { as: f.admin });
    expect(removed.statusCode, removed.body).toBe(200);
    const again = (await f.api.get(`/api/v2/subcommunities/${archive.subcommunityID}`)).json<SubcommunityRecord>();
    expect(again).toMatchObject({ categoryID, categoryExists: false });
    const listed = (await f.api.get("/api/v2/subcommunities")).json<SubcommunityRecord[]>();
    expect(listed.find((item) => item.folder === "archive")?.categoryExists).toBe(false);
    expect(listed.find((item) => item.folder === "help-desk")?.categoryExists).toBe(true);
    // Its lists hold nothing; robots.txt does not send crawlers there.
    expect(await getDiscussions(f.api, `siteSectionID=${archive.siteSectionID}`)).toEqual([]);
    const robots = (await get("/robots.txt")).body;
    expect(robots).not.toContain("/archive/sitemap.xml");
    expect(robots).toContain("Disallow: /archive/search\n");
    expect((await f.api.delete(`/api/v2/subcommunities/${archive.subcommunityID}`, { as: f.admin })).statusCode).toBe(
      204,
    );
  });
});

const redisUrl = process.env["TEST_REDIS_URL"] || null;

describe.skipIf(!redisUrl || !testDatabaseUrl)(
  "subcommunities across two server instances (PostgreSQL and Redis)",
  () => {
    let instances: TwoInstances;
    // One test clock for both: moved, not waited for.
    const clock = createTestClock();
    beforeAll(async () => {
      instances = await createTwoInstances(redisUrl!, { clock });
    }, 120_000);
    afterAll(async () => {
      await instances?.close();
    });

    it("a subcommunity added through one instance is routed by the other at once, through Redis", async () => {
      const { appA, appB } = instances;
      const listB = (filter: string) =>
        appB.inject({ method: "GET", url: `/api/v2/discussions?siteSectionID=${filter}&limit=1` });
      // B reads the sections afresh: its copy is past its five seconds, so this filter reads them again. From now on
      // only a change heard through Redis makes B read them before the clock moves another five seconds.
      clock.advance(6_000);
      expect((await listB("$subcommunityID:relay")).statusCode).toBe(404);
      const admin = await createApi(appA).signIn(seededAdmin);
      const made = await createApi(appA).post(
        "/api/v2/subcommunities",
        { name: "Relay", folder: "relay", categoryID: instances.general },
        { as: admin },
      );
      expect(made.statusCode, made.body).toBe(201);
      // Within B's five seconds (the clock moves only with the machine's now): Redis told it (subcommunity.changed).
      await vi.waitFor(async () => expect((await listB("$subcommunityID:relay")).statusCode).toBe(200), {
        timeout: 2_500,
        interval: 50,
      });
      await vi.waitFor(
        async () =>
          expect((await appB.inject({ method: "GET", url: "/relay/discussions/feed.rss" })).statusCode).toBe(200),
        { timeout: 2_500, interval: 50 },
      );
    });
  },
);
