import { t } from "../../../lib/i18n.ts";
import { ConfirmModal } from "../../../ui/modal/Modal.tsx";
import { useDeleteDiscussion } from "../components/useDeleteDiscussion.ts";
import type { ActionModalProps } from "./actions.registry.ts";

/** Delete after 'Are you sure you want to delete this discussion?'; then on to the category (spec §2, §4). */
export function DeleteModal({ discussion, onClose }: ActionModalProps) {
  const remove = useDeleteDiscussion(discussion);
  return (
    <ConfirmModal
      isOpen
      title={t("Delete Discussion")}
      confirmLabel={t("Delete")}
      isPending={remove.isPending}
      onCancel={onClose}
      onConfirm={() => remove.mutate(undefined, { onError: onClose })}
    >
      {t("Are you sure you want to delete this discussion?")}
    </ConfirmModal>
  );
}
