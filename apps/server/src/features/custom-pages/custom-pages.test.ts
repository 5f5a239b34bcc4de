import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CustomPage, type CustomPage as CustomPageRecord, type LayoutSpec } from "@parley/contracts";
import { roleIDOfType } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import { createContentFixture, expectSchema, type ContentFixture } from "../../test/content.ts";

const about = { seoTitle: "About us", seoDescription: "Who runs this forum.", urlcode: "/about", status: "published" };

describe.each(engines)("custom pages on %s", (engine) => {
  let f: ContentFixture<"member" | "moderator">;

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      member: { name: "Page Member", role: "member" },
      moderator: { name: "Page Moderator", role: "moderator" },
    });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const create = async (body: Record<string, unknown>) => {
    const response = await f.api.post("/api/v2/custom-pages", body, { as: f.admin });
    expect(response.statusCode, response.body).toBe(201);
    expectSchema(CustomPage, response.json());
    return response.json<CustomPageRecord>();
  };
  const fieldsOf = (body: string) =>
    (JSON.parse(body) as { errors?: Array<{ field: string }> }).errors?.map((error) => error.field) ?? [];
  const lookup = (path: string, as: unknown = null) =>
    f.api.get(`/api/v2/layouts/lookup-hydrate?layoutViewType=customPage&recordType=path&recordID=${path}`, {
      as: as as never,
    });

  it("creates a page with its own empty one-column layout, reads, lists, changes and deletes it", async () => {
    const page = await create({ ...about, urlcode: "About-Us/", showInNavigation: true });
    expect(page).toMatchObject({
      seoTitle: "About us",
      seoDescription: "Who runs this forum.",
      urlcode: "/about-us",
      status: "published",
      roleIDs: [],
      rankIDs: [],
      showInNavigation: true,
      insertUserID: f.adminID,
      updateUserID: null,
      dateUpdated: null,
    });
    expect(page.url).toMatch(/^https?:\/\/[^/]+\/about-us$/);

    // Its layout is a `customPage` layout the editor opens; the default the brief asks for.
    const layout = await f.api.get(`/api/v2/layouts/${page.layoutID}`, { as: f.admin });
    expect(layout.statusCode, layout.body).toBe(200);
    expect(layout.json()).toMatchObject({
      layoutViewType: "customPage",
      layout: [{ $reactComponent: "react.section.1-column", $reactProps: { children: [] } }],
    });
    // It is the page's: not deleted nor assigned elsewhere through /layouts.
    expect((await f.api.delete(`/api/v2/layouts/${page.layoutID}`, { as: f.admin })).statusCode).toBe(409);
    const assign = await f.api.put(`/api/v2/layouts/${page.layoutID}/views`, [{ recordType: "global", recordID: -1 }], {
      as: f.admin,
    });
    expect(assign.statusCode).toBe(422);

    const read = await f.api.get(`/api/v2/custom-pages/${page.customPageID}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual(page);
    const listed = await f.api.get("/api/v2/custom-pages");
    expect(listed.json<CustomPageRecord[]>().map((item) => item.urlcode)).toContain("/about-us");

    // A PATCH changes only the fields given (unknown ones are ignored, as everywhere in the API).
    const patched = await f.api.patch(
      `/api/v2/custom-pages/${page.customPageID}`,
      { seoDescription: "New words.", layoutID: 999, customPageID: 5 },
      { as: f.admin },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      customPageID: page.customPageID,
      seoTitle: "About us",
      seoDescription: "New words.",
      urlcode: "/about-us",
      layoutID: page.layoutID,
      updateUserID: f.adminID,
    });

    // New widgets are a new revision of the page's layout, and the page shows them.
    const withContent = await f.api.patch(
      `/api/v2/custom-pages/${page.customPageID}`,
      {
        layoutData: {
          layout: [
            {
              $reactComponent: "react.section.1-column",
              $reactProps: { children: [{ $reactComponent: "react.html", $reactProps: { title: "Our story" } }] },
            },
          ],
        },
      },
      { as: f.admin },
    );
    expect(withContent.statusCode, withContent.body).toBe(200);
    const revisions = await f.api.get(`/api/v2/layouts/${page.layoutID}/revisions`, { as: f.admin });
    expect(revisions.json<unknown[]>()).toHaveLength(2);
    const hydrated = await lookup("/about-us");
    expect(hydrated.statusCode, hydrated.body).toBe(200);
    const spec = hydrated.json<LayoutSpec & { seo: { title: string; description: string; url: string } }>();
    expect(spec.layout?.[0]).toMatchObject({
      $reactComponent: "react.asset.customPageHead",
      $reactProps: { title: "About us", description: "New words.", url: "/about-us", published: true },
    });
    expect(JSON.stringify(spec.layout)).toContain("Our story");
    expect(spec.seo).toEqual({ title: "About us", description: "New words.", url: "/about-us" });
    // In the title bar's navigation, for guests too.
    expect(spec.titleBar?.$reactProps.navigation.items.map((item) => item.url)).toContain("/about-us");

    const removed = await f.api.delete(`/api/v2/custom-pages/${page.customPageID}`, { as: f.admin });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await f.api.get(`/api/v2/custom-pages/${page.customPageID}`, { as: f.admin })).statusCode).toBe(404);
    expect((await f.api.get(`/api/v2/layouts/${page.layoutID}`, { as: f.admin })).statusCode).toBe(404);
    expect((await lookup("/about-us")).statusCode).toBe(404);
  });

  it("refuses reserved, malformed and taken addresses, a bad status, unknown roles and bad widgets: 422 per field", async () => {
    const taken = await create({ ...about, urlcode: "/taken" });
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ ...about, urlcode: "/discussions" }, ["urlcode"]],
      [{ ...about, urlcode: "/categories/general" }, ["urlcode"]],
      [{ ...about, urlcode: "/dashboard" }, ["urlcode"]],
      [{ ...about, urlcode: "/api/v2/x" }, ["urlcode"]],
      [{ ...about, urlcode: "/profile" }, ["urlcode"]],
      [{ ...about, urlcode: "/entry/signin" }, ["urlcode"]],
      [{ ...about, urlcode: "/search" }, ["urlcode"]],
      [{ ...about, urlcode: "/" }, ["urlcode"]],
      [{ ...about, urlcode: "/has space" }, ["urlcode"]],
      [{ ...about, urlcode: "/taken" }, ["urlcode"]],
      [{ ...about, urlcode: "/fine", roleIDs: [999_999] }, ["roleIDs"]],
      [{ ...about, urlcode: "/fine", seoTitle: "   " }, ["seoTitle"]],
      [
        { ...about, urlcode: "/fine", layoutData: { layout: [{ $reactComponent: "react.nope" }] } },
        ["layoutData.layout[0].$reactComponent"],
      ],
    ];
    for (const [body, fields] of cases) {
      const response = await f.api.post("/api/v2/custom-pages", body, { as: f.admin });
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(422);
      expect(fieldsOf(response.body)).toEqual(fields);
    }
    const status = await f.api.post(
      "/api/v2/custom-pages",
      { ...about, urlcode: "/fine", status: "draft" },
      {
        as: f.admin,
      },
    );
    expect(status.statusCode).toBeGreaterThanOrEqual(400);
    expect(status.statusCode).toBeLessThan(500);
    expect(fieldsOf(status.body)).toEqual(["status"]);
    const missing = await f.api.post("/api/v2/custom-pages", { urlcode: "/fine" }, { as: f.admin });
    expect([400, 422]).toContain(missing.statusCode);
    expect(fieldsOf(missing.body).sort()).toEqual(["seoDescription", "seoTitle"]);
    // Nothing was written by a refusal.
    const all = await f.api.get("/api/v2/custom-pages?status=published&status=unpublished", { as: f.admin });
    expect(all.json<CustomPageRecord[]>().map((page) => page.urlcode)).toEqual(["/taken"]);

    // A PATCH is checked the same way; its own address is not "taken".
    const other = await create({ ...about, urlcode: "/other" });
    const patch = (body: unknown) => f.api.patch(`/api/v2/custom-pages/${other.customPageID}`, body, { as: f.admin });
    expect((await patch({ urlcode: "/taken" })).statusCode).toBe(422);
    expect((await patch({ urlcode: "/messages" })).statusCode).toBe(422);
    expect((await patch({ status: "hidden" })).statusCode).toBeLessThan(500);
    expect((await patch({ urlcode: "/other" })).statusCode).toBe(200);
    expect((await f.api.get(`/api/v2/custom-pages/${other.customPageID}`)).json()).toMatchObject({
      urlcode: "/other",
      status: "published",
    });
    expect((await f.api.patch("/api/v2/custom-pages/999999", { seoTitle: "x" }, { as: f.admin })).statusCode).toBe(404);
    for (const id of [taken.customPageID, other.customPageID])
      expect((await f.api.delete(`/api/v2/custom-pages/${id}`, { as: f.admin })).statusCode).toBe(204);
  });

  it("lets only site managers write, list unpublished pages and see them; roles limit who sees a page", async () => {
    const moderatorRole = await roleIDOfType(f.t.database.db, "moderator");
    const draft = await create({ ...about, urlcode: "/draft-page", status: "unpublished", showInNavigation: true });
    const staff = await create({ ...about, urlcode: "/staff-room", roleIDs: [moderatorRole], showInNavigation: true });
    const open = await create({ ...about, urlcode: "/open-page" });

    for (const as of [null, f.as.member, f.as.moderator]) {
      const options = { as: as as never };
      expect((await f.api.post("/api/v2/custom-pages", { ...about, urlcode: "/mine" }, options)).statusCode).toBe(403);
      expect(
        (await f.api.patch(`/api/v2/custom-pages/${open.customPageID}`, { seoTitle: "x" }, options)).statusCode,
      ).toBe(403);
      expect((await f.api.delete(`/api/v2/custom-pages/${open.customPageID}`, options)).statusCode).toBe(403);
      expect((await f.api.get("/api/v2/custom-pages?status=unpublished", options)).statusCode).toBe(403);
      // An unpublished page is not there for them: 404, as its address.
      expect((await f.api.get(`/api/v2/custom-pages/${draft.customPageID}`, options)).statusCode).toBe(404);
      expect((await lookup("/draft-page", as)).statusCode).toBe(404);
      expect((await f.api.get(`/api/v2/custom-pages/${open.customPageID}`, options)).statusCode).toBe(200);
    }
    expect((await f.api.get(`/api/v2/custom-pages/${open.customPageID}`, { as: f.admin })).json()).toMatchObject({
      seoTitle: "About us",
    });

    // The role-limited page: the moderator sees it, in the list and the navigation; guests and members get a 404.
    const paths = async (as: unknown) =>
      (await f.api.get("/api/v2/custom-pages", { as: as as never })).json<CustomPageRecord[]>().map((p) => p.urlcode);
    const navigation = async (as: unknown) =>
      (await lookup("/open-page", as)).json<LayoutSpec>().titleBar?.$reactProps.navigation.items.map((i) => i.url);
    for (const as of [null, f.as.member]) {
      expect((await f.api.get(`/api/v2/custom-pages/${staff.customPageID}`, { as: as as never })).statusCode).toBe(404);
      expect((await lookup("/staff-room", as)).statusCode).toBe(404);
      expect(await paths(as)).toEqual(["/open-page"]);
      expect(await navigation(as)).not.toContain("/staff-room");
    }
    expect((await f.api.get(`/api/v2/custom-pages/${staff.customPageID}`, { as: f.as.moderator })).statusCode).toBe(
      200,
    );
    expect((await lookup("/staff-room", f.as.moderator)).statusCode).toBe(200);
    expect(await paths(f.as.moderator)).toEqual(["/open-page", "/staff-room"]);
    expect(await navigation(f.as.moderator)).toContain("/staff-room");
    // Unpublished pages are never in the navigation, not even a manager's.
    expect(await navigation(f.admin)).not.toContain("/draft-page");

    // A site manager sees the unpublished page, marked as not published.
    expect(await paths(f.admin)).toEqual(["/draft-page", "/open-page", "/staff-room"]);
    const unpublished = await f.api.get("/api/v2/custom-pages?status=unpublished", { as: f.admin });
    expect(unpublished.json<CustomPageRecord[]>().map((p) => p.urlcode)).toEqual(["/draft-page"]);
    const preview = await lookup("/draft-page", f.admin);
    expect(preview.statusCode).toBe(200);
    expect(preview.json<LayoutSpec>().layout?.[0]).toMatchObject({ $reactProps: { published: false } });

    // Publishing it shows it to guests at once (and the navigation with it).
    await f.api.patch(`/api/v2/custom-pages/${draft.customPageID}`, { status: "published" }, { as: f.admin });
    expect((await lookup("/draft-page")).statusCode).toBe(200);
    expect(await navigation(null)).toContain("/draft-page");
    for (const page of [draft, staff, open])
      await f.api.delete(`/api/v2/custom-pages/${page.customPageID}`, { as: f.admin });
  });
  it("places a fragment on a page: its props checked, its active revision filled in, none for a missing one", async () => {
    const made = await f.api.post(
      "/api/v2/fragments",
      {
        name: "Greeting",
        fragmentType: "CallToActionFragment",
        js: 'fragment.root.textContent = "Hello " + fragment.props.who;',
        jsRaw: "",
        css: "#fragment-root { color: teal; }",
        commitMessage: "First",
      },
      { as: f.admin },
    );
    expect(made.statusCode, made.body).toBe(201);
    const { fragmentUUID, fragmentRevisionUUID } = made.json<{ fragmentUUID: string; fragmentRevisionUUID: string }>();
    const missingUUID = "01900000-0000-7000-8000-000000000000";
    const fragmentWidget = (uuid: string, extra: Record<string, unknown> = {}) => ({
      $reactComponent: "react.customFragment",
      $reactProps: { fragmentImpl: { fragmentUUID: uuid }, props: { who: "gardeners" }, height: 120, ...extra },
    });
    const section = (children: unknown[]) => [{ $reactComponent: "react.section.1-column", $reactProps: { children } }];

    // Bad props: 422 at each field's path.
    const refused = await f.api.post(
      "/api/v2/custom-pages",
      {
        ...about,
        urlcode: "/with-bad-fragment",
        layoutData: {
          layout: section([
            fragmentWidget("not-a-uuid"),
            fragmentWidget(fragmentUUID, { height: 5 }),
            { $reactComponent: "react.customFragment", $reactProps: {} },
          ]),
        },
      },
      { as: f.admin },
    );
    expect(refused.statusCode, refused.body).toBe(422);
    expect(fieldsOf(refused.body)).toEqual([
      "layoutData.layout[0].$reactProps.children[0].$reactProps.fragmentImpl.fragmentUUID",
      "layoutData.layout[0].$reactProps.children[1].$reactProps.height",
      "layoutData.layout[0].$reactProps.children[2].$reactProps.fragmentImpl",
    ]);

    const page = await create({
      ...about,
      urlcode: "/with-fragment",
      layoutData: { layout: section([fragmentWidget(fragmentUUID), fragmentWidget(missingUUID)]) },
    });
    const hydrated = await lookup("/with-fragment");
    expect(hydrated.statusCode, hydrated.body).toBe(200);
    const [, sectionWidget] = hydrated.json<LayoutSpec>().layout ?? [];
    const [placed, missing] = (sectionWidget?.$reactProps as { children: Array<{ $reactProps: unknown }> }).children;
    const base = `/api/v2/fragments/${fragmentUUID}`;
    expect(placed?.$reactProps).toEqual({
      fragmentImpl: {
        fragmentUUID,
        fragmentRevisionUUID,
        jsUrl: expect.stringMatching(
          new RegExp(`${base}/js\\?fragmentRevisionUUID=${fragmentRevisionUUID}$`),
        ) as string,
        cssUrl: expect.stringMatching(
          new RegExp(`${base}/css\\?fragmentRevisionUUID=${fragmentRevisionUUID}$`),
        ) as string,
        css: "#fragment-root { color: teal; }",
        frameUrl: expect.stringMatching(
          new RegExp(`${base}/frame\\?fragmentRevisionUUID=${fragmentRevisionUUID}$`),
        ) as string,
      },
      props: { who: "gardeners" },
      height: 120,
    });
    // A fragment that is not there: only its id, for the page to say it could not be loaded.
    expect(missing?.$reactProps).toEqual({
      fragmentImpl: { fragmentUUID: missingUUID },
      props: { who: "gardeners" },
      height: 120,
    });
    // The stored layout keeps only what the operator gave.
    const stored = await f.api.get(`/api/v2/layouts/${page.layoutID}`, { as: f.admin });
    expect(JSON.stringify(stored.json())).not.toContain("frameUrl");
    await f.api.delete(`/api/v2/custom-pages/${page.customPageID}`, { as: f.admin });
  });
});
