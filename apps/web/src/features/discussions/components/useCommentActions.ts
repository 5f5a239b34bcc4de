import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "../../../lib/query.ts";
import { useApi } from "../../../lib/api-context.tsx";
import { useToast } from "../../../ui/toast/ToastProvider.tsx";
import { discussionsApi } from "../discussions.api.ts";
import { discussionKeys } from "../discussions.queries.ts";
import { errorText } from "./errorText.ts";

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
