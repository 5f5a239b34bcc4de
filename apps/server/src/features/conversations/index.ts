import type { FastifyInstance } from "fastify";
import { sharedConversationSchemas } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import type { UserContentRemover, UserFragments } from "./conversations.deps.ts";
import { createConversationsRepo } from "./conversations.repo.ts";
import { conversationsRoutes } from "./conversations.routes.ts";
import { createConversationsService, type ConversationsService } from "./conversations.service.ts";

export type { ConversationsService };
export { exportMemberConversations } from "./conversations.export.ts";
export {
  insertImportedConversationMessages,
  insertImportedConversations,
  insertImportedParticipants,
  recountImportedConversations,
  type ImportedConversation,
  type ImportedConversationMessage,
  type ImportedParticipant,
} from "./conversations.import.ts";
/**
 * Private conversations. Made before users and notifications (whose `/users/me` and live counts show
 * the unread count); routes come with `registerConversations`.
 */
export function createConversations(
  platform: Platform,
  users: UserFragments,
  ignorersAmong?: (userID: number, userIDs: number[]) => Promise<Set<number>>,
): ConversationsService {
  return createConversationsService({
    repo: createConversationsRepo(platform.db),
    platform,
    users,
    ...(ignorersAmong ? { ignorersAmong } : {}),
  });
}

/**
 * A deleted member's private messages, as their posts are treated (Vanilla's Conversations does the
 * same): `keep` leaves them, `wipe` blanks them, `delete` deletes their messages, the conversations
 * they started and their participations.
 */
export const removeConversationContent: UserContentRemover = async (db, userID, deleteMethod) => {
  const repo = createConversationsRepo(db);
  if (deleteMethod === "wipe") await repo.wipeMessagesOf(userID);
  if (deleteMethod === "delete") await repo.deleteContentOf(userID);
};

export async function registerConversations(app: FastifyInstance, service: ConversationsService): Promise<void> {
  for (const schema of sharedConversationSchemas) app.addSchema(schema);
  await app.register(conversationsRoutes, { prefix: "/api/v2", service });
}
