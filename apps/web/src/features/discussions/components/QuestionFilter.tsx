import type { DiscussionSort } from "@parley/contracts";
import type { QuestionStatus } from "@parley/contracts/questions-constants";
import { msg, t } from "../../../lib/i18n.ts";
import { listHref } from "../../../lib/list-params.ts";
import { SortSelect } from "../../../ui/sort-select/SortSelect.tsx";

/** The question status filter of the lists (`?status=`, the QnA add-on); `all` lists every discussion. */
export const questionFilters = [
  { sort: "all", label: msg("All") },
  { sort: "unanswered", label: msg("Unanswered") },
  { sort: "answered", label: msg("Answered") },
  { sort: "accepted", label: msg("Accepted") },
] as const;
type QuestionFilterValue = (typeof questionFilters)[number]["sort"];

/**
 * Questions by status on a discussion list: `?status=` on the list's own address, a GET form (rendered by the
 * server only: its Questions button submits it, as without JavaScript).
 */
export function QuestionFilter({
  basePath,
  sort,
  status,
}: {
  basePath: string;
  sort: DiscussionSort;
  status: QuestionStatus | null;
}) {
  return (
    <SortSelect<QuestionFilterValue>
      options={questionFilters}
      current={status ?? "all"}
      href={(next) => listHref(basePath, 1, sort, { status: next === "all" ? null : next })}
      action={basePath}
      name="status"
      label={t("Questions")}
      hidden={{ sort }}
    />
  );
}
