import { queryOptions } from "@tanstack/react-query";
import type { AttachmentRecordType } from "@parley/contracts/attachments-constants";
import { attachmentKeys } from "./attachments.catalog.ts";
import type { ApiClient } from "../../lib/api.ts";
import { attachmentsApi } from "./attachments.api.ts";
import { loadRecordAttachments } from "./attachments.batch.ts";

/** A post's attachments; the posts asked for together (a page of comments) come in one call. */
export const recordAttachmentsQuery = (api: ApiClient, recordType: AttachmentRecordType, recordID: number) =>
  queryOptions({
    queryKey: attachmentKeys.record(recordType, recordID),
    queryFn: () => loadRecordAttachments(api, recordType, recordID),
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

/** The comment a ticket is for (the form page's check that it is in the discussion, and its way back). */
export const ticketCommentQuery = (api: ApiClient, commentID: number) =>
  queryOptions({
    queryKey: attachmentKeys.comment(commentID),
    queryFn: ({ signal }) => attachmentsApi.comment(api, commentID, signal),
  });
