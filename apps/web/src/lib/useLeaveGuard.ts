import { useCallback, useEffect, useRef } from "react";
import { useBlocker } from "react-router";

/**
 * Unsaved edits are not lost silently: while `dirty`, a navigation in the app (a link, or a form post
 * that leaves: preview, apply, restore) is held for a confirmation (`blocker`), and the browser asks
 * before the document unloads. `allow()` lets the next navigation through (a save, or a confirmed leave);
 * `reset()` ends that once the page answered without leaving.
 */
export function useLeaveGuard(dirty: boolean) {
  const allowed = useRef(false);
  const blocker = useBlocker(() => dirty && !allowed.current);
  useEffect(() => {
    if (!dirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", handleBeforeUnload);
    return () => window.removeEventListener("beforeunload", handleBeforeUnload);
  }, [dirty]);
  const allow = useCallback(() => {
    allowed.current = true;
  }, []);
  const reset = useCallback(() => {
    allowed.current = false;
  }, []);
  const proceed = useCallback(() => {
    allowed.current = true;
    blocker.proceed?.();
  }, [blocker]);
  return { blocked: blocker.state === "blocked", proceed, stay: () => blocker.reset?.(), allow, reset };
}
