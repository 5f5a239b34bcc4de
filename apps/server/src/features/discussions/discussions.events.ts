/** The events discussions emit after their transaction commits. */
interface DiscussionEvent {
  discussionID: number;
  categoryID: number;
  insertUserID: number;
  /** Who did it. */
  actorUserID: number;
}

declare module "../../platform/events.ts" {
  interface EventMap {
    /** `draftID`: the poster's draft this came from (the drafts feature deletes it). */
    "discussion.created": DiscussionEvent & { draftID?: number };
    "discussion.updated": DiscussionEvent & { fields: string[]; draftID?: number };
    "discussion.deleted": DiscussionEvent;
    "discussion.moved": DiscussionEvent & { fromCategoryID: number };
    /** `POST /discussions/resolve-bulk` resolved these many discussions (one event for the whole run). */
    "discussions.resolved": { countResolved: number; actorUserID: number };
    /** An idea's status set by a moderator (the ideation add-on): its voters are told. */
    "idea.status.changed": DiscussionEvent & { statusName: string; voterIDs: number[] };
  }
}

export {};
