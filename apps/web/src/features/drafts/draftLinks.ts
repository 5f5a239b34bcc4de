import type { Draft } from "@parley/contracts";
import { groupPaths } from "@parley/contracts/groups-constants";

/**
 * Where a new discussion's draft continues (spec §2's `/post/editdiscussion/0/{draftID}`: record 0 means
 * none): the create-post form with the draft named, in the draft's group when it was started in one
 * (`/post/discussion/social-groups?groupid=`), so that continuing it keeps the group.
 */
export function newDiscussionDraftPath(
  draftID: number,
  draft: Pick<Draft, "parentRecordType" | "parentRecordID"> | null,
): string {
  const groupID = draft?.parentRecordType === "group" ? (draft.parentRecordID ?? 0) : 0;
  return groupID > 0
    ? `${groupPaths.newDiscussion(groupID)}&draftID=${draftID}`
    : `/post/discussion?draftID=${draftID}`;
}
