import type { ApiClient } from "../../lib/api.ts";
import { analyticsApi } from "./analytics.api.ts";

/** The privacy page's "Site Analytics" form: its intent and its box (checked: keep my visits out). */
export const analyticsPrivacyFields = { intent: "analytics", anonymize: "anonymizeData" } as const;

/** Whether the member keeps their visits out of the site's analytics ("1"), rather than the default or counted. */
export const leftOutOfAnalytics = (privacy: { AnonymizeData: string }) => privacy.AnonymizeData === "1";

/** Saves the member's choice: "1" leaves their visits out, "0" counts them. */
export const saveAnalyticsPrivacy = (api: ApiClient, leaveOut: boolean) =>
  analyticsApi.setPrivacy(api, { AnonymizeData: leaveOut ? "1" : "0" });
