import fs from "node:fs";
import path from "node:path";
import { interfaceLocaleKeys } from "@parley/contracts/interface-locales";
import { notFound } from "../../platform/errors.ts";

/**
 * The web app's interface packs (`apps/web/locales/<locale>.json`, beside the web build: English sentence →
 * translation) in Vanilla's `/locales/translations/{locale}` shape, read once each. English is its own keys.
 */
export function createLocalePacks(webDistDir: string) {
  const dir = path.join(webDistDir, "..", "locales");
  const loaded = new Map<string, Promise<Record<string, string>>>();

  const read = async (locale: string) => {
    const text = await fs.promises.readFile(path.join(dir, `${locale}.json`), "utf8");
    return JSON.parse(text) as Record<string, string>;
  };

  return {
    /** A pack; 404 for a locale Parley's interface is not translated into. */
    async pack(locale: string): Promise<Record<string, string>> {
      const key = (interfaceLocaleKeys as readonly string[]).find((known) => known === locale.toLowerCase());
      if (!key) throw notFound("Locale");
      let pack = loaded.get(key);
      if (!pack) {
        pack = read(key);
        loaded.set(key, pack);
        pack.catch(() => loaded.delete(key));
      }
      return pack;
    },
  };
}

export type LocalePacks = ReturnType<typeof createLocalePacks>;

/** A pack as a script for a `<script>` tag: the strings on `window.gdn.translations`, safe inside HTML. */
export const packScript = (pack: Record<string, string>) =>
  `window.gdn = window.gdn || {};\nwindow.gdn.translations = ${JSON.stringify(pack)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029")};\n`;
