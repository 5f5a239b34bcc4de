import type { Clock } from "../../platform/clock.ts";
import type {
  LiveConversationMessage,
  LiveCounts,
  NotificationActivityType,
  NotificationPreferences,
} from "@parley/contracts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { extractMentions, normalizeFormat } from "../../platform/render/index.ts";
import type { LiveMessage } from "./live.bus.ts";
import { userChannel, type LiveHub } from "./live.hub.ts";
import { notificationsPolicy } from "./notifications.policy.ts";
import { presentNotification } from "./notifications.present.ts";
import { extractQuotes } from "./notifications.quotes.ts";
import type { Preferences } from "./notifications.preferences.ts";
import type { NotificationRequestedEvent } from "./notifications.events.ts";
import type { NotificationsRepo, PostSource } from "./notifications.repo.ts";

/** One reason wins per member and post, in this order (a mention in my own discussion is a mention). */
const priority: NotificationActivityType[] = [
  "Mention",
  "Quote",
  "DiscussionComment",
  "BookmarkComment",
  "ParticipateComment",
];

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

/** The notification's sentence: HTML with only `<b>` tags, names and titles escaped. */
function sentence(type: NotificationActivityType, actor: string, title: string, recordType: string): string {
  const who = `<b>${escapeHtml(actor)}</b>`;
  const what = `<b>${escapeHtml(title)}</b>`;
  switch (type) {
    case "DiscussionComment":
      return `${who} commented on ${what}.`;
    case "BookmarkComment":
      return `${who} commented on your bookmarked discussion ${what}.`;
    case "ParticipateComment":
      return `${who} commented on ${what}, where you took part.`;
    case "Mention":
      return `${who} mentioned you in ${what}.`;
    case "Quote":
      return `${who} quoted your post in ${what}.`;
    case "Reaction":
      return `${who} reacted to your ${recordType === "comment" ? "comment" : "discussion"} ${what}.`;
    case "ConversationMessage":
      return `${who} sent you a message: ${what}.`;
    case "GroupInvite":
      return `${who} invited you to join ${what}.`;
    case "GroupApply":
      return `${who} applied to join ${what}.`;
    case "GroupApproved":
      return `Your application to join ${what} was approved.`;
    case "DataExport":
      return `Your data is ready to download.`;
    case "PostApproved":
      return recordType === "comment"
        ? `Your comment in ${what} was approved.`
        : `Your discussion ${what} was approved.`;
    case "PostRejected":
      return `Your post ${what} was not approved.`;
    case "Warning":
      return `${who} warned you: ${what}.`;
    case "IdeaStatus":
      return `${who} changed the status of ${what}, which you voted on.`;
    case "Badge":
      return `You earned the ${what} badge.`;
  }
}

const postPath = (source: Pick<PostSource, "recordType" | "recordID">) =>
  source.recordType === "comment"
    ? `/discussion/comment/${source.recordID}#Comment_${source.recordID}`
    : `/discussion/${source.recordID}`;

/** One notification to make: who, why, about what. */
export interface Delivery {
  userID: number;
  activityType: NotificationActivityType;
  recordType: string;
  recordID: number;
  discussionID: number | null;
  /** For the per-event view check of live delivery; null when the emitter checked (conversations). */
  categoryID: number | null;
  actorUserID: number;
  body: string;
  url: string;
}

const compareDeliveries = (a: Delivery, b: Delivery): number =>
  a.userID - b.userID ||
  a.activityType.localeCompare(b.activityType) ||
  a.recordType.localeCompare(b.recordType) ||
  a.recordID - b.recordID;

/**
 * Turns content events into notifications: picks the recipients and their reason, drops the actor,
 * muted discussions and anyone who may not view the post, applies each member's preferences, then
 * writes the notifications and their live events in one transaction and, after commit, publishes them
 * and sends the e-mail.
 */
export function createGenerator(deps: {
  repo: NotificationsRepo;
  preferences: Preferences;
  hub: LiveHub;
  viewerFor: (user: NonNullable<Viewer["user"]>) => Promise<Viewer>;
  /** Categories the member may not view now (their unread count leaves those notifications out). */
  hiddenFor: (user: NonNullable<Viewer["user"]>) => Promise<number[]>;
  sendMail: (notificationIDs: number[]) => Promise<unknown>;
  clock: Clock;
  /** Of `userIDs`, the members who ignore `userID` (the ignore feature's answer): its mentions don't tell them. */
  ignorersAmong?: ((userID: number, userIDs: number[]) => Promise<Set<number>>) | undefined;
}) {
  const { repo, preferences, hub } = deps;

  /** Writes the deliveries the members' preferences allow; `group` refreshes an existing one (reactions). */
  async function deliver(deliveries: Delivery[], options: { group: boolean }) {
    if (!deliveries.length) return [];
    const prefs = await preferences.ofMany([...new Set(deliveries.map((d) => d.userID))]);
    // In one order for every writer (member, then reason and record): two posts' deliveries to the same
    // members lock their rows in the same order, so on PostgreSQL they wait for each other instead of
    // deadlocking (which rolled one post's notifications back: 19 lost with 20 members writing at once).
    const allowed = deliveries
      .map((delivery) => ({ delivery, pref: prefs.get(delivery.userID)![delivery.activityType] }))
      .filter(({ pref }) => pref.popup || pref.email)
      .sort((a, b) => compareDeliveries(a.delivery, b.delivery));
    if (!allowed.length) return [];
    const date = deps.clock.nowIso();
    // Read before the transaction (SQLite's one connection is the transaction's until it ends), the
    // recipients' rows in one query.
    const hidden = new Map<number, number[]>();
    const told = [...new Set(allowed.filter(({ pref }) => pref.popup).map(({ delivery }) => delivery.userID))];
    for (const user of told.length ? await repo.usersByIds(told) : [])
      hidden.set(user.userID, await deps.hiddenFor(user));
    const { messages, mail } = await repo.transaction(async (scoped) => {
      const messages: LiveMessage[] = [];
      const mail: number[] = [];
      const counted = new Set<number>();
      for (const { delivery, pref } of allowed) {
        const { categoryID, ...fields } = delivery;
        const row = await scoped.upsert(
          { ...fields, popup: pref.popup ? 1 : 0, emailStatus: pref.email ? "pending" : "none", date },
          options.group,
        );
        if (!row) continue;
        if (pref.email) mail.push(row.notificationID);
        if (!pref.popup) continue;
        const [actor] = await scoped.usersByIds([row.actorUserID]);
        const notification = presentNotification(
          { ...row, actorPhotoUrl: actor?.photoUrl ?? null, actorName: actor?.name ?? null },
          "",
        );
        messages.push(
          await hub.log(scoped, userChannel(row.userID), { type: "notification", notification, categoryID }, date),
        );
        counted.add(row.userID);
      }
      for (const userID of counted) {
        const counts = { countUnreadNotifications: await scoped.countUnread(userID, hidden.get(userID) ?? []) };
        messages.push(await hub.log(scoped, userChannel(userID), { type: "counts", counts }, date));
      }
      return { messages, mail };
    });
    await hub.publish(messages);
    if (mail.length) await deps.sendMail(mail);
    return messages;
  }

  /** Members (by id) who may be told about this post: not the actor, not muted, allowed to view it. */
  async function eligible(userIDs: Iterable<number>, source: PostSource, actorUserID: number, muted: Set<number>) {
    const ids = [...new Set(userIDs)].filter((id) => id !== actorUserID && id > 0 && !muted.has(id));
    const users = await repo.usersByIds(ids);
    const out = new Set<number>();
    for (const user of users) {
      const viewer = await deps.viewerFor(user);
      if (notificationsPolicy.canViewPost(viewer, source)) out.add(user.userID);
    }
    return out;
  }

  /** Authors of the posts a body quotes. */
  async function quotedAuthors(source: PostSource, format: NonNullable<ReturnType<typeof normalizeFormat>>) {
    const authors: number[] = [];
    for (const quoted of extractQuotes(source.body, format)) {
      const post =
        quoted.recordType === "comment"
          ? await repo.commentSource(quoted.recordID)
          : await repo.discussionSource(quoted.recordID);
      if (post) authors.push(post.insertUserID);
    }
    return authors;
  }

  /** A new or edited post: mentions and quotes; a new comment also tells the discussion's author and followers. */
  async function fromPost(source: PostSource, actorUserID: number, kind: "created" | "updated") {
    const format = normalizeFormat(source.format) ?? "text";
    const reasons = new Map<number, Set<NotificationActivityType>>();
    const add = (userID: number, type: NotificationActivityType) => {
      const set = reasons.get(userID) ?? new Set();
      set.add(type);
      reasons.set(userID, set);
    };
    const mentioned = await repo.usersByNames(extractMentions(source.body, format));
    const ignoring =
      deps.ignorersAmong && mentioned.length
        ? await deps.ignorersAmong(
            actorUserID,
            mentioned.map((user) => user.userID),
          )
        : new Set<number>();
    for (const user of mentioned) if (!ignoring.has(user.userID)) add(user.userID, "Mention");
    for (const userID of await quotedAuthors(source, format)) add(userID, "Quote");
    const followers = await repo.discussionFollowers(source.discussionID);
    const muted = new Set(followers.filter((f) => f.muted === 1).map((f) => f.userID));
    if (kind === "created" && source.recordType === "comment") {
      add(source.discussionInsertUserID, "DiscussionComment");
      for (const follower of followers) {
        if (follower.bookmarked === 1) add(follower.userID, "BookmarkComment");
        // The author took part by starting it: their reason is DiscussionComment (and its preferences) alone.
        if (follower.participated === 1 && follower.userID !== source.discussionInsertUserID)
          add(follower.userID, "ParticipateComment");
      }
    }
    // An edit tells only people not told about this post before (a new mention), never twice.
    const already = kind === "updated" ? await repo.notifiedAbout(source.recordType, source.recordID) : new Set();
    const allowed = await eligible(
      [...reasons.keys()].filter((id) => !already.has(id)),
      source,
      actorUserID,
      muted,
    );
    if (!allowed.size) return [];
    const actor = (await repo.usersByIds([actorUserID]))[0]?.name ?? "Someone";
    const prefs = await preferences.ofMany([...allowed]);
    const deliveries: Delivery[] = [];
    for (const userID of allowed) {
      const mine = reasons.get(userID)!;
      const pref = prefs.get(userID)!;
      const type = priority.find((candidate) => mine.has(candidate) && wanted(pref, candidate));
      if (!type) continue;
      deliveries.push({
        userID,
        activityType: type,
        recordType: source.recordType,
        recordID: source.recordID,
        discussionID: source.discussionID,
        categoryID: source.categoryID,
        actorUserID,
        body: sentence(type, actor, source.discussionName, source.recordType),
        url: postPath(source),
      });
    }
    return deliver(deliveries, { group: false });
  }

  const wanted = (pref: NotificationPreferences, type: NotificationActivityType) =>
    pref[type].popup || pref[type].email;

  return {
    deliver,
    fromPost,

    async commentCreated(commentID: number, actorUserID: number) {
      const source = await repo.commentSource(commentID);
      if (source) await fromPost(source, actorUserID, "created");
    },
    async commentUpdated(commentID: number, actorUserID: number) {
      const source = await repo.commentSource(commentID);
      if (source) await fromPost(source, actorUserID, "updated");
    },
    async discussionPosted(discussionID: number, actorUserID: number, kind: "created" | "updated") {
      const source = await repo.discussionSource(discussionID);
      if (source) await fromPost(source, actorUserID, kind);
    },

    /** A reaction tells the post's author (grouped per post: count goes up, unread again). */
    async reactionAdded(recordType: "discussion" | "comment", recordID: number, actorUserID: number) {
      const source =
        recordType === "comment" ? await repo.commentSource(recordID) : await repo.discussionSource(recordID);
      if (!source) return;
      const followers = await repo.discussionFollowers(source.discussionID);
      const muted = new Set(followers.filter((f) => f.muted === 1).map((f) => f.userID));
      const allowed = await eligible([source.insertUserID], source, actorUserID, muted);
      if (!allowed.size) return;
      const actor = (await repo.usersByIds([actorUserID]))[0]?.name ?? "Someone";
      await deliver(
        [...allowed].map((userID) => ({
          userID,
          activityType: "Reaction" as const,
          recordType: source.recordType,
          recordID: source.recordID,
          discussionID: source.discussionID,
          categoryID: source.categoryID,
          actorUserID,
          body: sentence("Reaction", actor, source.discussionName, source.recordType),
          url: postPath(source),
        })),
        { group: true },
      );
    },

    /**
     * `idea.status.changed` (the ideation add-on): each voter who may still view the idea is told its new status
     * (the status's name rides in the title: "Planned: the idea's name").
     */
    async ideaStatusChanged(discussionID: number, actorUserID: number, voterIDs: number[], statusName: string) {
      const source = await repo.discussionSource(discussionID);
      if (!source) return;
      const followers = await repo.discussionFollowers(discussionID);
      const muted = new Set(followers.filter((f) => f.muted === 1).map((f) => f.userID));
      const allowed = await eligible(voterIDs, source, actorUserID, muted);
      if (!allowed.size) return;
      const actor = (await repo.usersByIds([actorUserID]))[0]?.name ?? "Someone";
      await deliver(
        [...allowed].map((userID) => ({
          userID,
          activityType: "IdeaStatus" as const,
          recordType: "discussion" as const,
          recordID: discussionID,
          discussionID,
          categoryID: source.categoryID,
          actorUserID,
          body: sentence("IdeaStatus", actor, `${source.discussionName} (${statusName})`, "discussion"),
          url: postPath(source),
        })),
        { group: false },
      );
    },

    /** `notification.requested` (conversations): the emitter has checked the recipients may read the record. */
    async requested(event: NotificationRequestedEvent) {
      const actor = (await repo.usersByIds([event.actorUserID]))[0]?.name ?? "Someone";
      const recipients = await repo.usersByIds(event.userIDs.filter((id) => id !== event.actorUserID));
      await deliver(
        recipients
          .filter((user) => user.deleted === 0 && user.banned === 0)
          .map((user) => ({
            userID: user.userID,
            activityType: event.activityType,
            recordType: event.recordType,
            recordID: event.recordID,
            discussionID: null,
            categoryID: null,
            actorUserID: event.actorUserID,
            body: sentence(event.activityType, actor, event.title, event.recordType),
            url: event.url,
          })),
        { group: true },
      );
    },

    /**
     * A conversation's live events, on each named member's own channel: the new `message` (when given)
     * and their `counts`. The conversations feature names only participants.
     */
    async conversationStream(
      message: LiveConversationMessage | null,
      userIDs: number[],
      counts: (userID: number) => Promise<LiveCounts>,
    ) {
      const date = deps.clock.nowIso();
      const messages: LiveMessage[] = [];
      for (const userID of new Set(userIDs)) {
        if (message) {
          const data = {
            messageID: message.messageID,
            conversationID: message.conversationID,
            insertUserID: message.insertUserID,
            dateInserted: toRfc3339(message.dateInserted),
          };
          messages.push(await hub.log(repo, userChannel(userID), { type: "message", message: data, userID }, date));
        }
        messages.push(await hub.log(repo, userChannel(userID), { type: "counts", counts: await counts(userID) }, date));
      }
      await hub.publish(messages);
    },

    /** The live `comment` event of a discussion's page. */
    async commentStream(commentID: number) {
      const source = await repo.commentSource(commentID);
      if (!source) return;
      const date = deps.clock.nowIso();
      const message = await hub.log(
        repo,
        `discussion:${source.discussionID}`,
        {
          type: "comment",
          categoryID: source.categoryID,
          comment: {
            commentID: source.recordID,
            discussionID: source.discussionID,
            insertUserID: source.insertUserID,
            dateInserted: toRfc3339(source.dateInserted),
          },
        },
        date,
      );
      await hub.publish([message]);
    },
  };
}
