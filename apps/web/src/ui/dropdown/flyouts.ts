import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Only one flyout is open at a time (spec §4): opening one tells every other to close. The store is
 * only written by user actions, so it is never touched while rendering on the server.
 */
type Token = object;
const listeners = new Set<(opened: Token) => void>();
let openToken: Token | null = null;

function announceOpen(token: Token) {
  openToken = token;
  for (const listener of listeners) listener(token);
}

/**
 * Open state of one flyout, closed when another opens. Pass `isOpen`/`onOpenChange` to control it
 * from outside; they are honoured the same way.
 */
export function useExclusiveOpen(isOpenProp?: boolean, onOpenChangeProp?: (isOpen: boolean) => void) {
  const token = useRef<Token>({}).current;
  const [isOpenState, setOpenState] = useState(false);
  const isOpen = isOpenProp ?? isOpenState;

  const latest = useRef({ isOpen, onOpenChangeProp });
  useEffect(() => {
    latest.current = { isOpen, onOpenChangeProp };
  });

  const onOpenChange = useCallback(
    (next: boolean) => {
      setOpenState(next);
      latest.current.onOpenChangeProp?.(next);
      if (next) announceOpen(token);
      else if (openToken === token) openToken = null;
    },
    [token],
  );

  useEffect(() => {
    const listener = (opened: Token) => {
      if (opened === token || !latest.current.isOpen) return;
      setOpenState(false);
      latest.current.onOpenChangeProp?.(false);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (openToken === token) openToken = null;
    };
  }, [token]);

  return { isOpen, onOpenChange };
}
