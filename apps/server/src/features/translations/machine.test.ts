import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { MachineTranslation } from "@parley/contracts";
import { createApi, createCast, seededAdmin, type Api, type Session } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { engines } from "../../test/databases.ts";
import { deeplLanguage, googleLanguage } from "./machine.ts";

/** What the stand-in provider was asked. */
interface Asked {
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

/**
 * A stand-in for DeepL's and Google's translation APIs on this machine (real HTTP): it "translates" by
 * prefixing the target language, or answers the status a test sets.
 */
function createFakeProvider() {
  const asked: Asked[] = [];
  let status = 200;
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = "";
      request.on("data", (chunk: Buffer) => (data += chunk.toString()));
      request.on("end", () => resolve(data));
    });
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://localhost");
      const body = JSON.parse((await read(request)) || "{}") as Record<string, unknown>;
      asked.push({ path: url.pathname, query: url.searchParams, authorization: request.headers.authorization, body });
      response.setHeader("content-type", "application/json");
      if (status !== 200) {
        response.statusCode = status;
        response.end(JSON.stringify({ message: "Authorization failure, check auth_key" }));
        return;
      }
      if (url.pathname === "/v2/translate") {
        const texts = body["text"] as string[];
        response.end(
          JSON.stringify({
            translations: texts.map((text) => ({
              detected_source_language: "EN",
              text: `[${String(body["target_lang"])}] ${text}`,
            })),
          }),
        );
      } else if (url.pathname === "/language/translate/v2") {
        const texts = body["q"] as string[];
        response.end(
          JSON.stringify({
            data: { translations: texts.map((text) => ({ translatedText: `{${String(body["target"])}} ${text}` })) },
          }),
        );
      } else {
        response.statusCode = 404;
        response.end("{}");
      }
    })();
  });
  return {
    asked,
    server,
    answer: (next: number) => (status = next),
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  };
}

describe("provider language codes", () => {
  it("names DeepL's and Google's languages from content locales", () => {
    expect(deeplLanguage("en", "source")).toBe("EN");
    expect(deeplLanguage("fr", "target")).toBe("FR");
    expect(deeplLanguage("en", "target")).toBe("EN-US");
    expect(deeplLanguage("en_GB", "target")).toBe("EN-GB");
    expect(deeplLanguage("pt", "target")).toBe("PT-PT");
    expect(deeplLanguage("pt_BR", "target")).toBe("PT-BR");
    expect(googleLanguage("pt_BR")).toBe("pt-BR");
    expect(googleLanguage("ja")).toBe("ja");
  });
});

describe.each(engines)("POST /translations/machine on %s", (engine) => {
  const provider = createFakeProvider();
  let t: TestApp;
  let api: Api;
  let admin: Session;
  let moderator: Session;

  beforeAll(async () => {
    await new Promise<void>((resolve) => provider.server.listen(0, "127.0.0.1", resolve));
    t = await createTestApp(engine, {
      seed: true,
      config: { translationEndpoints: { deepl: provider.url(), google: provider.url() } },
    });
    api = createApi(t.app);
    admin = await api.signIn(seededAdmin);
    const cast = await createCast(t.database.db, { moderator: { name: "MT Moderator", role: "moderator" } });
    moderator = await api.signIn(cast.moderator);
    const enabled = await api.patch("/api/v2/config", { "locales.enabled": "en,fr,de,pt" }, { as: admin });
    expect(enabled.statusCode, enabled.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => provider.server.close(resolve));
  });
  beforeEach(() => {
    provider.asked.length = 0;
    provider.answer(200);
  });

  const machine = (body: Record<string, unknown>, as: Session | null = admin) =>
    api.post("/api/v2/translations/machine", body, { as });
  const configure = async (type: string, settings: Record<string, unknown>) => {
    const response = await api.put(`/api/v2/translation-services/${type}`, settings, { as: admin });
    expect(response.statusCode, response.body).toBe(200);
  };

  it("refuses what it cannot do before calling anyone", async () => {
    const none = await machine({ locale: "fr", texts: ["General"] });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({
      errors: [
        {
          field: "locale",
          message: "No translation service is set for French: configure one in the translation services.",
        },
      ],
    });
    expect((await machine({ locale: "it", texts: ["General"] })).statusCode).toBe(400);
    expect((await machine({ locale: "en", texts: ["General"] })).statusCode).toBe(400);
    expect((await machine({ locale: "fr", texts: [] })).statusCode).toBe(400);
    expect((await machine({ locale: "fr", texts: ["x".repeat(5_001)] })).statusCode).toBe(400);
    expect((await machine({ locale: "fr", texts: ["General"] }, moderator)).statusCode).toBe(403);
    expect((await machine({ locale: "fr", texts: ["General"] }, null)).statusCode).toBe(403);
    expect(provider.asked).toEqual([]);
  });

  it("translates with the default service, DeepL, in one request", async () => {
    await configure("deepl", { apiKey: "deepl-key:fx", isDefault: true });
    const list = await api.get("/api/v2/translation-services", { as: admin });
    expect(list.json()).toMatchObject([
      { type: "deepl", canTranslate: true },
      { type: "google", canTranslate: false },
    ]);
    const response = await machine({ locale: "pt", texts: ["General", "Talk about anything."] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<MachineTranslation>()).toEqual({
      translationService: "deepl",
      locale: "pt",
      translations: ["[PT-PT] General", "[PT-PT] Talk about anything."],
    });
    expect(provider.asked).toHaveLength(1);
    expect(provider.asked[0]).toMatchObject({
      path: "/v2/translate",
      authorization: "DeepL-Auth-Key deepl-key:fx",
      body: { text: ["General", "Talk about anything."], source_lang: "EN", target_lang: "PT-PT" },
    });
  });

  it("uses the locale's own service when it has one: Google", async () => {
    await configure("google", { apiKey: "google-key" });
    const assigned = await api.patch("/api/v2/locales/de", { translationService: "google" }, { as: admin });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const response = await machine({ locale: "de", texts: ["Ideas"] });
    expect(response.json<MachineTranslation>()).toEqual({
      translationService: "google",
      locale: "de",
      translations: ["{de} Ideas"],
    });
    expect(provider.asked[0]!.path).toBe("/language/translate/v2");
    expect(provider.asked[0]!.query.get("key")).toBe("google-key");
    expect(provider.asked[0]!.body).toEqual({ q: ["Ideas"], source: "en", target: "de", format: "text" });
  });

  it("says why when the provider refuses, and never stores anything", async () => {
    provider.answer(403);
    const refused = await machine({ locale: "fr", texts: ["General"] });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({
      message: "DeepL refused the API key: check the translation service's settings.",
    });
    provider.answer(456);
    expect((await machine({ locale: "fr", texts: ["General"] })).json()).toMatchObject({
      message: "The DeepL translation quota is used up.",
    });
    const translations = await api.get("/api/v2/translations/forum?locale=fr", { as: admin });
    expect(translations.json()).toEqual([]);
  });
});
