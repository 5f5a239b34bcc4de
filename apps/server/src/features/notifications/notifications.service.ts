import { type Notification, type NotificationListQuery } from "@parley/contracts";
import type { Clock } from "../../platform/clock.ts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { notFound } from "../../platform/errors.ts";
import type { RequestContext as NotificationRequestContext } from "../../platform/http/request-context.ts";
import { userChannel, type LiveHub } from "./live.hub.ts";
import { presentNotification } from "./notifications.present.ts";
import type { ListedNotification, NotificationsRepo } from "./notifications.repo.ts";

const DEFAULT_LIMIT = 30;

/**
 * A member's own notifications: the list (newest first, more-pager), one, mark read, mark all read.
 * Those about discussions in categories the member may no longer view are left out, of the list and
 * of the unread count, as if they were gone (they come back if the access does).
 */
export function createNotificationsService(deps: {
  repo: NotificationsRepo;
  hub: LiveHub;
  /** Categories the viewer may not view now. */
  hiddenOf: (viewer: Viewer) => Promise<number[]>;
  clock: Clock;
}) {
  const { repo, hub, hiddenOf, clock } = deps;

  /** Tells the member's open streams (every process) the new unread count. */
  async function publishCounts(viewer: Viewer) {
    const userID = viewer.userID;
    const counts = { countUnreadNotifications: await repo.countUnread(userID, await hiddenOf(viewer)) };
    const message = await hub.log(repo, userChannel(userID), { type: "counts", counts }, clock.nowIso());
    await hub.publish([message]);
  }

  async function presentMany(rows: ListedNotification[], origin: string, expand: string[] | undefined) {
    const wantsDiscussion = (expand ?? []).some((name) => name === "discussion" || name === "all" || name === "true");
    const ids = [...new Set(rows.map((row) => row.discussionID).filter((id): id is number => id !== null))];
    const discussions = new Map(
      (wantsDiscussion ? await repo.discussionsOf(ids) : []).map((row) => [row.discussionID, row]),
    );
    return rows.map((row) => {
      const discussion = row.discussionID === null ? undefined : discussions.get(row.discussionID);
      return presentNotification(
        row,
        origin,
        discussion && { ...discussion, url: `/discussion/${discussion.discussionID}` },
      );
    });
  }

  async function own(id: number, viewer: Viewer): Promise<ListedNotification> {
    requireSignedIn(viewer);
    const row = await repo.findById(id, await hiddenOf(viewer));
    // Someone else's notification is as good as missing.
    if (!row || row.userID !== viewer.userID || row.popup !== 1) throw notFound("Notification");
    return row;
  }

  return {
    async list(query: NotificationListQuery, context: NotificationRequestContext) {
      const { viewer, origin } = context;
      requireSignedIn(viewer);
      const page = query.page ?? 1;
      const limit = query.limit ?? DEFAULT_LIMIT;
      const rows = await repo.list(viewer.userID, (page - 1) * limit, limit, await hiddenOf(viewer));
      return { items: await presentMany(rows, origin, query.expand), page, limit };
    },

    async get(id: number, expand: string[] | undefined, context: NotificationRequestContext): Promise<Notification> {
      return (await presentMany([await own(id, context.viewer)], context.origin, expand))[0]!;
    },

    async markRead(id: number, context: NotificationRequestContext): Promise<Notification> {
      const { viewer, origin } = context;
      const row = await own(id, viewer);
      if (row.read !== 1) {
        await repo.markRead(viewer.userID, id);
        await publishCounts(viewer);
      }
      return (await presentMany([{ ...row, read: 1 }], origin, undefined))[0]!;
    },

    /** Every notification read; the unread count is 0 (spec §4). */
    async markAllRead(context: NotificationRequestContext): Promise<void> {
      const { viewer } = context;
      requireSignedIn(viewer);
      await repo.markAllRead(viewer.userID);
      await publishCounts(viewer);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
