// @vitest-environment node
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { interfaceLocaleKeys, PSEUDO_RTL_LOCALE } from "@parley/contracts/interface-locales";
import { loadLocalePack, pseudoRtl } from "./locale-packs.ts";

const localesDir = fileURLToPath(new URL("../../locales/", import.meta.url));
const readPack = (locale: string) =>
  JSON.parse(readFileSync(`${localesDir}${locale}.json`, "utf8")) as Record<string, unknown>;
const english = readPack("en");
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
const packs = interfaceLocaleKeys.filter((locale) => locale !== "en");

describe.each(packs)("apps/web/locales/%s.json", (locale) => {
  const pack = readPack(locale);

  it("is a flat object of English sentences of en.json to translations, with the same {placeholders}", () => {
    const problems = Object.entries(pack).flatMap(([key, value]) => {
      if (!(key in english)) return [`not in en.json (stale?): ${JSON.stringify(key)}`];
      if (typeof value !== "string" || value.trim() === "") return [`not a translation: ${JSON.stringify(key)}`];
      const want = placeholders(key).join(", ");
      const got = placeholders(value).join(", ");
      return want === got ? [] : [`${JSON.stringify(key)} has {${want}}, its translation {${got}}`];
    });
    expect(problems, problems.join("\n")).toEqual([]);
  });

  // Fails, listing every missing sentence, until the pack translates all of en.json: a string added to the
  // interface (npm run i18n:extract) must be translated too.
  it("translates every sentence of en.json", () => {
    const missing = Object.keys(english).filter((key) => !(key in pack));
    expect(
      missing,
      `${missing.length} sentences of en.json are missing from ${locale}.json:\n${missing.join("\n")}`,
    ).toEqual([]);
  });
});

describe("locale packs", () => {
  it("loads a pack by its locale, none for English or an unknown locale", async () => {
    expect((await loadLocalePack("fr"))?.["Sign In"]).toBe(readPack("fr")["Sign In"]);
    expect(await loadLocalePack("en")).toBeNull();
    expect(await loadLocalePack("xx")).toBeNull();
  });

  it("makes the right-to-left pseudo-locale from every English sentence, placeholders kept as written", async () => {
    const pseudo = await loadLocalePack(PSEUDO_RTL_LOCALE);
    expect(Object.keys(pseudo ?? {})).toEqual(Object.keys(english));
    expect(pseudoRtl("Hello {name}, welcome")).toBe("\u202eHello \u202c{name}\u202e, welcome\u202c");
    expect(pseudo?.["“{name}” has been added."]).toBe("\u202e“\u202c{name}\u202e” has been added.\u202c");
  });
});
