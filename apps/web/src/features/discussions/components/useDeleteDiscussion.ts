import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "../../../lib/query.ts";
import { useNavigate } from "react-router";
import type { Discussion } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { useToast } from "../../../ui/toast/ToastProvider.tsx";
import { discussionsWriteApi } from "../discussions.write.api.ts";
import { removeDiscussionFromCaches } from "./discussionCache.ts";
import { errorText } from "./errorText.ts";

/** Where the browser goes after a delete: the category's address when known (spec §2), else the list. */
const afterDeletePath = (discussion: Pick<Discussion, "category">) =>
  discussion.category ? new URL(discussion.category.url).pathname : "/discussions";

/** DELETE, then out of the caches (spec §4) and on to the category; a failure is a toast. */
export function useDeleteDiscussion(discussion: Pick<Discussion, "discussionID" | "category">) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { addToast } = useToast();
  return useMutation({
    mutationFn: () => discussionsWriteApi.remove(api, discussion.discussionID),
    onSuccess: async () => {
      // Leave the page first, so nothing re-reads the discussion that is gone.
      await navigate(afterDeletePath(discussion), { replace: true });
      removeDiscussionFromCaches(queryClient, discussion.discussionID);
    },
    onError: (error) =>
      addToast({ toastID: `delete-${discussion.discussionID}`, body: errorText(error), dismissible: true }),
  });
}
