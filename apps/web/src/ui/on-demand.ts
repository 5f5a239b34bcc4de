import { useCallback, useState } from "react";

/**
 * A module loaded on first use (a dynamic `import()`), e.g. the React Aria side of an overlay: reading
 * pages ship only the light trigger, and the implementation comes when the reader shows intent
 * (pointer over, focus, a press). The import runs once; a failed one may be retried.
 */
export interface OnDemand<T> {
  /** Starts the import (once) and resolves with the module. */
  load: () => Promise<T>;
  /** The module if it has loaded already. */
  current: () => T | undefined;
}

export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let module: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    load: () =>
      (pending ??= importer().then(
        (loaded) => (module = loaded),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      )),
    current: () => module,
  };
}

export interface OnDemandState<T> {
  /** The module once loaded (the component re-renders then). */
  module: T | undefined;
  /** Intent: start loading (for pointerenter, focus…). */
  preload: () => void;
  /** Runs `then` with the module: at once when it is there, else once it has loaded. */
  withModule: (then: (module: T) => void) => void;
}

/**
 * The module of `part` in a component: `module` is undefined until something asked for it, then the
 * component re-renders with it. While it is undefined nothing of it is rendered, so the server's HTML
 * and the hydrating client agree.
 */
export function useOnDemand<T>(part: OnDemand<T>): OnDemandState<T> {
  const [module, setModule] = useState<T | undefined>(part.current);
  const withModule = useCallback(
    (then: (module: T) => void) => {
      const loaded = part.current();
      if (loaded) {
        setModule(() => loaded);
        then(loaded);
        return;
      }
      part.load().then(
        (next) => {
          setModule(() => next);
          then(next);
        },
        () => {
          // Offline or a new deployment: the control stays as it is; the next intent tries again.
        },
      );
    },
    [part],
  );
  const preload = useCallback(() => withModule(() => {}), [withModule]);
  return { module, preload, withModule };
}
