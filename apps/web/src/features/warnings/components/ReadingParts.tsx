import type { ReactNode } from "react";
import type { QueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api.ts";
import { useOnDemand } from "../../../ui/on-demand.ts";
import { readingPart } from "../warnings.lazy.ts";

/*
 * The reading pages' side of the feature, as light as can be: each piece waits for `readingPart`, which the
 * layout and posting loaders load (and the browser before hydrating a page the server rendered it into).
 */

/**
 * What a layout page shows of warnings, fetched before it renders: its moderation messages (`layout`: its widgets,
 * which tell its category) and, for a member, whether they may post (the posting forms are on layout pages).
 */
export const prefetchWarnings = async (queryClient: QueryClient, api: ApiClient, layout: unknown) =>
  (await readingPart.load()).prefetchWarnings(queryClient, api, layout);

/** The enabled moderation messages at the top of a forum page (site-wide, and the page's category's). */
export function ModerationMessages({ layout }: { layout: unknown }) {
  const part = useOnDemand(readingPart).module;
  return part ? <part.ModerationMessages layout={layout} /> : null;
}

/** A posting form, or for a member made read-only by warnings why they can't post (`quiet`: nothing). */
export function PostingGate(props: { children: ReactNode; quiet?: boolean }) {
  const part = useOnDemand(readingPart).module;
  // The props passed on whole: the reading pages' script is within bytes of its budget.
  return part ? <part.PostingGate {...props} /> : <>{props.children}</>;
}
