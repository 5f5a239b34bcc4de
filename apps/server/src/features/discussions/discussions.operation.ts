import type { Kysely } from "kysely";
import type { SiteSections } from "../../platform/site-sections.ts";
import type { ReadCache } from "../../platform/read-cache.ts";
import { premoderationEditMessages } from "@parley/contracts";
import { conflict } from "../../platform/errors.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import type { DB } from "../../platform/db/schema.ts";
import type { TagsService } from "../tags/index.ts";
import { editWindowFor, type CategoryDirectory, type PostTypeRules, type UserFragments } from "./discussions.deps.ts";
import "./discussions.events.ts";
import type { DiscussionRow, DiscussionsRepo } from "./discussions.repo.ts";
import type { createFloodControl } from "./flood.ts";

/*
 * What every operation of the discussions service is given (`discussions.service.ts` puts them together):
 * the service's dependencies, and the few helpers the operations share.
 */

/**
 * More writes of the caller's, made in the post's own transaction (after the post is written): both
 * commit or neither does. Publishing a scheduled draft deletes the draft this way.
 */
type AlsoInTransaction = (trx: Kysely<DB>, recordID: number) => Promise<void>;

export interface WriteOptions {
  alsoInTransaction?: AlsoInTransaction;
  /** A post held for approval, written now that a moderator approved it (premoderation): not held again. */
  approved?: boolean;
  /**
   * An approved held edit: the post's text when the edit was held. A post edited since is not overwritten by the
   * older edit (409, `premoderationEditMessages.postChanged`).
   */
  heldFrom?: HeldFrom;
}

/** The title (null for a comment) and body source a held edit was written against. */
export interface HeldFrom {
  name: string | null;
  body: string;
}

/** Refuses an approved held edit of a post whose text changed after the edit was held. */
export function assertUnchangedSinceHeld(heldFrom: HeldFrom | undefined, current: HeldFrom): void {
  if (heldFrom && (heldFrom.body !== current.body || (heldFrom.name !== null && heldFrom.name !== current.name)))
    throw conflict(premoderationEditMessages.postChanged);
}

/** Reaction counts per record, with the viewer's own (the reactions feature provides it). */
export type ReactionSummaries = (
  recordType: "discussion" | "comment",
  recordIDs: number[],
  viewerID: number,
) => Promise<
  Map<
    number,
    Array<{
      tagID: number;
      urlcode: string;
      name: string;
      class: string;
      count: number;
      hasReacted?: boolean;
      reactionValue?: number;
    }>
  >
>;

/** Open report counts of many records in one query (the reports feature provides it). */
export type ReportMetaLoader = (
  recordType: "discussion" | "comment",
  recordIDs: number[],
) => Promise<Map<number, { countReports: number; dateLastReport: string | null }>>;

export interface DiscussionsDeps {
  repo: DiscussionsRepo;
  platform: Platform;
  categories: CategoryDirectory;
  users: UserFragments;
  tags: TagsService;
  reactions: ReactionSummaries;
  reportMeta?: ReportMetaLoader;
  /** Post types and their fields (the post types feature): a discussion's type checked, its values kept. */
  postTypes?: PostTypeRules;
  /** The site's subcommunities: `siteSectionID` lists a section's categories only. */
  sections?: SiteSections;
  /** Lists' rows shared between viewers (`read-cache.ts`); none: every list reads the database. */
  listCache?: ReadCache | null;
}

/** The service's dependencies and its flood control (one per service: its limiters count every post). */
export interface DiscussionOperationDeps extends DiscussionsDeps {
  flood: ReturnType<typeof createFloodControl>;
}

/** How long the viewer may edit their post: their rank's edit window, or the site's (`ui.editContentTimeout`). */
export const editTimeout = (platform: Platform, viewer: Viewer) => editWindowFor(platform, viewer);

/** `discussion.created` or `discussion.deleted`, after the write's transaction committed. */
export const emitDiscussionEvent = (
  { platform }: Pick<DiscussionsDeps, "platform">,
  name: "discussion.created" | "discussion.deleted",
  row: DiscussionRow,
  viewer: Viewer,
  draftID?: number,
) =>
  platform.events.emit(name, {
    discussionID: row.discussionID,
    categoryID: row.categoryID,
    insertUserID: row.insertUserID,
    actorUserID: viewer.userID,
    ...(draftID ? { draftID } : {}),
  });
