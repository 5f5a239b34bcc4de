import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useState } from "react";
import type { LongRunnerOptions, LongRunnerProgress } from "../../../lib/long-runner.ts";
import { t } from "../../../lib/i18n.ts";
import { useToast } from "../../../ui/toast/ToastProvider.tsx";
import { errorText } from "../components/errorText.ts";
import { discussionKeys } from "../discussions.queries.ts";
import {
  commentSelectionStore,
  selectionStore,
  type SelectedComment,
  type SelectedDiscussion,
  type SelectionStore,
} from "./bulk.store.ts";

export interface BulkRunOptions {
  /** The bulk call, reporting progress after each round. */
  call: (ids: number[], options: LongRunnerOptions) => Promise<LongRunnerProgress>;
  /** The cache changes for the records that succeeded (spec §4 "Delete"). */
  applySuccess: (ids: number[]) => void;
}

/** What a bulk run works on: the selection, how its records are named, what to refresh afterwards. */
export interface BulkKind<T> {
  store: SelectionStore<T>;
  nameOf: (record: T) => string;
  /** The failure toast's first line. */
  failedTitle: () => string;
  /** The cached queries read again after a run. */
  refresh: QueryKey;
}

export const discussionBulk: BulkKind<SelectedDiscussion> = {
  store: selectionStore,
  nameOf: (discussion) => discussion.name,
  failedTitle: () => t("These discussions could not be changed:"),
  refresh: discussionKeys.lists(),
};

/** Comments: their discussion's pages and counts are read again. */
export const commentBulk: BulkKind<SelectedComment> = {
  store: commentSelectionStore,
  nameOf: (comment) => comment.name,
  failedTitle: () => t("These comments could not be changed:"),
  refresh: discussionKeys.all,
};

/**
 * Runs a bulk call on a selection (spec §4): checked → pending; the succeeded leave the selection
 * and change in the cache, the failed go back to checked with a persistent dismissible toast naming
 * them and their errors. `progress` is what has been done so far, for the dialog.
 */
export function useBulkRun<T>({ store, nameOf, failedTitle, refresh }: BulkKind<T>) {
  const queryClient = useQueryClient();
  const { addToast } = useToast();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const run = async (selected: readonly T[], { call, applySuccess }: BulkRunOptions) => {
    const ids = selected.map(store.idOf);
    store.setPending(ids);
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
      store.settle([]);
      setProgress(null);
      addToast({ toastID: "bulk-action", body: errorText(error), persistent: true, dismissible: true });
      return false;
    }
    applySuccess(result.successIDs);
    store.settle(result.successIDs);
    setProgress(null);
    void queryClient.invalidateQueries({ queryKey: refresh });
    const failed = selected.filter((record) => !result.successIDs.includes(store.idOf(record)));
    if (failed.length)
      addToast({
        toastID: "bulk-action",
        persistent: true,
        dismissible: true,
        wide: true,
        body: (
          <>
            {failedTitle()}
            <ul>
              {failed.map((record) => {
                const exception = result.exceptionsByID[String(store.idOf(record))];
                return (
                  <li key={store.idOf(record)}>
                    {nameOf(record)}
                    {exception ? ` — ${exception.message}` : ""}
                  </li>
                );
              })}
            </ul>
          </>
        ),
      });
    return failed.length === 0;
  };

  return { run, progress, isPending: progress !== null };
}
