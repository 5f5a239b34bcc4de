import type { Static } from "typebox";
import type { Comment, Discussion, ReactedQuery, ReactedRecord } from "@parley/contracts";
import { notFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import type { UserFragments } from "../users/index.ts";
import type { ReactionsService } from "./reactions.service.ts";

/*
 * `GET /users/{id}/reacted` (Vanilla's): a member's posts that received a reaction of one type, newest first, as
 * their profile's Reactions tab lists them. The discussions and comments come from their own lists (what the
 * viewer may read, in their categories), merged by date.
 */

type Record = Static<typeof ReactedRecord>;

/** The members' posts the lists give, by author and reaction type, newest first. */
export interface ReactedSources {
  discussions(
    query: { insertUserID: number[]; reactionType: string; limit: number; expand: string[] },
    context: RequestContext,
  ): Promise<{ items: Discussion[] }>;
  comments(
    query: { insertUserID: number; reactionType: string; limit: number; expand: string[] },
    context: RequestContext,
  ): Promise<{ items: Comment[] }>;
}

/** What a discussion and a comment share in the answer. */
const common = (item: Discussion | Comment) => ({
  name: item.name,
  body: item.body ?? "",
  insertUserID: item.insertUserID,
  dateInserted: item.dateInserted,
  dateUpdated: item.dateUpdated ?? item.dateInserted,
  discussionID: item.discussionID,
  url: item.url,
  ...(item.insertUser ? { insertUser: item.insertUser } : {}),
  ...(item.reactions ? { reactions: item.reactions } : {}),
});

const fromDiscussion = (item: Discussion): Record => ({
  ...common(item),
  recordID: item.discussionID,
  recordType: "Discussion",
});

const fromComment = (item: Comment): Record => ({
  ...common(item),
  recordID: item.commentID,
  recordType: "Comment",
  commentID: item.commentID,
});

export async function reactedPosts(
  deps: { service: ReactionsService; users: UserFragments; sources: ReactedSources },
  userID: number,
  query: ReactedQuery,
  context: RequestContext,
): Promise<Record[]> {
  const type = await deps.service.type(query.reactionUrlcode, context);
  if (!(await deps.users.load([userID], context.origin)).has(userID)) throw notFound("User");
  const limit = query.limit ?? 30;
  const wanted = new Set(query.expand ?? []);
  const all = wanted.has("all");
  const expand = [
    ...(all || wanted.has("insertUser") ? ["insertUser"] : ["-insertUser"]),
    ...(all || wanted.has("reactions") ? ["reactions"] : []),
    "-lastUser",
  ];
  const [discussions, comments] = await Promise.all([
    deps.sources.discussions({ insertUserID: [userID], reactionType: type.urlCode, limit, expand }, context),
    deps.sources.comments({ insertUserID: userID, reactionType: type.urlCode, limit, expand }, context),
  ]);
  return [...discussions.items.map(fromDiscussion), ...comments.items.map(fromComment)]
    .sort((a, b) => b.dateInserted.localeCompare(a.dateInserted) || b.recordID - a.recordID)
    .slice(0, limit);
}
