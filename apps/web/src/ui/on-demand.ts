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

export interface OnDemandOptions {
  /**
   * For a part the server renders (e.g. members' controls on a reading page): a selector matching
   * what it renders. The server loads the part at start, so it renders it; the browser loads it
   * before hydrating when the page has it (`loadServerRenderedParts`), so both render the same. Pages
   * without it (a guest's) never load it.
   */
  rendered?: string;
}

const serverRenderable: Array<{ selector: string; part: OnDemand<unknown> }> = [];

export function onDemand<T>(importer: () => Promise<T>, options: OnDemandOptions = {}): OnDemand<T> {
  let module: T | undefined;
  let pending: Promise<T> | undefined;
  const part: OnDemand<T> = {
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
  if (options.rendered) {
    if (typeof document === "undefined") part.load().catch(() => undefined);
    else serverRenderable.push({ selector: options.rendered, part });
  }
  return part;
}

/**
 * Before hydrating: loads the on-demand parts the server rendered into this page (found by their
 * `rendered` selector), so the first client render matches the server's HTML. A part that fails to
 * load is left out (React then re-renders that part on the client).
 */
export async function loadServerRenderedParts(root: ParentNode = document): Promise<void> {
  await Promise.all(
    serverRenderable
      .filter(({ selector }) => root.querySelector(selector) !== null)
      .map(({ part }) => part.load().catch(() => undefined)),
  );
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
