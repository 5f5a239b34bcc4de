import { useEffect, type ReactNode } from "react";
import type { sizesLimits } from "@parley/contracts/shell-limits";
import { t } from "../../lib/i18n.ts";
import { Button } from "../button/Button.tsx";
import { onDemand, useOnDemand } from "../on-demand.ts";
import styles from "./Modal.module.css";

/** Widths of spec §9: small 375, medium 516, large 720, xl 1022, xxl 1320. */
export type ModalSize = keyof typeof sizesLimits.modal;

type Content = ReactNode | ((close: () => void) => ReactNode);

export interface ModalProps {
  /** Open state, controlled by the owner. */
  isOpen: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  title: string;
  /** Keep the title for screen readers only. */
  titleHidden?: boolean;
  size?: ModalSize;
  /** A click on the backdrop closes it (Escape always does unless `isKeyboardDismissDisabled`). */
  isDismissable?: boolean;
  isKeyboardDismissDisabled?: boolean;
  /** Body; a function gets `close`. */
  children: Content;
  /** Buttons at the bottom; a function gets `close`. */
  footer?: Content;
  className?: string;
}

const dialog = onDemand(() => import("./ModalDialog.tsx"));

/**
 * A modal dialog (React Aria `ModalOverlay`/`Modal`/`Dialog`, see `ModalDialog`): focus is trapped
 * inside and goes back to what opened it, Escape closes it, the page behind is inert. It stays mounted
 * through its exit transition and is destroyed after (spec §4). Its code loads when it first opens.
 */
export function Modal(props: ModalProps) {
  const { module, preload } = useOnDemand(dialog);
  const { isOpen } = props;
  useEffect(() => {
    if (isOpen) preload();
  }, [isOpen, preload]);
  return module ? <module.ModalDialog {...props} /> : null;
}

export interface ConfirmModalProps {
  isOpen: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  title?: string;
  /** The question; 'Are you sure you want to do this?' by default. */
  children?: ReactNode;
  confirmLabel?: string;
  /** While the action runs: the confirm button shows it and both buttons wait. */
  isPending?: boolean;
}

/** 'Are you sure…' with Cancel and a confirm button, e.g. before a delete. */
export function ConfirmModal({
  isOpen,
  onCancel,
  onConfirm,
  title = t("Confirm"),
  children,
  confirmLabel = t("OK"),
  isPending = false,
}: ConfirmModalProps) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={title}
      size="small"
      isDismissable={!isPending}
      isKeyboardDismissDisabled={isPending}
      footer={
        <>
          <Button onPress={onCancel} isDisabled={isPending}>
            {t("Cancel")}
          </Button>
          <Button buttonType="primary" onPress={onConfirm} isPending={isPending} autoFocus>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className={styles.question}>{children ?? t("Are you sure you want to do this?")}</p>
    </Modal>
  );
}
