import type { ReactNode } from "react";
import type { QueryClient } from "@tanstack/react-query";
import { useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api.ts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { meQuery } from "../../users/index.ts";
import { warningSummaryQuery } from "../warnings.queries.ts";
import styles from "./ReadOnlyNotice.module.css";

/** The signed-in member's standing, for the pages with posting forms (their loaders call this). */
export async function prefetchPostingStanding(queryClient: QueryClient, api: ApiClient) {
  const me = await queryClient.ensureQueryData(meQuery(api));
  if (me.userID > 0) await queryClient.prefetchQuery(warningSummaryQuery(api, me.userID));
}

/** Until when the signed-in member may not post (their warnings made them read-only), or null. */
function useReadOnlyUntil(): string | null {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const userID = me?.userID ?? 0;
  const { data } = useQuery({ ...warningSummaryQuery(api, userID), enabled: userID > 0 });
  const until = data?.readOnlyUntil ?? null;
  return until !== null && Date.parse(until) > Date.now() ? until : null;
}

/** What a read-only member sees instead of a posting form (the server refuses their posts with the same words). */
function ReadOnlyNotice({ until }: { until: string }) {
  return (
    <p className={styles.notice} role="status" data-testid="read-only-notice" data-warnings="">
      {t("You have been warned and can't post until {date}.", { date: until.slice(0, 10) })}
    </p>
  );
}

/** A posting form, or for a member made read-only by warnings the sentence saying until when they can't post. */
export function PostingGate({ children }: { children: ReactNode }) {
  const until = useReadOnlyUntil();
  // The wrapper (no box of its own) marks the page, so the browser loads this part before hydrating it.
  return until ? (
    <ReadOnlyNotice until={until} />
  ) : (
    <div data-warnings="" className={styles.gate}>
      {children}
    </div>
  );
}
