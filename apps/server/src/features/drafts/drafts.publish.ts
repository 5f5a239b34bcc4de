import {
  discussionRules,
  draftFailureReasons,
  limits,
  type DiscussionPatch,
  type DiscussionPost,
} from "@parley/contracts";
import type { Kysely } from "kysely";
import type { UserRow } from "../../platform/auth/auth.repo.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import type { DB } from "../../platform/db/schema.ts";
import { HttpError } from "../../platform/errors.ts";
import type { CategoryDirectory, CommentsService, DiscussionsService } from "./drafts.deps.ts";
import { draftsPolicy } from "./drafts.policy.ts";
import { bodyOf, metaOf, parseDraftAttributes } from "./drafts.present.ts";
import type { DraftRow, DraftsRepo } from "./drafts.repo.ts";

/** Why a publish failed for good: the draft turns `error` with this `failedReason`. */
class PublishFailure extends Error {}

/** Another process holds the draft now (this one's lease ran out): its post is rolled back. */
class ClaimLost extends Error {}

type Parsed =
  | { kind: "discussion"; post: DiscussionPost }
  | { kind: "update"; discussionID: number; patch: DiscussionPatch }
  | { kind: "comment"; discussionID: number; body: string; format: string; parentCommentID: number | null };

/** Parse: what the draft would post, or why it cannot. */
function parse(row: DraftRow): Parsed {
  const attributes = parseDraftAttributes(row.attributes);
  const { body, format } = bodyOf(attributes);
  const meta = metaOf(row, attributes);
  if (!body.trim() || body.length > discussionRules.bodyMaxLength)
    throw new PublishFailure(draftFailureReasons.invalid);
  if (row.recordType === "comment") {
    if (!row.parentRecordID) throw new PublishFailure(draftFailureReasons.invalid);
    const parent = Number(meta["commentParentID"] ?? 0);
    return {
      kind: "comment",
      discussionID: row.parentRecordID,
      body,
      format,
      parentCommentID: parent > 0 ? parent : null,
    };
  }
  if (row.recordType !== "discussion") throw new PublishFailure(draftFailureReasons.invalid);
  const name = typeof meta["name"] === "string" ? meta["name"].trim() : "";
  if (row.recordID) {
    // A scheduled update of an existing discussion: its title and body.
    if (!name || name.length > discussionRules.nameMaxLength) throw new PublishFailure(draftFailureReasons.invalid);
    return { kind: "update", discussionID: row.recordID, patch: { name, body, format } };
  }
  // A group's discussion: `parentRecordType` group (the group in parentRecordID) or `draftMeta.groupID`.
  const groupID = Number(meta["groupID"] ?? (row.parentRecordType === "group" ? row.parentRecordID : 0) ?? 0);
  const categoryID = groupID ? 0 : Number(meta["categoryID"] ?? row.parentRecordID ?? 0);
  if (!name || name.length > discussionRules.nameMaxLength || !(categoryID || groupID))
    throw new PublishFailure(draftFailureReasons.invalid);
  const pinLocation = meta["pinLocation"];
  const numbers = (value: unknown) => (Array.isArray(value) ? value.map(Number).filter(Number.isInteger) : []);
  const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v) => typeof v === "string") : []);
  return {
    kind: "discussion",
    post: {
      name,
      body,
      format,
      ...(groupID ? { groupID } : { categoryID }),
      ...(pinLocation === "category" || pinLocation === "recent" ? { pinLocation } : {}),
      ...(numbers(meta["tagIDs"]).length ? { tagIDs: numbers(meta["tagIDs"]) } : {}),
      ...(strings(meta["newTagNames"]).length ? { newTagNames: strings(meta["newTagNames"]) } : {}),
    },
  };
}

/** Test seams: a fault injected right after the post is written, inside its transaction. */
interface PublishFaults {
  afterPostWritten?: (draft: DraftRow, recordID: number) => void | Promise<void>;
}

export interface PublisherDeps {
  repo: DraftsRepo;
  platform: Platform;
  discussions: DiscussionsService;
  comments: CommentsService;
  categories: CategoryDirectory;
}

/** A refusal that will not heal by waiting: why, in the draft's `failedReason`. */
function reasonOf(error: unknown): string | null {
  if (error instanceof PublishFailure) return error.message;
  if (error instanceof HttpError && error.status === 403) return draftFailureReasons.permission;
  if (error instanceof HttpError && error.status < 500) return error.message;
  return null;
}

/**
 * Publishing scheduled drafts, a multi-step write: parse → load → authorize (as the draft's owner with
 * their current permissions) → the post through the discussions or comments service (counters, flood
 * rules, and the events notifications listen to), with the draft's deletion inside the post's own
 * transaction: the post and the draft's end commit together or not at all, so a process dying
 * mid-publish leaves the draft to be published again, never twice. Each draft is claimed first (a
 * lease), so one process publishes it; the deletion only matches while this process's claim holds,
 * so a process whose lease ran out rolls its post back. A failure that will not heal by waiting
 * (permission lost, category or discussion gone, closed, invalid) marks the draft `error` with the
 * reason; anything else (the database away) leaves the claim to lapse and a later run retries.
 */
export function createDraftPublisher({ repo, platform, discussions, comments, categories }: PublisherDeps) {
  const faults: PublishFaults = {};

  /** Load: the owner as a viewer now, or null when they may no longer post at all. */
  async function ownerOf(userID: number): Promise<Viewer | null> {
    const user: UserRow | undefined = await repo.userByID(userID);
    if (!user || user.deleted === 1 || user.banned === 1) return null;
    return platform.sessions.viewerFor(user, "cookie", null);
  }

  async function publishOne(row: DraftRow, leaseUntil: string): Promise<void> {
    const parsed = parse(row);
    const viewer = await ownerOf(row.insertUserID);
    if (!viewer) throw new PublishFailure(draftFailureReasons.permission);
    const context = { viewer, origin: platform.config.publicUrl, ip: "0.0.0.0" };
    const options = {
      alsoInTransaction: async (trx: Kysely<DB>, recordID: number) => {
        await faults.afterPostWritten?.(row, recordID);
        if (!(await repo.withTransaction(trx).removeClaimed(row.draftID, leaseUntil))) throw new ClaimLost();
      },
    };
    if (parsed.kind === "discussion") {
      // Authorize before writing, so the reason is the spec's and not a generic 403.
      const categoryID =
        parsed.post.groupID !== undefined
          ? (await categories.ofGroups([parsed.post.groupID]))[0]
          : await categories.get(parsed.post.categoryID ?? 0).then((node) => node?.categoryID);
      if (categoryID === undefined) throw new PublishFailure(draftFailureReasons.categoryGone);
      if (!draftsPolicy.canStartDiscussionIn(viewer, categoryID))
        throw new PublishFailure(draftFailureReasons.permission);
      await discussions.create(parsed.post, context, options);
      return;
    }
    let categoryID: number;
    try {
      categoryID = (await discussions.load(parsed.discussionID, viewer)).categoryID;
    } catch (error) {
      if (error instanceof HttpError && error.status === 404)
        throw new PublishFailure(draftFailureReasons.discussionGone);
      throw error;
    }
    if (parsed.kind === "update") {
      // The discussions service decides who may edit (the author within the edit window, or discussions.edit).
      await discussions.patch(parsed.discussionID, parsed.patch, context, options);
      return;
    }
    if (!draftsPolicy.canCommentIn(viewer, categoryID)) throw new PublishFailure(draftFailureReasons.permission);
    await comments.create(
      {
        discussionID: parsed.discussionID,
        body: parsed.body,
        format: parsed.format,
        ...(parsed.parentCommentID ? { parentCommentID: parsed.parentCommentID } : {}),
      },
      context,
      options,
    );
  }

  return {
    faults,

    /** Claims due drafts and publishes them; returns the IDs published. */
    async publishDue(): Promise<number[]> {
      const published: number[] = [];
      for (;;) {
        const now = platform.clock.now();
        const leaseUntil = new Date(now.getTime() + limits.drafts.publishLeaseMs).toISOString();
        const claimed = await repo.claimDue(now.toISOString(), leaseUntil, 20);
        for (const row of claimed) {
          try {
            await publishOne(row, leaseUntil);
            published.push(row.draftID);
          } catch (error) {
            if (error instanceof ClaimLost) continue; // Another process publishes it.
            const reason = reasonOf(error);
            if (reason === null) {
              // Not the draft's fault: nothing was written; the claim lapses and a later run retries it.
              console.error(`Publishing draft ${row.draftID} failed:`, error);
              continue;
            }
            await repo.failClaimed(row.draftID, leaseUntil, reason.slice(0, 500), platform.clock.nowIso());
          }
        }
        if (claimed.length < 20) return published;
      }
    },
  };
}

export type DraftPublisher = ReturnType<typeof createDraftPublisher>;
