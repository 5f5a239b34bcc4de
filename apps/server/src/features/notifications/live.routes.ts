import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { LiveStreamQuery } from "@parley/contracts";
import { assertAccountUsable } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { HttpError } from "../../platform/errors.ts";
import { originOf } from "../../platform/http/pagination.ts";
import { parseLiveCursor, type LiveCursor, type LiveHub } from "./live.hub.ts";

/**
 * `Last-Event-ID` (what EventSource sends on reconnect), or `?lastEventID=` for clients that cannot set headers.
 * A malformed one starts a fresh stream, as none does.
 */
function resumeOf(header: unknown, query: unknown): LiveCursor | null {
  const raw = typeof header === "string" ? header : typeof query === "string" ? query : null;
  return raw === null ? null : parseLiveCursor(raw);
}

/**
 * GET /api/v2/events/stream: Server-Sent Events for the signed-in member (`notification`, `counts`)
 * and, with `?discussionID=`, that discussion's new comments (`comment`). Guests get 401. The answer
 * is written straight to the socket (hijacked), so no cache or compression hook ever sees it.
 */
export const liveRoutes: FastifyPluginAsyncTypebox<{
  hub: LiveHub;
  /** Throws (404/403) unless the viewer may read the discussion. */
  canReadDiscussion: (discussionID: number, viewer: Viewer) => Promise<void>;
}> = async (app, { hub, canReadDiscussion }) => {
  app.get(
    "/events/stream",
    {
      schema: {
        tags: ["Notifications"],
        summary: "Live events (text/event-stream): notifications, unread counts, a discussion's new comments.",
        querystring: LiveStreamQuery,
      },
    },
    async (request, reply) => {
      const { viewer } = request;
      if (!viewer.user) throw new HttpError(401, "You must sign in to receive live updates.");
      assertAccountUsable(viewer);
      const discussionID = request.query.discussionID ?? null;
      if (discussionID !== null) await canReadDiscussion(discussionID, viewer);
      if (hub.connectionsOf(viewer.userID) >= hub.options.maxConnectionsPerUser) {
        throw new HttpError(429, "Too many live connections. Close another tab and try again.");
      }
      const resume = resumeOf(
        request.headers["last-event-id"],
        (request.query as Record<string, unknown>)["lastEventID"],
      );
      reply.hijack();
      request.raw.socket.setTimeout(0);
      request.raw.socket.setNoDelay(true);
      await hub.open({ viewer, origin: originOf(request), raw: reply.raw, discussionID, resume });
    },
  );
};
