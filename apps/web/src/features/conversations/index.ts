/** Conversations' surface for other features and the shell: the member menu, the recipient field, the live cache updates. */
export { RecipientField } from "./components/RecipientField.tsx";
export { conversationKeys, setUnreadConversations } from "./conversations.queries.ts";
export { liveConversations } from "./liveConversations.ts";
export { MessagesMenu } from "./components/MessagesMenu.tsx";
// Loaders of the on-demand parts: in their own module, so this file stays pure re-exports (a bundle takes
// from it only what an importer uses).
export { loadConversationsRoutes } from "./conversations.lazy.ts";
