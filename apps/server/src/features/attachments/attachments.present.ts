import type { Attachment, TicketIntegrationSettings } from "@parley/contracts";
import { toRfc3339 } from "../../platform/dates.ts";
import type { AttachmentRow } from "./attachments.repo.ts";
import type { TicketSettings } from "./ticket.settings.ts";

const date = (value: string | null) => (value === null ? null : toRfc3339(value));

/** A row → the API's `Attachment` (Vanilla's shape; the ticket's link and status also as metadata). */
export function presentAttachment(row: AttachmentRow): Attachment {
  return {
    attachmentID: row.attachmentID,
    recordType: row.recordType,
    recordID: row.recordID,
    type: row.type,
    source: row.source,
    sourceID: row.sourceID,
    sourceUrl: row.sourceUrl,
    status: row.status,
    foreignUserID: row.foreignUserID,
    insertUserID: row.insertUserID,
    dateInserted: toRfc3339(row.dateInserted),
    updateUserID: row.updateUserID,
    dateUpdated: date(row.dateUpdated),
    lastModifiedDate: date(row.lastModifiedDate),
    metadata: [
      { labelCode: "Ticket", value: row.sourceID, ...(row.sourceUrl ? { url: row.sourceUrl } : {}) },
      { labelCode: "Status", value: row.status },
    ],
  };
}

/** The ticket integration's settings as answered: the secret never, only whether one is set. */
export function presentTicketSettings(
  settings: TicketSettings,
  meta: { hasAuthSecret: boolean; dateUpdated: string | null; updateUserID: number | null },
): TicketIntegrationSettings {
  return {
    ...settings,
    hasAuthSecret: meta.hasAuthSecret,
    dateUpdated: date(meta.dateUpdated),
    updateUserID: meta.updateUserID,
  };
}
