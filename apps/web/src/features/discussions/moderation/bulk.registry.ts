import type { ComponentType } from "react";
import { t } from "../../../lib/i18n.ts";
import { createActionRegistry } from "./actions.registry.ts";
import { mergeDisabledReason, type DisabledReason } from "./bulk.rules.ts";
import type { SelectedDiscussion } from "./bulk.store.ts";
import { BulkCloseModal, BulkDeleteModal, BulkMergeModal, BulkMoveModal, type BulkModalProps } from "./BulkModals.tsx";
import type { ModerationCapability } from "./capabilities.ts";
import { BulkCommentDeleteModal, BulkSplitModal, type CommentBulkModalProps } from "./CommentBulkModals.tsx";

/**
 * A bulk action of the selection toast (spec §2): its dialog, and why it cannot run on a selection
 * (spec §5; the dialog shows it and keeps its button disabled). `requires` as for the menu entries.
 */
export interface BulkAction {
  id: string;
  label: () => string;
  requires?: ModerationCapability;
  disabledReason?: (selected: readonly SelectedDiscussion[]) => DisabledReason | null;
  modal?: ComponentType<BulkModalProps>;
}

/** The discussion lists' bulk actions. Add-ons register theirs here. */
export const bulkActions = createActionRegistry<BulkAction>([
  { id: "move", label: () => t("Move"), modal: BulkMoveModal },
  {
    id: "merge",
    label: () => t("Merge"),
    requires: "merge",
    disabledReason: mergeDisabledReason,
    modal: BulkMergeModal,
  },
  { id: "close", label: () => t("Close"), modal: BulkCloseModal },
  { id: "delete", label: () => t("Delete"), modal: BulkDeleteModal },
]);

/** A bulk action on a discussion's selected comments. */
export interface CommentBulkAction {
  id: string;
  label: () => string;
  requires?: ModerationCapability;
  modal?: ComponentType<CommentBulkModalProps>;
}

/** A discussion page's comment bulk actions (spec §2: split and delete). Add-ons register theirs here. */
export const commentBulkActions = createActionRegistry<CommentBulkAction>([
  { id: "split", label: () => t("Split"), requires: "split", modal: BulkSplitModal },
  { id: "delete", label: () => t("Delete"), modal: BulkCommentDeleteModal },
]);
