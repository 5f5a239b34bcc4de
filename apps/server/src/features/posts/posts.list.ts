import { limits, type DiscussionListQuery, type PostListQuery } from "@parley/contracts";
import type { RequestContext } from "../../platform/http/request-context.ts";

/** The discussions feature's list (`GET /discussions`): its category permissions, filters and presenter. */
export type ListDiscussions = (
  query: DiscussionListQuery,
  context: RequestContext,
) => Promise<{ items: unknown[]; page: number; limit: number; total: number }>;

/**
 * `GET /posts`: the posts of every type the viewer may read. Each post is a discussion of some type, so the list
 * is the discussions' own, asked with the filters a post list takes: the same permission filtering, one query.
 */
export function listPosts(list: ListDiscussions, query: PostListQuery, context: RequestContext) {
  return list({ ...query, limit: query.limit ?? limits.api.defaultLimit }, context);
}
