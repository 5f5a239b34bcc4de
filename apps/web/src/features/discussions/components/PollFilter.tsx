import type { DiscussionSort } from "@parley/contracts";
import { msg, t } from "../../../lib/i18n.ts";
import { listHref } from "../../../lib/list-params.ts";
import { SortSelect } from "../../../ui/sort-select/SortSelect.tsx";

/** The polls filter's choices (`?type=poll`, the polls add-on); `all` lists every discussion. */
const pollFilters = [
  { sort: "all", label: msg("All") },
  { sort: "poll", label: msg("Polls only") },
] as const;

/**
 * Polls only on a discussion list: `?type=poll` on the list's own address, a GET form (rendered by the server
 * only: its Polls button submits it, as without JavaScript).
 */
export function PollFilter({ basePath, sort, type }: { basePath: string; sort: DiscussionSort; type: "poll" | null }) {
  return (
    <SortSelect<(typeof pollFilters)[number]["sort"]>
      options={pollFilters}
      current={type ?? "all"}
      href={(next) => listHref(basePath, 1, sort, { type: next === "all" ? null : next })}
      action={basePath}
      name="type"
      label={t("Polls")}
      hidden={{ sort }}
    />
  );
}

/**
 * A site post type only on a discussion list (the post types add-on): `?postTypeID=` on the list's own address, a
 * GET form (rendered by the server only, as the polls filter, in its chunk).
 */
export function PostTypeFilter({
  basePath,
  sort,
  types,
  postTypeID,
}: {
  basePath: string;
  sort: DiscussionSort;
  types: ReadonlyArray<{ postTypeID: string; name: string }>;
  postTypeID: string | null;
}) {
  const options = [
    { sort: "", label: msg("All") },
    ...types.map((type) => ({ sort: type.postTypeID, label: type.name })),
  ];
  return (
    <SortSelect<string>
      options={options}
      current={postTypeID ?? ""}
      href={(next) => listHref(basePath, 1, sort, { postTypeID: next || null })}
      action={basePath}
      name="postTypeID"
      label={t("Post type")}
      hidden={{ sort }}
    />
  );
}
