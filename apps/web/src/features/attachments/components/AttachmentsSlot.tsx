import type { QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Me } from "@parley/contracts";
import type { ApiClient } from "../../../lib/api.ts";
import { onDemand, useOnDemand } from "../../../ui/on-demand.ts";
import { seesAttachments } from "../attachments.permissions.ts";
import type * as BoxModule from "./AttachmentsBox.tsx";

/**
 * A post's tickets come on demand, so the reading pages' scripts never carry them (only staff see them): the
 * server renders them, and the browser loads them before hydrating a page that has them.
 */
const boxPart = onDemand<typeof BoxModule>(() => import("./AttachmentsBox.tsx"), { rendered: "[data-attachments]" });

/** A post's tickets for staff (a comment's with `commentID`, else the discussion's); nothing for anyone else. */
export function AttachmentsSlot({
  discussionID,
  commentID,
  me,
}: {
  discussionID: number;
  commentID?: number | undefined;
  me: Me | undefined;
}) {
  const { module, preload } = useOnDemand(boxPart);
  const staff = seesAttachments(me);
  useEffect(() => {
    if (staff) preload();
  }, [staff, preload]);
  if (!staff || !module) return null;
  return <module.AttachmentsBox discussionID={discussionID} commentID={commentID} />;
}

/**
 * The discussion page's prefetch of its tickets, for staff (the box's code and queries load with it): the
 * discussion's and its comments' on the page, these in one call.
 */
export const prefetchDiscussionAttachments = (
  queryClient: QueryClient,
  api: ApiClient,
  discussionID: number,
  commentIDs: number[] = [],
) => boxPart.load().then((box) => box.prefetchAttachments(queryClient, api, discussionID, commentIDs));
