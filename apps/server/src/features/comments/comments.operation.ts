import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import type { ReadCache } from "../../platform/read-cache.ts";
import { fieldError, validationFailed } from "../../platform/errors.ts";
import { normalizeFormat } from "../../platform/render/index.ts";
import {
  editWindowFor,
  type CategoryDirectory,
  type DiscussionsService,
  type ReactionSummaries,
  type ReportMetaLoader,
  type UserFragments,
} from "./comments.deps.ts";
import "./comments.events.ts";
import type { CommentRow, CommentsRepo } from "./comments.repo.ts";

/*
 * What every operation of the comments service is given (`comments.service.ts` puts them together): the
 * service's dependencies, and the few helpers the operations share.
 */

export interface CommentsDeps {
  repo: CommentsRepo;
  platform: Platform;
  discussions: DiscussionsService;
  categories: CategoryDirectory;
  users: UserFragments;
  reactions: ReactionSummaries;
  reportMeta?: ReportMetaLoader;
  /** Lists' rows shared between viewers (`read-cache.ts`); none: every list reads the database. */
  listCache?: ReadCache | null;
}

/** How long the viewer may edit their post: their rank's edit window, or the site's (`ui.editContentTimeout`). */
export const editTimeout = (platform: Platform, viewer: Viewer) => editWindowFor(platform, viewer);

export const checkFormat = (format: string) => {
  const normalized = normalizeFormat(format);
  if (!normalized) throw validationFailed([fieldError("format", "invalid", "format is not a valid format.")]);
  return normalized;
};

/** The payload of `comment.created`, `comment.updated` and `comment.deleted`. */
export const eventOf = (comment: CommentRow, categoryID: number, viewer: Viewer) => ({
  commentID: comment.commentID,
  discussionID: comment.discussionID,
  categoryID,
  insertUserID: comment.insertUserID,
  actorUserID: viewer.userID,
});
