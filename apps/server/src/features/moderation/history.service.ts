import type { AuditLog, AuditLogQuery, ChangeLogEntry, HistoryQuery } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { conflict, HttpError, notFound } from "../../platform/errors.ts";
import { parseAttributes } from "../../platform/records.ts";
import { normalizeFormat, renderBody } from "../../platform/render/index.ts";
import { createCounters, unknownUser, type DiscussionsService, type UserFragments } from "./moderation.deps.ts";
import { moderationPolicy } from "./moderation.policy.ts";
import type { ChangeLogRow, ModerationRepo } from "./moderation.repo.ts";
import type { Selectable } from "kysely";
import type { AuditLogsTable } from "../../platform/db/schema.ts";
import type { RequestContext as HistoryContext } from "../../platform/http/request-context.ts";

interface LoggedPost {
  name?: string;
  body: string;
  format: string;
  insertUserID: number;
  dateInserted: string;
  dateUpdated: string | null;
}

/**
 * Revision history, deleted comments and their restore (community.moderate, spec §6), and the audit
 * log (site.manage). Lists run a fixed number of queries: the page, its count, the users.
 */
export function createHistoryService(deps: {
  repo: ModerationRepo;
  platform: Platform;
  discussions: DiscussionsService;
  users: UserFragments;
}) {
  const { repo, platform, discussions, users } = deps;

  async function present(rows: ChangeLogRow[], origin: string): Promise<ChangeLogEntry[]> {
    const posts = rows.map((row) => JSON.parse(row.data) as LoggedPost);
    const fragments = await users.load(
      [...rows.map((row) => row.insertUserID), ...posts.map((post) => post.insertUserID)],
      origin,
    );
    return rows.map((row, index) => {
      const data = posts[index]!;
      const format = normalizeFormat(data.format) ?? "text";
      return {
        logID: row.logID,
        operation: row.operation,
        recordType: row.recordType as ChangeLogEntry["recordType"],
        recordID: row.recordID,
        parentRecordID: row.parentRecordID,
        name: data.name ?? null,
        body: renderBody(data.body, format, { origin }),
        format: data.format,
        authorUserID: data.insertUserID,
        authorUser: fragments.get(data.insertUserID) ?? unknownUser(origin),
        dateRecordInserted: toRfc3339(data.dateInserted),
        dateRecordUpdated: data.dateUpdated ? toRfc3339(data.dateUpdated) : null,
        insertUserID: row.insertUserID,
        insertUser: fragments.get(row.insertUserID) ?? unknownUser(origin),
        dateInserted: toRfc3339(row.dateInserted),
        dateRestored: row.dateRestored ? toRfc3339(row.dateRestored) : null,
        restoreUserID: row.restoreUserID,
      };
    });
  }

  async function moderatedDiscussion(discussionID: number, viewer: Viewer) {
    const row = await discussions.load(discussionID, viewer);
    requireAccess(viewer, moderationPolicy.canModerate);
    return row;
  }

  return {
    async revisions(discussionID: number, query: HistoryQuery, context: HistoryContext) {
      await moderatedDiscussion(discussionID, context.viewer);
      const page = query.page ?? 1;
      const limit = query.limit ?? 30;
      const [rows, total] = await Promise.all([
        repo.revisions(discussionID, (page - 1) * limit, limit),
        repo.countRevisions(discussionID),
      ]);
      return { items: await present(rows, context.origin), page, limit, total };
    },

    async deletedComments(discussionID: number, query: HistoryQuery, context: HistoryContext) {
      await moderatedDiscussion(discussionID, context.viewer);
      const page = query.page ?? 1;
      const limit = query.limit ?? 30;
      const [rows, total] = await Promise.all([
        repo.deletedComments(discussionID, (page - 1) * limit, limit),
        repo.countDeletedComments(discussionID),
      ]);
      return { items: await present(rows, context.origin), page, limit, total };
    },

    /**
     * Restores a deleted comment under its own ID (community.moderate): parse → load (the log entry,
     * its discussion) → authorize → one transaction (the comment, the counts, the entry marked) → event.
     */
    async restore(logID: number, context: HistoryContext): Promise<ChangeLogEntry> {
      const { viewer } = context;
      const log = await repo.findLog(logID);
      if (!log || log.operation !== "delete" || log.recordType !== "comment") throw notFound("Log");
      if (log.parentRecordID === null) throw notFound("Discussion");
      const discussion = await moderatedDiscussion(log.parentRecordID, viewer);
      if (log.dateRestored !== null) throw conflict("This comment has already been restored.");
      const existing = await repo.commentAttributes(log.recordID);
      const tombstone = existing !== undefined && parseAttributes(existing.attributes)["tombstone"] === true;
      if (existing && !tombstone) throw conflict("This comment has already been restored.");
      const data = JSON.parse(log.data) as LoggedPost & {
        commentID: number;
        parentCommentID: number | null;
        updateUserID: number | null;
        score: number;
        depth: number;
        attributes: string | null;
        insertIPAddress: string | null;
      };
      if (typeof data.body !== "string") throw new HttpError(422, "This log entry cannot be restored.");
      const chain = await discussions.ancestry(discussion.categoryID);
      const now = platform.clock.nowIso();
      await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        if (tombstone) {
          // Deleted with deleteMethod=tombstone: the comment kept its place and counts; its text comes back.
          await scoped.reviveTombstone(log.recordID, {
            body: data.body,
            format: data.format,
            attributes: data.attributes ?? null,
            dateUpdated: data.dateUpdated,
            updateUserID: data.updateUserID ?? null,
          });
          await scoped.markRestored(log.logID, viewer.userID, now);
          return;
        }
        const counters = createCounters(trx);
        // The discussion's row first, as every writer of its counts does (counters.repo.ts).
        if (!(await counters.lockDiscussions([discussion.discussionID])).has(discussion.discussionID))
          throw notFound("Discussion");
        await scoped.restoreComment({
          commentID: log.recordID,
          discussionID: discussion.discussionID,
          parentCommentID: null,
          body: data.body,
          format: data.format,
          insertUserID: data.insertUserID,
          updateUserID: data.updateUserID ?? null,
          dateInserted: data.dateInserted,
          dateUpdated: data.dateUpdated,
          // Its reactions went when it was deleted: the score they made went with them.
          score: 0,
          depth: 1,
          attributes: data.attributes ?? null,
          insertIPAddress: data.insertIPAddress ?? null,
        });
        await counters.adjustCategories(chain, 0, 1);
        await counters.adjustUser(data.insertUserID, "countComments", 1);
        await counters.refreshDiscussion(discussion.discussionID, 1);
        await scoped.markRestored(log.logID, viewer.userID, now);
      });
      await platform.events.emit("comment.updated", {
        commentID: log.recordID,
        discussionID: discussion.discussionID,
        categoryID: discussion.categoryID,
        insertUserID: data.insertUserID,
        actorUserID: viewer.userID,
      });
      return (await present([(await repo.findLog(log.logID))!], context.origin))[0]!;
    },

    async auditLogs(query: AuditLogQuery, viewer: Viewer) {
      requireAccess(viewer, moderationPolicy.canReadAuditLog);
      const page = query.page ?? 1;
      const limit = query.limit ?? 30;
      const filters = {
        ...(query.insertUserID !== undefined ? { insertUserID: query.insertUserID } : {}),
        ...(query.eventType !== undefined ? { eventType: query.eventType } : {}),
      };
      const { rows, total } = await repo.auditLogs(filters, (page - 1) * limit, limit);
      return { items: rows.map(presentAuditLog), page, limit, total };
    },

    /** `GET /audit-logs/{id}`: one entry (site.manage, as the list); 404 for an unknown ID. */
    async auditLog(id: string, viewer: Viewer): Promise<AuditLog> {
      requireAccess(viewer, moderationPolicy.canReadAuditLog);
      const row = /^[1-9]\d{0,15}$/.test(id) ? await repo.findAuditLog(Number(id)) : undefined;
      if (!row) throw notFound("Audit log");
      return presentAuditLog(row);
    },
  };
}

/** An audit log row → Vanilla's `AuditLog` (its ID a string, as Vanilla's UUIDs). */
function presentAuditLog(row: Selectable<AuditLogsTable>): AuditLog {
  return {
    auditLogID: String(row.auditLogID),
    eventType: row.eventType,
    message: row.message,
    requestMethod: row.requestMethod,
    requestPath: row.requestPath,
    requestQuery: row.requestQuery,
    context: row.context,
    meta: [],
    insertUserID: row.insertUserID,
    dateInserted: toRfc3339(row.dateInserted),
    insertIPAddress: row.insertIPAddress,
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
