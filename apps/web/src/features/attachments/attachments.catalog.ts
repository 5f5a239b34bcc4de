import { queryOptions } from "@tanstack/react-query";
import type { AttachmentCatalog } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/*
 * The catalog's query and the feature's query keys, apart from the rest of the API: the options menu (on every
 * discussion page a moderator opens) reads the catalog, and only this small module comes with it.
 */

export const attachmentKeys = {
  all: ["attachments"] as const,
  catalog: () => [...attachmentKeys.all, "catalog"] as const,
  record: (recordType: string, recordID: number) => [...attachmentKeys.all, "record", recordType, recordID] as const,
  schema: (recordType: string, recordID: number) => [...attachmentKeys.all, "schema", recordType, recordID] as const,
  discussion: (discussionID: number) => [...attachmentKeys.all, "discussion", discussionID] as const,
  comment: (commentID: number) => [...attachmentKeys.all, "comment", commentID] as const,
  ticketSettings: () => [...attachmentKeys.all, "ticketSettings"] as const,
};

/** The integrations the viewer may use (empty for members, and while none is enabled). */
export const attachmentCatalogQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: attachmentKeys.catalog(),
    queryFn: async ({ signal }) => (await api.get<AttachmentCatalog>("/attachments/catalog", {}, signal)).data,
  });
