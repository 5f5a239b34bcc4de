import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Platform } from "../../platform/context.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { tickRoutes, type OnView } from "./tick.routes.ts";
import { createTickService, VIEW_FLUSH_MS, VIEW_WINDOW_MS } from "./tick.service.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Writes the discussion views counted so far (the server does it every few seconds and as it closes). */
    flushViews: () => Promise<void>;
  }
}

/** `POST /api/v2/tick` (spec §7): readers' page views; a discussion's add to its `countViews`. */
export async function registerTick(
  app: FastifyInstance,
  platform: Platform,
  deps: {
    loadDiscussion: (discussionID: number, viewer: Viewer) => Promise<{ categoryID: number }>;
    /** A discussion's view, counted once per reader in the window (the site's analytics). */
    onView?: OnView;
    /** A page the app showed after hydrating (`type: "page_view"`): the site's analytics count it. */
    onPageView?: (request: FastifyRequest) => void;
  },
): Promise<void> {
  const service = createTickService({
    db: platform.db,
    views: platform.limiter("discussion-views", 1, VIEW_WINDOW_MS),
    loadDiscussion: deps.loadDiscussion,
    now: () => platform.clock.nowIso(),
  });
  const flush = () =>
    service.flush().catch((error: unknown) => app.log.error({ err: error }, "Could not write discussion views."));
  const timer = setInterval(() => void flush(), VIEW_FLUSH_MS);
  timer.unref();
  app.decorate("flushViews", flush);
  app.addHook("preClose", async () => {
    clearInterval(timer);
    await flush();
  });
  await app.register(tickRoutes, { prefix: "/api/v2", service, onView: deps.onView, onPageView: deps.onPageView });
}
