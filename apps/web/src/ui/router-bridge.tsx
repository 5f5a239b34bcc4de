import type { ReactNode } from "react";
import { RouterProvider } from "react-aria-components";
import { useHref, useInRouterContext, useNavigate } from "react-router";

function ReactRouterBridge({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={(to) => void navigate(to)} useHref={useHref}>
      {children}
    </RouterProvider>
  );
}

/**
 * Lets React Aria's links (menu items with `href`) navigate through React Router, so they stay in
 * the app; outside a router they are plain links.
 */
export function RouterBridge({ children }: { children: ReactNode }) {
  return useInRouterContext() ? <ReactRouterBridge>{children}</ReactRouterBridge> : <>{children}</>;
}
