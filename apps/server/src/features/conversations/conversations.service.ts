import {
  conversationMessages,
  conversationPath,
  conversationRules,
  discussionMessages,
  discussionRules,
  ignoreMessages,
  type Conversation,
  type ConversationListQuery,
  type ConversationMessage,
  type ConversationParticipant,
  type ConversationPost,
  type MessageListQuery,
  type MessagePost,
  type ParticipantListQuery,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { assertAccountUsable, requireSignedIn } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { fieldError, HttpError, notFound, validationFailed } from "../../platform/errors.ts";
import { offsetOf } from "../../platform/http/pagination.ts";
import { normalizeFormat, renderExcerpt, toPlainText } from "../../platform/render/index.ts";
import { plainTitle, storableText } from "../../platform/text.ts";
import { createNewMemberLimits, type UserFragments } from "./conversations.deps.ts";
import "./conversations.events.ts";
import { conversationsPolicy as policy } from "./conversations.policy.ts";
import { expands, presentConversation, presentMessage } from "./conversations.present.ts";
import { createConversationsRepo, type ConversationRow, type ConversationsRepo } from "./conversations.repo.ts";
import type { RequestContext as ConversationContext } from "../../platform/http/request-context.ts";

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ""));

/** Private conversations: starting them, their participants, their messages and per-member read state. */
export function createConversationsService(deps: {
  repo: ConversationsRepo;
  platform: Platform;
  users: UserFragments;
  /** Of `userIDs`, the members who ignore `userID` (the ignore feature's answer): they refuse their messages. */
  ignorersAmong?: (userID: number, userIDs: number[]) => Promise<Set<number>>;
}) {
  const { repo, platform, users } = deps;
  const newMembers = createNewMemberLimits(platform);
  const posts = platform.limiter(
    "flood-messages",
    discussionRules.floodPosts,
    discussionRules.floodWindowSeconds * 1000,
  );
  const lock = platform.limiter("flood-messages-lock", 1, discussionRules.floodLockSeconds * 1000);

  const enabled = () => platform.siteConfig.get("conversations.enabled");
  /** Writing needs conversations on (site configuration `conversations.enabled`). */
  async function assertEnabled() {
    if (!(await enabled())) throw new HttpError(403, conversationMessages.disabled);
  }

  /** Flood control like comments: more than 3 messages in 30 s locks messaging for 120 s. */
  async function checkFlood(viewer: Viewer) {
    if (policy.bypassesFlood(viewer)) return;
    const key = String(viewer.userID);
    const message = fill(discussionMessages.flood, {
      count: discussionRules.floodPosts,
      window: discussionRules.floodWindowSeconds,
      lock: discussionRules.floodLockSeconds,
    });
    if (!(await lock.peek(key)).allowed) throw new HttpError(429, message);
    if (!(await posts.hit(key)).allowed) {
      await lock.hit(key);
      throw new HttpError(429, message);
    }
  }

  const checkFormat = (format: string, field: string) => {
    const normalized = normalizeFormat(format);
    if (!normalized) throw validationFailed([fieldError(field, "invalid", `${field} is not a valid format.`)]);
    return normalized;
  };

  /** Conversations.Message.MaxLength counts the message as it reads (a rich2 message's JSON is longer). */
  const checkLength = (source: string, format: NonNullable<ReturnType<typeof normalizeFormat>>, field: string) => {
    if (toPlainText(source, format).trim().length > conversationRules.messageMaxLength)
      throw validationFailed([fieldError(field, "invalid", conversationMessages.tooLong)]);
  };

  /** Recipients must exist, not be deleted, not be banned, and not ignore the sender (moderators reach everyone). */
  async function checkRecipients(userIDs: number[], viewer: Viewer) {
    const rows = await repo.usersByIds(userIDs);
    const byID = new Map(rows.map((row) => [row.userID, row]));
    for (const id of userIDs) {
      const row = byID.get(id);
      if (!row || row.deleted === 1)
        throw validationFailed([
          fieldError("participantUserIDs", "invalid", fill(conversationMessages.unknownUser, { id })),
        ]);
      if (row.banned === 1)
        throw validationFailed([
          fieldError("participantUserIDs", "invalid", fill(conversationMessages.cannotMessage, { name: row.name })),
        ]);
    }
    if (!deps.ignorersAmong || policy.canModerate(viewer)) return;
    const refusing = await deps.ignorersAmong(viewer.userID, userIDs);
    const first = userIDs.find((id) => refusing.has(id));
    if (first !== undefined)
      throw new HttpError(403, fill(ignoreMessages.refusesMessages, { name: byID.get(first)!.name }));
  }

  /** The conversation and the viewer's place in it: participants, or moderators reading. */
  async function load(conversationID: number, viewer: Viewer, purpose: "read" | "write") {
    requireSignedIn(viewer);
    const conversation = await repo.findById(conversationID);
    if (!conversation) throw notFound("Conversation");
    const participation = await repo.participation(viewer.userID, conversationID);
    const participating = policy.isParticipant(participation);
    if (!participating && (purpose === "write" || !policy.canModerate(viewer)))
      throw new HttpError(403, conversationMessages.notParticipant);
    return { conversation, participation: participating ? participation : undefined };
  }

  /** Conversations as one member sees them: a fixed number of queries whatever the count. */
  async function presentMany(
    rows: Array<ConversationRow & { countReadMessages?: number }>,
    context: ConversationContext,
    expand: string[] | undefined,
  ): Promise<Conversation[]> {
    const ids = rows.map((row) => row.conversationID);
    const [participants, lastMessages] = await Promise.all([
      repo.participantsOf(ids),
      repo.messagesByIds(rows.map((row) => row.lastMessageID).filter((id): id is number => id !== null)),
    ]);
    const flags = expands(expand);
    const userIDs = new Set(participants.map((p) => p.userID));
    for (const row of rows) userIDs.add(row.insertUserID);
    for (const message of lastMessages) userIDs.add(message.insertUserID);
    const fragments = await users.load(userIDs, context.origin);
    const messages = new Map(lastMessages.map((message) => [message.messageID, message]));
    return rows.map((row) =>
      presentConversation(row, {
        origin: context.origin,
        viewerID: context.viewer.userID,
        expand: flags,
        users: fragments,
        participants: participants.filter((p) => p.conversationID === row.conversationID),
        lastMessage: row.lastMessageID === null ? undefined : messages.get(row.lastMessageID),
        countReadMessages: row.countReadMessages,
      }),
    );
  }

  async function presentOne(conversationID: number, context: ConversationContext, expand?: string[]) {
    const { conversation, participation } = await load(conversationID, context.viewer, "read");
    const [presented] = await presentMany(
      [{ ...conversation, ...(participation ? { countReadMessages: participation.countReadMessages } : {}) }],
      context,
      expand,
    );
    return presented!;
  }

  async function participants(conversationID: number, query: ParticipantListQuery, context: ConversationContext) {
    await load(conversationID, context.viewer, "read");
    const page = query.page ?? 1;
    const limit = query.limit ?? conversationRules.messagesDefaultLimit;
    const [rows, total] = await Promise.all([
      repo.participantsPage(conversationID, offsetOf(page, limit), limit),
      repo.countParticipantRows(conversationID),
    ]);
    const fragments = await users.load(
      rows.map((row) => row.userID),
      context.origin,
    );
    const items: ConversationParticipant[] = rows.map((row) => ({
      userID: row.userID,
      status: row.deleted === 1 ? "deleted" : "participating",
      ...(fragments.has(row.userID) ? { user: fragments.get(row.userID)! } : {}),
    }));
    return { items, page, limit, total };
  }

  return {
    /** Conversations with unread messages (the `countUnreadConversations` of `/users/me`; 0 when they are off). */
    unreadCount: async (userID: number): Promise<number> => {
      if (userID <= 0 || !(await enabled())) return 0;
      return repo.countUnread(userID);
    },

    async list(query: ConversationListQuery, context: ConversationContext) {
      const { viewer } = context;
      requireSignedIn(viewer);
      const participantUserID = query.participantUserID ?? viewer.userID;
      if (participantUserID !== viewer.userID) requireAccess(viewer, policy.canModerate);
      const page = query.page ?? 1;
      const limit = query.limit ?? conversationRules.listDefaultLimit;
      const rows = await repo.list(
        { participantUserID, ...(query.insertUserID !== undefined ? { insertUserID: query.insertUserID } : {}) },
        offsetOf(page, limit),
        limit,
      );
      return { items: await presentMany(rows, context, query.expand), page, limit };
    },

    get: (conversationID: number, expand: string[] | undefined, context: ConversationContext) =>
      presentOne(conversationID, context, expand),

    /**
     * A message as a report keeps it (the reports feature): its rendered body, author, conversation and date.
     * Only a participant of its conversation may report it (a moderator reading it may not): 404 when there is
     * no such message, 403 when the viewer takes no part.
     */
    async reportableMessage(messageID: number, context: ConversationContext) {
      requireSignedIn(context.viewer);
      const [row] = await repo.messagesByIds([messageID]);
      if (!row) throw notFound("Message");
      await load(row.conversationID, context.viewer, "write");
      const message = presentMessage(row, context.origin, new Map());
      return {
        conversationID: message.conversationID,
        html: message.body,
        insertUserID: message.insertUserID,
        dateInserted: message.dateInserted,
        url: `${context.origin}${conversationPath(row.conversationID)}#Message_${row.messageID}`,
      };
    },

    /** Starts a conversation: it, its participants (the creator included) and the first message, in one transaction. */
    async create(body: ConversationPost, context: ConversationContext): Promise<Conversation> {
      const { viewer } = context;
      requireSignedIn(viewer);
      requireAccess(viewer, policy.canMessage);
      await assertEnabled();
      // New members may not start conversations while the site says so (a 403 naming the limit).
      await newMembers.checkMessage(viewer);
      const recipients = [...new Set(body.participantUserIDs)].filter((id) => id !== viewer.userID);
      if (!recipients.length)
        throw validationFailed([fieldError("participantUserIDs", "invalid", conversationMessages.noRecipients)]);
      await checkRecipients(recipients, viewer);
      const initial = body.initialBody === undefined ? "" : storableText(body.initialBody);
      const format = initial.trim() ? checkFormat(body.initialFormat ?? "text", "initialFormat") : null;
      if (format) checkLength(initial, format, "initialBody");
      if (format) await checkFlood(viewer);
      const name = body.name === undefined ? "" : plainTitle(body.name);
      // Watched words (a blocked one refuses with a 422) and the spam check on the subject and first message.
      const screened = await platform.screening.screen({
        kind: "message",
        fields: { name, initialBody: initial },
        format: format ?? "text",
        context,
      });
      const date = platform.clock.nowIso();
      const { conversationID, messageID } = await platform.db.transaction().execute(async (trx) => {
        const scoped = createConversationsRepo(trx);
        const conversationID = await scoped.insertConversation({
          name: name || null,
          insertUserID: viewer.userID,
          date,
        });
        await scoped.addParticipants(conversationID, [viewer.userID, ...recipients]);
        if (!format) return { conversationID, messageID: null };
        const added = await scoped.insertMessage({
          conversationID,
          body: initial,
          format,
          insertUserID: viewer.userID,
          dateInserted: date,
          insertIPAddress: context.ip,
        });
        await scoped.markRead(viewer.userID, conversationID, added.countMessages, date);
        return { conversationID, messageID: added.messageID };
      });
      if (messageID !== null && format)
        await announce({
          conversationID,
          messageID,
          name,
          body: initial,
          format,
          date,
          context,
          participantUserIDs: [viewer.userID, ...recipients],
        });
      await screened.recorded(messageID);
      return presentOne(conversationID, context, ["all"]);
    },

    participants,

    /** A participant adds members; they see the whole conversation. */
    async addParticipants(conversationID: number, userIDs: number[], context: ConversationContext) {
      const { viewer } = context;
      requireAccess(viewer, policy.canMessage);
      await assertEnabled();
      await load(conversationID, viewer, "write");
      const ids = [...new Set(userIDs)].filter((id) => id !== viewer.userID);
      if (!ids.length)
        throw validationFailed([fieldError("participantUserIDs", "invalid", conversationMessages.noRecipients)]);
      await checkRecipients(ids, viewer);
      await platform.db
        .transaction()
        .execute((trx) => createConversationsRepo(trx).addParticipants(conversationID, ids));
      return participants(conversationID, { limit: conversationRules.messagesMaxLimit }, context);
    },

    async leave(conversationID: number, context: ConversationContext): Promise<void> {
      const { participation } = await load(conversationID, context.viewer, "write");
      if (!participation) throw new HttpError(403, conversationMessages.notParticipant);
      await repo.leave(context.viewer.userID, conversationID);
      await platform.events.emit("conversation.read", { userID: context.viewer.userID, conversationID });
    },

    /** Messages oldest first (numbered pager); reading a conversation marks it read for the participant. */
    async messages(query: MessageListQuery, context: ConversationContext) {
      const { viewer } = context;
      requireSignedIn(viewer);
      const page = query.page ?? 1;
      const limit = query.limit ?? conversationRules.messagesDefaultLimit;
      let participation: Awaited<ReturnType<typeof load>>["participation"];
      let conversation: ConversationRow | undefined;
      if (query.conversationID === undefined) {
        if (!policy.canModerate(viewer))
          throw validationFailed([fieldError("conversationID", "missingField", "conversationID is required.")]);
      } else {
        ({ conversation, participation } = await load(query.conversationID, viewer, "read"));
      }
      const filters = {
        ...(query.conversationID !== undefined ? { conversationID: query.conversationID } : {}),
        ...(query.insertUserID !== undefined ? { insertUserID: query.insertUserID } : {}),
      };
      const [rows, total] = await Promise.all([
        repo.listMessages(filters, offsetOf(page, limit), limit),
        repo.countMessages(filters),
      ]);
      const fragments = await users.load(
        rows.map((row) => row.insertUserID),
        context.origin,
      );
      if (conversation && participation && participation.countReadMessages < conversation.countMessages) {
        await repo.markRead(
          viewer.userID,
          conversation.conversationID,
          conversation.countMessages,
          platform.clock.nowIso(),
        );
        await platform.events.emit("conversation.read", {
          userID: viewer.userID,
          conversationID: conversation.conversationID,
        });
      }
      const items: ConversationMessage[] = rows.map((row) => presentMessage(row, context.origin, fragments));
      return { items, page, limit, total };
    },

    /** `GET /messages/{id}`: one message, for who may read its conversation (a participant, or a moderator). */
    async message(messageID: number, context: ConversationContext): Promise<ConversationMessage> {
      requireSignedIn(context.viewer);
      const [row] = await repo.messagesByIds([messageID]);
      if (!row) throw notFound("Message");
      await load(row.conversationID, context.viewer, "read");
      const fragments = await users.load([row.insertUserID], context.origin);
      return presentMessage(row, context.origin, fragments);
    },

    async postMessage(body: MessagePost, context: ConversationContext): Promise<ConversationMessage> {
      const { viewer } = context;
      assertAccountUsable(viewer);
      await assertEnabled();
      const { conversation } = await load(body.conversationID, viewer, "write");
      // A new member answers a conversation someone else started with them (as Discourse lets them), not their own.
      if (conversation.insertUserID === viewer.userID) await newMembers.checkMessage(viewer);
      const format = checkFormat(body.format, "format");
      const source = storableText(body.body);
      if (!source.trim()) throw validationFailed([fieldError("body", "missingField", "body is required.")]);
      checkLength(source, format, "body");
      await checkFlood(viewer);
      const screened = await platform.screening.screen({ kind: "message", fields: { body: source }, format, context });
      const date = platform.clock.nowIso();
      const messageID = await platform.db.transaction().execute(async (trx) => {
        const scoped = createConversationsRepo(trx);
        const added = await scoped.insertMessage({
          conversationID: conversation.conversationID,
          body: source,
          format,
          insertUserID: viewer.userID,
          dateInserted: date,
          insertIPAddress: context.ip,
        });
        // The sender has read their own message (and everything before it).
        await scoped.markRead(viewer.userID, conversation.conversationID, added.countMessages, date);
        return added.messageID;
      });
      const participants = await repo.participantsOf([conversation.conversationID]);
      await announce({
        conversationID: conversation.conversationID,
        messageID,
        name: conversation.name ?? "",
        body: source,
        format,
        date,
        context,
        participantUserIDs: participants.filter((p) => p.deleted === 0).map((p) => p.userID),
      });
      await screened.recorded(messageID);
      const [row] = await repo.messagesByIds([messageID]);
      return presentMessage(row!, context.origin, await users.load([viewer.userID], context.origin));
    },
  };

  /** After commit: the other participants are notified (their preferences apply), and every participant's stream hears of it. */
  async function announce(input: {
    conversationID: number;
    messageID: number;
    name: string;
    body: string;
    format: NonNullable<ReturnType<typeof normalizeFormat>>;
    date: string;
    context: ConversationContext;
    participantUserIDs: number[];
  }) {
    const { viewer } = input.context;
    const recipients = input.participantUserIDs.filter((id) => id !== viewer.userID);
    if (recipients.length)
      await platform.events.emit("notification.requested", {
        userIDs: recipients,
        activityType: "ConversationMessage",
        recordType: "conversation",
        recordID: input.conversationID,
        actorUserID: viewer.userID,
        title: input.name.trim() || renderExcerpt(input.body, input.format, 80),
        url: `${conversationPath(input.conversationID)}#latest`,
      });
    await platform.events.emit("message.created", {
      messageID: input.messageID,
      conversationID: input.conversationID,
      insertUserID: viewer.userID,
      dateInserted: input.date,
      participantUserIDs: input.participantUserIDs,
    });
  }
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
