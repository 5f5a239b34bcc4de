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
  /** A category's discussion list widget's props, as the member gets them. */
  const categoryListOf = async (urlcode: string, params = "") => {
    const response = await f.api.get(
      `/api/v2/layouts/lookup-hydrate?layoutViewType=categoryList&recordType=category&recordID=${urlcode}${params}`,
      { as: f.as.member },
    );
    expect(response.statusCode, response.body).toBe(200);
    const list = widgetsOf(response.json<Hydrated>().layout).find(
      (widget): widget is ListWidget => widget.$reactComponent === "react.asset.discussionList",
    );
    return list!.$reactProps;
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

  it("filters ideas by status (the ideation add-on): ?statusID= in the list's API parameters; a question status wins", async () => {
    const answer = await hydrated("&params[statusID]=3");
    expect(answer.props.apiParams).toMatchObject({ type: ["idea"], statusID: [3] });
    expect(answer.props.ideas).toMatchObject({ statusID: 3 });
    expect((await hydrated("")).props.ideas).not.toHaveProperty("statusID");
    const both = await hydrated("&params[statusID]=3&params[status]=answered");
    expect(both.props.apiParams).toMatchObject({ type: ["question"], status: "answered" });
    expect(both.props.apiParams).not.toHaveProperty("statusID");
    expect(both.props.ideas).not.toHaveProperty("statusID");
    for (const bad of ["0", "99", "planned"]) {
      const invalid = await lookup(`&params[statusID]=${bad}`);
      expect(invalid.statusCode, bad).toBe(400);
      expect(invalid.json<{ errors: Array<{ field: string }> }>().errors.map((error) => error.field)).toContain(
        "params.statusID",
      );
    }
    // The list the filter asks answers only ideas of that status.
    const ideas = await f.api.get(`/api/v2/discussions?type[]=idea&statusID[]=1&limit=100`, { as: f.as.member });
    expect(ideas.statusCode, ideas.body).toBe(200);
    const off = await f.api.patch("/api/v2/addons/ideation", { enabled: false }, { as: f.admin });
    expect(off.statusCode, off.body).toBe(200);
    try {
      const unfiltered = await hydrated("&params[statusID]=3");
      expect(unfiltered.props.ideas).toBeUndefined();
      expect(unfiltered.props.apiParams).not.toHaveProperty("statusID");
    } finally {
      await f.api.patch("/api/v2/addons/ideation", { enabled: true }, { as: f.admin });
    }
  });

  it("lists only polls (the polls add-on): ?type=poll in the list's API parameters; a question or idea status wins", async () => {
    const answer = await hydrated("&params[type]=poll&params[sort]=-hot");
    expect(answer.props.apiParams).toMatchObject({ type: ["poll"], sort: "-hot" });
    expect(answer.props.polls).toEqual({ type: "poll" });
    expect((await hydrated("")).props.polls).toEqual({});
    const both = await hydrated("&params[type]=poll&params[status]=answered");
    expect(both.props.apiParams).toMatchObject({ type: ["question"] });
    expect(both.props.polls).toEqual({});
    const invalid = await lookup("&params[type]=survey");
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<{ errors: Array<{ field: string }> }>().errors.map((error) => error.field)).toContain(
      "params.type",
    );
    const off = await f.api.patch("/api/v2/addons/polls", { enabled: false }, { as: f.admin });
    expect(off.statusCode, off.body).toBe(200);
    try {
      const unfiltered = await hydrated("&params[type]=poll");
      expect(unfiltered.props.polls).toBeUndefined();
      expect(unfiltered.props.apiParams).not.toHaveProperty("type");
    } finally {
      await f.api.patch("/api/v2/addons/polls", { enabled: true }, { as: f.admin });
    }
  });

  it("filters by a site post type (the post types add-on): offered where a type is taken, ?postTypeID= in the API parameters", async () => {
    // Off (as it starts): no filter, and the parameter is not looked at.
    const before = await hydrated("&params[postTypeID]=listjob");
    expect(before.props.postTypes).toBeUndefined();
    expect(before.props.apiParams).not.toHaveProperty("postTypeID");
    expect((await f.api.patch("/api/v2/addons/postTypes", { enabled: true }, { as: f.admin })).statusCode).toBe(200);
    try {
      const made = await f.api.post(
        "/api/v2/post-types",
        { postTypeID: "listjob", name: "Job", parentPostTypeID: "discussion", categoryIDs: [f.category.general] },
        { as: f.admin },
      );
      expect(made.statusCode, made.body).toBe(201);
      const all = await hydrated("");
      expect(all.props.postTypes).toEqual({ types: [{ postTypeID: "listjob", name: "Job" }] });
      const jobs = await hydrated("&params[postTypeID]=listjob&params[sort]=-hot");
      expect(jobs.props.apiParams).toMatchObject({ postTypeID: ["listjob"], sort: "-hot" });
      expect(jobs.props.postTypes).toMatchObject({ postTypeID: "listjob" });
      // A question status, asked too, wins; an unknown type is a 400.
      const both = await hydrated("&params[postTypeID]=listjob&params[status]=answered");
      expect(both.props.apiParams).not.toHaveProperty("postTypeID");
      const unknown = await lookup("&params[postTypeID]=nope");
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json<{ errors: Array<{ field: string }> }>().errors.map((error) => error.field)).toContain(
        "params.postTypeID",
      );
      // A category's list offers the types it takes only.
      const general = await categoryListOf("general", "&params[postTypeID]=listjob");
      expect(general.postTypes).toEqual({ types: [{ postTypeID: "listjob", name: "Job" }], postTypeID: "listjob" });
      expect(general.apiParams).toMatchObject({ postTypeID: ["listjob"] });
      const offTopic = await categoryListOf("off-topic", "&params[postTypeID]=listjob");
      expect(offTopic.postTypes).toBeUndefined();
      expect(offTopic.apiParams).not.toHaveProperty("postTypeID");
    } finally {
      await f.api.patch("/api/v2/addons/postTypes", { enabled: false }, { as: f.admin });
    }
  });

  it("offers a category's lists the question and idea filters of the types it takes", async () => {
    const category = async (allowedDiscussionTypes: string[] | null, urlcode: string) => {
      const created = await f.api.post(
        "/api/v2/categories",
        { name: `Types ${urlcode}`, urlcode, allowedDiscussionTypes },
        { as: f.admin },
      );
      expect(created.statusCode, created.body).toBe(201);
      return urlcode;
    };
    const listOf = categoryListOf;
    const every = await category(null, "types-every");
    const ideasOnly = await category(["idea"], "types-ideas");
    const talkOnly = await category(["discussion"], "types-talk");

    expect(await listOf(every)).toMatchObject({ questions: {}, ideas: {}, polls: {} });
    const ideaList = await listOf(ideasOnly, "&params[statusID]=5");
    // The filter offers the idea statuses, the administrators' own too (issue 36).
    expect(ideaList.ideas).toMatchObject({ statusID: 5 });
    expect((ideaList.ideas as { statuses: Array<{ name: string }> }).statuses.map((item) => item.name)).toEqual([
      "Active",
      "Under review",
      "Planned",
      "In progress",
      "Completed",
      "Declined",
    ]);
    expect(ideaList.questions).toBeUndefined();
    expect(ideaList.polls).toBeUndefined();
    expect(ideaList.apiParams).toMatchObject({ type: ["idea"], statusID: [5] });
    const questionList = await listOf(every, "&params[status]=unanswered");
    expect(questionList.apiParams).toMatchObject({ type: ["question"], status: "unanswered" });
    expect(questionList.basePath).toBe("/categories/types-every");
    // A category that takes neither offers neither filter, and ignores the parameters.
    const talk = await listOf(talkOnly, "&params[status]=unanswered&params[statusID]=2&params[type]=poll");
    expect(talk.questions).toBeUndefined();
    expect(talk.polls).toBeUndefined();
    expect(talk.ideas).toBeUndefined();
    expect(talk.apiParams).not.toHaveProperty("type");
  });
});
