import type { QueryClient } from "@tanstack/react-query";
import { discussionKeys } from "./discussions.queries.ts";

/**
 * Before going to a post that was just written (a notification's link, the new-comments notice):
 * the discussion's cached pages are 5 minutes fresh and would not have it. Pages not on screen are
 * dropped (their loaders fetch them anew); the ones on screen are refetched.
 */
export async function refreshDiscussion(queryClient: QueryClient, discussionID: number): Promise<void> {
  const commentPages = [...discussionKeys.all, "comments", discussionID];
  queryClient.removeQueries({ queryKey: commentPages, type: "inactive" });
  queryClient.removeQueries({ queryKey: discussionKeys.detail(discussionID), type: "inactive" });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: discussionKeys.detail(discussionID) }),
    queryClient.invalidateQueries({ queryKey: commentPages }),
  ]);
}
