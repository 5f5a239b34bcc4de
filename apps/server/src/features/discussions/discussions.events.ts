/** The events discussions emit after their transaction commits. */
export interface DiscussionEvent {
  discussionID: number;
  categoryID: number;
  insertUserID: number;
  /** Who did it. */
  actorUserID: number;
}

declare module "../../platform/events.ts" {
  interface EventMap {
    "discussion.created": DiscussionEvent;
    "discussion.updated": DiscussionEvent & { fields: string[] };
    "discussion.deleted": DiscussionEvent;
    "discussion.moved": DiscussionEvent & { fromCategoryID: number };
  }
}
