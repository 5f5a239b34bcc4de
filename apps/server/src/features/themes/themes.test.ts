import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import { Value } from "typebox/value";
import { limits, Theme, type Theme as ThemeRecord } from "@parley/contracts";
import { lighten, toHex } from "@parley/contracts/colors";
import { TEST_ORIGIN } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import { createContentFixture, type ContentFixture } from "../../test/content.ts";
import { DEFAULT_THEME_ID, fileThemes } from "./index.ts";

const DARK = "theme-foundation-dark";
const ThemeList = Type.Array(Theme);

function expectTheme(value: unknown): void {
  if (Value.Check(Theme, value)) return;
  expect([...Value.Errors(Theme, value)].slice(0, 5), "matches the Theme schema").toEqual([]);
}

describe.each(engines)("themes API on %s", (engine) => {
  let f: ContentFixture<"member">;

  beforeAll(async () => {
    f = await createContentFixture(engine, { member: { name: "Theme Member", role: "member" } });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const get = async (url: string) => {
    const response = await f.api.get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const putCurrent = (body: unknown, as = f.admin) => f.api.put("/api/v2/themes/current", body, { as });

  it("lists the built-in themes without paging headers or asset data; Foundation is current", async () => {
    const response = await get("/api/v2/themes");
    expect(Value.Check(ThemeList, response.json())).toBe(true);
    expect(Object.keys(response.headers).filter((name) => name.startsWith("x-app-page"))).toEqual([]);
    expect(response.headers["link"]).toBeUndefined();
    const themes = response.json<ThemeRecord[]>();
    expect(themes.map((theme) => theme.themeID)).toEqual([DEFAULT_THEME_ID, DARK]);
    expect(themes.map((theme) => theme.current)).toEqual([true, false]);
    for (const theme of themes) {
      expect(theme).toMatchObject({ type: "themeFile", revisionID: null, active: true, version: "1.0.0" });
      expect(theme.assets.variables).toEqual({
        url: `${TEST_ORIGIN}/api/v2/themes/${theme.themeID}/assets/variables.json`,
        type: "json",
        "content-type": "application/json",
      });
    }
    const withData = (await get("/api/v2/themes?expand=all")).json<ThemeRecord[]>();
    expect(withData.map((theme) => theme.assets.variables.data)).toEqual(fileThemes.map((theme) => theme.variables));
  });

  it("gets a theme by key, with the variables' data only when expanded", async () => {
    const plain = (await get(`/api/v2/themes/${DARK}`)).json<ThemeRecord>();
    expectTheme(plain);
    expect(plain).toMatchObject({ themeID: DARK, name: "Foundation Dark", current: false });
    expect(plain.assets.variables).not.toHaveProperty("data");
    const darkVariables = fileThemes.find((theme) => theme.themeID === DARK)!.variables;
    for (const query of [
      "expand=all",
      "expand=variables.data",
      "expand[]=variables.data",
      "expand=header.data,variables.data",
    ]) {
      const expanded = (await get(`/api/v2/themes/${DARK}?${query}`)).json<ThemeRecord>();
      expectTheme(expanded);
      expect(expanded.assets.variables.data, query).toEqual(darkVariables);
    }
    expect(
      (await get(`/api/v2/themes/${DARK}?expand=header.data`)).json<ThemeRecord>().assets.variables,
    ).not.toHaveProperty("data");
    // The preview's colours are the computed ones: the dark preset lightens the primary by 25%.
    expect(plain.preview.variables).toMatchObject({
      globalPrimary: toHex(lighten(limits.colors.primary, limits.colors.darkPrimaryLighten)),
      globalBg: "#323639",
      titleBarBg: "#26282b",
    });
    expect((await get(`/api/v2/themes/${DEFAULT_THEME_ID}`)).json<ThemeRecord>().preview.variables).toMatchObject({
      globalPrimary: "#037dbc",
      globalBg: "#ffffff",
      titleBarBg: "#037dbc",
      titleBarFg: "#ffffff",
    });
  });

  it("serves a theme's raw variables asset", async () => {
    expect((await get(`/api/v2/themes/${DARK}/assets/variables.json`)).json()).toEqual(
      fileThemes.find((theme) => theme.themeID === DARK)!.variables,
    );
    expect((await f.api.get("/api/v2/themes/nope/assets/variables.json")).statusCode).toBe(404);
  });

  it("answers unknown themes with a JSON 404", async () => {
    const response = await f.api.get("/api/v2/themes/no-such-theme");
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toContain("application/json");
    expect(response.json()).toMatchObject({ status: 404 });
    expect(response.json<{ message: string }>().message).toMatch(/Theme/);
  });

  it("GET /themes/current answers the default theme until another is chosen", async () => {
    const current = (await get("/api/v2/themes/current")).json<ThemeRecord>();
    expectTheme(current);
    expect(current).toMatchObject({ themeID: DEFAULT_THEME_ID, current: true });
    expect(current.assets.variables).not.toHaveProperty("data");
    expect(
      (await get("/api/v2/themes/current?expand=variables.data")).json<ThemeRecord>().assets.variables.data,
    ).toEqual(fileThemes[0]!.variables);
  });

  it("PUT /themes/current needs site.manage: guests and members get 403 and nothing changes", async () => {
    const guest = await putCurrent({ themeID: DARK }, null as never);
    expect(guest.statusCode).toBe(403);
    const member = await putCurrent({ themeID: DARK }, f.as.member);
    expect(member.statusCode).toBe(403);
    expect(member.json()).toMatchObject({ status: 403, permissions: ["site.manage"] });
    expect((await get("/api/v2/themes/current")).json<ThemeRecord>().themeID).toBe(DEFAULT_THEME_ID);
  });

  it("PUT /themes/current validates its body and refuses unknown themes", async () => {
    const missing = await putCurrent({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: [{ field: "themeID", code: "missingField" }] });
    expect((await putCurrent({ themeID: "" })).statusCode).toBe(400);
    const unknown = await putCurrent({ themeID: "no-such-theme" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404 });
    expect((await get("/api/v2/themes/current")).json<ThemeRecord>().themeID).toBe(DEFAULT_THEME_ID);
  });

  it("an administrator switches the current theme, and back", async () => {
    const response = await putCurrent({ themeID: DARK });
    expect(response.statusCode, response.body).toBe(200);
    expectTheme(response.json());
    expect(response.json()).toMatchObject({ themeID: DARK, current: true });
    expect((await get("/api/v2/themes/current")).json<ThemeRecord>().themeID).toBe(DARK);
    const list = (await get("/api/v2/themes")).json<ThemeRecord[]>();
    expect(list.filter((theme) => theme.current).map((theme) => theme.themeID)).toEqual([DARK]);
    // The key is matched without regard to case, as Vanilla matches theme keys.
    expect((await putCurrent({ themeID: DEFAULT_THEME_ID.toUpperCase() })).json()).toMatchObject({
      themeID: DEFAULT_THEME_ID,
    });
    expect((await get("/api/v2/themes/current")).json<ThemeRecord>().themeID).toBe(DEFAULT_THEME_ID);
  });

  it("falls back to the default theme when the stored choice names a theme that is gone", async () => {
    await f.t.app.platform.siteConfig.set("theme.current", "removed-theme");
    expect((await get("/api/v2/themes/current")).json<ThemeRecord>().themeID).toBe(DEFAULT_THEME_ID);
    await f.t.app.platform.siteConfig.set("theme.current", DEFAULT_THEME_ID);
  });

  it("PUT /themes/preview previews a theme in the session's cookie (site.manage); GET /themes/preview tells it", async () => {
    const preview = (body: unknown, as: Parameters<typeof putCurrent>[1] = f.admin) =>
      f.api.put("/api/v2/themes/preview", body, { as });
    expect((await preview({ themeID: DARK }, null as never)).statusCode).toBe(403);
    const refused = await preview({ themeID: DARK }, f.as.member);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers["set-cookie"]).toBeUndefined();
    expect((await preview({ themeID: "no-such-theme" })).statusCode).toBe(404);

    const started = await preview({ themeID: DARK.toUpperCase() });
    expect(started.statusCode, started.body).toBe(200);
    expectTheme(started.json());
    // The previewed theme, which is not the site's current one.
    expect(started.json()).toMatchObject({ themeID: DARK, current: false });
    const cookie = String(started.headers["set-cookie"]);
    expect(cookie).toMatch(new RegExp(`^parley-theme-preview=${DARK}; Path=/; HttpOnly; SameSite=Lax$`));
    // Everyone else's site is unchanged.
    expect((await get("/api/v2/themes/current")).json<ThemeRecord>().themeID).toBe(DEFAULT_THEME_ID);

    const withCookie = (as: typeof f.admin) => ({ ...as, cookie: `${as.cookie}; parley-theme-preview=${DARK}` });
    const previewed = await f.api.get("/api/v2/themes/preview", { as: withCookie(f.admin) });
    expect(previewed.json()).toEqual({
      themeID: DARK,
      revisionID: null,
      name: "Foundation Dark",
      redirect: "/dashboard/themes",
    });
    // Only for a viewer who may manage the site; without the cookie, none.
    expect((await f.api.get("/api/v2/themes/preview", { as: withCookie(f.as.member) })).json()).toBeNull();
    expect((await f.api.get("/api/v2/themes/preview", { as: f.admin })).json()).toBeNull();

    const ended = await preview({});
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ themeID: DEFAULT_THEME_ID, current: true });
    expect(String(ended.headers["set-cookie"])).toMatch(/^parley-theme-preview=; .*Expires=Thu, 01 Jan 1970/);
    expect((await preview({ themeID: "" })).statusCode).toBe(200);
  });

  it("documents every route in the OpenAPI description", async () => {
    const spec = (await get("/api/v2/open-api/v3")).json<{ paths: Record<string, unknown> }>();
    for (const path of [
      "/themes",
      "/themes/current",
      "/themes/preview",
      "/themes/{themeKey}",
      "/themes/{themeKey}/assets/variables.json",
    ]) {
      expect(
        Object.keys(spec.paths).some((key) => key.endsWith(path)),
        path,
      ).toBe(true);
    }
  });
});
