import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LayoutRecord, LayoutWidget } from "@parley/contracts";
import { createApi, createUser, seededAdmin, type Api, type Session } from "../../test/accounts.ts";
import type { TestApp } from "../../test/app.ts";
import { engines } from "../../test/databases.ts";
import { createPagesTestApp } from "../../test/pages.ts";

/*
 * The layout editor's "Preview on the site" (issue 38): `?layoutPreview={id}` on a reading page (the server's page
 * render passes it to the page's lookup as `params[layoutPreview]` of `GET /layouts/lookup-hydrate`) shows a site
 * manager that stored layout in place of the page's, published or not; anyone else, and a layout of another view
 * type, gets the page's own.
 */

const htmlLayout = (title: string) => [
  {
    $reactComponent: "react.section.1-column",
    $reactProps: {
      children: [
        { $reactComponent: "react.html", $reactProps: { title } },
        { $reactComponent: "react.asset.discussionList", $reactProps: {} },
      ],
    },
  },
];

/** Every react.html title of a hydrated tree. */
const titles = (widgets: readonly LayoutWidget[]): string[] =>
  widgets.flatMap((widget) => [
    ...(widget.$reactComponent === "react.html" ? [String((widget.$reactProps as { title?: string }).title)] : []),
    ...Object.values(widget.$reactProps).flatMap((value) =>
      Array.isArray(value) && (value[0] as LayoutWidget | undefined)?.$reactComponent
        ? titles(value as LayoutWidget[])
        : [],
    ),
  ]);

describe.each(engines)("previewing a stored layout on its page on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let admin: Session;
  let member: Session;
  let draftID: number;
  let listDraftID: number;

  beforeAll(async () => {
    t = await createPagesTestApp(engine, { guestCacheTtlMs: 60_000 });
    api = createApi(t.app);
    admin = await api.signIn(seededAdmin);
    const user = await createUser(t.database.db, { name: "Layout Preview Member", role: "member" });
    member = await api.signIn(user);
    const create = async (name: string, layoutViewType: string, title: string) => {
      const response = await api.post(
        "/api/v2/layouts",
        { name, layoutViewType, layout: htmlLayout(title) },
        { as: admin },
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json<LayoutRecord>().layoutID as number;
    };
    draftID = await create("Draft home", "home", "Draft front page");
    listDraftID = await create("Draft lists", "discussionList", "Draft lists page");
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const lookup = async (preview: number | string, as: Session | null) => {
    const response = await api.get(
      `/api/v2/layouts/lookup-hydrate?layoutViewType=home&recordType=siteSection&recordID=0&params[layoutPreview]=${preview}`,
      { as },
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ layoutID: string; layout: LayoutWidget[] }>();
  };
  const page = (url: string, as?: Session) =>
    t.app.inject({ method: "GET", url, headers: { host: "forum.test", ...(as ? { cookie: as.cookie } : {}) } });

  it("hydrates the unpublished layout for a site manager, and the page's own for members and guests", async () => {
    const managed = await lookup(draftID, admin);
    expect(managed.layoutID).toBe(String(draftID));
    expect(titles(managed.layout)).toEqual(["Draft front page"]);
    // Its asset still takes the page's props: the recent discussions, as the published layout would show them.
    expect(JSON.stringify(managed.layout)).toContain('"summary":true');
    for (const viewer of [member, null]) {
      const answer = await lookup(draftID, viewer);
      expect(answer.layoutID).toBe("home");
      expect(titles(answer.layout)).toEqual([]);
    }
  });

  it("ignores a layout of another view type, one that does not exist, and an id that is not one", async () => {
    for (const preview of [listDraftID, 999_999, "home", "1;drop"]) {
      const answer = await lookup(preview, admin);
      expect(answer.layoutID).toBe("home");
    }
  });

  it("renders the preview in the server-rendered page for the manager only; a guest's cached page is the default", async () => {
    const managed = await page(`/?layoutPreview=${draftID}`, admin);
    expect(managed.statusCode).toBe(200);
    expect(managed.body).toContain("Draft front page");
    const guest = await page(`/?layoutPreview=${draftID}`);
    expect(guest.statusCode).toBe(200);
    expect(guest.body).not.toContain("Draft front page");
    const memberPage = await page(`/?layoutPreview=${draftID}`, member);
    expect(memberPage.body).not.toContain("Draft front page");
    // The manager's home page without the query is the published one.
    expect((await page("/", admin)).body).not.toContain("Draft front page");
  });
});
