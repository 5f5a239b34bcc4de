import type { Kysely } from "kysely";
import { PAGE_VIEW_TICK, type TickPost, type TickResult } from "@parley/contracts";
import type { DB } from "../../platform/db/schema.ts";
import { fieldError, validationFailed } from "../../platform/errors.ts";
import { isBot } from "../../platform/http/bots.ts";
import type { Limiter } from "../../platform/http/rate-limit.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { addDiscussionViews, markRead } from "../discussions/index.ts";

/** How often the counted views are added to the discussions, in one transaction. */
export const VIEW_FLUSH_MS = 5_000;
/**
 * One view per reader (member, or a guest's address) and discussion in this window, as Discourse counts
 * a topic's views: reloading a page, or a script sending ticks, does not inflate the count.
 */
export const VIEW_WINDOW_MS = 30 * 60_000;

interface TickDeps {
  db: Kysely<DB>;
  /** A limiter of one per `VIEW_WINDOW_MS` (shared by every process with Redis). */
  views: Limiter;
  /** Throws as `GET /discussions/{id}` would (404, 403) when the viewer may not read it. */
  loadDiscussion: (discussionID: number, viewer: Viewer) => Promise<{ categoryID: number }>;
  /** The time of a member's reading (`platform.clock`). */
  now: () => string;
}

export interface TickRequest {
  viewer: Viewer;
  userAgent: string | undefined;
  ip: string;
}

/**
 * `POST /tick`: a discussion's page view adds one to its `countViews` (at most once per reader in
 * `VIEW_WINDOW_MS`), gathered in memory and written every `VIEW_FLUSH_MS`, and a member's marks it read up to its
 * comments (`markRead`); a `page_view` (a page the app showed after hydrating) is told to the site's analytics;
 * other events are answered `didTrack: false`.
 */
export function createTickService({ db, views, loadDiscussion, now }: TickDeps) {
  let pending = new Map<number, number>();
  let flushing: Promise<void> = Promise.resolve();

  const write = (counts: Map<number, number>) => addDiscussionViews(db, counts);

  return {
    /** Answers, with the result, the discussion whose view was counted (for the site's analytics). */
    async tick(
      body: TickPost,
      request: TickRequest,
    ): Promise<TickResult & { viewed?: { discussionID: number; categoryID: number }; pageView?: true }> {
      const bot = isBot(request.userAgent);
      if (!bot && body.url === undefined && body.destinationUrl === undefined && body.type !== "search")
        throw validationFailed([fieldError("url", "missingField", "url is required.")]);
      const viewed = body.discussionID;
      const isView = viewed !== undefined && (body.type === undefined || body.type === "discussion_view");
      // A member's reading marks it read, every time, whatever their browser calls itself (a member is no crawler).
      let discussion: { categoryID: number } | undefined;
      if (isView && request.viewer.userID > 0) {
        discussion = await loadDiscussion(viewed, request.viewer);
        await markRead(db, request.viewer.userID, viewed, now());
      }
      if (bot) return { didTrack: false, message: "Bot request" };
      // A page shown by the app after it hydrated (a client-side navigation): the site's analytics count it.
      if (body.type === PAGE_VIEW_TICK) return { didTrack: true, pageView: true };
      if (!isView) return { didTrack: false };
      discussion ??= await loadDiscussion(viewed, request.viewer);
      const reader = request.viewer.userID > 0 ? `user:${request.viewer.userID}` : `ip:${request.ip}`;
      if (!(await views.hit(`${viewed}:${reader}`)).allowed) return { didTrack: true };
      pending.set(viewed, (pending.get(viewed) ?? 0) + 1);
      return { didTrack: true, viewed: { discussionID: viewed, categoryID: discussion.categoryID } };
    },

    /** Writes the views counted so far (on a timer, and before the server closes). */
    flush(): Promise<void> {
      const counts = pending;
      pending = new Map();
      // A failed write leaves the next ones to go on.
      flushing = flushing.then(
        () => write(counts),
        () => write(counts),
      );
      return flushing;
    },
  };
}

export type TickService = ReturnType<typeof createTickService>;
