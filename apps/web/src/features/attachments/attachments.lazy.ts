/** The parts of the feature that load on demand, each in its own chunk: importing this file loads none. */
export const loadAttachmentsRoutes = () => import("./attachments.routes.tsx");
export const loadCreateTicketModal = () =>
  import("./components/CreateTicketModal.tsx").then((module) => module.CreateTicketModal);
