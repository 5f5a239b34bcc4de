import type { CommentPageSort } from "@parley/contracts";
import type { SortOption } from "../../ui/sort-select/SortSelect.tsx";
import { msg } from "../../lib/i18n.ts";

/** The comment orders of a discussion page: oldest (default), newest, top, trending. */
export const commentSortOptions: ReadonlyArray<SortOption<CommentPageSort>> = [
  { sort: "dateInserted", label: msg("Oldest") },
  { sort: "-dateInserted", label: msg("Newest") },
  { sort: "-score", label: msg("Top") },
  { sort: "-experimentalTrending", label: msg("Trending") },
];
