import type { ReactNode } from "react";
import { type QueryClient } from "@tanstack/react-query";
import { useQuery } from "../../../lib/query.ts";
import type { ApiClient } from "../../../lib/api.ts";
import { useApi } from "../../../lib/api-context.tsx";
import { meQuery } from "../../users/index.ts";
import { warningSummaryQuery } from "../warnings.queries.ts";
import { readOnlyText, useReadOnlyUntil } from "../warnings.standing.ts";
import styles from "./ReadOnlyNotice.module.css";

/** The signed-in member's standing, for the pages with posting forms (their loaders call this). */
export async function prefetchPostingStanding(queryClient: QueryClient, api: ApiClient) {
  const me = await queryClient.ensureQueryData(meQuery(api));
  if (me.userID > 0) await queryClient.prefetchQuery(warningSummaryQuery(api, me.userID));
}

/** What a read-only member sees instead of a posting form (the server refuses their posts with the same words). */
function ReadOnlyNotice({ until }: { until: string }) {
  return (
    <p className={styles.notice} role="status" data-testid="read-only-notice" data-warnings="">
      {readOnlyText(until)}
    </p>
  );
}

/**
 * A posting form, or for a member made read-only by warnings the sentence saying until when they can't post.
 * `quiet`: a posting action (New Discussion, Edit) that such a member simply doesn't see.
 */
export function PostingGate({ children, quiet = false }: { children: ReactNode; quiet?: boolean }) {
  const until = useReadOnlyUntil();
  const { data: me } = useQuery(meQuery(useApi()));
  // A guest's action (New Discussion leads to sign-in) is left bare: their reading page never loads this part.
  if (quiet && !me?.userID) return <>{children}</>;
  // The wrapper (no box of its own) marks the page, so the browser loads this part before hydrating it; so does
  // the empty mark a quiet gate leaves.
  if (until && quiet) return <span data-warnings="" hidden />;
  return until ? (
    <ReadOnlyNotice until={until} />
  ) : (
    <div data-warnings="" className={styles.gate}>
      {children}
    </div>
  );
}
