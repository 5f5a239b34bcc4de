/** The events comments emit after their transaction commits. */
interface CommentEvent {
  commentID: number;
  discussionID: number;
  categoryID: number;
  insertUserID: number;
  actorUserID: number;
}

declare module "../../platform/events.ts" {
  interface EventMap {
    /** `draftID`: the poster's draft this came from (the drafts feature deletes it). */
    "comment.created": CommentEvent & { draftID?: number };
    "comment.updated": CommentEvent;
    "comment.deleted": CommentEvent;
  }
}

export {};
