import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Value } from "typebox/value";
import {
  HydratedLayoutResponse,
  LayoutRedirectResponse,
  type Discussion,
  type LayoutWidget,
  type WidgetOf,
} from "@parley/contracts";
import type { Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import { createContentFixture, getDiscussions, postDiscussion, type ContentFixture } from "../../test/content.ts";

type Cast = "member";
type Hydrated = { layout: LayoutWidget[]; seo: { title?: string; url?: string } };
type ListWidget = WidgetOf<"react.asset.discussionList">;

const widgetsOf = (widgets: LayoutWidget[]): LayoutWidget[] =>
  widgets.flatMap((widget) => [
    widget,
    ...Object.values(widget.$reactProps).flatMap((value) =>
      Array.isArray(value)
        ? widgetsOf(
            (value as unknown[]).filter((item): item is LayoutWidget => !!(item as LayoutWidget)?.$reactComponent),
          )
        : [],
    ),
  ]);

describe.each(engines)("the discussion lists' layouts on %s", (engine) => {
  let f: ContentFixture<Cast>;
  let bookmarked: Discussion;
  let tagged: Discussion;

  beforeAll(async () => {
    f = await createContentFixture(engine, { member: { name: "Lists Member", role: "member", bypassSpam: true } });
    const { api, as, category } = f;
    bookmarked = await postDiscussion(api, f.admin, { name: "Worth keeping", categoryID: category.general });
    tagged = await postDiscussion(api, as.member, {
      name: "About gardens",
      categoryID: category.general,
      newTagNames: ["Garden Tools"],
    });
    const bookmark = await api.put(
      `/api/v2/discussions/${bookmarked.discussionID}/bookmark`,
      { bookmarked: true },
      { as: as.member },
    );
    expect(bookmark.statusCode, bookmark.body).toBe(200);
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const section = "layoutViewType=discussionList&recordType=siteSection&recordID=0";
  const lookup = (params: string, as: Session | null = null) =>
    f.api.get(`/api/v2/layouts/lookup-hydrate?${section}${params}`, { as });
  const hydrated = async (params: string, as: Session | null = null) => {
    const response = await lookup(params, as);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Hydrated>();
    expect(
      Value.Check(HydratedLayoutResponse, body),
      JSON.stringify([...Value.Errors(HydratedLayoutResponse, body)]),
    ).toBe(true);
    const widgets = widgetsOf(body.layout);
    const list = widgets.find((w): w is ListWidget => w.$reactComponent === "react.asset.discussionList")!;
    const heading = widgets.find((w) => w.$reactComponent === "react.html")!.$reactProps;
    return { seo: body.seo, props: list.$reactProps, heading };
  };
  const redirect = async (params: string, as: Session | null = null) => {
    const response = await lookup(params, as);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ redirectTo: string; status: number }>();
    expect(Value.Check(LayoutRedirectResponse, body)).toBe(true);
    return body;
  };

  it("answers each member's list with its own API filter, title and path; a guest is sent to sign in", async () => {
    const me = f.as.member.userID;
    const cases = [
      ["bookmarked", { bookmarkUserID: me }, "Bookmarked Discussions"],
      ["participated", { participatedUserID: me }, "Participated Discussions"],
      ["mine", { insertUserID: [me] }, "My Discussions"],
    ] as const;
    for (const [list, apiParams, title] of cases) {
      const answer = await hydrated(`&params[list]=${list}&params[sort]=-hot&params[page]=2`, f.as.member);
      expect(answer.props.apiParams, list).toEqual({ limit: 10, page: 2, sort: "-hot", ...apiParams });
      expect(answer.props).toMatchObject({
        basePath: `/discussions/${list}`,
        pageTitle: title,
        filters: { member: true, filter: list },
      });
      expect(answer.heading).toEqual({ title, translate: true });
      expect(answer.seo).toEqual({ title, url: `/discussions/${list}?page=2` });
      expect(await redirect(`&params[list]=${list}&params[sort]=-hot&params[page]=2`)).toEqual({
        redirectTo: `/entry/signin?Target=${encodeURIComponent(`/discussions/${list}?sort=-hot&page=2`)}`,
        status: 302,
      });
    }
    // The bookmarked list, asked as the widget's apiParams say, holds the member's bookmark only.
    const { props } = await hydrated("&params[list]=bookmarked", f.as.member);
    const listed = await getDiscussions(f.api, `bookmarkUserID=${String(props.apiParams.bookmarkUserID)}`, f.as.member);
    expect(listed.map((item) => item.discussionID)).toEqual([bookmarked.discussionID]);
  });

  it("answers the unanswered list, for guests too: discussions without comments", async () => {
    for (const as of [null, f.as.member]) {
      const answer = await hydrated("&params[list]=unanswered", as);
      expect(answer.props.apiParams).toEqual({ limit: 10, page: 1, hasComments: false });
      expect(answer.props).toMatchObject({
        basePath: "/discussions/unanswered",
        filters: { member: as !== null, filter: "unanswered" },
      });
      expect(answer.seo).toEqual({ title: "Unanswered Discussions", url: "/discussions/unanswered" });
    }
  });

  it("answers a tag's list by its URL code or name, with the tag's name as its title; an unknown tag is a 404", async () => {
    const tag = tagged.tags![0]!;
    for (const code of ["garden-tools", "Garden Tools", "GARDEN-TOOLS"]) {
      const answer = await hydrated(`&params[tag]=${encodeURIComponent(code)}`);
      expect(answer.props.apiParams, code).toEqual({ limit: 10, page: 1, tagID: [tag.tagID] });
      expect(answer.props).toMatchObject({
        basePath: "/discussions/tagged/garden-tools",
        tag: { tagID: tag.tagID, name: "Garden Tools", urlcode: "garden-tools" },
        filters: { member: false },
      });
      expect(answer.heading).toEqual({ title: "Garden Tools" });
      expect(answer.seo).toEqual({ title: "Garden Tools", url: "/discussions/tagged/garden-tools" });
    }
    const listed = await getDiscussions(f.api, `tagID=${tag.tagID}`);
    expect(listed.map((item) => item.discussionID)).toEqual([tagged.discussionID]);
    // A reaction type is a tag too, but has no list.
    for (const code of ["no-such-tag", "like"]) {
      const missing = await lookup(`&params[tag]=${code}`);
      expect(missing.statusCode, code).toBe(404);
      expect(missing.json()).toMatchObject({ message: "Tag not found." });
    }
    // The tag's record points at its list.
    const record = await f.api.get(`/api/v2/tags/${tag.tagID}`);
    expect(record.json<{ url: string }>().url).toMatch(/\/discussions\/tagged\/garden-tools$/);
  });

  it("moves the old ?filter= and ?tagID= addresses to the lists' paths (301), keeping the sort and page", async () => {
    const tagID = tagged.tags![0]!.tagID;
    expect(await redirect("&params[filter]=bookmarked&params[sort]=-hot&params[page]=3", f.as.member)).toEqual({
      redirectTo: "/discussions/bookmarked?sort=-hot&page=3",
      status: 301,
    });
    // Guests too: the new address then sends them to sign in.
    expect(await redirect("&params[filter]=mine")).toEqual({ redirectTo: "/discussions/mine", status: 301 });
    expect(await redirect(`&params[tagID]=${tagID}`)).toEqual({
      redirectTo: "/discussions/tagged/garden-tools",
      status: 301,
    });
    expect(await redirect(`&params[filter]=participated&params[tagID]=${tagID}`, f.as.member)).toEqual({
      redirectTo: "/discussions/participated",
      status: 301,
    });
    expect((await lookup("&params[tagID]=999999")).statusCode).toBe(404);
    const plain = await hydrated("&params[filter]=all", f.as.member);
    expect(plain.props).toMatchObject({ basePath: "/discussions", filters: { member: true } });
    expect(plain.props.apiParams).toEqual({ limit: 10, page: 1 });
    expect(plain.seo).toEqual({ title: "Recent Discussions", url: "/discussions" });
  });

  it("refuses an unknown list or a malformed tag id (400 on the field)", async () => {
    for (const [query, field] of [
      ["&params[list]=everything", "params.list"],
      ["&params[filter]=everything", "params.filter"],
      ["&params[tagID]=0", "params.tagID"],
      ["&params[tagID]=abc", "params.tagID"],
    ]) {
      const response = await lookup(query!, f.as.member);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ errors: Array<{ field: string }> }>().errors.map((error) => error.field)).toContain(field);
    }
  });

  it("filters questions by status (the QnA add-on): ?status= in the list's API parameters, none while it is off", async () => {
    const answer = await hydrated("&params[status]=accepted&params[sort]=-hot");
    expect(answer.props.apiParams).toMatchObject({ type: ["question"], status: "accepted", sort: "-hot" });
    expect(answer.props.questions).toEqual({ status: "accepted" });
    expect((await hydrated("")).props.questions).toEqual({});
    const invalid = await lookup("&params[status]=solved");
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<{ errors: Array<{ field: string }> }>().errors.map((error) => error.field)).toContain(
      "params.status",
    );
    const off = await f.api.patch("/api/v2/addons/qna", { enabled: false }, { as: f.admin });
    expect(off.statusCode, off.body).toBe(200);
    try {
      const unfiltered = await hydrated("&params[status]=accepted");
      expect(unfiltered.props.questions).toBeUndefined();
      expect(unfiltered.props.apiParams).not.toHaveProperty("status");
    } finally {
      await f.api.patch("/api/v2/addons/qna", { enabled: true }, { as: f.admin });
    }
  });
});
