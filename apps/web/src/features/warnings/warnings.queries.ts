import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { fetchShownMessages, fetchWarningSummary } from "./warnings.api.ts";

/** Keys of what reading pages ask; the profile's and the dashboard's queries key under them (`warnings.manage.queries.ts`). */
export const warningKeys = { member: (userID: number) => ["warnings", userID] as const };
export const moderationMessageKeys = { all: ["moderation-messages"] as const };

/** A member's standing (points, read-only end), as the loaders prefetch it. */
export const warningSummaryKey = (userID: number) => [...warningKeys.member(userID), "summary"] as const;

export const warningSummaryQuery = (api: ApiClient, userID: number) =>
  queryOptions({
    queryKey: warningSummaryKey(userID),
    queryFn: ({ signal }) => fetchWarningSummary(api, userID, signal),
  });

/** The enabled messages a page shows: site-wide ones, and with a category those of that category. */
export const shownMessagesQuery = (api: ApiClient, categoryID: number | null) =>
  queryOptions({
    queryKey: [...moderationMessageKeys.all, "shown", categoryID ?? 0],
    queryFn: ({ signal }) => fetchShownMessages(api, categoryID, signal),
  });
