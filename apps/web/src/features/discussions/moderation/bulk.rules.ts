import { t } from "../../../lib/i18n.ts";
import type { SelectedComment, SelectedDiscussion } from "./bulk.store.ts";

/** Why a bulk action cannot run on the selection (spec §5): the sentence, and the discussions it names. */
export interface DisabledReason {
  message: string;
  names: string[];
}

const lacking = (selected: ReadonlyArray<SelectedDiscussion | SelectedComment>, permission: string) =>
  selected.filter((record) => record.permissions?.[permission] !== true).map((record) => record.name);

/** Move: the edit permission (to move: discussions.move, as the server computes it) on every selected one. */
export function moveDisabledReason(selected: readonly SelectedDiscussion[]): DisabledReason | null {
  const names = lacking(selected, "discussions.move");
  return names.length
    ? { message: t("You don’t have the edit permission on the following discussions:"), names }
    : null;
}

/** Merge: as move, and at least 2 selected. */
export function mergeDisabledReason(selected: readonly SelectedDiscussion[]): DisabledReason | null {
  if (selected.length < 2) return { message: t("You must select at least 2 discussions to merge."), names: [] };
  return moveDisabledReason(selected);
}

/** Close: not when every selected one is closed already, and only with the close permission on each. */
export function closeDisabledReason(selected: readonly SelectedDiscussion[]): DisabledReason | null {
  if (selected.length > 0 && selected.every((discussion) => discussion.closed))
    return { message: t("Selected discussions are already closed."), names: [] };
  const names = lacking(selected, "discussions.close");
  return names.length
    ? { message: t("You don't have the close permission on the following discussions:"), names }
    : null;
}

/** Delete: the delete permission on every selected one. */
export function deleteDisabledReason(selected: readonly SelectedDiscussion[]): DisabledReason | null {
  const names = lacking(selected, "discussions.delete");
  return names.length
    ? { message: t("You don’t have the delete permission on the following discussions:"), names }
    : null;
}

/** Comment split: the edit permission on every selected comment (the server's comments.edit). */
export function splitDisabledReason(selected: readonly SelectedComment[]): DisabledReason | null {
  const names = lacking(selected, "comments.edit");
  return names.length ? { message: t("You don’t have the edit permission on the following comments:"), names } : null;
}

/** Comment delete: the delete permission on every selected comment. */
export function commentDeleteDisabledReason(selected: readonly SelectedComment[]): DisabledReason | null {
  const names = lacking(selected, "comments.delete");
  return names.length ? { message: t("You don’t have the delete permission on the following comments:"), names } : null;
}
