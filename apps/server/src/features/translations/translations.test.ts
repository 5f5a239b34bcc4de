import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type, type TSchema } from "typebox";
import { Value } from "typebox/value";
import { Locale, Translation, TranslationService, type Category } from "@parley/contracts";
import { fewestQueries } from "../../platform/db/query-count.ts";
import type { Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import { createContentFixture, type ContentFixture } from "../../test/content.ts";

const noErrors = (schema: TSchema, value: unknown) => expect([...Value.Errors(schema, value)].slice(0, 3)).toEqual([]);

describe.each(engines)("locales, translation services and translations on %s", (engine) => {
  let f: ContentFixture<"member" | "moderator">;
  beforeAll(async () => {
    f = await createContentFixture(engine, {
      member: { name: "Translation Member", role: "member" },
      moderator: { name: "Translation Moderator", role: "moderator" },
    });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const enable = async (csv: string) => {
    const response = await f.api.patch("/api/v2/config", { "locales.enabled": csv }, { as: f.admin });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** The general category's name in French: a valid item of a PATCH. */
  const generalName = () => ({
    recordType: "category",
    recordID: f.category.general,
    propertyName: "name",
    locale: "fr",
    translation: "Général",
  });
  const translate = (body: unknown, as: Session | null = f.admin, resource = "forum") =>
    f.api.patch(`/api/v2/translations/${resource}`, body, { as });
  const stored = async (locale: string, query = "") => {
    const response = await f.api.get(`/api/v2/translations/forum?locale=${locale}${query}`, { as: f.admin });
    expect(response.statusCode, response.body).toBe(200);
    noErrors(Type.Array(Translation), response.json());
    return response.json<Array<{ translationPropertyKey: string; translation: string }>>();
  };

  it("lists the enabled content locales (en always) and enables more through the settings", async () => {
    const before = await f.api.get("/api/v2/locales");
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual([
      {
        localeID: "en",
        localeKey: "en",
        regionalKey: "en",
        displayNames: { en: "English" },
        translatable: false,
        machineTranslationService: false,
        translationService: null,
      },
    ]);
    expect((await f.api.patch("/api/v2/config", { "locales.enabled": "fr" }, { as: f.as.member })).statusCode).toBe(
      403,
    );
    const bad = await f.api.patch("/api/v2/config", { "locales.enabled": "fr,xx" }, { as: f.admin });
    expect(bad.statusCode).toBe(400);
    await enable("fr,de");
    const locales = (await f.api.get("/api/v2/locales")).json<Array<{ localeID: string }>>();
    noErrors(Type.Array(Locale), locales);
    expect(locales.map((locale) => locale.localeID)).toEqual(["en", "fr", "de"]);
    expect(locales[1]).toMatchObject({
      localeID: "fr",
      translatable: true,
      displayNames: { en: "French", fr: "français", de: "Französisch" },
    });
    expect((await f.api.get("/api/v2/locales/fr", { as: f.admin })).json()).toEqual(locales[1]);
    expect((await f.api.get("/api/v2/locales/fr", { as: f.as.member })).statusCode).toBe(403);
    expect((await f.api.get("/api/v2/locales/it", { as: f.admin })).statusCode).toBe(404);
  });

  it("shows the locales as add-ons of type locale, switched through the same setting", async () => {
    const addons = (await f.api.get("/api/v2/addons?type=locale", { as: f.admin })).json<
      Array<{ addonID: string; enabled: boolean }>
    >();
    expect(addons.find((addon) => addon.addonID === "locale-fr")).toMatchObject({ enabled: true });
    expect(addons.find((addon) => addon.addonID === "locale-it")).toMatchObject({ enabled: false });
    const on = await f.api.patch("/api/v2/addons/locale-it", { enabled: true }, { as: f.admin });
    expect(on.statusCode, on.body).toBe(200);
    expect((await f.api.get("/api/v2/locales")).json<Array<{ localeID: string }>>().map((l) => l.localeID)).toEqual([
      "en",
      "fr",
      "de",
      "it",
    ]);
    const off = await f.api.patch("/api/v2/addons/locale-it", { enabled: false }, { as: f.admin });
    expect(off.json()).toMatchObject([{ addonID: "locale-it", enabled: false }]);
    const english = await f.api.patch("/api/v2/addons/locale-en", { enabled: false }, { as: f.admin });
    expect(english.statusCode).toBe(400);
  });

  it("stores translation services' settings and assigns one to a locale", async () => {
    expect((await f.api.get("/api/v2/translation-services", { as: f.as.moderator })).statusCode).toBe(403);
    const list = await f.api.get("/api/v2/translation-services", { as: f.admin });
    expect(list.statusCode).toBe(200);
    noErrors(Type.Array(TranslationService), list.json());
    expect(list.json()).toMatchObject([
      { type: "deepl", isConfigured: false, isDefault: false, canTranslate: false },
      { type: "google", isConfigured: false, canTranslate: false },
    ]);
    const unconfigured = await f.api.patch("/api/v2/locales/fr", { translationService: "deepl" }, { as: f.admin });
    expect(unconfigured.statusCode).toBe(400);
    expect(unconfigured.json()).toMatchObject({
      errors: [{ field: "translationService", message: "The translation service DeepL is not configured." }],
    });
    const unknown = await f.api.patch("/api/v2/locales/fr", { translationService: "babel" }, { as: f.admin });
    expect(unknown.statusCode).toBe(400);
    expect((await f.api.put("/api/v2/translation-services/babel", { apiKey: "k" }, { as: f.admin })).statusCode).toBe(
      404,
    );
    const missing = await f.api.put("/api/v2/translation-services/deepl", { isDefault: true }, { as: f.admin });
    expect(missing.statusCode).toBe(400);
    const extra = await f.api.put("/api/v2/translation-services/deepl", { apiKey: "k", url: "x" }, { as: f.admin });
    expect(extra.statusCode).toBe(422);
    expect(
      (await f.api.put("/api/v2/translation-services/deepl", { apiKey: "k" }, { as: f.as.member })).statusCode,
    ).toBe(403);

    const put = await f.api.put(
      "/api/v2/translation-services/deepl",
      { apiKey: "secret-key", isDefault: true },
      { as: f.admin },
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ type: "deepl", isConfigured: true, isDefault: true, canTranslate: true });
    expect(put.body).not.toContain("secret-key");
    const assigned = await f.api.patch("/api/v2/locales/fr", { translationService: "deepl" }, { as: f.admin });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ translationService: "deepl", machineTranslationService: true });
    expect(
      (await f.api.patch("/api/v2/locales/fr", { translationService: "deepl" }, { as: f.as.member })).statusCode,
    ).toBe(403);
    const cleared = await f.api.patch("/api/v2/locales/fr", { translationService: null }, { as: f.admin });
    expect(cleared.json()).toMatchObject({ translationService: null, machineTranslationService: false });
  });

  it("refuses translations to guests and members, and reads them for moderators only", async () => {
    const item = generalName();
    expect((await translate([item], null)).statusCode).toBe(403);
    expect((await translate([item], f.as.member)).statusCode).toBe(403);
    expect((await translate([item], f.as.moderator)).statusCode).toBe(403);
    expect((await f.api.get("/api/v2/translations/forum?locale=fr")).statusCode).toBe(403);
    expect((await f.api.get("/api/v2/translations/forum?locale=fr", { as: f.as.member })).statusCode).toBe(403);
    expect((await f.api.get("/api/v2/translations/forum?locale=fr", { as: f.as.moderator })).statusCode).toBe(200);
    expect((await f.api.get("/api/v2/translations/forum", { as: f.admin })).statusCode).toBe(400);
    expect((await f.api.get("/api/v2/translations/nothing?locale=fr", { as: f.admin })).statusCode).toBe(404);
    const notEnabled = await f.api.get("/api/v2/translations/forum?locale=ja", { as: f.admin });
    expect(notEnabled.statusCode).toBe(400);
    expect(notEnabled.json()).toMatchObject({ errors: [{ field: "locale" }] });
    const unchecked = await f.api.get("/api/v2/translations/forum?locale=ja&validateLocale=false", { as: f.admin });
    expect(unchecked.statusCode).toBe(200);
    // CSRF: a session's write without proof of the page's origin is refused.
    const forged = await f.api.patch("/api/v2/translations/forum", [item], { as: f.admin, csrf: "none" });
    expect(forged.statusCode).toBe(403);
    expect(await stored("fr")).toEqual([]);
  });

  it("writes a batch all or nothing: one bad item leaves nothing written, with an error per problem", async () => {
    const good = generalName();
    const cases: Array<[unknown, number, Record<string, unknown>]> = [
      [{ ...good, locale: "it" }, 400, { field: "locale", path: "[1]" }],
      [{ ...good, locale: "en" }, 400, { field: "locale" }],
      [{ ...good, recordID: 99_999 }, 400, { field: "recordID", message: "The category 99999 does not exist." }],
      [{ ...good, propertyName: "urlcode" }, 400, { field: "propertyName" }],
      [{ ...good, recordType: "discussion" }, 400, { field: "recordType" }],
      [{ ...good, translation: "x".repeat(256) }, 400, { field: "translation", code: "maxLength" }],
      [{ ...good, translation: "  " }, 400, { field: "translation", code: "missingField" }],
      [{ ...good, recordKey: "general" }, 400, { field: "recordID" }],
    ];
    for (const [bad, status, error] of cases) {
      const response = await translate([good, bad]);
      expect(response.statusCode, JSON.stringify(bad)).toBe(status);
      expect(response.json<{ errors: unknown[] }>().errors, JSON.stringify(bad)).toContainEqual(
        expect.objectContaining(error),
      );
    }
    const schemaBad = await translate([good, { recordType: "category", propertyName: "name", locale: "fr" }]);
    expect(schemaBad.statusCode).toBeGreaterThanOrEqual(400);
    expect(schemaBad.statusCode).toBeLessThan(500);
    expect((await translate([])).statusCode).toBeGreaterThanOrEqual(400);
    expect(await stored("fr")).toEqual([]);
  });

  it("upserts translations, lists them by key and filter, and removes them", async () => {
    const general = f.category.general;
    const help = f.category.help;
    const first = await translate([
      { recordType: "category", recordID: general, propertyName: "name", locale: "fr", translation: "Général" },
      { recordType: "category", recordID: general, propertyName: "description", locale: "fr", translation: "Tout" },
      { recordType: "category", recordID: help, propertyName: "name", locale: "fr", translation: "Aide" },
      { recordType: "category", recordID: help, propertyName: "name", locale: "de", translation: "Hilfe" },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toBeNull();
    const replaced = await translate([
      { recordType: "category", recordID: general, propertyName: "name", locale: "fr", translation: "Généralités" },
    ]);
    expect(replaced.statusCode).toBe(200);
    const fr = await stored("fr");
    expect(fr.map((row) => [row.translationPropertyKey, row.translation])).toEqual([
      [`category.${general}.description`, "Tout"],
      [`category.${general}.name`, "Généralités"],
      [`category.${help}.name`, "Aide"],
    ]);
    expect(fr[0]).toMatchObject({
      resource: "forum",
      recordType: "category",
      recordID: general,
      locale: "fr",
      propertyType: "multiline",
    });
    expect((await stored("fr", `&recordIDs[0]=${help}`)).map((row) => row.translation)).toEqual(["Aide"]);
    expect((await stored("fr", "&propertyName=name&limit=1&page=2")).map((row) => row.translation)).toEqual(["Aide"]);
    expect((await stored("de")).map((row) => row.translation)).toEqual(["Hilfe"]);
    const listed = await f.api.get("/api/v2/translations/forum?locale=fr", { as: f.admin });
    expect(listed.headers["x-app-page-current"]).toBeUndefined();

    expect(
      (
        await f.api.patch(
          "/api/v2/translations/forum/remove",
          [{ recordType: "category", recordID: help, propertyName: "name", locale: "de" }],
          { as: f.as.member },
        )
      ).statusCode,
    ).toBe(403);
    const removed = await f.api.patch(
      "/api/v2/translations/forum/remove",
      [{ recordType: "category", recordID: help, propertyName: "name", locale: "de" }],
      { as: f.admin },
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await stored("de")).toEqual([]);
  });

  it("creates resources, whose records are named by recordKey", async () => {
    const body = { name: "Glossary", sourceLocale: "en", urlCode: "glossary" };
    expect((await f.api.post("/api/v2/translations", body, { as: f.as.member })).statusCode).toBe(403);
    expect(
      (await f.api.post("/api/v2/translations", { ...body, sourceLocale: "ja" }, { as: f.admin })).statusCode,
    ).toBe(400);
    const created = await f.api.post("/api/v2/translations", body, { as: f.admin });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject(body);
    expect((await f.api.post("/api/v2/translations", body, { as: f.admin })).statusCode).toBe(409);
    const saved = await translate(
      [{ recordType: "term", recordKey: "thread", propertyName: "label", locale: "de", translation: "Faden" }],
      f.admin,
      "glossary",
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const list = await f.api.get("/api/v2/translations/glossary?locale=de", { as: f.admin });
    expect(list.json()).toMatchObject([
      { translationPropertyKey: "term.thread.label", recordKey: "thread", translation: "Faden" },
    ]);
  });

  it("presents category names and descriptions in the asked locale, in a fixed number of queries", async () => {
    const general = f.category.general;
    const named = (categories: Category[]) =>
      Object.fromEntries(categories.map((category) => [category.categoryID, category.name]));
    const flat = (locale: string) => f.api.get(`/api/v2/categories?outputFormat=flat&limit=100${locale}`);
    const fr = (await flat("&locale=fr")).json<Category[]>();
    expect(named(fr)[general]).toBe("Généralités");
    expect(named(fr)[f.category.help]).toBe("Aide");
    expect(fr.find((category) => category.categoryID === general)?.description).toBe("Tout");
    const plain = (await flat("")).json<Category[]>();
    const source = named(plain)[general];
    expect(source).not.toBe("Généralités");
    // A locale that is not enabled, or the source's, reads as written.
    expect(named((await flat("&locale=it")).json<Category[]>())[general]).toBe(source);
    expect(named((await flat("&locale=en")).json<Category[]>())[general]).toBe(source);
    expect((await f.api.get(`/api/v2/categories/${general}?locale=fr`)).json()).toMatchObject({ name: "Généralités" });
    expect((await f.api.get("/api/v2/categories/$urlcode:general?locale=de")).json()).toMatchObject({ name: source });
    // The reader's cookie chooses the locale when the call has no parameter.
    const cookie = await f.api.get(`/api/v2/categories/${general}`, {
      headers: { cookie: "parley-content-locale=fr" },
    });
    expect(cookie.json()).toMatchObject({ name: "Généralités" });

    // One batched lookup, whatever the number of categories.
    const translatedQueries = await fewestQueries(() => flat("&locale=fr"));
    const plainQueries = await fewestQueries(() => flat(""));
    expect(translatedQueries).toBe(plainQueries + 1);
  });
});
