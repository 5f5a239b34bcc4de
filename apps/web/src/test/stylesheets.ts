import { readdirSync } from "node:fs";
import { join } from "node:path";

/** The web app's source folder (`apps/web/src`). */
export const webSourceRoot = join(import.meta.dirname, "..");

/** Every stylesheet under `dir` (the web app's source by default), for the tests that read them all. */
export function stylesheets(dir = webSourceRoot): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(path);
    return entry.name.endsWith(".css") ? [path] : [];
  });
}
