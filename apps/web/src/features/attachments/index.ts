/**
 * Attachments' surface: a post's tickets for staff (on demand), the options menu's Create ticket dialog (on
 * demand), the catalog and its prefetch for the discussion page, and the dashboard page's address.
 */
export { integrationsPagePath } from "@parley/contracts/attachments-constants";
export { AttachmentsSlot } from "./components/AttachmentsSlot.tsx";
export { attachmentCatalogQuery, recordAttachmentsQuery } from "./attachments.queries.ts";
export { canConfigureIntegrations, seesAttachments } from "./attachments.permissions.ts";
export { loadAttachmentsRoutes, loadCreateTicketModal } from "./attachments.lazy.ts";
