import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl, isRouteErrorResponse, type HydrationState } from "react-router";
import type { DehydratedState } from "@tanstack/react-query";
import type { SiteSectionLink } from "@parley/contracts";
import type { ThemeHtml } from "./theme-html.tsx";

/** What the server embeds in the page for hydration: the query cache and the router's data. */
export interface PageState {
  queries: DehydratedState;
  router: {
    loaderData: HydrationState["loaderData"];
    actionData: HydrationState["actionData"] | null;
    errors: Record<string, SerializedError> | null;
  };
  /** The session's CSRF key for forms' hidden fields; null for guests. */
  transientKey: string | null;
  /** The server's clock when it rendered: relative dates hydrate with the same text. */
  now: number;
  /** The interface locale (its pack loads before hydrating) and the reader's choice; absent in English. */
  locale?: string;
  chosenLocale?: string;
  /** The theme's custom header and footer, as the server rendered them; absent when the theme has neither. */
  theme?: ThemeHtml;
  /** The subcommunity the page is in (its folder is the router's basename); absent on the whole site. */
  siteSection?: SiteSectionLink;
}

type SerializedError =
  { kind: "response"; status: number; statusText: string; data: unknown } | { kind: "error"; message: string };

export const STATE_ELEMENT_ID = "__PARLEY_STATE__";

export function serializeErrors(errors: Record<string, unknown> | null | undefined): PageState["router"]["errors"] {
  if (!errors) return null;
  const out: Record<string, SerializedError> = {};
  for (const [routeId, error] of Object.entries(errors)) {
    out[routeId] = isRouteErrorResponse(error)
      ? { kind: "response", status: error.status, statusText: error.statusText, data: error.data }
      : { kind: "error", message: error instanceof Error ? error.message : String(error) };
  }
  return out;
}

export function deserializeErrors(errors: PageState["router"]["errors"]): HydrationState["errors"] {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [routeId, error] of Object.entries(errors)) {
    out[routeId] =
      error.kind === "response"
        ? new ErrorResponseImpl(error.status, error.statusText, error.data)
        : new Error(error.message);
  }
  return out;
}
