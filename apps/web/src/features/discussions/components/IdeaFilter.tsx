import type { DiscussionSort } from "@parley/contracts";
import { ideaStatuses } from "@parley/contracts/ideas-constants";
import { msg, t } from "../../../lib/i18n.ts";
import { listHref } from "../../../lib/list-params.ts";
import { SortSelect } from "../../../ui/sort-select/SortSelect.tsx";

/** The idea status filter's choices (`?statusID=`, the ideation add-on); `all` lists every discussion. */
const ideaFilters = (statuses: ReadonlyArray<{ statusID: number; name: string }>) => [
  { sort: "all", label: msg("All") },
  ...statuses.map((status) => ({ sort: String(status.statusID), label: status.name })),
];

/**
 * Ideas by status on a discussion list: `?statusID=` on the list's own address, a GET form (rendered by the
 * server only: its Ideas button submits it, as without JavaScript).
 */
export function IdeaFilter({
  basePath,
  sort,
  statusID,
  statuses = ideaStatuses,
}: {
  basePath: string;
  sort: DiscussionSort;
  statusID: number | null;
  /** The statuses, the administrators' own too (the layout's); the built-in ones without. */
  statuses?: ReadonlyArray<{ statusID: number; name: string }> | undefined;
}) {
  return (
    <SortSelect<string>
      options={ideaFilters(statuses)}
      current={statusID ? String(statusID) : "all"}
      href={(next) => listHref(basePath, 1, sort, { statusID: next === "all" ? null : Number(next) })}
      action={basePath}
      name="statusID"
      label={t("Ideas")}
      hidden={{ sort }}
    />
  );
}
