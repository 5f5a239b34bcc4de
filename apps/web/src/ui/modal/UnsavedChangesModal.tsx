import { t } from "../../lib/i18n.ts";
import { ConfirmModal } from "./Modal.tsx";

/**
 * "Unsaved Changes": asked before edits are left (a navigation held by `useLeaveGuard`, another locale, a closed
 * dialog). In a file of its own, so that only the editors' chunks carry it.
 */
export function UnsavedChangesModal({
  isOpen,
  onCancel,
  onConfirm,
}: {
  isOpen: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmModal
      isOpen={isOpen}
      title={t("Unsaved Changes")}
      confirmLabel={t("Continue")}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {t("You have unsaved changes and your work will be lost. Are you sure you want to continue without saving?")}
    </ConfirmModal>
  );
}
