import { profilePath } from "@parley/contracts";
import { siteFor, type Site } from "./links.ts";
import type { RenderOptions } from "./types.ts";

/** What a format renderer needs while it renders one body. */
export interface RenderContext {
  readonly site: Site;
  readonly mentionUrl: (name: string) => string;
}

export function createContext(options: RenderOptions): RenderContext {
  const site = siteFor(options.origin);
  const base = options.origin.replace(/\/+$/, "");
  return {
    site,
    mentionUrl: options.mentionUrl ?? ((name) => `${base}${profilePath(name)}`),
  };
}
