/**
 * Attachments' surface: a post's tickets for staff (the discussion's and its comments', on demand), the options
 * menus' Create ticket dialog (on demand), the catalog and the discussion page's prefetch (a page's comments'
 * tickets in one call), and the dashboard page's address.
 */
export { integrationsPagePath } from "./attachments.paths.ts";
export { AttachmentsSlot, prefetchDiscussionAttachments } from "./components/AttachmentsSlot.tsx";
export { attachmentCatalogQuery } from "./attachments.catalog.ts";
export { canConfigureIntegrations, seesAttachments } from "./attachments.permissions.ts";
export { loadAttachmentsRoutes, loadCreateTicketModal } from "./attachments.lazy.ts";
