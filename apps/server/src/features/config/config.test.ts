import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "@parley/contracts";
import { createApi, createUser, seededAdmin, type Api, type Session } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { engines } from "../../test/databases.ts";
import { selectConfigKeys } from "./config.service.ts";

describe("selectConfigKeys", () => {
  it("reads CSVs, repeated values and `*` globs; only the readable keys come back", () => {
    expect(selectConfigKeys(["ui.editContentTimeout"])).toEqual(["ui.editContentTimeout"]);
    expect(selectConfigKeys(["garden.*"])).toEqual([
      "garden.title",
      "garden.description",
      "garden.shareImage",
      "garden.locale",
    ]);
    expect(selectConfigKeys(["garden.title, ui.editContentTimeout", "nope"])).toEqual([
      "ui.editContentTimeout",
      "garden.title",
    ]);
    expect(selectConfigKeys(["upload.maxSize"])).toEqual([]);
    expect(selectConfigKeys(["upload.maxSize"], () => true)).toEqual(["upload.maxSize"]);
    expect(selectConfigKeys(["garden.title."])).toEqual([]);
    expect(selectConfigKeys(undefined)).toContain("ui.editContentTimeout");
  });
});

describe.each(engines)("GET /config on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { seed: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers the selected public settings with their stored values, to guests too", async () => {
    const api = createApi(t.app);
    const before = await api.get("/api/v2/config?select=ui.editContentTimeout");
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ "ui.editContentTimeout": -1 });

    await t.app.platform.siteConfig.set("ui.editContentTimeout", 3600);
    const after = await api.get("/api/v2/config?select=ui.editContentTimeout,garden.title,secret.key");
    expect(after.json()).toEqual({ "ui.editContentTimeout": 3600, "garden.title": "Parley" });
  });

  it("takes repeated select values too", async () => {
    const response = await createApi(t.app).get("/api/v2/config?select=garden.title&select=tagging.enabled");
    expect(response.json()).toEqual({ "garden.title": "Parley", "tagging.enabled": true });
  });

  it("leaves out settings the viewer may not read: members read upload limits, managers the navigation", async () => {
    const api = createApi(t.app);
    expect((await api.get("/api/v2/config?select=upload.*")).json()).toEqual({});
    const member = await createUser(t.app.platform.db, { name: "Reader", role: "member" });
    const memberSession = await api.signIn(member);
    const asMember = await api.get("/api/v2/config?select=upload.*,navigation.items", { as: memberSession });
    expect(Object.keys(asMember.json()).sort()).toEqual(["upload.allowedExtensions", "upload.maxSize"]);
    const admin = await api.signIn(seededAdmin);
    const everything = (await api.get("/api/v2/config", { as: admin })).json<Record<string, unknown>>();
    expect(everything["navigation.items"]).toBe("");
    expect(typeof everything["upload.maxSize"]).toBe("number");
  });
});

describe.each(engines)("PATCH /config on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let admin: Session;
  let member: Session;
  let communityManager: Session;

  beforeAll(async () => {
    t = await createTestApp(engine, { seed: true });
    api = createApi(t.app);
    admin = await api.signIn(seededAdmin);
    member = await api.signIn(await createUser(t.app.platform.db, { name: "Plain Member", role: "member" }));
    // A role with community.manage (the site's words) but not site.manage (its workings).
    const role = await api.post(
      "/api/v2/roles",
      {
        name: "Community managers",
        canSession: true,
        permissions: [{ type: "global", permissions: { "session.valid": true, "community.manage": true } }],
      },
      { as: admin },
    );
    expect(role.statusCode, role.body).toBe(201);
    const manager = await createUser(t.app.platform.db, { name: "Cora Manager", role: "member" });
    await t.app.platform.db
      .insertInto("userRoles")
      .values({ userID: manager.userID, roleID: role.json<{ roleID: number }>().roleID })
      .execute();
    communityManager = await api.signIn(manager);
  });
  afterAll(async () => {
    await t?.close();
  });

  const read = async (select: string) =>
    (await api.get(`/api/v2/config?select=${select}`, { as: admin })).json<Record<string, unknown>>();
  const fields = (body: string) =>
    (JSON.parse(body) as ErrorBody)
      .errors!.map(({ field, code }) => ({ field, code }))
      .sort((a, b) => a.field.localeCompare(b.field));

  it("changes settings and answers their new values", async () => {
    expect((await api.get("/api/v2/config?select=garden.title")).json()).toEqual({ "garden.title": "Parley" });
    const response = await api.patch(
      "/api/v2/config",
      { "garden.title": "Gardeners' Corner", "tagging.enabled": false, "registration.method": "Approval" },
      { as: admin },
    );
    expect(response.statusCode, response.body).toBe(200);
    // Answered in Vanilla's spelling (its enum is capitalised), whatever spelling was sent.
    expect(response.json()).toEqual({
      "garden.title": "Gardeners' Corner",
      "tagging.enabled": false,
      "registration.method": "Approval",
    });
    for (const [sent, answered] of <Array<[string, string]>>[
      ["basic", "Basic"],
      ["INVITATION", "Invitation"],
      ["Captcha", "Captcha"],
      ["closed", "Closed"],
    ]) {
      const changed = await api.patch("/api/v2/config", { "registration.method": sent }, { as: admin });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await api.get("/api/v2/config?select=registration.method")).json()).toEqual({
        "registration.method": answered,
      });
      // Kept in lower case inside, where the server compares it.
      expect(await t.app.platform.siteConfig.get("registration.method")).toBe(sent.toLowerCase());
    }
    await api.patch("/api/v2/config", { "registration.method": "Approval" }, { as: admin });
    expect((await api.get("/api/v2/config?select=garden.title,tagging.enabled")).json()).toEqual({
      "garden.title": "Gardeners' Corner",
      "tagging.enabled": false,
    });
  });

  it("refuses unknown keys and keys changed elsewhere (422), writing none of the others", async () => {
    const response = await api.patch(
      "/api/v2/config",
      { "garden.description": "Changed?", "garden.secret": 1, "theme.current": "theme-dark" },
      { as: admin },
    );
    expect(response.statusCode).toBe(422);
    expect(fields(response.body)).toEqual([
      { field: "garden.secret", code: "unexpectedField" },
      { field: "theme.current", code: "unexpectedField" },
    ]);
    expect(await read("garden.description")).toEqual({ "garden.description": "A community forum built with Parley." });
  });

  it("reports every value that does not fit under its key, and changes nothing", async () => {
    const response = await api.patch(
      "/api/v2/config",
      {
        "garden.description": "x".repeat(351),
        "ui.editContentTimeout": "soon",
        "conversations.enabled": "yes",
        "registration.method": "open",
        "navigation.items": "[{]",
        "upload.maxSize": 0,
        "garden.title": "Still the old title?",
      },
      { as: admin },
    );
    expect(response.statusCode).toBe(422);
    expect(fields(response.body)).toEqual([
      { field: "conversations.enabled", code: "invalid" },
      { field: "garden.description", code: "maxLength" },
      { field: "navigation.items", code: "invalid" },
      { field: "registration.method", code: "invalid" },
      { field: "ui.editContentTimeout", code: "invalid" },
      { field: "upload.maxSize", code: "minimum" },
    ]);
    const body = JSON.parse(response.body) as ErrorBody;
    expect(body.errors!.find((error) => error.field === "garden.description")!.message).toBe(
      "garden.description is 350 characters at most.",
    );
    expect(body.errors!.find((error) => error.field === "navigation.items")!.message).toBe(
      "navigation.items is not valid JSON.",
    );
    expect(await read("garden.title")).toEqual({ "garden.title": "Gardeners' Corner" });
  });

  it("lets each key be changed only by holders of its permission", async () => {
    const title = { "garden.title": "Managed title" };
    expect((await api.patch("/api/v2/config", title, {})).statusCode).toBe(403);
    expect((await api.patch("/api/v2/config", title, { as: member })).statusCode).toBe(403);
    // community.manage changes what the site says, not how it works.
    const mixed = await api.patch(
      "/api/v2/config",
      { ...title, "conversations.enabled": false },
      { as: communityManager },
    );
    expect(mixed.statusCode).toBe(403);
    expect(JSON.parse(mixed.body)).toMatchObject({ permissions: ["site.manage"] });
    expect(await read("garden.title,conversations.enabled")).toEqual({
      "garden.title": "Gardeners' Corner",
      "conversations.enabled": true,
    });
    const allowed = await api.patch("/api/v2/config", title, { as: communityManager });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(await read("garden.title")).toEqual(title);
  });

  it("takes the host page's address for embedding as an http(s) address, changed by site managers", async () => {
    for (const remoteUrl of ["javascript:alert(1)", "ftp://example.com/", "example.com/forum", "https://u:p@x.test/"]) {
      const refused = await api.patch("/api/v2/config", { "embed.remoteUrl": remoteUrl }, { as: admin });
      expect(refused.statusCode, remoteUrl).toBe(400);
      expect((JSON.parse(refused.body) as ErrorBody).errors).toEqual([
        expect.objectContaining({
          field: "embed.remoteUrl",
          message: "embed.remoteUrl must be an http or https address.",
        }),
      ]);
    }
    const embed = {
      "embed.enabled": true,
      "embed.remoteUrl": "https://www.example.com/community",
      "embed.forceEmbed": true,
    };
    expect((await api.patch("/api/v2/config", embed, { as: communityManager })).statusCode).toBe(403);
    const saved = await api.patch("/api/v2/config", embed, { as: admin });
    expect(saved.statusCode, saved.body).toBe(200);
    // Every visitor's page needs them (messages to the host, the forced embed).
    expect((await api.get("/api/v2/config?select=embed.*")).json()).toEqual(embed);
    await api.patch(
      "/api/v2/config",
      { "embed.enabled": false, "embed.forceEmbed": false, "embed.remoteUrl": "" },
      { as: admin },
    );
  });

  it("takes navigation as JSON: a list, or lists by locale", async () => {
    const items = { en: [{ name: "Help Desk", url: "/categories/help" }] };
    const response = await api.patch("/api/v2/config", { "navigation.items": JSON.stringify(items) }, { as: admin });
    expect(response.statusCode, response.body).toBe(200);
    expect(await read("navigation.items")).toEqual({ "navigation.items": JSON.stringify(items) });
    const notItems = await api.patch("/api/v2/config", { "navigation.items": '{"en": [1]}' }, { as: admin });
    expect(notItems.statusCode).toBe(400);
  });
});
