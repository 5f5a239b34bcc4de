import { type QueryClient } from "@tanstack/react-query";
import { useQuery } from "../../../lib/query.ts";
import type { ApiClient } from "../../../lib/api.ts";
import { useApi } from "../../../lib/api-context.tsx";
import { shownMessagesQuery } from "../warnings.queries.ts";
import { ModerationMessageList } from "./ModerationMessageList.tsx";

/** The category a layout page is about (its widgets' `categoryID`, e.g. a category's discussion list), or null. */
export function pageCategoryID(layout: unknown): number | null {
  const seen: unknown[] = [layout];
  while (seen.length) {
    const value = seen.pop();
    if (Array.isArray(value)) seen.push(...(value as unknown[]));
    else if (typeof value === "object" && value !== null) {
      const { categoryID } = value as { categoryID?: unknown };
      if (typeof categoryID === "number" && categoryID > 0) return categoryID;
      seen.push(...Object.values(value as Record<string, unknown>));
    }
  }
  return null;
}

/** A layout page's messages (its widgets tell its category), fetched before it renders (never failing the page). */
export const prefetchModerationMessages = (queryClient: QueryClient, api: ApiClient, layout: unknown) =>
  queryClient.prefetchQuery(shownMessagesQuery(api, pageCategoryID(layout)));

/**
 * The enabled moderation messages a forum page shows at the top of its content: the site-wide ones and, in a
 * category, that category's. Messages placed in the panel show here too until layouts have a panel slot.
 */
export function ModerationMessages({ layout }: { layout: unknown }) {
  const api = useApi();
  const { data: messages = [] } = useQuery(shownMessagesQuery(api, pageCategoryID(layout)));
  return messages.length > 0 ? <ModerationMessageList messages={messages} /> : null;
}
