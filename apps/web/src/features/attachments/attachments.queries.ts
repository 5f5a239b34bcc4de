import { queryOptions } from "@tanstack/react-query";
import type { AttachmentRecordType } from "@parley/contracts/attachments-constants";
import type { ApiClient } from "../../lib/api.ts";
import { attachmentsApi } from "./attachments.api.ts";

export const attachmentKeys = {
  all: ["attachments"] as const,
  catalog: () => [...attachmentKeys.all, "catalog"] as const,
  record: (recordType: AttachmentRecordType, recordID: number) =>
    [...attachmentKeys.all, "record", recordType, recordID] as const,
  schema: (recordType: AttachmentRecordType, recordID: number) =>
    [...attachmentKeys.all, "schema", recordType, recordID] as const,
  discussion: (discussionID: number) => [...attachmentKeys.all, "discussion", discussionID] as const,
  ticketSettings: () => [...attachmentKeys.all, "ticketSettings"] as const,
};

/** The integrations the viewer may use (empty for members, and while none is enabled). */
export const attachmentCatalogQuery = (api: ApiClient) =>
  queryOptions({ queryKey: attachmentKeys.catalog(), queryFn: ({ signal }) => attachmentsApi.catalog(api, signal) });

export const recordAttachmentsQuery = (api: ApiClient, recordType: AttachmentRecordType, recordID: number) =>
  queryOptions({
    queryKey: attachmentKeys.record(recordType, recordID),
    queryFn: ({ signal }) => attachmentsApi.list(api, recordType, recordID, signal),
  });

export const attachmentFormQuery = (api: ApiClient, recordType: AttachmentRecordType, recordID: number) =>
  queryOptions({
    queryKey: attachmentKeys.schema(recordType, recordID),
    queryFn: ({ signal }) => attachmentsApi.schema(api, recordType, recordID, signal),
  });

export const ticketSettingsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: attachmentKeys.ticketSettings(),
    queryFn: ({ signal }) => attachmentsApi.ticketSettings(api, signal),
  });

export const ticketDiscussionQuery = (api: ApiClient, discussionID: number) =>
  queryOptions({
    queryKey: attachmentKeys.discussion(discussionID),
    queryFn: ({ signal }) => attachmentsApi.discussion(api, discussionID, signal),
  });
