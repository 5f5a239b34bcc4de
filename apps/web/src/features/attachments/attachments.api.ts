import type {
  Attachment,
  AttachmentFormSchema,
  AttachmentPost,
  AttachmentRecordType,
  TicketIntegrationPatch,
  TicketIntegrationSettings,
} from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** Parley's `/attachments` (Vanilla's): a post's tickets, the catalog, the form, and the ticket settings. */
export const attachmentsApi = {
  list: async (api: ApiClient, recordType: AttachmentRecordType, recordID: number, signal?: AbortSignal) =>
    (await api.get<Attachment[]>("/attachments", { recordType, recordID }, signal)).data,
  /** Several posts' at once (a page of comments; at most `attachmentsLimits.listMaxIDs`). */
  listMany: async (api: ApiClient, recordType: AttachmentRecordType, recordIDs: number[]) =>
    (await api.get<Attachment[]>("/attachments", { recordType, recordIDs: recordIDs.join(",") })).data,
  schema: async (api: ApiClient, recordType: AttachmentRecordType, recordID: number, signal?: AbortSignal) =>
    (
      await api.get<AttachmentFormSchema>(
        "/attachments/schema",
        { attachmentType: "ticket", recordType, recordID },
        signal,
      )
    ).data,
  create: async (api: ApiClient, body: AttachmentPost) =>
    (await api.request<Attachment>({ method: "POST", path: "/attachments", body })).data,
  /** `onlyStale`: those not read for 10 minutes (a look at the post), the others answered as they are. */
  refresh: async (api: ApiClient, attachmentIDs: number[], onlyStale = false) =>
    (
      await api.request<Attachment[]>({
        method: "POST",
        path: "/attachments/refresh",
        body: onlyStale ? { attachmentIDs, onlyStale } : { attachmentIDs },
      })
    ).data,
  /** The discussion a ticket is for: its title and address (the form page's heading and way back). */
  discussion: async (api: ApiClient, discussionID: number, signal?: AbortSignal) =>
    (await api.get<{ discussionID: number; name: string; url: string }>(`/discussions/${discussionID}`, {}, signal))
      .data,
  /** The comment a ticket is for: its discussion and address (the form page's check and way back). */
  comment: async (api: ApiClient, commentID: number, signal?: AbortSignal) =>
    (
      await api.get<{ commentID: number; discussionID: number; url: string }>(
        `/comments/${commentID}`,
        { expand: "-insertUser" },
        signal,
      )
    ).data,
  ticketSettings: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<TicketIntegrationSettings>("/attachments/integrations/ticket", {}, signal)).data,
  updateTicketSettings: async (api: ApiClient, body: TicketIntegrationPatch) =>
    (
      await api.request<TicketIntegrationSettings>({
        method: "PATCH",
        path: "/attachments/integrations/ticket",
        body,
      })
    ).data,
};
