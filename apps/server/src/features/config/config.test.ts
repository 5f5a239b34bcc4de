import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { engines } from "../../test/databases.ts";
import { selectConfigKeys } from "./config.routes.ts";

describe("selectConfigKeys", () => {
  it("reads CSVs, repeated values and `*` globs; only public keys come back", () => {
    expect(selectConfigKeys(["ui.editContentTimeout"])).toEqual(["ui.editContentTimeout"]);
    expect(selectConfigKeys(["garden.*"])).toEqual(["garden.title", "garden.description", "garden.locale"]);
    expect(selectConfigKeys(["garden.title, ui.editContentTimeout", "nope"])).toEqual([
      "garden.title",
      "ui.editContentTimeout",
    ]);
    expect(selectConfigKeys(["upload.maxSize"])).toEqual([]);
    expect(selectConfigKeys(["garden.title."])).toEqual([]);
    expect(selectConfigKeys(undefined)).toContain("ui.editContentTimeout");
  });
});

describe.each(engines)("GET /config on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
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

  it("omits settings that are not public", async () => {
    const response = await createApi(t.app).get("/api/v2/config?select=upload.*");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
  });
});
