import { useQuery } from "../../lib/query.ts";
import type { WarningSummary } from "@parley/contracts";
import { useApi } from "../../lib/api-context.tsx";
import { t } from "../../lib/i18n.ts";
import { meQuery } from "../users/index.ts";
import { warningSummaryQuery } from "./warnings.queries.ts";

/**
 * Until when the signed-in member may not post (their warnings made them read-only), or null: their warning
 * summary, which the layout and posting loaders prefetch. Part of the reading part (`warnings.reading.ts`): pages
 * use it through `PostingGate`, members' parts through `cachedReadOnlyUntil`.
 */
export function useReadOnlyUntil(): string | null {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const userID = me?.userID ?? 0;
  const { data } = useQuery({ ...warningSummaryQuery(api, userID), enabled: userID > 0 });
  return readOnlyEnd(data);
}

/** The read-only end of a warning summary, when it is still ahead. */
export function readOnlyEnd(summary: Pick<WarningSummary, "readOnlyUntil"> | undefined): string | null {
  const until = summary?.readOnlyUntil ?? null;
  return until !== null && Date.parse(until) > Date.now() ? until : null;
}

/** Why a read-only member can't post, and until when: the server refuses their posts with the same words. */
export const readOnlyText = (until: string) =>
  t("You have been warned and can't post until {date}.", { date: until.slice(0, 10) });
