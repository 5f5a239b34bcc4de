import type { ModerationMessage, WarningSummary } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** What reading pages ask (the rest is in `warnings.manage.api.ts`, loaded with the profile or the dashboard). */
export const fetchWarningSummary = async (api: ApiClient, userID: number, signal?: AbortSignal) =>
  (await api.get<WarningSummary>(`/users/${userID}/warnings/summary`, {}, signal)).data;

/** The enabled moderation messages; with a category, those a page in it shows (Parley's `categoryID`). */
export const fetchShownMessages = async (api: ApiClient, categoryID: number | null, signal?: AbortSignal) =>
  (await api.get<ModerationMessage[]>("/moderation-messages", categoryID === null ? {} : { categoryID }, signal)).data;
