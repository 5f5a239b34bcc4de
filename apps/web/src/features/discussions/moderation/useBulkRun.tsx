import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { LongRunnerOptions, LongRunnerProgress } from "../../../lib/long-runner.ts";
import { t } from "../../../lib/i18n.ts";
import { useToast } from "../../../ui/toast/ToastProvider.tsx";
import { errorText } from "../components/useDiscussionToggles.ts";
import { discussionKeys } from "../discussions.queries.ts";
import { selectionStore, type SelectedDiscussion } from "./bulk.store.ts";

export interface BulkRunOptions {
  /** The bulk call, reporting progress after each round. */
  call: (ids: number[], options: LongRunnerOptions) => Promise<LongRunnerProgress>;
  /** The cache changes for the discussions that succeeded (spec §4 "Delete"). */
  applySuccess: (ids: number[]) => void;
}

/**
 * Runs a bulk call on the selection (spec §4): checked → pending; the succeeded leave the selection
 * and change in the cache, the failed go back to checked with a persistent dismissible toast naming
 * them and their errors. `progress` is what has been done so far, for the dialog.
 */
export function useBulkRun() {
  const queryClient = useQueryClient();
  const { addToast } = useToast();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const run = async (selected: readonly SelectedDiscussion[], { call, applySuccess }: BulkRunOptions) => {
    const ids = selected.map((discussion) => discussion.discussionID);
    selectionStore.setPending(ids);
    setProgress({ done: 0, total: ids.length });
    let result: LongRunnerProgress;
    try {
      result = await call(ids, {
        onProgress: (step) =>
          setProgress({
            done: step.successIDs.length + step.failedIDs.length,
            total: step.countTotalIDs ?? ids.length,
          }),
      });
    } catch (error) {
      selectionStore.settle([]);
      setProgress(null);
      addToast({ toastID: "bulk-action", body: errorText(error), persistent: true, dismissible: true });
      return false;
    }
    applySuccess(result.successIDs);
    selectionStore.settle(result.successIDs);
    setProgress(null);
    void queryClient.invalidateQueries({ queryKey: discussionKeys.lists() });
    const failed = selected.filter((discussion) => !result.successIDs.includes(discussion.discussionID));
    if (failed.length)
      addToast({
        toastID: "bulk-action",
        persistent: true,
        dismissible: true,
        wide: true,
        body: (
          <>
            {t("These discussions could not be changed:")}
            <ul>
              {failed.map((discussion) => (
                <li key={discussion.discussionID}>
                  {discussion.name}
                  {result.exceptionsByID[String(discussion.discussionID)]
                    ? ` — ${result.exceptionsByID[String(discussion.discussionID)]!.message}`
                    : ""}
                </li>
              ))}
            </ul>
          </>
        ),
      });
    return failed.length === 0;
  };

  return { run, progress, isPending: progress !== null };
}
