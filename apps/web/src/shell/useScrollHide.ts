import { useEffect, useState } from "react";
import { scrollLimits } from "@parley/contracts/shell-limits";
import { isScrollWatchingSuspended } from "../lib/hash-scroll.ts";

export interface ScrollState {
  hidden: boolean;
  /** Where the current run of scrolling in one direction started. */
  anchor: number;
  last: number;
}

export const initialScrollState: ScrollState = { hidden: false, anchor: 0, last: 0 };

/**
 * The offset header's rule (spec §4): hides after scrolling down more than 10 px once past 400 px,
 * shows again on a scroll up of more than 10 px.
 */
export function nextScrollState(state: ScrollState, y: number): ScrollState {
  const { hideAfterPx, deltaPx } = scrollLimits;
  const goingDown = y > state.last;
  const wasGoingDown = state.last >= state.anchor;
  // A change of direction starts a new run from the last position.
  const anchor = goingDown === wasGoingDown ? state.anchor : state.last;
  let hidden = state.hidden;
  if (goingDown && y > hideAfterPx && y - anchor > deltaPx) hidden = true;
  if (!goingDown && anchor - y > deltaPx) hidden = false;
  if (y <= 0) hidden = false;
  return { hidden, anchor, last: y };
}

/** Whether a sticky title bar is hidden by the scroll rule right now (never on the server). */
export function useScrollHide(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    let state: ScrollState = { ...initialScrollState, anchor: window.scrollY, last: window.scrollY };
    const handleScroll = () => {
      // A jump to a #hash is not the reader scrolling: follow the position, keep the bar as it is.
      if (isScrollWatchingSuspended()) {
        state = { ...state, anchor: window.scrollY, last: window.scrollY };
        return;
      }
      state = nextScrollState(state, window.scrollY);
      setHidden(state.hidden);
    };
    window.addEventListener("scroll", handleScroll, { passive: true });
    return () => window.removeEventListener("scroll", handleScroll);
  }, [enabled]);
  return hidden;
}
