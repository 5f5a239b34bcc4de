import { useEffect } from "react";
import { useLocation } from "react-router";
import { layoutLimits, timingLimits } from "@parley/contracts/shell-limits";

/**
 * Hash scrolling (spec §9): landing on `#Comment_{id}` scrolls to it below the title bar (CSS
 * `scroll-margin-top` gives the offset, so it also works before hydration), retries once after
 * 500 ms when images or late content moved the target, and the title bar's hide-on-scroll rule is
 * suspended for 500 ms so a jump does not count as the reader scrolling.
 */
let watchingSuspendedUntil = 0;

export function suspendScrollWatching(ms: number = timingLimits.hashScrollDisabledMs, now = Date.now()): void {
  watchingSuspendedUntil = Math.max(watchingSuspendedUntil, now + ms);
}

/** Whether scroll listeners (the title bar's hide rule) should ignore scrolling right now. */
export const isScrollWatchingSuspended = (now = Date.now()) => now < watchingSuspendedUntil;

/** The element a hash names (`#Comment_4` → id `Comment_4`), or null. */
export function hashTarget(hash: string, doc: Document = document): HTMLElement | null {
  if (hash.length < 2) return null;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    id = hash.slice(1);
  }
  return doc.getElementById(id);
}

/** Scrolls to the hash's element now and, if it has moved, again after the retry delay. Returns a canceller. */
export function scrollToHash(hash: string): () => void {
  const target = hashTarget(hash);
  if (!target) return () => {};
  suspendScrollWatching();
  target.scrollIntoView({ block: "start" });
  const firstTop = target.getBoundingClientRect().top;
  const timer = window.setTimeout(() => {
    if (!target.isConnected) return;
    if (Math.abs(target.getBoundingClientRect().top - firstTop) > layoutLimits.overflowTolerance) {
      suspendScrollWatching();
      target.scrollIntoView({ block: "start" });
    }
  }, timingLimits.hashScrollRetryMs);
  return () => window.clearTimeout(timer);
}

/** Applies the hash scroll rule on every navigation that carries a hash. */
export function useHashScroll(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    return scrollToHash(hash);
  }, [hash, key]);
}
