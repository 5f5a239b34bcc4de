import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../lib/api-context.tsx";
import { t } from "../../lib/i18n.ts";
import { meQuery } from "../users/index.ts";
import { warningSummaryQuery } from "./warnings.queries.ts";

/**
 * Until when the signed-in member may not post (their warnings made them read-only), or null: their warning
 * summary, which the layout and posting loaders prefetch. Members' parts (the reactions' toggles, the discussion's
 * options) ask it directly; reading pages through `PostingGate`, loaded on demand.
 */
export function useReadOnlyUntil(): string | null {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const userID = me?.userID ?? 0;
  const { data } = useQuery({ ...warningSummaryQuery(api, userID), enabled: userID > 0 });
  const until = data?.readOnlyUntil ?? null;
  return until !== null && Date.parse(until) > Date.now() ? until : null;
}

/** Why a read-only member can't post, and until when: the server refuses their posts with the same words. */
export const readOnlyText = (until: string) =>
  t("You have been warned and can't post until {date}.", { date: until.slice(0, 10) });
