import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import { createMentionsRepo } from "./mentions.repo.ts";
import { mentionsRoutes } from "./mentions.routes.ts";
import { createMentionsService, type MentionedPosts } from "./mentions.service.ts";

export { rebuildMentionIndex } from "./mentions.repo.ts";
export type { MentionedPosts };

/**
 * Mentions (Vanilla's user mentions): the index of who is mentioned in which post, kept as posts are written,
 * edited and deleted (their features' events), a member's list, and anonymising a deleted member's mentions.
 */
export async function registerMentions(app: FastifyInstance, platform: Platform, posts: MentionedPosts): Promise<void> {
  const repo = createMentionsRepo(platform.db);
  const { events, clock } = platform;
  // A split's new discussion is created with its comments; a merge or split changes the comments of those it updates
  // (`countComments`); a deleted discussion's comments went with it, or to a merge's destination.
  events.on("discussion.created", ({ discussionID }) => repo.reindexDiscussion(discussionID, "all"));
  events.on("discussion.updated", ({ discussionID, fields }) =>
    repo.reindexDiscussion(discussionID, fields.includes("countComments") ? "all" : "none", clock.nowIso()),
  );
  events.on("discussion.moved", ({ discussionID }) => repo.reindexDiscussion(discussionID, "none"));
  events.on("discussion.deleted", ({ discussionID }) => repo.reindexDiscussion(discussionID, "indexed"));
  events.on("comment.created", ({ commentID }) => repo.reindex("comment", commentID));
  events.on("comment.updated", ({ commentID }) => repo.reindex("comment", commentID, clock.nowIso()));
  events.on("comment.deleted", ({ commentID }) => repo.reindex("comment", commentID));
  // Vanilla's statuses: a deleted member's mentions wait for an administrator to anonymise them.
  events.on("user.deleted", ({ userID }) => repo.markToDelete(userID));
  const service = createMentionsService({ repo, posts });
  platform.longRunner.register(service.anonymizeAction);
  await app.register(mentionsRoutes, { prefix: "/api/v2", service, longRunner: platform.longRunner });
}
