import { useId, useState, type FormEvent, type ReactNode } from "react";
import { t } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/button/Button.tsx";
import { Modal, type ModalSize } from "../../../ui/modal/Modal.tsx";
import styles from "./Moderation.module.css";

export interface FormModalProps {
  title: string;
  submitLabel: string;
  isPending: boolean;
  /** Why the submit button is disabled (spec §5), shown above the buttons; null when it is enabled. */
  disabledReason?: ReactNode;
  /**
   * What the form still needs before it can be sent ('Choose a reason.'); null when complete. Unlike
   * `disabledReason` it is no error until the member tries to send: the dialog opens clean, pressing the
   * button says what is missing (role=alert), and the message goes as soon as it is given.
   */
  missing?: string | null;
  onSubmit: (form: HTMLFormElement) => void;
  onClose: () => void;
  size?: ModalSize;
  children: ReactNode;
}

/** A moderation dialog: a form, Cancel and the action's button; it cannot be dismissed while it works. */
export function FormModal({
  title,
  submitLabel,
  isPending,
  disabledReason = null,
  missing = null,
  onSubmit,
  onClose,
  size = "medium",
  children,
}: FormModalProps) {
  const formID = useId();
  const [attempted, setAttempted] = useState(false);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (!isPending && !disabledReason && !missing) onSubmit(event.currentTarget);
  };
  return (
    <Modal
      isOpen
      onOpenChange={(open) => {
        if (!open && !isPending) onClose();
      }}
      title={title}
      size={size}
      isDismissable={!isPending}
      isKeyboardDismissDisabled={isPending}
      footer={
        <>
          <Button onPress={onClose} isDisabled={isPending}>
            {t("Cancel")}
          </Button>
          <Button
            type="submit"
            form={formID}
            buttonType="primary"
            isPending={isPending}
            isDisabled={Boolean(disabledReason)}
          >
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formID} className={styles.form} onSubmit={handleSubmit} aria-busy={isPending || undefined}>
        {children}
        {disabledReason ? (
          <div className={styles.disabledReason} role="note">
            {disabledReason}
          </div>
        ) : null}
        {attempted && missing && !disabledReason ? (
          <p className={styles.disabledReason} role="alert">
            {missing}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
