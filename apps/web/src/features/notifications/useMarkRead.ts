import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "../../lib/query.ts";
import type { Me } from "@parley/contracts";
import { useApi } from "../../lib/api-context.tsx";
import { t } from "../../lib/i18n.ts";
import { useToast } from "../../ui/toast/ToastProvider.tsx";
import { userKeys } from "../users/index.ts";
import { notificationsApi } from "./notifications.api.ts";
import { cachedPages, markAllReadInCache, markReadInCache } from "./notifications.cache.ts";
import { notificationKeys } from "./notifications.queries.ts";

/** The cache as it was before an optimistic change, to put back on failure. */
function useSnapshot() {
  const queryClient = useQueryClient();
  return {
    take: async () => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: notificationKeys.lists() }),
        queryClient.cancelQueries({ queryKey: userKeys.me() }),
      ]);
      return { pages: cachedPages(queryClient), me: queryClient.getQueryData<Me>(userKeys.me()) };
    },
    restore: (snapshot: { pages: ReturnType<typeof cachedPages>; me: Me | undefined } | undefined) => {
      if (!snapshot) return;
      for (const [key, page] of snapshot.pages) queryClient.setQueryData(key, page);
      if (snapshot.me) queryClient.setQueryData(userKeys.me(), snapshot.me);
    },
  };
}

/**
 * 'Mark All Read' (spec §4): every notification read and the unread count 0 at once; on failure the
 * list and the badge come back as they were and a toast says so.
 */
export function useMarkAllRead() {
  const api = useApi();
  const queryClient = useQueryClient();
  const snapshot = useSnapshot();
  const { addToast } = useToast();
  return useMutation({
    mutationFn: () => notificationsApi.markAllRead(api),
    onMutate: async () => {
      const previous = await snapshot.take();
      markAllReadInCache(queryClient);
      return previous;
    },
    onError: (_error, _variables, previous) => {
      snapshot.restore(previous);
      addToast({ toastID: "notifications-mark-all-read", body: t("The notifications could not be marked read.") });
    },
  });
}

/** One notification read when its link is followed; the badge goes down by one. Quiet on failure. */
export function useMarkRead() {
  const api = useApi();
  const queryClient = useQueryClient();
  const snapshot = useSnapshot();
  return useMutation({
    mutationFn: (notificationID: number) => notificationsApi.markRead(api, notificationID),
    onMutate: async (notificationID: number) => {
      const previous = await snapshot.take();
      markReadInCache(queryClient, notificationID);
      return previous;
    },
    onError: (_error, _variables, previous) => snapshot.restore(previous),
  });
}
