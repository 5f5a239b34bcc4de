import { useId, useState } from "react";
import { t } from "../../../lib/i18n.ts";
import { formStyles } from "../../../ui/forms/Form.tsx";
import { CategoryComboBox, type ChosenCategory } from "../components/CategoryComboBox.tsx";
import { commentDeleteDisabledReason, splitDisabledReason } from "./bulk.rules.ts";
import type { SelectedComment } from "./bulk.store.ts";
import { BulkForm, countSentence } from "./BulkModals.tsx";
import { bulkApi } from "./moderation.api.ts";
import { commentBulk, useBulkRun } from "./useBulkRun.tsx";

export interface CommentBulkModalProps {
  selected: readonly SelectedComment[];
  onClose: () => void;
}

/** Split (spec §2): the selected comments become a new discussion, with a title, in a category. */
export function BulkSplitModal({ selected, onClose }: CommentBulkModalProps) {
  const run = useBulkRun(commentBulk);
  const titleID = useId();
  const [title, setTitle] = useState("");
  const [category, setCategory] = useState<ChosenCategory | null>(null);
  const reason = splitDisabledReason(selected);
  const missing =
    title.trim() === "" ? t("Enter a title for the new discussion.") : category ? null : t("Choose a category.");
  const handleSubmit = async () => {
    if (!category || !title.trim()) return false;
    return run.run(selected, {
      call: (ids, options) => bulkApi.split(ids, title.trim(), category.categoryID, options),
      // The discussion's pages are read again (the comments have left them).
      applySuccess: () => undefined,
    });
  };
  return (
    <BulkForm
      title={t("Split Comments")}
      submitLabel={t("Split")}
      reason={reason}
      missing={missing}
      run={run}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <p>
        {countSentence(
          selected.length,
          t("Move 1 comment to a new discussion."),
          t("Move {count} comments to a new discussion.", { count: selected.length }),
        )}
      </p>
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={titleID}>
          {t("Title")}
        </label>
        <input
          id={titleID}
          name="name"
          className={formStyles.input}
          value={title}
          maxLength={100}
          onChange={(event) => setTitle(event.currentTarget.value)}
        />
      </div>
      <CategoryComboBox initial={null} onChange={setCategory} />
    </BulkForm>
  );
}

/** Bulk delete of comments (spec §2). */
export function BulkCommentDeleteModal({ selected, onClose }: CommentBulkModalProps) {
  const run = useBulkRun(commentBulk);
  const handleSubmit = () =>
    run.run(selected, {
      call: (ids, options) => bulkApi.removeComments(ids, options),
      applySuccess: () => undefined,
    });
  return (
    <BulkForm
      title={t("Delete Comments")}
      submitLabel={t("Delete")}
      reason={commentDeleteDisabledReason(selected)}
      run={run}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <p>
        {countSentence(
          selected.length,
          t("Are you sure you want to delete 1 comment?"),
          t("Are you sure you want to delete {count} comments?", { count: selected.length }),
        )}
      </p>
    </BulkForm>
  );
}
