import type { ReactNode } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { t } from "../lib/i18n.ts";
import { ChevronLeftIcon, CloseIcon } from "../ui/icons/icons.tsx";
import styles from "./SidePanel.module.css";

/**
 * A panel sliding in from the side on compact screens (React Aria modal: focus kept inside, Escape and
 * a click outside close it, focus returns to what opened it). Loaded on demand with the panels.
 */
export function SidePanel({
  title,
  isOpen,
  onClose,
  onBack,
  side = "left",
  children,
}: {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  /** Shows a Back button when given. */
  onBack?: (() => void) | undefined;
  side?: "left" | "right";
  children: ReactNode;
}) {
  return (
    <ModalOverlay
      className={styles.overlay}
      isOpen={isOpen}
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Modal className={`${styles.panel} ${side === "right" ? styles.right : styles.left}`}>
        <Dialog className={styles.dialog}>
          <div className={styles.header}>
            {onBack ? (
              <button type="button" className={styles.iconButton} onClick={onBack}>
                <ChevronLeftIcon size={16} />
                <span>{t("Back")}</span>
              </button>
            ) : null}
            <Heading slot="title" className={styles.title}>
              {title}
            </Heading>
            <button type="button" className={styles.iconButton} onClick={onClose} aria-label={t("Close")}>
              <CloseIcon />
            </button>
          </div>
          <div className={styles.body}>{children}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
