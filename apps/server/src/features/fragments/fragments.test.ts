import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Fragment, FragmentDetails, type FragmentDetails as FragmentDetailsRecord } from "@parley/contracts";
import { Parser } from "htmlparser2";
import { engines } from "../../test/databases.ts";
import { createContentFixture, expectSchema, type ContentFixture } from "../../test/content.ts";

const card = {
  name: "Call to action",
  fragmentType: "CallToActionFragment",
  js: 'fragment.root.textContent = "Join us, " + fragment.props.who;',
  jsRaw: "export default function Card({ who }) { return <p>Join us, {who}</p>; }",
  css: "#fragment-root { color: rebeccapurple; }",
  previewData: [{ previewDataUUID: "p1", data: { who: "friends" }, name: "Friends", description: "" }],
};

describe.each(engines)("fragments on %s", (engine) => {
  let f: ContentFixture<"member">;

  beforeAll(async () => {
    f = await createContentFixture(engine, { member: { name: "Fragment Member", role: "member" } });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const create = async (body: Record<string, unknown> = card) => {
    const response = await f.api.post("/api/v2/fragments", body, { as: f.admin });
    expect(response.statusCode, response.body).toBe(201);
    expectSchema(FragmentDetails, response.json());
    return response.json<FragmentDetailsRecord>();
  };
  const get = async <T = FragmentDetailsRecord>(url: string, as: unknown = f.admin) => {
    const response = await f.api.get(url, { as: as as never });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const patch = (uuid: string, body: unknown, as = f.admin) => f.api.patch(`/api/v2/fragments/${uuid}`, body, { as });
  const commit = (uuid: string, body: unknown) =>
    f.api.post(`/api/v2/fragments/${uuid}/commit-revision`, body, { as: f.admin });

  it("refuses guests and members every management operation: 403, nothing written", async () => {
    const own = await create();
    for (const as of [null, f.as.member]) {
      const options = { as: as as never };
      expect((await f.api.get("/api/v2/fragments", options)).statusCode).toBe(403);
      expect((await f.api.post("/api/v2/fragments", card, options)).statusCode).toBe(403);
      expect((await f.api.get(`/api/v2/fragments/${own.fragmentUUID}`, options)).statusCode).toBe(403);
      expect((await f.api.patch(`/api/v2/fragments/${own.fragmentUUID}`, { name: "Taken" }, options)).statusCode).toBe(
        403,
      );
      expect((await f.api.delete(`/api/v2/fragments/${own.fragmentUUID}`, options)).statusCode).toBe(403);
      expect((await f.api.get(`/api/v2/fragments/${own.fragmentUUID}/revisions`, options)).statusCode).toBe(403);
      expect((await f.api.get("/api/v2/fragments/disclosure-state", options)).statusCode).toBe(403);
      // A draft's code and frame are not disclosed to them: as if there were none.
      expect((await f.api.get(own.jsUrl.replace(/^https?:\/\/[^/]+/, ""), options)).statusCode).toBe(404);
      expect((await f.api.get(own.frameUrl.replace(/^https?:\/\/[^/]+/, ""), options)).statusCode).toBe(404);
    }
    const member = await f.api.post("/api/v2/fragments", card, { as: f.as.member });
    expect(member.json()).toMatchObject({ permissions: ["site.manage"] });
    expect((await get(`/api/v2/fragments/${own.fragmentUUID}`)).name).toBe("Call to action");
  });

  it("creates a draft, commits it, keeps each commit as a revision and goes back to one", async () => {
    const draft = await create();
    expect(draft).toMatchObject({
      status: "draft",
      isLatest: true,
      commitMessage: "",
      isApplied: false,
      fragmentViews: [],
      js: card.js,
      jsRaw: card.jsRaw,
      css: card.css,
      previewData: card.previewData,
      files: [],
      revisionInsertUserID: f.admin.userID,
    });
    expect(draft.fragmentUUID).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const uuid = draft.fragmentUUID;
    expect((await f.api.get(`/api/v2/fragments/${uuid}?status=active`, { as: f.admin })).statusCode).toBe(404);

    const first = await commit(uuid, { fragmentRevisionUUID: draft.fragmentRevisionUUID, commitMessage: "First" });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ status: "active", commitMessage: "First", isLatest: true });
    const again = await commit(uuid, { fragmentRevisionUUID: draft.fragmentRevisionUUID, commitMessage: "Again" });
    expect(again.statusCode).toBe(409);

    // A change goes into a new draft, from the active revision's code; the active one stays what pages show.
    const edited = await patch(uuid, { css: "#fragment-root { color: teal; }" });
    expect(edited.statusCode, edited.body).toBe(200);
    const second = edited.json<FragmentDetailsRecord>();
    expect(second).toMatchObject({ status: "draft", js: card.js, css: "#fragment-root { color: teal; }" });
    expect(second.fragmentRevisionUUID).not.toBe(draft.fragmentRevisionUUID);
    expect((await get(`/api/v2/fragments/${uuid}?status=active`)).css).toBe(card.css);
    // Editing again changes the same draft.
    const third = await patch(uuid, { js: "/* v2 */", commitMessage: "Teal", commitDescription: "Colour." });
    expect(third.json()).toMatchObject({
      fragmentRevisionUUID: second.fragmentRevisionUUID,
      status: "active",
      js: "/* v2 */",
      css: "#fragment-root { color: teal; }",
      commitMessage: "Teal",
      commitDescription: "Colour.",
    });

    const revisions = await get<Fragment[]>(`/api/v2/fragments/${uuid}/revisions`);
    for (const revision of revisions) expectSchema(Fragment, revision);
    expect(revisions.map((revision) => [revision.commitMessage, revision.status, revision.isLatest])).toEqual([
      ["Teal", "active", true],
      ["First", "past-revision", false],
    ]);
    expect(
      (await get<Fragment[]>(`/api/v2/fragments/${uuid}/revisions?commitMessage=firs`)).map((r) => r.commitMessage),
    ).toEqual(["First"]);
    expect(await get<Fragment[]>(`/api/v2/fragments/${uuid}/revisions?limit=1&page=2`)).toHaveLength(1);

    // Going back to the first commit copies it into a new active revision; history keeps all three.
    const back = await commit(uuid, { fragmentRevisionUUID: draft.fragmentRevisionUUID, commitMessage: "Back" });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json()).toMatchObject({ status: "active", css: card.css, js: card.js, commitMessage: "Back" });
    expect(back.json<FragmentDetailsRecord>().fragmentRevisionUUID).not.toBe(draft.fragmentRevisionUUID);
    expect(
      (await get<Fragment[]>(`/api/v2/fragments/${uuid}/revisions`)).map((r) => [r.commitMessage, r.status]),
    ).toEqual([
      ["Back", "active"],
      ["Teal", "past-revision"],
      ["First", "past-revision"],
    ]);

    // The active revision cannot be deleted; a past one can; then the whole fragment.
    const active = back.json<FragmentDetailsRecord>().fragmentRevisionUUID;
    const refused = await f.api.delete(`/api/v2/fragments/${uuid}?fragmentRevisionUUID=${active}`, { as: f.admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: "The active revision cannot be deleted." });
    const past = await f.api.delete(`/api/v2/fragments/${uuid}?fragmentRevisionUUID=${second.fragmentRevisionUUID}`, {
      as: f.admin,
    });
    expect(past.json()).toEqual({ success: true });
    expect(await get<Fragment[]>(`/api/v2/fragments/${uuid}/revisions`)).toHaveLength(2);
    expect((await f.api.delete(`/api/v2/fragments/${uuid}`, { as: f.admin })).json()).toEqual({ success: true });
    expect((await f.api.get(`/api/v2/fragments/${uuid}`, { as: f.admin })).statusCode).toBe(404);
    expect((await f.api.get(`/api/v2/fragments/${uuid}/js`)).statusCode).toBe(404);
  });

  it("lists each fragment's latest revision, or the revisions of a status, by type and date", async () => {
    const banner = await create({ ...card, name: "Banner", fragmentType: "BannerFragment", commitMessage: "Go" });
    const sketch = await create({ ...card, name: "Sketch", fragmentType: "BannerFragment" });
    await patch(banner.fragmentUUID, { css: "p {}" });
    const list = await get<Fragment[]>("/api/v2/fragments?fragmentType=BannerFragment");
    for (const item of list) expectSchema(Fragment, item);
    expect(list.map((item) => [item.name, item.status, item.isLatest])).toEqual([
      ["Banner", "draft", true],
      ["Sketch", "draft", true],
    ]);
    const active = await get<Fragment[]>("/api/v2/fragments?fragmentType=BannerFragment&status=active");
    expect(active.map((item) => [item.name, item.status, item.isLatest])).toEqual([["Banner", "active", false]]);
    const oldest = await get<Fragment[]>(
      "/api/v2/fragments?fragmentType=BannerFragment&status=draft&sort=dateRevisionInserted",
    );
    expect(oldest.map((item) => item.name)).toEqual(["Sketch", "Banner"]);
    expect(await get<Fragment[]>("/api/v2/fragments?appliedStatus=applied")).toEqual([]);
    expect((await get<Fragment[]>("/api/v2/fragments?appliedStatus=not-applied")).length).toBeGreaterThanOrEqual(2);
    expect(sketch.status).toBe("draft");
  });

  it("is applied where a layout or a custom page places it, and appliedStatus filters on that", async () => {
    const placed = await create({ ...card, name: "Placed", commitMessage: "Live" });
    const spare = await create({ ...card, name: "Spare", commitMessage: "Live" });
    const widget = {
      $reactComponent: "react.customFragment",
      $reactProps: { fragmentImpl: { fragmentUUID: placed.fragmentUUID } },
    };
    const section = (children: unknown[]) => [{ $reactComponent: "react.section.1-column", $reactProps: { children } }];
    const layout = await f.api.post(
      "/api/v2/layouts",
      { name: "With a fragment", layoutViewType: "home", layout: section([widget]) },
      { as: f.admin },
    );
    expect(layout.statusCode, layout.body).toBe(201);
    const { layoutID } = layout.json<{ layoutID: number }>();
    const page = await f.api.post(
      "/api/v2/custom-pages",
      {
        seoTitle: "Fragment page",
        seoDescription: "",
        urlcode: "/fragment-page",
        status: "published",
        layoutData: { layout: section([widget, widget]) },
      },
      { as: f.admin },
    );
    expect(page.statusCode, page.body).toBe(201);
    const pageLayoutID = page.json<{ layoutID: number }>().layoutID;

    const details = await get(`/api/v2/fragments/${placed.fragmentUUID}`);
    expect(details.isApplied).toBe(true);
    expect(details.fragmentViews).toEqual([
      {
        recordType: "layout",
        recordID: String(layoutID),
        recordName: "With a fragment",
        recordUrl: `/dashboard/layouts/${layoutID}/edit`,
      },
      {
        recordType: "layout",
        recordID: String(pageLayoutID),
        recordName: "Fragment page",
        recordUrl: "/dashboard/pages",
      },
    ]);
    expect(details.url).toMatch(new RegExp(`/dashboard/fragments/${placed.fragmentUUID}$`));
    const revisions = await get<Fragment[]>(`/api/v2/fragments/${placed.fragmentUUID}/revisions`);
    expect(revisions.every((revision) => revision.isApplied && revision.fragmentViews.length === 2)).toBe(true);
    expect(await get(`/api/v2/fragments/${spare.fragmentUUID}`)).toMatchObject({ isApplied: false, fragmentViews: [] });

    const names = async (query: string) =>
      (await get<Fragment[]>(`/api/v2/fragments?${query}`)).map((item) => item.name);
    expect(await names("appliedStatus=applied")).toEqual(["Placed"]);
    expect(await names("appliedStatus=applied&status=active")).toEqual(["Placed"]);
    expect(await names("appliedStatus=not-applied")).toContain("Spare");
    expect(await names("appliedStatus=not-applied")).not.toContain("Placed");
    expect(await names("appliedStatus=all")).toEqual(expect.arrayContaining(["Placed", "Spare"]));

    // Taken off the layout, it is used only on the page; taken off both, nowhere.
    const patched = await f.api.patch(`/api/v2/layouts/${layoutID}`, { layout: section([]) }, { as: f.admin });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await get(`/api/v2/fragments/${placed.fragmentUUID}`)).fragmentViews.map((view) => view.recordID)).toEqual([
      String(pageLayoutID),
    ]);
    const removed = await f.api.delete(`/api/v2/custom-pages/${page.json<{ customPageID: number }>().customPageID}`, {
      as: f.admin,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(await get(`/api/v2/fragments/${placed.fragmentUUID}`)).toMatchObject({
      isApplied: false,
      fragmentViews: [],
    });
    expect(await names("appliedStatus=applied")).toEqual([]);
  });

  it("serves the active revision's code to anyone, a draft's only to managers, committed code as immutable", async () => {
    const made = await create({ ...card, commitMessage: "Live" });
    const base = `/api/v2/fragments/${made.fragmentUUID}`;
    const redirect = await f.api.get(`${base}/js`);
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(`${base}/js?fragmentRevisionUUID=${made.fragmentRevisionUUID}`);
    const js = await f.api.get(`${base}/js?fragmentRevisionUUID=${made.fragmentRevisionUUID}`);
    expect(js.statusCode).toBe(200);
    expect(js.headers["content-type"]).toBe("application/javascript; charset=utf-8");
    expect(js.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(js.body).toBe(card.js);
    const css = await f.api.get(`${base}/css?fragmentRevisionUUID=${made.fragmentRevisionUUID}`, { as: f.as.member });
    expect(css.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(css.body).toBe(card.css);

    const draft = (await patch(made.fragmentUUID, { js: "/* draft */" })).json<FragmentDetailsRecord>();
    const draftJs = `${base}/js?fragmentRevisionUUID=${draft.fragmentRevisionUUID}`;
    expect((await f.api.get(draftJs)).statusCode).toBe(404);
    expect((await f.api.get(draftJs, { as: f.as.member })).statusCode).toBe(404);
    const own = await f.api.get(draftJs, { as: f.admin });
    expect(own.body).toBe("/* draft */");
    expect(own.headers["cache-control"]).toBe("private, no-store");
    // The redirect still names the active revision.
    expect((await f.api.get(`${base}/css`)).headers.location).toContain(made.fragmentRevisionUUID);
  });

  it("runs a revision in a sandboxed frame: opaque origin, only its own code, props escaped", async () => {
    const made = await create({
      ...card,
      js: 'document.title = "</script><script>alert(1)</script>";',
      css: "p::after { content: '</style><script>alert(2)</script>'; }",
      commitMessage: "Live",
    });
    const base = `/api/v2/fragments/${made.fragmentUUID}/frame`;
    const frame = await f.api.get(`${base}?props=${encodeURIComponent(JSON.stringify({ who: "</script>" }))}`);
    expect(frame.statusCode, frame.body).toBe(200);
    expect(frame.headers["content-type"]).toBe("text/html; charset=utf-8");
    const csp = String(frame.headers["content-security-policy"]);
    expect(csp).toMatch(/^sandbox allow-scripts; default-src 'none'; script-src 'sha256-[^']+' 'sha256-[^']+';/);
    expect(csp).not.toContain("allow-same-origin");
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("form-action 'none'");
    // Parsed as a browser does: three scripts and one style, the code and props whole inside them.
    const elements: string[] = [];
    const parser = new Parser({ onopentagname: (name) => elements.push(name) });
    parser.end(frame.body);
    expect(elements).toEqual([
      "html",
      "head",
      "meta",
      "meta",
      "title",
      "style",
      "body",
      "div",
      "script",
      "script",
      "script",
    ]);
    expect(frame.body).toContain('{"who":"\\u003c/script>"}');
    expect(frame.body).toContain('"<\\/script><script>alert(1)<\\/script>"');

    const preview = await f.api.get(`${base}?previewDataUUID=p1`);
    expect(preview.body).toContain('{"who":"friends"}');
    expect((await f.api.get(`${base}?previewDataUUID=nope`)).statusCode).toBe(404);
    const bad = await f.api.get(`${base}?props=${encodeURIComponent("[1]")}`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: [{ field: "props" }] });
  });

  it("refuses bad input with the field that is wrong, and writes nothing", async () => {
    const before = (await get<Fragment[]>("/api/v2/fragments")).length;
    const cases: [unknown, string][] = [
      [{ ...card, name: "   " }, "name"],
      [{ ...card, name: "x".repeat(101) }, "name"],
      [{ ...card, js: undefined }, "js"],
      [{ ...card, css: "x".repeat(200_001) }, "css"],
      [
        {
          ...card,
          previewData: [card.previewData[0], { ...card.previewData[0] }],
        },
        "previewData/1/previewDataUUID",
      ],
    ];
    for (const [body, field] of cases) {
      const response = await f.api.post("/api/v2/fragments", body, { as: f.admin });
      expect([400, 422], response.body).toContain(response.statusCode);
      const { errors } = response.json<{ errors: { field: string }[] }>();
      expect(errors.map((error) => error.field)).toContain(field);
    }
    expect(await get<Fragment[]>("/api/v2/fragments")).toHaveLength(before);

    // Fields outside the schema are ignored (as Vanilla does), never stored.
    const made = await create({ ...card, extra: 1, status: "active" });
    expect(made).not.toHaveProperty("extra");
    expect(made.status).toBe("draft");
    const unknown = await patch(made.fragmentUUID, { fragmentType: "Other" });
    expect(unknown.json()).toMatchObject({ fragmentType: card.fragmentType, status: "draft" });
    expect((await commit(made.fragmentUUID, { fragmentRevisionUUID: "nope", commitMessage: "x" })).statusCode).toBe(
      404,
    );
    expect(
      (await commit(made.fragmentUUID, { fragmentRevisionUUID: made.fragmentRevisionUUID, commitMessage: " " }))
        .statusCode,
    ).toBe(422);
    expect((await f.api.get(`/api/v2/fragments/nope`, { as: f.admin })).statusCode).toBe(404);
    const both = await f.api.get(
      `/api/v2/fragments/${made.fragmentUUID}?status=active&fragmentRevisionUUID=${made.fragmentRevisionUUID}`,
      { as: f.admin },
    );
    expect(both.statusCode).toBe(422);
    expect((await get(`/api/v2/fragments/${made.fragmentUUID}`)).status).toBe("draft");
  });

  it("keeps each administrator's acceptance of the custom code disclosure", async () => {
    expect(await get("/api/v2/fragments/disclosure-state")).toEqual({ didAccept: false });
    const put = await f.api.put("/api/v2/fragments/disclosure-state", { didAccept: true }, { as: f.admin });
    expect(put.json()).toEqual({ success: true });
    expect(await get("/api/v2/fragments/disclosure-state")).toEqual({ didAccept: true });
    await f.api.put("/api/v2/fragments/disclosure-state", { didAccept: false }, { as: f.admin });
    expect(await get("/api/v2/fragments/disclosure-state")).toEqual({ didAccept: false });
  });
});
