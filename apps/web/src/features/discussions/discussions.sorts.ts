import type { CommentPageSort, DiscussionSort } from "@parley/contracts";
import type { SortOption } from "./components/SortSelect.tsx";

/** The orders a discussion list offers (spec §3 "Sort values"); the first is the default. */
export const discussionSortOptions: ReadonlyArray<SortOption<DiscussionSort>> = [
  { sort: "-dateLastComment", label: "Recently Commented" },
  { sort: "-dateInserted", label: "Recently Created" },
  { sort: "-score", label: "Top" },
  { sort: "-hot", label: "Hot" },
  { sort: "dateInserted", label: "Oldest" },
];

/** The comment orders of a discussion page: oldest (default), newest, top, trending. */
export const commentSortOptions: ReadonlyArray<SortOption<CommentPageSort>> = [
  { sort: "dateInserted", label: "Oldest" },
  { sort: "-dateInserted", label: "Newest" },
  { sort: "-score", label: "Top" },
  { sort: "-experimentalTrending", label: "Trending" },
];
