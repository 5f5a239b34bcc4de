import { anonymousMentionName, type UserMention, type UserMentionListQuery } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { notFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import {
  failureOf,
  type BatchOutcome,
  type LongRunnerAction,
  type LongRunnerContext,
} from "../../platform/long-runner/long-runner.ts";
import { replaceMentions } from "../../platform/render/index.ts";
import { mentionsPolicy as policy } from "./mentions.policy.ts";
import type { MentionRecordType, MentionsRepo } from "./mentions.repo.ts";

/** What the mentions feature asks the discussions and comments features (through their services). */
export interface MentionedPosts {
  /** Of `ids`, the posts of this kind the viewer may see. */
  visible(recordType: MentionRecordType, ids: number[], context: RequestContext): Promise<Set<number>>;
  /** Edits a post's body through its feature's own update (checks, revision, sanitiser, events). */
  editBody(recordType: MentionRecordType, recordID: number, body: string, context: RequestContext): Promise<void>;
}

export const ANONYMIZE_ACTION = "userMentions.anonymize";
/** Index rows read at a time while a page of visible mentions is gathered. */
const SCAN_BATCH = 100;
/** How far into a member's mentions a page is looked for (the oldest beyond it are not listed). */
const SCAN_MAX = 10_000;

export function createMentionsService({ repo, posts }: { repo: MentionsRepo; posts: MentionedPosts }) {
  /** A page of the member's mentions the viewer may see: rows read in order, each post's visibility asked. */
  async function list(userID: number, query: UserMentionListQuery, context: RequestContext) {
    requireAccess(context.viewer, policy.canView);
    if (!(await repo.userExists(userID))) throw notFound("User");
    const page = query.page ?? 1;
    const limit = query.limit ?? 30;
    const skip = (page - 1) * limit;
    const items: UserMention[] = [];
    let seen = 0;
    for (let offset = 0; items.length < limit && offset < SCAN_MAX; offset += SCAN_BATCH) {
      const rows = await repo.ofUser(userID, offset, SCAN_BATCH);
      const ids = (type: MentionRecordType) => rows.filter((row) => row.recordType === type).map((row) => row.recordID);
      const discussions = await posts.visible("discussion", ids("discussion"), context);
      const comments = await posts.visible("comment", ids("comment"), context);
      for (const row of rows) {
        const shown = row.recordType === "discussion" ? discussions : comments;
        if (!shown.has(row.recordID) || seen++ < skip) continue;
        if (items.length === limit) break;
        items.push({
          userID: row.userID,
          recordType: row.recordType === "discussion" ? "discussions" : "comment",
          recordID: row.recordID,
          mentionedName: row.mentionedName,
          parentRecordType: row.parentRecordType === "category" ? "category" : "discussions",
          ParentRecordID: row.parentRecordID,
          dateInserted: toRfc3339(row.dateInserted),
          status: row.status as UserMention["status"],
        });
      }
      if (rows.length < SCAN_BATCH) break;
    }
    return { items, page, limit };
  }

  /** One batch of a member's mentions anonymised: each post's body rewritten through its own feature. */
  const anonymizeAction: LongRunnerAction<{ userID: number }> = {
    name: ANONYMIZE_ACTION,
    async runBatch(ids: number[], { userID }, context: LongRunnerContext): Promise<BatchOutcome> {
      const rows = new Map((await repo.byIds(ids)).map((row) => [row.userMentionID, row]));
      const failures: BatchOutcome["failures"] = new Map();
      const successIDs: number[] = [];
      for (const id of ids) {
        const row = rows.get(id);
        try {
          requireAccess(context.viewer, policy.canAnonymize);
          if (!row || row.userID !== userID) throw notFound("Mention");
          if (row.status !== "removed") await anonymizeOne(row, context);
          successIDs.push(id);
        } catch (error) {
          failures.set(id, failureOf(error));
        }
      }
      return { successIDs, failures };
    },
  };

  async function anonymizeOne(row: Awaited<ReturnType<MentionsRepo["byIds"]>>[number], context: LongRunnerContext) {
    const recordType = row.recordType as MentionRecordType;
    const post = await repo.source(recordType, row.recordID);
    // Marked first, so the post's reindex (on its update) keeps the row; put back if the edit fails.
    await repo.setStatus(row.userMentionID, "removed", anonymousMentionName);
    try {
      if (post) {
        const rich = post.format === "rich" || post.format === "rich2";
        const body = replaceMentions(post.body, rich, row.mentionedName, anonymousMentionName);
        if (body !== post.body) await posts.editBody(recordType, row.recordID, body, context);
      }
    } catch (error) {
      await repo.setStatus(row.userMentionID, row.status, row.mentionedName);
      throw error;
    }
  }

  return {
    list,
    anonymizeAction,
    /** The member's mentions still to anonymise (404 for no such member, 403 for anyone but an administrator). */
    async toAnonymize(userID: number, viewer: Viewer): Promise<number[]> {
      requireAccess(viewer, policy.canAnonymize);
      if (!(await repo.userExists(userID))) throw notFound("User");
      return repo.toAnonymize(userID);
    },
  };
}

export type MentionsService = ReturnType<typeof createMentionsService>;
