import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Theme, ThemeRevision, type Theme as ThemeRecord, type ThemeVariables } from "@parley/contracts";
import { engines } from "../../test/databases.ts";
import { createContentFixture, expectSchema, type ContentFixture } from "../../test/content.ts";
import { DEFAULT_THEME_ID, fileThemes } from "./index.ts";

const DARK = "theme-foundation-dark";
const darkVariables = fileThemes.find((theme) => theme.themeID === DARK)!.variables;

const withColors = (primary: string, titleBarBg: string): ThemeVariables => ({
  global: { options: { preset: "light" }, mainColors: { primary } },
  titleBar: { colors: { bg: titleBarBg } },
});

describe.each(engines)("themes of the site's own on %s", (engine) => {
  let f: ContentFixture<"member">;

  beforeAll(async () => {
    f = await createContentFixture(engine, { member: { name: "Own Theme Member", role: "member" } });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const post = (body: unknown, as = f.admin) => f.api.post("/api/v2/themes", body, { as });
  const patch = (id: string, body: unknown, as = f.admin) => f.api.patch(`/api/v2/themes/${id}`, body, { as });
  const get = async <T = ThemeRecord>(url: string) => {
    const response = await f.api.get(url, { as: f.admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const listIDs = async () => (await get<ThemeRecord[]>("/api/v2/themes")).map((theme) => theme.themeID);
  const create = async (body: Record<string, unknown>) => {
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(201);
    expectSchema(Theme, response.json());
    return response.json<ThemeRecord>();
  };

  it("refuses guests and members: 403, nothing created or changed", async () => {
    const before = await listIDs();
    expect((await post({ name: "Mine", parentTheme: DARK }, null as never)).statusCode).toBe(403);
    const member = await post({ name: "Mine", parentTheme: DARK }, f.as.member);
    expect(member.statusCode).toBe(403);
    expect(member.json()).toMatchObject({ permissions: ["site.manage"] });
    const own = await create({ name: "Guarded", parentTheme: DARK });
    expect((await patch(own.themeID, { name: "Taken" }, f.as.member)).statusCode).toBe(403);
    expect((await f.api.delete(`/api/v2/themes/${own.themeID}`, { as: f.as.member })).statusCode).toBe(403);
    expect((await f.api.get(`/api/v2/themes/${own.themeID}/revisions`, { as: f.as.member })).statusCode).toBe(403);
    expect(await listIDs()).toEqual([...before, own.themeID]);
    expect((await get(`/api/v2/themes/${own.themeID}`)).name).toBe("Guarded");
  });

  it("creates a theme from a built-in one: the parent's variables unless given; listed after the built-in ones", async () => {
    const copy = await create({ name: "  Night shift ", parentTheme: DARK.toUpperCase() });
    expect(copy).toMatchObject({
      type: "themeDB",
      name: "Night shift",
      parentTheme: DARK,
      version: "1.0.0",
      current: false,
      active: true,
      revisionName: null,
      insertUserID: f.admin.userID,
    });
    expect(copy.themeID).toMatch(/^\d+$/);
    expect(copy.revisionID).toEqual(expect.any(Number));
    expect(copy.assets.variables.data).toEqual(darkVariables);
    expect(copy.preview.info["Description"]).toEqual({ type: "string", value: "Based on Foundation Dark." });

    const given = await create({
      name: "Berry",
      parentTheme: DEFAULT_THEME_ID,
      revisionName: "First try",
      assets: { variables: { data: withColors("#aa3355", "rgb(20, 30, 40)"), type: "json" } },
    });
    expect(given).toMatchObject({ revisionName: "First try", parentTheme: DEFAULT_THEME_ID });
    expect(given.preview.variables).toMatchObject({ globalPrimary: "#aa3355", titleBarBg: "#141e28" });
    expect(await get(`/api/v2/themes/${given.themeID}/assets/variables.json`)).toEqual(
      withColors("#aa3355", "rgb(20, 30, 40)"),
    );
    // Vanilla's asset form: the address, the type and the same JSON.
    const asset = await get<{ url: string; type: string; data: unknown }>(
      `/api/v2/themes/${given.themeID}/assets/variables`,
    );
    expect(asset.url.endsWith(`/api/v2/themes/${given.themeID}/assets/variables.json`)).toBe(true);
    expect(asset).toMatchObject({ type: "json", "content-type": "application/json" });
    expect(asset.data).toEqual(withColors("#aa3355", "rgb(20, 30, 40)"));
    const ids = await listIDs();
    expect(ids.slice(0, fileThemes.length)).toEqual(fileThemes.map((theme) => theme.themeID));
    expect(ids).toContain(copy.themeID);
    expect(ids.indexOf(given.themeID)).toBeGreaterThan(ids.indexOf(copy.themeID));
  });

  it("validates what it is given, and writes nothing when it refuses", async () => {
    const before = await listIDs();
    const missing = await post({ parentTheme: DARK });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: [{ field: "name", code: "missingField" }] });
    expect((await post({ name: "", parentTheme: DARK })).json()).toMatchObject({
      status: 400,
      errors: [{ field: "name" }],
    });
    expect((await post({ name: "x".repeat(101), parentTheme: DARK })).json()).toMatchObject({
      status: 400,
      errors: [{ field: "name" }],
    });
    const parent = await post({ name: "Orphan", parentTheme: "no-such-theme" });
    expect(parent.statusCode).toBe(422);
    expect(parent.json()).toMatchObject({
      errors: [{ field: "parentTheme", message: "Choose one of the built-in themes." }],
    });
    const color = await post({
      name: "Bad colour",
      parentTheme: DEFAULT_THEME_ID,
      assets: { variables: { data: withColors("#12345", "blue; } body { display: none") } },
    });
    expect(color.statusCode, color.body).toBe(422);
    expect(
      color
        .json<{ errors: Array<{ field: string }> }>()
        .errors.map((error) => error.field)
        .sort(),
    ).toEqual(["assets.variables.data.global.mainColors.primary", "assets.variables.data.titleBar.colors.bg"]);
    expect(await listIDs()).toEqual(before);
  });

  it("takes the design variables of its schema only: fonts, sizes, radius, buttons, link colour and logo, in bounds", async () => {
    const theme = await create({ name: "Design", parentTheme: DEFAULT_THEME_ID });
    const design: ThemeVariables = {
      global: {
        fonts: { families: { body: ["system-ui", "Arial"], heading: ["Georgia", "serif"] }, sizes: { medium: 16 } },
        border: { radius: 0 },
        links: { colors: { default: "#7a1fa2" } },
      },
      buttons: { preset: "outline", shape: "square" },
      titleBar: {
        colors: { bg: "#14532d", fg: "#ffffff" },
        logo: { desktop: { url: "https://cdn.example.com/logo.svg" }, mobile: { url: "/uploads/logo-small.png" } },
      },
    };
    const saved = await patch(theme.themeID, { assets: { variables: { data: design } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get(`/api/v2/themes/${theme.themeID}?expand=all`)).assets.variables.data).toEqual(design);
    const revisions = async () => (await get<unknown[]>(`/api/v2/themes/${theme.themeID}/revisions`)).length;

    const refusedWith = async (data: unknown, status: number) => {
      const response = await patch(theme.themeID, { assets: { variables: { data } } });
      expect(response.statusCode, response.body).toBe(status);
      return response.json<{ message: string; errors: Array<{ field: string; message: string }> }>();
    };
    // Keys the schema does not know are dropped (as the API drops unknown fields everywhere), never stored.
    const stripped = await patch(theme.themeID, {
      assets: { variables: { data: { ...design, titleBar: { ...design.titleBar, logoUrl: "/a.png" }, script: "x" } } },
    });
    expect(stripped.statusCode, stripped.body).toBe(200);
    expect((await get(`/api/v2/themes/${theme.themeID}?expand=all`)).assets.variables.data).toEqual(design);
    const count = await revisions();
    // Sizes in bounds.
    const radius = await refusedWith({ global: { border: { radius: 100 } } }, 400);
    expect(radius.errors[0]).toMatchObject({ field: "radius", message: expect.stringMatching(/32/) as string });
    const size = await refusedWith({ global: { fonts: { sizes: { medium: 4 } } } }, 400);
    expect(size.errors[0]).toMatchObject({ field: "medium", message: expect.stringMatching(/10/) as string });
    expect((await refusedWith({ buttons: { shape: "blob" } }, 400)).errors[0]).toMatchObject({ field: "shape" });
    // Colours the CSS can read, and image addresses of the web or of this site only.
    const bad = await refusedWith(
      {
        global: { links: { colors: { default: "red; }" } } },
        titleBar: { logo: { desktop: { url: "javascript:alert(1)" }, mobile: { url: '/a.png" onerror="x' } } },
      },
      422,
    );
    expect(bad.errors.map((error) => error.field).sort()).toEqual([
      "assets.variables.data.global.links.colors.default",
      "assets.variables.data.titleBar.logo.desktop.url",
      "assets.variables.data.titleBar.logo.mobile.url",
    ]);
    expect(bad.errors.find((error) => error.field.endsWith("desktop.url"))!.message).toBe(
      "Use an image address starting with https://, http:// or / (no spaces, quotes or brackets).",
    );
    expect(await revisions()).toBe(count);
  });

  it("shows the current theme's logo in the title bar's layout, and the site's name when it has none", async () => {
    const logoOf = async () =>
      (
        await get<{ titleBar: { $reactProps: { logo: { imageUrl: string | null; imageUrlMobile: string | null } } } }>(
          "/api/v2/layouts/lookup-hydrate?layoutViewType=home&recordType=siteSection&recordID=0",
        )
      ).titleBar.$reactProps.logo;
    expect(await logoOf()).toMatchObject({ imageUrl: null, imageUrlMobile: null });
    const theme = await create({
      name: "Logo",
      parentTheme: DEFAULT_THEME_ID,
      assets: { variables: { data: { titleBar: { logo: { desktop: { url: "/uploads/logo.png" } } } } } },
    });
    expect((await f.api.put("/api/v2/themes/current", { themeID: theme.themeID }, { as: f.admin })).statusCode).toBe(
      200,
    );
    try {
      expect(await logoOf()).toMatchObject({ imageUrl: "/uploads/logo.png", imageUrlMobile: null });
    } finally {
      await f.api.put("/api/v2/themes/current", { themeID: DEFAULT_THEME_ID }, { as: f.admin });
    }
    expect(await logoOf()).toMatchObject({ imageUrl: null });
  });

  it("keeps each edit as a revision, lists them newest first, and restores an earlier one", async () => {
    const theme = await create({
      name: "Revisable",
      parentTheme: DEFAULT_THEME_ID,
      assets: { variables: { data: withColors("#aa3355", "#222222") } },
    });
    const first = theme.revisionID!;

    const edited = await patch(theme.themeID, {
      name: "Revised",
      revisionName: "Greener",
      assets: { variables: { data: withColors("#117744", "#333333") } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expectSchema(Theme, edited.json());
    const second = edited.json<ThemeRecord>();
    expect(second).toMatchObject({ themeID: theme.themeID, name: "Revised", revisionName: "Greener", active: true });
    expect(second.revisionID).toBeGreaterThan(first);
    expect(second.assets.variables.data).toEqual(withColors("#117744", "#333333"));

    // A new name alone keeps the revision.
    const renamed = (await patch(theme.themeID, { name: "Revised again" })).json<ThemeRecord>();
    expect(renamed).toMatchObject({ name: "Revised again", revisionID: second.revisionID });

    const revisions = await get<Array<Record<string, unknown>>>(`/api/v2/themes/${theme.themeID}/revisions`);
    for (const revision of revisions) expectSchema(ThemeRevision, revision);
    expect(revisions.map(({ revisionID, revisionName, active }) => ({ revisionID, revisionName, active }))).toEqual([
      { revisionID: second.revisionID, revisionName: "Greener", active: true },
      { revisionID: first, revisionName: null, active: false },
    ]);
    expect(revisions[0]).toMatchObject({
      themeID: theme.themeID,
      type: "themeDB",
      name: "Revised again",
      current: false,
      insertUserID: f.admin.userID,
      insertUser: { userID: f.admin.userID },
    });
    expect(
      (await get<unknown[]>(`/api/v2/themes/${theme.themeID}/revisions?limit=1&page=2`)).map(
        (revision) => (revision as { revisionID: number }).revisionID,
      ),
    ).toEqual([first]);

    // An earlier revision, read without making it active.
    const older = await get(`/api/v2/themes/${theme.themeID}?revisionID=${first}&expand=all`);
    expect(older).toMatchObject({ revisionID: first, active: false });
    expect(older.assets.variables.data).toEqual(withColors("#aa3355", "#222222"));
    expect((await get(`/api/v2/themes/${theme.themeID}?revisionID=0`)).revisionID).toBe(second.revisionID);

    const restored = await patch(theme.themeID, { revisionID: first });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ revisionID: first, active: true });
    expect(await get(`/api/v2/themes/${theme.themeID}/assets/variables.json`)).toEqual(
      withColors("#aa3355", "#222222"),
    );
    const afterRestore = await get<Array<{ revisionID: number; active: boolean }>>(
      `/api/v2/themes/${theme.themeID}/revisions`,
    );
    expect(afterRestore.map((revision) => revision.active)).toEqual([false, true]);
  });

  it("refuses edits it cannot make, and makes no revision then", async () => {
    const theme = await create({ name: "Strict", parentTheme: DEFAULT_THEME_ID });
    const other = await create({ name: "Other", parentTheme: DEFAULT_THEME_ID });
    const revisionsOf = async (id: string) => (await get<unknown[]>(`/api/v2/themes/${id}/revisions`)).length;

    const builtIn = await patch(DARK, { name: "Mine now" });
    expect(builtIn.statusCode).toBe(400);
    expect(builtIn.json<{ message: string }>().message).toBe(
      "A built-in theme can't be changed: copy it into a theme of your own.",
    );
    expect((await patch("999999", { name: "Nobody" })).statusCode).toBe(404);
    expect((await patch("no-such-theme", { name: "Nobody" })).statusCode).toBe(404);
    // A revision of another theme is not this theme's.
    expect((await patch(theme.themeID, { revisionID: other.revisionID })).statusCode).toBe(404);
    expect((await f.api.get(`/api/v2/themes/${theme.themeID}?revisionID=${other.revisionID}`)).statusCode).toBe(404);
    const both = await patch(theme.themeID, {
      revisionID: theme.revisionID,
      assets: { variables: { data: withColors("#111111", "#222222") } },
    });
    expect(both.statusCode).toBe(400);
    const color = await patch(theme.themeID, { assets: { variables: { data: withColors("red-ish", "#222222") } } });
    expect(color.statusCode).toBe(422);
    expect(color.json()).toMatchObject({
      errors: [{ field: "assets.variables.data.global.mainColors.primary", status: 422 }],
    });
    expect((await patch(theme.themeID, { name: "" })).statusCode).toBe(400);
    expect(await revisionsOf(theme.themeID)).toBe(1);
    expect((await get(`/api/v2/themes/${theme.themeID}`)).name).toBe("Strict");
  });

  it("applies a theme of one's own, and deletes one only when it is not the current theme", async () => {
    const theme = await create({
      name: "Applied",
      parentTheme: DARK,
      assets: { variables: { data: withColors("#aa3355", "#222222") } },
    });
    const applied = await f.api.put("/api/v2/themes/current", { themeID: theme.themeID }, { as: f.admin });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ themeID: theme.themeID, current: true, type: "themeDB" });
    const current = await get("/api/v2/themes/current?expand=all");
    expect(current).toMatchObject({ themeID: theme.themeID, current: true });
    expect(current.assets.variables.data).toEqual(withColors("#aa3355", "#222222"));
    expect((await get<ThemeRecord[]>("/api/v2/themes")).filter((one) => one.current).map((one) => one.themeID)).toEqual(
      [theme.themeID],
    );
    // Its revisions say so too.
    expect((await get<Array<{ current: boolean }>>(`/api/v2/themes/${theme.themeID}/revisions`))[0]!.current).toBe(
      true,
    );

    const refused = await f.api.delete(`/api/v2/themes/${theme.themeID}`, { as: f.admin });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(
      "The current theme can't be deleted: apply another theme first.",
    );
    expect((await f.api.delete(`/api/v2/themes/${DARK}`, { as: f.admin })).statusCode).toBe(400);

    await f.api.put("/api/v2/themes/current", { themeID: DEFAULT_THEME_ID }, { as: f.admin });
    const deleted = await f.api.delete(`/api/v2/themes/${theme.themeID}`, { as: f.admin });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await f.api.get(`/api/v2/themes/${theme.themeID}`)).statusCode).toBe(404);
    expect((await f.api.get(`/api/v2/themes/${theme.themeID}/revisions`, { as: f.admin })).statusCode).toBe(404);
    expect((await f.api.delete(`/api/v2/themes/${theme.themeID}`, { as: f.admin })).statusCode).toBe(404);
    expect(await listIDs()).not.toContain(theme.themeID);
  });

  it("previews one revision of a theme of one's own in the session", async () => {
    const theme = await create({
      name: "Previewed",
      parentTheme: DEFAULT_THEME_ID,
      assets: { variables: { data: withColors("#aa3355", "#222222") } },
    });
    const first = theme.revisionID!;
    await patch(theme.themeID, { assets: { variables: { data: withColors("#117744", "#333333") } } });

    const older = await f.api.put(
      "/api/v2/themes/preview",
      { themeID: theme.themeID, revisionID: first },
      { as: f.admin },
    );
    expect(older.statusCode, older.body).toBe(200);
    expect(older.json()).toMatchObject({ themeID: theme.themeID, revisionID: first, active: false });
    const cookie = /^parley-theme-preview=([^;]*);/.exec(String(older.headers["set-cookie"]))?.[1];
    expect(cookie).toBe(`${theme.themeID}:${first}`);
    const as = { ...f.admin, cookie: `${f.admin.cookie}; parley-theme-preview=${cookie}` };
    expect((await f.api.get("/api/v2/themes/preview", { as })).json()).toEqual({
      themeID: theme.themeID,
      revisionID: first,
      name: "Previewed",
      redirect: "/dashboard/themes",
    });
    // The active revision is previewed by the theme's id alone.
    const active = await f.api.put("/api/v2/themes/preview", { themeID: theme.themeID }, { as: f.admin });
    expect(/^parley-theme-preview=([^;]*);/.exec(String(active.headers["set-cookie"]))?.[1]).toBe(theme.themeID);
    expect(
      (await f.api.put("/api/v2/themes/preview", { themeID: theme.themeID, revisionID: 999_999 }, { as: f.admin }))
        .statusCode,
    ).toBe(404);
  });

  it("lists no theme of one's own among the add-ons (Vanilla's are files)", async () => {
    await create({ name: "Not an add-on", parentTheme: DEFAULT_THEME_ID });
    const addons = await get<Array<{ addonID: string; type: string }>>("/api/v2/addons?type=theme");
    expect(addons.map((addon) => addon.addonID)).toEqual(fileThemes.map((theme) => theme.themeID));
  });

  it("documents the new routes in the OpenAPI description", async () => {
    const spec = await get<{ paths: Record<string, Record<string, unknown>> }>("/api/v2/open-api/v3");
    const path = (suffix: string) => Object.entries(spec.paths).find(([key]) => key.endsWith(suffix))?.[1] ?? {};
    expect(Object.keys(path("/themes"))).toEqual(expect.arrayContaining(["get", "post"]));
    expect(Object.keys(path("/themes/{themeKey}"))).toEqual(expect.arrayContaining(["get", "patch", "delete"]));
    expect(Object.keys(path("/themes/{themeKey}/revisions"))).toEqual(["get"]);
  });
});
