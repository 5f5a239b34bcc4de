import { queryOptions } from "@tanstack/react-query";
import type { AttachmentRecordType } from "@parley/contracts/attachments-constants";
import { attachmentKeys } from "./attachments.catalog.ts";
import type { ApiClient } from "../../lib/api.ts";
import { attachmentsApi } from "./attachments.api.ts";

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
