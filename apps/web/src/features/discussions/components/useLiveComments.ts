import type { LiveComment } from "@parley/contracts";
import { useEffect, useRef, useState } from "react";
import { liveDiscussion } from "../../../lib/live-discussion.ts";

/**
 * New comments on the discussion being read, from the live stream: other members' comments that are
 * not on the page yet. `clear()` forgets them (they were shown).
 */
export function useLiveComments(discussionID: number, viewerID: number, shownIDs: readonly number[]) {
  const [fresh, setFresh] = useState<LiveComment[]>([]);
  const shown = useRef(new Set<number>());
  shown.current = new Set(shownIDs);
  useEffect(() => {
    setFresh([]);
    if (viewerID === 0) return;
    return liveDiscussion.watch(discussionID, (comment) => {
      if (comment.insertUserID === viewerID || shown.current.has(comment.commentID)) return;
      setFresh((list) => (list.some((item) => item.commentID === comment.commentID) ? list : [...list, comment]));
    });
  }, [discussionID, viewerID]);
  // Comments that have since appeared on the page are no longer new.
  const pending = fresh.filter((comment) => !shown.current.has(comment.commentID));
  return { comments: pending, clear: () => setFresh([]) };
}
