import { useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { t } from "../../../lib/i18n.ts";
import { CategoryComboBox, type ChosenCategory } from "../components/CategoryComboBox.tsx";
import { removeDiscussionFromCaches, updateDiscussionEverywhere } from "../components/discussionCache.ts";
import type { DisabledReason } from "./bulk.rules.ts";
import { closeDisabledReason, deleteDisabledReason, mergeDisabledReason, moveDisabledReason } from "./bulk.rules.ts";
import type { SelectedDiscussion } from "./bulk.store.ts";
import { FormModal } from "./FormModal.tsx";
import { bulkApi } from "./moderation.api.ts";
import { discussionBulk, useBulkRun } from "./useBulkRun.tsx";
import styles from "./Moderation.module.css";

export interface BulkModalProps {
  selected: readonly SelectedDiscussion[];
  onClose: () => void;
}

/** The sentence of spec §5 and the discussions it names. */
function ReasonText({ reason }: { reason: DisabledReason }) {
  return (
    <>
      {reason.message}
      {reason.names.length ? (
        <ul>
          {reason.names.map((name, index) => (
            <li key={index}>{name}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function Progress({ progress }: { progress: { done: number; total: number } | null }) {
  return progress ? (
    <p className={styles.progress} role="status">
      {t("{done} of {total} done…", { done: progress.done, total: progress.total })}
    </p>
  ) : null;
}

interface BulkFormProps {
  title: string;
  submitLabel: string;
  reason: DisabledReason | null;
  /** What the form still needs (FormModal's `missing`). */
  missing?: string | null;
  run: { isPending: boolean; progress: { done: number; total: number } | null };
  onSubmit: (form: HTMLFormElement) => Promise<boolean>;
  onClose: () => void;
  children: ReactNode;
}

/** A bulk action's dialog: its form, why it cannot run (spec §5), and the progress of the run. */
export function BulkForm({
  title,
  submitLabel,
  reason,
  missing = null,
  run,
  onSubmit,
  onClose,
  children,
}: BulkFormProps) {
  return (
    <FormModal
      title={title}
      submitLabel={submitLabel}
      isPending={run.isPending}
      disabledReason={reason ? <ReasonText reason={reason} /> : null}
      missing={missing}
      // When the call is over the dialog closes: what failed is in a toast, and back to checked.
      onSubmit={(form) => void onSubmit(form).then(onClose)}
      onClose={onClose}
    >
      {children}
      <Progress progress={run.progress} />
    </FormModal>
  );
}

/** One sentence or the other by count (both translated by the caller). */
export const countSentence = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** Bulk move (spec §2, §5): a category, and whether to leave redirects behind. */
export function BulkMoveModal({ selected, onClose }: BulkModalProps) {
  const queryClient = useQueryClient();
  const run = useBulkRun(discussionBulk);
  const [category, setCategory] = useState<ChosenCategory | null>(null);
  const reason = moveDisabledReason(selected);
  const missing = category ? null : t("Choose a category.");
  const handleSubmit = async (form: HTMLFormElement) => {
    if (!category) return false;
    const addRedirects = new FormData(form).get("addRedirects") === "1";
    return run.run(selected, {
      call: (ids, options) => bulkApi.move(ids, category.categoryID, addRedirects, options),
      applySuccess: (ids) => {
        for (const id of ids)
          updateDiscussionEverywhere(queryClient, id, (discussion) => ({
            ...discussion,
            categoryID: category.categoryID,
            ...(discussion.category ? { category: { ...discussion.category, ...category } } : {}),
          }));
      },
    });
  };
  return (
    <BulkForm
      title={t("Move Discussions")}
      submitLabel={t("Move")}
      reason={reason}
      missing={missing}
      run={run}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <p>
        {countSentence(
          selected.length,
          t("Move 1 discussion to:"),
          t("Move {count} discussions to:", { count: selected.length }),
        )}
      </p>
      <CategoryComboBox initial={null} onChange={setCategory} />
      <label className={styles.choice}>
        <input type="checkbox" name="addRedirects" value="1" />
        {t("Leave a redirect link")}
      </label>
    </BulkForm>
  );
}

/** Bulk close (spec §2, §5). */
export function BulkCloseModal({ selected, onClose }: BulkModalProps) {
  const queryClient = useQueryClient();
  const run = useBulkRun(discussionBulk);
  const open = selected.filter((discussion) => !discussion.closed);
  const handleSubmit = () =>
    run.run(open, {
      call: (ids, options) => bulkApi.close(ids, options),
      applySuccess: (ids) => {
        for (const id of ids)
          updateDiscussionEverywhere(queryClient, id, (discussion) => ({ ...discussion, closed: true }));
      },
    });
  return (
    <BulkForm
      title={t("Close Discussions")}
      submitLabel={t("Close")}
      reason={closeDisabledReason(selected)}
      run={run}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <p>
        {countSentence(
          open.length,
          t("Are you sure you want to close 1 discussion?"),
          t("Are you sure you want to close {count} discussions?", { count: open.length }),
        )}
      </p>
    </BulkForm>
  );
}

/** Bulk delete (spec §2, §4, §5): deleted discussions leave the cache and cached lists. */
export function BulkDeleteModal({ selected, onClose }: BulkModalProps) {
  const queryClient = useQueryClient();
  const run = useBulkRun(discussionBulk);
  const handleSubmit = () =>
    run.run(selected, {
      call: (ids, options) => bulkApi.remove(ids, options),
      applySuccess: (ids) => {
        for (const id of ids) removeDiscussionFromCaches(queryClient, id);
      },
    });
  return (
    <BulkForm
      title={t("Delete Discussions")}
      submitLabel={t("Delete")}
      reason={deleteDisabledReason(selected)}
      run={run}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <p>
        {countSentence(
          selected.length,
          t("Are you sure you want to delete 1 discussion?"),
          t("Are you sure you want to delete {count} discussions?", { count: selected.length }),
        )}
      </p>
    </BulkForm>
  );
}

/**
 * Bulk merge (spec §2, §5): the destination chosen among the selected; every other one becomes a
 * comment of it and leaves the lists (or stays behind as a closed redirect).
 */
export function BulkMergeModal({ selected, onClose }: BulkModalProps) {
  const queryClient = useQueryClient();
  const run = useBulkRun(discussionBulk);
  const [destinationID, setDestinationID] = useState<number | null>(selected[0]?.discussionID ?? null);
  const reason =
    mergeDisabledReason(selected) ??
    (destinationID !== null && selected.some((discussion) => discussion.discussionID === destinationID)
      ? null
      : { message: t("Choose the discussion to merge into."), names: [] });
  const handleSubmit = async (form: HTMLFormElement) => {
    if (destinationID === null) return false;
    const addRedirects = new FormData(form).get("addRedirects") === "1";
    return run.run(selected, {
      call: (ids, options) => bulkApi.merge(ids, destinationID, addRedirects, options),
      applySuccess: (ids) => {
        for (const id of ids) if (id !== destinationID) removeDiscussionFromCaches(queryClient, id);
      },
    });
  };
  return (
    <BulkForm
      title={t("Merge Discussions")}
      submitLabel={t("Merge")}
      reason={reason}
      run={run}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <fieldset className={styles.choices}>
        <legend>{t("Choose the main discussion into which all comments will be merged:")}</legend>
        {selected.map((discussion) => (
          <label key={discussion.discussionID} className={styles.choice}>
            <input
              type="radio"
              name="destinationDiscussionID"
              value={discussion.discussionID}
              checked={destinationID === discussion.discussionID}
              onChange={() => setDestinationID(discussion.discussionID)}
            />
            {discussion.name}
          </label>
        ))}
      </fieldset>
      <label className={styles.choice}>
        <input type="checkbox" name="addRedirects" value="1" />
        {t("Leave a redirect link")}
      </label>
    </BulkForm>
  );
}
