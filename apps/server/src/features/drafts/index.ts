import type { FastifyInstance } from "fastify";
import { limits, sharedDraftSchemas } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import type { CategoryDirectory, CommentsService, DiscussionsService } from "./drafts.deps.ts";
import { createDraftPublisher, type DraftPublisher } from "./drafts.publish.ts";
import { createDraftsRepo } from "./drafts.repo.ts";
import { draftsRoutes } from "./drafts.routes.ts";
import { createDraftsService, PUBLISH_JOB, type DraftsService } from "./drafts.service.ts";

export type { DraftsService, DraftPublisher };

declare module "fastify" {
  interface FastifyInstance {
    /** The scheduled-draft publisher (tests inject faults through it). */
    draftPublisher: DraftPublisher;
  }
}
export { PUBLISH_JOB };
export { exportMemberDrafts } from "./drafts.export.ts";
export { existingDrafts, insertImportedDrafts, type ImportedDraft } from "./drafts.import.ts";

/**
 * Drafts under /api/v2/drafts, the deletion of a draft once its post is made, and the job that
 * publishes scheduled drafts when they are due.
 */
export async function registerDrafts(
  app: FastifyInstance,
  platform: Platform,
  deps: { discussions: DiscussionsService; comments: CommentsService; categories: CategoryDirectory },
): Promise<{ service: DraftsService; publisher: DraftPublisher }> {
  for (const schema of sharedDraftSchemas) app.addSchema(schema);
  const repo = createDraftsRepo(platform.db, platform.database.dialect);
  const service = createDraftsService({ repo, platform, discussions: deps.discussions });

  const publisher = createDraftPublisher({ repo, platform, ...deps });
  app.decorate("draftPublisher", publisher);
  platform.jobs.register(PUBLISH_JOB, async () => void (await publisher.publishDue()), {
    everyMs: limits.drafts.publishPollMs,
  });

  // Posting deletes the draft it came from (`draftID` on POST /discussions and /comments, and on the
  // PATCH that saves an edited discussion).
  platform.events.on("discussion.created", async (event) => {
    if (event.draftID) await service.posted(event.draftID, event.actorUserID);
  });
  platform.events.on("discussion.updated", async (event) => {
    if (event.draftID) await service.posted(event.draftID, event.actorUserID);
  });
  platform.events.on("comment.created", async (event) => {
    if (event.draftID) await service.posted(event.draftID, event.actorUserID);
  });

  await app.register(draftsRoutes, { prefix: "/api/v2", service });
  return { service, publisher };
}
