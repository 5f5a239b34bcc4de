import { useEffect } from "react";
import { onDemand, useOnDemand } from "../ui/on-demand.ts";

/**
 * The error pages (404, 403, 410, the generic one) load on demand: a page that renders fine never needs them, so
 * the reading pages' JavaScript does not carry them. A page the server answered with one has it before hydrating
 * (its `data-part`); after a navigation that fails, it comes with the failure (a blank moment on a slow line).
 */
const errorPages = onDemand(() => import("./ErrorPages.tsx"), { rendered: "[data-part=error-page]" });

function useErrorPages() {
  const { module, preload } = useOnDemand(errorPages);
  useEffect(preload, [preload]);
  return module;
}

/** The route error boundary (`RouteErrorPage`, on demand). */
export function RouteErrorBoundary() {
  const pages = useErrorPages();
  return pages ? <pages.RouteErrorPage /> : null;
}
