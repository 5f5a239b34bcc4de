import type { CommentPageSort } from "@parley/contracts";
import type { SortOption } from "../../ui/sort-select/SortSelect.tsx";

/** The comment orders of a discussion page: oldest (default), newest, top, trending. */
export const commentSortOptions: ReadonlyArray<SortOption<CommentPageSort>> = [
  { sort: "dateInserted", label: "Oldest" },
  { sort: "-dateInserted", label: "Newest" },
  { sort: "-score", label: "Top" },
  { sort: "-experimentalTrending", label: "Trending" },
];
