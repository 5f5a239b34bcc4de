import type { Discussion } from "@parley/contracts";

/** The root-relative address of a discussion (its API `url` is absolute). */
export const discussionPath = (discussion: Pick<Discussion, "url">) => new URL(discussion.url).pathname;

/** `{discussion}/p{n}` for pages above 1, keeping the query string (spec §2). */
export const discussionPagePath = (base: string, page: number, search = "") =>
  `${base}${page > 1 ? `/p${page}` : ""}${search}`;
