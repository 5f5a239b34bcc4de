import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { Comment } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { useToast } from "../../../ui/toast/ToastProvider.tsx";
import { discussionsApi } from "../discussions.api.ts";
import { discussionKeys } from "../discussions.queries.ts";
import { errorText } from "./errorText.ts";

type Page = { items: Comment[]; total: number };

/** Saving an inline comment edit: PATCH, then the cached page shows the new body. */
export function useUpdateComment(commentID: number, pageKey: QueryKey) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: string; format: string }) => discussionsApi.updateComment(api, commentID, input),
    onSuccess: (updated) =>
      queryClient.setQueryData<Page>(pageKey, (page) =>
        page
          ? {
              ...page,
              items: page.items.map((item) =>
                item.commentID === commentID
                  ? {
                      ...item,
                      body: updated.body,
                      dateUpdated: updated.dateUpdated,
                      updateUserID: updated.updateUserID,
                    }
                  : item,
              ),
            }
          : page,
      ),
  });
}

/** Deleting a comment: DELETE, then the discussion's pages and counts are read again. */
export function useDeleteComment(commentID: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { addToast } = useToast();
  return useMutation({
    mutationFn: () => discussionsApi.removeComment(api, commentID),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discussionKeys.all }),
    onError: (error) => addToast({ toastID: `comment-delete-${commentID}`, body: errorText(error), dismissible: true }),
  });
}
