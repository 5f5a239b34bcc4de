import { Dialog, Heading, Modal as AriaModal, ModalOverlay } from "react-aria-components";
import { limits } from "@parley/contracts/limits";
import { t } from "../../lib/i18n.ts";
import { Button } from "../button/Button.tsx";
import { cssVars, cx, px } from "../css.ts";
import type { ModalProps } from "./Modal.tsx";
import styles from "./Modal.module.css";
import { CloseIcon } from "../../ui/icons/icons.tsx";

type Content = ModalProps["children"];

const render = (content: Content, close: () => void) => (typeof content === "function" ? content(close) : content);

/** The page's modal container (entry-server renders `<div id="modals">`), when there is one. */
const modalsContainer = () => (typeof document === "undefined" ? null : document.getElementById("modals")) ?? undefined;

/**
 * The React Aria side of `Modal` (loaded when one first opens): `ModalOverlay`/`Modal`/`Dialog` trap
 * focus inside and give it back to what opened it, Escape closes, the page behind is inert. It stays
 * mounted through its exit transition and is destroyed after (spec §4).
 */
export function ModalDialog({
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
                  <CloseIcon size={16} />
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
