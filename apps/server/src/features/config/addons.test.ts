import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import { Value } from "typebox/value";
import { Addon, type Addon as AddonRecord } from "@parley/contracts";
import { engines } from "../../test/databases.ts";
import { createContentFixture, type ContentFixture } from "../../test/content.ts";

const AddonList = Type.Array(Addon);

describe.each(engines)("GET and PATCH /addons on %s", (engine) => {
  let f: ContentFixture<"member">;
  beforeAll(async () => {
    f = await createContentFixture(engine, { member: { name: "Addon Member", role: "member" } });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const list = async (query = "") => {
    const response = await f.api.get(`/api/v2/addons${query}`, { as: f.admin });
    expect(response.statusCode, response.body).toBe(200);
    const addons = response.json<AddonRecord[]>();
    expect([...Value.Errors(AddonList, addons)].slice(0, 3)).toEqual([]);
    return addons;
  };
  const patch = (addonID: string, body: unknown, as = f.admin) =>
    f.api.patch(`/api/v2/addons/${addonID}`, body, { as });
  const setting = async (key: string) =>
    (await f.api.get(`/api/v2/config?select=${key}`, { as: f.admin })).json<Record<string, unknown>>()[key];

  it("lists the optional features and the themes for site.manage only, each feature as its setting says", async () => {
    expect((await f.api.get("/api/v2/addons")).statusCode).toBe(403);
    expect((await f.api.get("/api/v2/addons", { as: f.as.member })).statusCode).toBe(403);
    const addons = await list();
    expect(addons.map((addon) => `${addon.type}:${addon.addonID}`)).toEqual([
      "addon:conversations",
      "addon:tagging",
      "addon:signatures",
      "addon:online",
      "addon:qna",
      "addon:ideation",
      "addon:polls",
      "addon:postTypes",
      "addon:badges",
      "addon:ranks",
      "addon:embed",
      "theme:theme-foundation",
      "theme:theme-foundation-dark",
      ...["en", "fr", "de", "es", "it", "nl", "pt", "ja"].map((key) => `locale:locale-${key}`),
    ]);
    for (const [addonID, key] of [
      ["conversations", "conversations.enabled"],
      ["tagging", "tagging.enabled"],
      ["signatures", "signatures.enabled"],
      ["online", "online.enabled"],
      ["qna", "plugins.qna"],
      ["ideation", "plugins.ideation"],
      ["polls", "plugins.polls"],
      ["postTypes", "postTypes.enabled"],
      ["badges", "badges.enabled"],
      ["ranks", "ranks.enabled"],
      ["embed", "embed.enabled"],
    ] as const)
      expect(addons.find((addon) => addon.addonID === addonID)?.enabled, addonID).toBe(await setting(key));
    expect(addons.filter((addon) => addon.type === "theme").map((addon) => addon.enabled)).toEqual([true, false]);

    expect((await list("?type=theme&enabled=true")).map((addon) => addon.addonID)).toEqual(["theme-foundation"]);
    // Content locales: English alone until a site manager enables more (translations.test.ts switches them).
    expect((await list("?type=locale&enabled=true")).map((addon) => addon.addonID)).toEqual(["locale-en"]);
    expect((await list("?enabled=false&type=addon")).map((addon) => addon.addonID)).toEqual(
      addons.filter((addon) => addon.type === "addon" && !addon.enabled).map((addon) => addon.addonID),
    );
    const one = await f.api.get("/api/v2/addons/tagging", { as: f.admin });
    expect(one.json()).toEqual(addons.find((addon) => addon.addonID === "tagging"));
    expect((await f.api.get("/api/v2/addons/no-such-addon", { as: f.admin })).statusCode).toBe(404);
  });

  it("switches a feature through its setting, and refuses members and bad bodies", async () => {
    const before = await setting("conversations.enabled");
    expect(before).toBe(true);
    expect((await patch("conversations", { enabled: false }, f.as.member)).statusCode).toBe(403);
    expect((await patch("conversations", {})).statusCode).toBe(400);
    expect((await patch("conversations", { enabled: "no" })).statusCode).toBe(422);
    expect((await patch("no-such-addon", { enabled: true })).statusCode).toBe(404);
    expect(await setting("conversations.enabled")).toBe(true);

    const off = await patch("conversations", { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject([{ addonID: "conversations", enabled: false }]);
    expect(await setting("conversations.enabled")).toBe(false);
    // The feature is gone for members: no conversations to start.
    const start = await f.api.post(
      "/api/v2/conversations",
      { participantUserIDs: [f.admin.userID] },
      { as: f.as.member },
    );
    expect(start.statusCode).toBe(403);
    expect(start.json()).toMatchObject({ message: "Private messages are turned off on this site." });
    expect((await patch("conversations", { enabled: true })).json()).toMatchObject([{ enabled: true }]);
    expect(await setting("conversations.enabled")).toBe(true);
    const again = await f.api.post(
      "/api/v2/conversations",
      { participantUserIDs: [f.admin.userID] },
      { as: f.as.member },
    );
    expect(again.statusCode, again.body).toBe(201);
  });

  it("enables a theme by making it current, and answers both themes it touched", async () => {
    const on = await patch("theme-foundation-dark", { enabled: true, type: "theme" });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<AddonRecord[]>().map((addon) => [addon.addonID, addon.enabled])).toEqual([
      ["theme-foundation", false],
      ["theme-foundation-dark", true],
    ]);
    expect((await f.api.get("/api/v2/themes/current")).json()).toMatchObject({ themeID: "theme-foundation-dark" });
    const off = await patch("theme-foundation-dark", { enabled: false });
    expect(off.statusCode).toBe(400);
    expect(off.json()).toMatchObject({ message: "A theme is turned off by enabling another one." });
    expect((await patch("theme-foundation", { enabled: true })).statusCode).toBe(200);
    expect((await f.api.get("/api/v2/themes/current")).json()).toMatchObject({ themeID: "theme-foundation" });
  });

  it("documents the routes in the OpenAPI description", async () => {
    const spec = (await f.api.get("/api/v2/open-api/v3")).json<{ paths: Record<string, unknown> }>();
    for (const path of ["/addons", "/addons/{addonID}"])
      expect(
        Object.keys(spec.paths).some((key) => key.endsWith(path)),
        path,
      ).toBe(true);
  });
});
