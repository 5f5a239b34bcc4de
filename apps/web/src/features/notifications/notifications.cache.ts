import type { QueryClient } from "@tanstack/react-query";
import type { Me, Notification } from "@parley/contracts";
import { userKeys } from "../users/index.ts";
import type { NotificationPage } from "./notifications.api.ts";
import { notificationKeys } from "./notifications.queries.ts";

/**
 * What changes in the cache when notifications change: the cached pages of the list and the unread
 * count of `me` (the badges). Used by the mutations (optimistically) and the live stream.
 */

/** Every cached notifications page, with its key (for snapshots and rollback). */
export const cachedPages = (queryClient: QueryClient) =>
  queryClient.getQueriesData<NotificationPage>({ queryKey: notificationKeys.lists() });

export function setUnreadCount(queryClient: QueryClient, count: number): void {
  queryClient.setQueryData<Me>(userKeys.me(), (me) =>
    me && me.userID !== 0 && me.countUnreadNotifications !== count ? { ...me, countUnreadNotifications: count } : me,
  );
}

export const unreadCountOf = (queryClient: QueryClient) =>
  queryClient.getQueryData<Me>(userKeys.me())?.countUnreadNotifications ?? 0;

function updatePages(queryClient: QueryClient, update: (item: Notification) => Notification): void {
  queryClient.setQueriesData<NotificationPage>({ queryKey: notificationKeys.lists() }, (page) =>
    page ? { ...page, items: page.items.map(update) } : page,
  );
}

export const markAllReadInCache = (queryClient: QueryClient) => {
  updatePages(queryClient, (item) => (item.read ? item : { ...item, read: true }));
  setUnreadCount(queryClient, 0);
};

/** One notification read; the count goes down by one when it was unread in the cache. */
export const markReadInCache = (queryClient: QueryClient, notificationID: number) => {
  let wasUnread = false;
  updatePages(queryClient, (item) => {
    if (item.notificationID !== notificationID || item.read) return item;
    wasUnread = true;
    return { ...item, read: true };
  });
  if (wasUnread) setUnreadCount(queryClient, Math.max(0, unreadCountOf(queryClient) - 1));
};

/**
 * A notification from the live stream: it goes on top of every cached first page (replacing an older
 * copy of itself, as grouped reactions update one notification), the page keeping its size.
 */
export function prependNotification(queryClient: QueryClient, notification: Notification): void {
  for (const [key, page] of cachedPages(queryClient)) {
    if (!page) continue;
    const [, , pageNumber, limit] = key as ReturnType<typeof notificationKeys.list>;
    const others = page.items.filter((item) => item.notificationID !== notification.notificationID);
    if (pageNumber !== 1) {
      // Later pages shift by one: they are refetched when next shown.
      void queryClient.invalidateQueries({ queryKey: key, refetchType: "none" });
      continue;
    }
    const items = [notification, ...others];
    const overflow = items.length > limit;
    queryClient.setQueryData<NotificationPage>(key, {
      items: overflow ? items.slice(0, limit) : items,
      hasMore: page.hasMore || overflow,
    });
  }
}
