import type { FastifyInstance } from "fastify";
import { sharedNotificationSchemas, type LiveCounts } from "@parley/contracts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { addGauge } from "../../platform/metrics.ts";
import { ROOT_CATEGORY_ID } from "@parley/contracts";
import type { CategoryDirectory } from "../categories/index.ts";
import { createMemoryLiveBus, createRedisLiveBus, type LiveBus } from "./live.bus.ts";
import { createLiveHub, defaultLiveOptions, type LiveOptions } from "./live.hub.ts";
import { liveRoutes } from "./live.routes.ts";
import "./notifications.events.ts";
import { createGenerator } from "./notifications.generate.ts";
import { createNotificationMail, type NotificationEmailTemplate } from "./notifications.mail.ts";
import { createPreferences } from "./notifications.preferences.ts";
import { createNotificationsRepo } from "./notifications.repo.ts";
import { notificationsRoutes } from "./notifications.routes.ts";
import { createNotificationsService } from "./notifications.service.ts";

export { createRedisLiveBus } from "./live.bus.ts";
export { exportMemberNotificationPreferences } from "./notifications.export.ts";
export { digestPreferenceKey, optInToDigest } from "./notifications.preferences.ts";
export {
  moveCommentNotifications,
  moveDiscussionCommentNotifications,
  removeNotificationsAbout,
  removeNotificationsAboutPosts,
} from "./notifications.writes.ts";

/**
 * Notifications, their preferences and e-mail, and the live stream. Made before users (whose
 * `/users/me` shows the unread count); routes and event listeners come with `registerNotifications`.
 */
export async function createNotifications(
  platform: Platform,
  options: {
    live?: Partial<LiveOptions>;
    /** Conversations with unread messages, for the live `counts` (the conversations feature's count). */
    unreadConversations?: (userID: number) => Promise<number>;
    /** The category tree: notifications about discussions a member may no longer view are left out. */
    categories?: CategoryDirectory;
    /** Of `userIDs`, the members who ignore `userID` (the ignore feature's): that member's mentions don't tell them. */
    ignorersAmong?: (userID: number, userIDs: number[]) => Promise<Set<number>>;
    /** A kind's e-mail by the administrators' active template for it (the e-mail templates feature's). */
    emailTemplate?: NotificationEmailTemplate;
  } = {},
) {
  const repo = createNotificationsRepo(platform.db, platform.database.dialect);
  const onError = (error: unknown) => console.error("Notifications:", error);
  const bus: LiveBus = platform.config.redisUrl
    ? await createRedisLiveBus(platform.config.redisUrl, platform.database.siteKey, onError)
    : createMemoryLiveBus();

  /** A member's rights as their requests would have them; null for a deleted or banned account. */
  async function viewerOfUser(user: NonNullable<Viewer["user"]>): Promise<Viewer | null> {
    if (user.deleted === 1 || user.banned === 1) return null;
    return platform.sessions.viewerFor(user, "cookie", null);
  }
  async function viewerOf(userID: number): Promise<Viewer | null> {
    const user = (await repo.usersByIds([userID]))[0];
    return user ? viewerOfUser(user) : null;
  }

  /** Categories the member may not view now (none without the tree, or for no one). */
  async function hiddenOf(viewer: Viewer | null): Promise<number[]> {
    const { categories } = options;
    if (!categories || !viewer) return [];
    const visible = new Set(await categories.visibleIDs(viewer));
    return (await categories.everyID()).filter((id) => id !== ROOT_CATEGORY_ID && !visible.has(id));
  }
  /** The unread count the member's list agrees with; `viewer` when it is the member's own, read already. */
  async function unreadCount(userID: number, viewer?: Viewer): Promise<number> {
    const member = viewer?.userID === userID ? viewer : await viewerOf(userID);
    return repo.countUnread(userID, await hiddenOf(member));
  }

  const unreadConversations = options.unreadConversations;
  /** Both badges' numbers, read together (two queries, whatever happened). */
  const counts = async (userID: number, viewer?: Viewer): Promise<LiveCounts> => {
    const [countUnreadNotifications, countUnreadConversations] = await Promise.all([
      unreadCount(userID, viewer),
      unreadConversations ? unreadConversations(userID) : undefined,
    ]);
    return countUnreadConversations === undefined
      ? { countUnreadNotifications }
      : { countUnreadNotifications, countUnreadConversations };
  };

  const hub = createLiveHub({
    bus,
    repo,
    refreshViewer: viewerOf,
    invalidateRights: () => platform.permissions.invalidate(),
    counts,
    options: { ...defaultLiveOptions, ...options.live },
    onError,
  });
  const preferences = createPreferences(repo);
  const mail = createNotificationMail({
    repo,
    platform,
    viewerOf,
    onError,
    template: options.emailTemplate,
  });
  // Mail goes out after the write that caused it, without holding up its answer; `idle()` waits for it.
  const sending = new Set<Promise<unknown>>();
  const track = (promise: Promise<unknown>) => {
    const tracked = promise.catch(onError).finally(() => sending.delete(tracked));
    sending.add(tracked);
  };
  const generator = createGenerator({
    repo,
    preferences,
    hub,
    viewerFor: (user) => platform.sessions.viewerFor(user, "cookie", null),
    hiddenFor: async (user) => hiddenOf(await viewerOfUser(user)),
    // The outbox is a local file write: done before the post's answer. SMTP talks to another server:
    // in the background (the row stays pending until sent, and is retried after a restart).
    sendMail: async (ids) => {
      if ((await platform.mailer.route()).kind === "outbox") await mail.sendPending(ids);
      else track(mail.sendPending(ids));
    },
    clock: platform.clock,
    ignorersAmong: options.ignorersAmong,
  });
  const service = createNotificationsService({ repo, hub, hiddenOf, clock: platform.clock });

  return {
    repo,
    hub,
    bus,
    preferences,
    mail,
    generator,
    service,
    counts,
    unreadCount,
    /** Sends, in the background, the mail a restart left pending. */
    resumePending() {
      track(mail.sendPending());
    },
    /** Resolves when the mail started so far has been sent (tests). */
    async idle() {
      while (sending.size) await Promise.all([...sending]);
    },
  };
}

export type Notifications = Awaited<ReturnType<typeof createNotifications>>;

export async function registerNotifications(
  app: FastifyInstance,
  platform: Platform,
  notifications: Notifications,
  deps: { canReadDiscussion: (discussionID: number, viewer: Viewer) => Promise<void> },
): Promise<void> {
  const { generator, hub } = notifications;
  for (const schema of sharedNotificationSchemas) app.addSchema(schema);
  const { events } = platform;
  events.on("comment.created", async (event) => {
    await generator.commentStream(event.commentID);
    await generator.commentCreated(event.commentID, event.actorUserID);
  });
  events.on("comment.updated", (event) => generator.commentUpdated(event.commentID, event.actorUserID));
  events.on("discussion.created", (event) =>
    generator.discussionPosted(event.discussionID, event.actorUserID, "created"),
  );
  events.on("discussion.updated", async (event) => {
    if (event.fields.includes("body"))
      await generator.discussionPosted(event.discussionID, event.actorUserID, "updated");
  });
  events.on("reaction.added", (event) => generator.reactionAdded(event.recordType, event.recordID, event.userID));
  events.on("notification.requested", (event) => generator.requested(event));
  events.on("idea.status.changed", (event) =>
    generator.ideaStatusChanged(event.discussionID, event.actorUserID, event.voterIDs, event.statusName),
  );
  // A conversation's new message: each participant's stream hears of it, with their badges' numbers.
  events.on("message.created", (event) =>
    generator.conversationStream(event, event.participantUserIDs, notifications.counts),
  );
  // Reading a conversation reads its notification too; the member's badges follow.
  events.on("conversation.read", async (event) => {
    await notifications.repo.markRecordRead(event.userID, "conversation", event.conversationID);
    await generator.conversationStream(null, [event.userID], notifications.counts);
  });
  // Streams check each event against their member's rights: every process re-reads them when they
  // change (a banned or deleted member's streams close).
  events.on("permissions.changed", () => hub.rightsChanged(null));
  events.on("user.access.changed", (event) => hub.rightsChanged(event.userID));
  addGauge(platform.metrics, {
    name: "parley_sse_connections",
    help: "Server-Sent Events streams (notifications, counts, live comments) open in this process.",
    read: () => hub.size,
  });

  app.addHook("onReady", async () => notifications.resumePending());
  app.addHook("preClose", async () => {
    await hub.close();
  });
  app.addHook("onClose", async () => {
    await notifications.idle();
  });
  await app.register(notificationsRoutes, {
    prefix: "/api/v2",
    service: notifications.service,
    preferences: notifications.preferences,
    mail: notifications.mail,
    guest: () => platform.sessions.guest(),
  });
  await app.register(liveRoutes, { prefix: "/api/v2", hub, canReadDiscussion: deps.canReadDiscussion });
}
