/**
 * Attachments' surface: a post's tickets for staff (on demand), the options menu's Create ticket dialog (on
 * demand), the catalog and its prefetch for the discussion page, and the dashboard page's address.
 */
export { integrationsPagePath } from "./attachments.paths.ts";
export { AttachmentsSlot, prefetchDiscussionAttachments } from "./components/AttachmentsSlot.tsx";
export { attachmentCatalogQuery } from "./attachments.catalog.ts";
export { canConfigureIntegrations, seesAttachments } from "./attachments.permissions.ts";
export { loadAttachmentsRoutes, loadCreateTicketModal } from "./attachments.lazy.ts";
