import type {
  PendingPost,
  PremoderationQueue,
  Report,
  ReportApproveRecord,
  ReportPost,
  ReportReason,
  ReportReasonPatch,
  ReportReasonPost,
  ReportStatus,
} from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** Which reports a list shows: the queue (by status) or one post's reports (every status). */
export interface ReportListParams {
  /** Empty: every status. */
  statuses: ReportStatus[];
  recordType?: "discussion" | "comment";
  recordID?: number;
  page: number;
  limit: number;
}

/** The calls of reports (vanilla-reports.yml). */
export const reportsApi = {
  reasons: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<ReportReason[]>("/report-reasons", undefined, signal)).data,
  createReason: async (api: ApiClient, body: ReportReasonPost) =>
    (await api.request<ReportReason>({ method: "POST", path: "/report-reasons", body })).data,
  updateReason: async (api: ApiClient, reportReasonID: string, body: ReportReasonPatch) =>
    (
      await api.request<ReportReason>({
        method: "PATCH",
        path: `/report-reasons/${encodeURIComponent(reportReasonID)}`,
        body,
      })
    ).data,
  deleteReason: async (api: ApiClient, reportReasonID: string) => {
    await api.request<null>({ method: "DELETE", path: `/report-reasons/${encodeURIComponent(reportReasonID)}` });
  },
  create: async (api: ApiClient, body: ReportPost) =>
    (await api.request<Report>({ method: "POST", path: "/reports", body })).data,
  list: async (api: ApiClient, { statuses, ...params }: ReportListParams, signal?: AbortSignal) => {
    const { data, paging } = await api.get<Report[]>(
      "/reports",
      { ...params, status: statuses.length ? statuses : ["new", "escalated", "dismissed"] },
      signal,
    );
    return { items: data, paging };
  },
  dismiss: async (api: ApiClient, reportID: number) =>
    (await api.request<Report>({ method: "POST", path: `/reports/${reportID}/dismiss` })).data,
  /** Acts on a report: the reported post is deleted and its open reports are closed. */
  rejectRecord: async (api: ApiClient, reportID: number) =>
    (await api.request<Report>({ method: "PATCH", path: `/reports/${reportID}/reject-record` })).data,
  /** The premoderation queue: held posts, awaiting approval or held as spam. */
  pending: async (
    api: ApiClient,
    params: { queue: PremoderationQueue; page: number; limit: number },
    signal?: AbortSignal,
  ) => {
    const { data, paging } = await api.get<Report[]>(
      "/reports",
      { isPending: true, premoderationQueue: params.queue, page: params.page, limit: params.limit },
      signal,
    );
    return { items: data, paging };
  },
  /** Publishes a held post as its author. */
  approveRecord: async (api: ApiClient, reportID: number, body: ReportApproveRecord = {}) =>
    (await api.request<Report>({ method: "PATCH", path: `/reports/${reportID}/approve-record`, body })).data,
  /** The viewer's own posts awaiting approval (one discussion's when given). */
  myPending: async (api: ApiClient, discussionID: number | undefined, signal?: AbortSignal) =>
    (
      await api.get<PendingPost[]>(
        "/reports/pending-posts",
        discussionID === undefined ? undefined : { discussionID },
        signal,
      )
    ).data,
};
