import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and while hydrating, true after: for controls that need JavaScript, rendered
 * only once it runs (React re-renders after hydration, so there is no mismatch).
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
