import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import { sizesLimits } from "@parley/contracts/shell-limits";
import { t } from "../../lib/i18n.ts";
import { Button } from "../button/Button.tsx";
import { cssVars, cx, px } from "../css.ts";
import { createToastStore, type Toast, type ToastOptions, type ToastStore } from "./toast.store.ts";
import styles from "./Toast.module.css";
import { CloseIcon } from "../../ui/icons/icons.tsx";

export interface ToastApi {
  /** Shows a toast and returns its id; an existing id is replaced. */
  addToast: (options: ToastOptions) => string;
  updateToast: ToastStore["update"];
  /** Hides a toast (it is removed 2 s later). */
  dismissToast: (toastID: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

const serverSnapshot = (): readonly Toast[] => [];

/** Holds the page's toasts and shows them in a polite live region (bottom left). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createToastStore);
  const [api] = useState<ToastApi>(() => ({
    addToast: store.add,
    updateToast: store.update,
    dismissToast: store.dismiss,
  }));
  useEffect(() => () => store.dispose(), [store]);
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, serverSnapshot);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        className={styles.region}
        aria-live="polite"
        style={cssVars({
          "--toast-width": px(sizesLimits.toastWidth),
          "--toast-width-wide": px(sizesLimits.toastWidthWide),
          "--toast-max-height": px(sizesLimits.toastMaxHeight),
        })}
      >
        {toasts.map((toast) => (
          <ToastView key={toast.toastID} toast={toast} store={store} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastView({ toast, store }: { toast: Toast; store: ToastStore }) {
  const hidden = toast.visibility === "hidden";
  const handlePause = () => store.pause(toast.toastID);
  const handleResume = () => store.resume(toast.toastID);
  return (
    <div
      className={cx(styles.toast, toast.wide && styles.wide, hidden && styles.hidden, toast.className)}
      data-toast-id={toast.toastID}
      data-visibility={toast.visibility}
      aria-hidden={hidden || undefined}
      // A fading toast leaves the focus order too: its dismiss button, and the toast itself (a scrolling box
      // is focusable in Chromium), would otherwise be focusable inside an aria-hidden element.
      inert={hidden || undefined}
      onMouseEnter={handlePause}
      onMouseLeave={handleResume}
      onFocus={handlePause}
      onBlur={handleResume}
    >
      <div className={styles.body}>{toast.body}</div>
      {toast.dismissible ? (
        <Button
          buttonType="icon"
          size="compact"
          className={styles.dismiss}
          aria-label={t("Dismiss")}
          onPress={() => store.dismiss(toast.toastID)}
        >
          <CloseIcon size={12} strokeWidth={2.5} />
        </Button>
      ) : null}
    </div>
  );
}

/** Adds, updates and dismisses toasts (inside `ToastProvider`). */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast() needs a <ToastProvider> above it.");
  return api;
}
