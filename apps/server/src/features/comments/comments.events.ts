/** The events comments emit after their transaction commits. */
export interface CommentEvent {
  commentID: number;
  discussionID: number;
  categoryID: number;
  insertUserID: number;
  actorUserID: number;
}

declare module "../../platform/events.ts" {
  interface EventMap {
    "comment.created": CommentEvent;
    "comment.updated": CommentEvent;
    "comment.deleted": CommentEvent;
  }
}
