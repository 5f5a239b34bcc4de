import {
  premoderationEditMessages,
  premoderationMessages,
  type PendingPost,
  type PendingRecord,
  type PostPremoderation,
  type PremoderationReason,
  type Report,
  type ReportApproveRecord,
} from "@parley/contracts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Clock } from "../../platform/clock.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { conflict, HttpError } from "../../platform/errors.ts";
import type { EventBus } from "../../platform/events.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { normalizeFormat, renderBody, renderExcerpt } from "../../platform/render/index.ts";
import type { HeldPost, PremoderationQueue } from "../../platform/screening.ts";
import type { CategoryDirectory } from "./reports.deps.ts";
import type { ReportRow, ReportsRepo } from "./reports.repo.ts";

/** A held post as its pending report keeps it (`reports.pendingRecord`, JSON). */
export interface StoredPending extends HeldPost {
  queue: "approval" | "spam";
  reasons: PremoderationReason[];
  insertUserID: number;
  ip: string;
  dateInserted: string;
  placeName: string;
  placeUrl: string;
}

/** What approving needs from the features that own posts and accounts (wired in app.ts). */
export interface PremoderationDeps {
  repo: ReportsRepo;
  clock: Clock;
  events: EventBus;
  categories: CategoryDirectory;
  /** The discussion a held comment is for, as its author sees it (a 404 when they no longer may). */
  loadRecord(
    recordType: "discussion",
    recordID: number,
    context: RequestContext,
  ): Promise<{ name: string; url: string }>;
  /** The author as a viewer now; null for a deleted or banned account. */
  viewerOf(userID: number): Promise<Viewer | null>;
  /**
   * Writes a held post through the normal create path, or a held edit (`post.edit`) through the normal update
   * path, as its author (not screened again).
   */
  publish(post: StoredPending, context: RequestContext): Promise<{ recordID: number; name: string; url: string }>;
}

export const pendingOf = (row: ReportRow): StoredPending | null =>
  row.isPending === 1 && row.pendingRecord ? (JSON.parse(row.pendingRecord) as StoredPending) : null;

/** The held post as moderators and its author see it: rendered and sanitised as posts are. */
function presentPending(stored: StoredPending, origin: string): PendingRecord {
  const format = normalizeFormat(stored.format) ?? "text";
  return {
    kind: stored.kind,
    discussionID: stored.discussionID,
    categoryID: stored.categoryID,
    name: stored.name,
    body: renderBody(stored.body, format, { origin }),
    format: stored.format,
    premoderationQueue: stored.queue,
    premoderatinReasons: stored.reasons,
    insertUserID: stored.insertUserID,
    dateInserted: toRfc3339(stored.dateInserted),
    isPendingUpdate: stored.edit !== undefined,
    recordID: stored.edit?.recordID ?? null,
    current: stored.edit
      ? {
          name: stored.edit.name,
          body: renderBody(stored.edit.body, normalizeFormat(stored.edit.format) ?? "text", { origin }),
        }
      : null,
  };
}

/**
 * A held post whose discussion or category is gone (or closed to its author), or a held edit whose post is: a
 * clear 409, never a 500.
 */
const placeGone = (error: unknown, edit: boolean) =>
  error instanceof HttpError && (error.status === 404 || error.status === 403)
    ? conflict(edit ? premoderationEditMessages.postGone : premoderationMessages.placeGone)
    : error;

/**
 * The premoderation queue (Vanilla's pending reports): a held post is kept on a report with `isPending`, never in
 * `discussions` or `comments`, so it cannot reach lists, search, counts, notifications or feeds. Approving writes
 * it through the normal create path as its author, at the time of approval (its `dateInserted` is when it was
 * published, so it sorts and notifies as a new post); rejecting deletes the report and so the post.
 *
 * A held edit of a published post (Vanilla's `isPendingUpdate`) waits the same way on a pending report of that
 * post (`recordID`), the post keeping its text: approving applies it through the normal update path as its
 * author; rejecting discards it. A newer held edit of the post replaces the one waiting (one per post).
 */
export function createPremoderation(deps: PremoderationDeps) {
  const { repo, clock, events } = deps;

  async function tell(stored: StoredPending, approved: boolean, moderatorID: number, url: string, recordID: number) {
    await events.emit("notification.requested", {
      userIDs: [stored.insertUserID],
      activityType: approved ? "PostApproved" : "PostRejected",
      recordType: approved ? stored.kind : "report",
      recordID,
      actorUserID: moderatorID,
      title: stored.name ?? stored.placeName,
      url,
    });
  }

  const queue: PremoderationQueue = {
    async hold(post, context): Promise<PostPremoderation> {
      const { notes, ...held } = post;
      const origin = context.origin;
      // A comment's discussion, or an edited discussion itself.
      const place =
        post.kind === "comment" || post.edit
          ? await deps.loadRecord("discussion", post.discussionID!, context)
          : ((await deps.categories.breadcrumbs(post.categoryID, origin)).at(-1) ?? { name: "", url: origin });
      const stored: StoredPending = {
        ...held,
        insertUserID: context.viewer.userID,
        ip: context.ip,
        dateInserted: clock.nowIso(),
        placeName: place.name,
        placeUrl: place.url,
      };
      const format = normalizeFormat(post.format) ?? "text";
      if (post.edit) await repo.deletePendingEdits(post.kind, post.edit.recordID);
      const reportID = await repo.insert({
        recordType: post.kind,
        recordID: post.edit?.recordID ?? 0,
        placeRecordType: "category",
        placeRecordID: post.categoryID,
        recordUserID: context.viewer.userID,
        recordName: (post.name ?? place.name).slice(0, 255),
        recordUrl: place.url.slice(0, 500),
        recordExcerpt: renderExcerpt(post.body, format, 300),
        reportReasonIDs: JSON.stringify([post.queue === "spam" ? "spam" : "inappropriate"]),
        noteBody: notes.join(" · ").slice(0, 500) || null,
        status: "new",
        insertUserID: context.viewer.userID,
        dateInserted: stored.dateInserted,
        updateUserID: null,
        dateUpdated: null,
        isPending: 1,
        pendingRecord: JSON.stringify(stored),
        premoderationQueue: post.queue,
      });
      return {
        message: post.edit ? premoderationEditMessages.held : premoderationMessages.held,
        description: post.edit ? premoderationEditMessages.heldDescription : premoderationMessages.heldDescription,
        reportID,
        premoderatinReasons: post.reasons,
      };
    },
  };

  return {
    queue,

    /**
     * `approve-record` of a pending report (its row already checked by the caller): publish the post, or apply
     * the edit, as its author.
     */
    async approve(row: ReportRow, body: ReportApproveRecord, context: RequestContext): Promise<void> {
      const stored = pendingOf(row);
      if (!stored) throw conflict(premoderationMessages.notPending);
      const edits = body.premoderatedRecord;
      const post: StoredPending = {
        ...stored,
        ...(edits?.body !== undefined ? { body: edits.body } : {}),
        ...(edits?.name !== undefined && stored.kind === "discussion" ? { name: edits.name } : {}),
      };
      if (edits) post.input = { ...post.input, body: post.body, ...(post.name !== null ? { name: post.name } : {}) };
      const author = await deps.viewerOf(stored.insertUserID);
      if (!author) throw conflict(premoderationMessages.authorGone);
      if (!(await repo.claimPending(row.reportID))) throw conflict(premoderationMessages.notPending);
      const published = await deps
        .publish(post, { viewer: author, origin: context.origin, ip: stored.ip })
        .catch(async (error: unknown) => {
          await repo.releasePending(row.reportID);
          throw placeGone(error, stored.edit !== undefined);
        });
      await repo.markApproved(
        row.reportID,
        {
          recordID: published.recordID,
          recordName: published.name.slice(0, 255),
          recordUrl: published.url.slice(0, 500),
        },
        context.viewer.userID,
        clock.nowIso(),
      );
      const path = new URL(published.url, context.origin);
      await tell(stored, true, context.viewer.userID, path.pathname + path.hash, published.recordID);
    },

    /** `reject-record` of a pending report: the post and its report are deleted; the author is told. */
    async reject(row: ReportRow, context: RequestContext): Promise<void> {
      const stored = pendingOf(row);
      if (!stored) throw conflict(premoderationMessages.notPending);
      await repo.deletePending(row.reportID);
      await tell(stored, false, context.viewer.userID, new URL(stored.placeUrl, context.origin).pathname, row.reportID);
    },

    /** The viewer's own held posts (`GET /reports/pending-posts`), one discussion's when asked. */
    async mine(query: { discussionID?: number | undefined }, context: RequestContext): Promise<PendingPost[]> {
      requireSignedIn(context.viewer);
      const rows = await repo.pendingBy(context.viewer.userID);
      return rows.flatMap((row) => {
        const stored = pendingOf(row);
        if (!stored || (query.discussionID !== undefined && stored.discussionID !== query.discussionID)) return [];
        return [
          {
            reportID: row.reportID,
            ...presentPending(stored, context.origin),
            placeName: stored.placeName,
            placeUrl: stored.placeUrl,
          },
        ];
      });
    },
  };
}

/** The report's own fields for a pending report's presentation. */
export const pendingFields = (
  row: ReportRow,
  origin: string,
): Pick<Report, "isPending" | "isPendingUpdate" | "pendingRecord"> => {
  const stored = pendingOf(row);
  return {
    isPending: stored !== null,
    isPendingUpdate: stored?.edit !== undefined,
    pendingRecord: stored ? presentPending(stored, origin) : null,
  };
};
