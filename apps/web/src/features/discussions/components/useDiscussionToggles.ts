import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "../../../lib/query.ts";
import type { Discussion } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { useToast } from "../../../ui/toast/ToastProvider.tsx";
import { discussionsWriteApi } from "../discussions.write.api.ts";
import { discussionKeys } from "../discussions.queries.ts";
import { updateDiscussionEverywhere } from "./discussionCache.ts";
import { errorText } from "./errorText.ts";

/**
 * Bookmark, optimistically (spec §4): the flag flips at once; on failure it flips back and a dismissible
 * toast says 'There was a problem bookmarking this discussion.'.
 */
export function useBookmark(discussionID: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { addToast } = useToast();
  return useMutation({
    mutationFn: (bookmarked: boolean) => discussionsWriteApi.bookmark(api, discussionID, bookmarked),
    onMutate: async (bookmarked: boolean) => {
      await queryClient.cancelQueries({ queryKey: discussionKeys.detail(discussionID) });
      updateDiscussionEverywhere(queryClient, discussionID, (discussion) => ({ ...discussion, bookmarked }));
      return { previous: !bookmarked };
    },
    onError: (_error, _bookmarked, context) => {
      if (context) {
        updateDiscussionEverywhere(queryClient, discussionID, (discussion) => ({
          ...discussion,
          bookmarked: context.previous,
        }));
      }
      addToast({
        toastID: `bookmark-${discussionID}`,
        body: t("There was a problem bookmarking this discussion."),
        dismissible: true,
      });
    },
    onSuccess: ({ bookmarked }) =>
      updateDiscussionEverywhere(queryClient, discussionID, (discussion) => ({ ...discussion, bookmarked })),
  });
}

/**
 * Mute or unmute (spec §4): the flag flips when the server says so, with 'Discussion has been muted.'
 * or '…unmuted.'; a failure is a persistent dismissible toast with the error (spec §8).
 */
export function useMute(discussionID: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { addToast } = useToast();
  return useMutation({
    mutationFn: (muted: boolean) => discussionsWriteApi.mute(api, discussionID, muted),
    onSuccess: ({ muted }) => {
      updateDiscussionEverywhere(queryClient, discussionID, (discussion: Discussion) => ({ ...discussion, muted }));
      addToast({
        toastID: `mute-${discussionID}`,
        body: muted ? t("Discussion has been muted.") : t("Discussion has been unmuted."),
      });
    },
    onError: (error) =>
      addToast({ toastID: `mute-${discussionID}`, body: errorText(error), persistent: true, dismissible: true }),
  });
}
