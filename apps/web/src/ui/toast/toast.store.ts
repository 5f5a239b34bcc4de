import type { ReactNode } from "react";
import { toastLimits } from "@parley/contracts/shell-limits";

/** A toast as spec §3 describes it. */
export interface ToastOptions {
  /** Adding a toast with the id of one already shown replaces it. Generated when left out. */
  toastID?: string;
  body: ReactNode;
  /** Stays until dismissed: never dismissed by time. */
  persistent?: boolean;
  /** 380 wide instead of 280 (spec §9). */
  wide?: boolean;
  /** Has a Dismiss button. */
  dismissible?: boolean;
  /** Hidden by itself after `autoDismissDuration` (default on, 3000 ms). */
  autoDismiss?: boolean;
  autoDismissDuration?: number;
  className?: string;
}

export interface Toast extends Required<Omit<ToastOptions, "className">> {
  className?: string;
  visibility: "visible" | "hidden";
}

export interface ToastStore {
  getSnapshot: () => readonly Toast[];
  subscribe: (listener: () => void) => () => void;
  add: (options: ToastOptions) => string;
  update: (toastID: string, changes: Partial<Omit<ToastOptions, "toastID">>) => void;
  /** Hides it now; it is removed `limits.toast.removeAfterHideMs` later. */
  dismiss: (toastID: string) => void;
  /** Holds the auto-dismiss while the reader hovers or focuses the toast; `resume` starts it again. */
  pause: (toastID: string) => void;
  resume: (toastID: string) => void;
  /** Stops the timers (the provider unmounted). */
  dispose: () => void;
}

const noToasts: readonly Toast[] = [];

/**
 * The toasts of one page: added → visible → hidden (dismissed, or auto-dismissed after its duration)
 * → removed 2 s after hiding (spec §4). Timers only start when a toast is added, which never happens
 * while rendering on the server.
 */
export function createToastStore(): ToastStore {
  let toasts: readonly Toast[] = noToasts;
  let nextID = 0;
  const listeners = new Set<() => void>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  const set = (next: readonly Toast[]) => {
    toasts = next;
    for (const listener of listeners) listener();
  };
  const find = (toastID: string) => toasts.find((toast) => toast.toastID === toastID);
  const clearTimer = (toastID: string) => {
    clearTimeout(timers.get(toastID));
    timers.delete(toastID);
  };
  const patch = (toastID: string, changes: Partial<Toast>) =>
    set(toasts.map((toast) => (toast.toastID === toastID ? { ...toast, ...changes } : toast)));

  const remove = (toastID: string) => {
    clearTimer(toastID);
    set(toasts.filter((toast) => toast.toastID !== toastID));
  };

  const dismiss = (toastID: string) => {
    const toast = find(toastID);
    if (!toast || toast.visibility === "hidden") return;
    clearTimer(toastID);
    patch(toastID, { visibility: "hidden" });
    timers.set(
      toastID,
      setTimeout(() => remove(toastID), toastLimits.removeAfterHideMs),
    );
  };

  const schedule = (toast: Toast) => {
    clearTimer(toast.toastID);
    if (toast.visibility === "visible" && toast.autoDismiss && !toast.persistent) {
      timers.set(
        toast.toastID,
        setTimeout(() => dismiss(toast.toastID), toast.autoDismissDuration),
      );
    }
  };

  return {
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add(options) {
      const toast: Toast = {
        toastID: options.toastID ?? `toast-${++nextID}`,
        body: options.body,
        persistent: options.persistent ?? false,
        wide: options.wide ?? false,
        dismissible: options.dismissible ?? false,
        autoDismiss: options.autoDismiss ?? true,
        autoDismissDuration: options.autoDismissDuration ?? toastLimits.autoDismissMs,
        className: options.className,
        visibility: "visible",
      };
      const existing = find(toast.toastID);
      set(existing ? toasts.map((old) => (old === existing ? toast : old)) : [...toasts, toast]);
      schedule(toast);
      return toast.toastID;
    },
    update(toastID, changes) {
      const toast = find(toastID);
      if (!toast) return;
      const updated = { ...toast, ...changes };
      patch(toastID, changes);
      if (
        toast.visibility === "visible" &&
        (changes.autoDismiss !== undefined ||
          changes.persistent !== undefined ||
          changes.autoDismissDuration !== undefined)
      ) {
        schedule(updated);
      }
    },
    dismiss,
    pause(toastID) {
      if (find(toastID)?.visibility === "visible") clearTimer(toastID);
    },
    resume(toastID) {
      const toast = find(toastID);
      if (toast?.visibility === "visible") schedule(toast);
    },
    dispose() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
