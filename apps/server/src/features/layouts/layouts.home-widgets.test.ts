import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CollectionContent, Discussion, FieldError, LayoutWidget } from "@parley/contracts";
import { createContentFixture, makeMembersOnly, postDiscussion, type ContentFixture } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";

/*
 * The home widgets (issue 38 item 3): a featured collection, filtered discussions, quick links and a call to
 * action. Their props are checked against the contract (a per-field 422), and their data comes from the API as
 * the viewer may read it: a members-only category's discussion never reaches a guest.
 */

const cast = { member: { name: "Home Widget Member", role: "member" } } as const;

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
});
