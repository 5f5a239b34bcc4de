import type { ReactNode } from "react";
import { Dialog, Heading, Modal as AriaModal, ModalOverlay } from "react-aria-components";
import { limits } from "@parley/contracts/limits";
import { t } from "../../lib/i18n.ts";
import { Button } from "../button/Button.tsx";
import { cssVars, cx, px } from "../css.ts";
import styles from "./Modal.module.css";

/** Widths of spec §9: small 375, medium 516, large 720, xl 1022, xxl 1320. */
export type ModalSize = keyof typeof limits.sizes.modal;

type Content = ReactNode | ((close: () => void) => ReactNode);

export interface ModalProps {
  /** Controlled open state; leave it out inside a React Aria `DialogTrigger`. */
  isOpen?: boolean;
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

const render = (content: Content, close: () => void) => (typeof content === "function" ? content(close) : content);

/** The page's modal container (entry-server renders `<div id="modals">`), when there is one. */
const modalsContainer = () => (typeof document === "undefined" ? null : document.getElementById("modals")) ?? undefined;

/**
 * A modal dialog on React Aria's `ModalOverlay`/`Modal`/`Dialog`: focus is trapped inside and goes back
 * to what opened it, Escape closes it, the page behind is inert. It stays mounted through its exit
 * transition and is destroyed after (spec §4).
 */
export function Modal({
  isOpen,
  onOpenChange,
  title,
  titleHidden = false,
  size = "medium",
  isDismissable = true,
  isKeyboardDismissDisabled = false,
  children,
  footer,
  className,
}: ModalProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={isKeyboardDismissDisabled}
      className={styles.overlay}
      UNSTABLE_portalContainer={modalsContainer()}
    >
      <AriaModal
        className={cx(styles.modal, className)}
        style={cssVars({ "--modal-width": px(limits.sizes.modal[size]) })}
      >
        <Dialog className={styles.dialog}>
          {({ close }) => (
            <>
              <header className={styles.header}>
                <Heading slot="title" className={titleHidden ? "visually-hidden" : styles.title}>
                  {title}
                </Heading>
                <Button buttonType="icon" className={styles.close} aria-label={t("Close")} onPress={close}>
                  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                    <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                  </svg>
                </Button>
              </header>
              <div className={styles.body}>{render(children, close)}</div>
              {footer ? <footer className={styles.footer}>{render(footer, close)}</footer> : null}
            </>
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
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
