import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import type { CategoryDirectory } from "../categories/index.ts";
import { createAutomationRepo } from "./automation.repo.ts";
import { automationRoutes } from "./automation.routes.ts";
import {
  AUTOMATION_JOB,
  AUTOMATION_JOB_EVERY_MS,
  createAutomationRunner,
  type AutomationActions,
} from "./automation.run.ts";
import { createAutomationService } from "./automation.service.ts";

export { AUTOMATION_JOB } from "./automation.run.ts";
export type { AutomationActions } from "./automation.run.ts";

/**
 * Automation rules (issue 39, item 5; docs/features/automation.md): site managers pair a trigger (discussions
 * idle for a time; a new discussion, comment or member; a post reported N times) with an action (close, move, add
 * tags, add to a collection, send an e-mail, escalate to moderators); the `automation.run` job runs each
 * active rule at most hourly, once however many processes run, acting through the discussions' own service as
 * the system account, and records each run as a dispatch. A preview lists what a rule would touch.
 */
export async function registerAutomation(
  app: FastifyInstance,
  platform: Platform,
  deps: {
    categories: CategoryDirectory;
    /** The discussions' operations the actions go through. */
    actions: AutomationActions;
    /** The system account (made on first use). */
    systemUserID: () => Promise<number>;
  },
): Promise<void> {
  const repo = createAutomationRepo(platform.db, platform.database.dialect);
  // The system as a viewer: its own account with an administrator's rights (a rule acts on every category).
  const systemContext = async (): Promise<RequestContext> => {
    const user = await repo.user(await deps.systemUserID());
    const viewer = await platform.sessions.viewerFor({ ...user, isAdmin: 1 }, "cookie", null);
    return { viewer, origin: platform.config.publicUrl, ip: "127.0.0.1" };
  };
  const runner = createAutomationRunner({
    repo,
    platform,
    categories: deps.categories,
    actions: deps.actions,
    systemContext,
  });
  platform.events.on("discussion.created", ({ discussionID, categoryID }) =>
    runner.discussionCreated(discussionID, categoryID),
  );
  platform.events.on("comment.created", ({ commentID, categoryID }) => runner.commentCreated(commentID, categoryID));
  platform.events.on("user.created", ({ userID }) => runner.userCreated(userID));
  platform.events.on("report.created", async ({ recordType, recordID }) => {
    if (recordType === "discussion" || recordType === "comment") await runner.postReported({ recordType, recordID });
  });
  platform.jobs.register(AUTOMATION_JOB, async () => void (await runner.runDue()), {
    everyMs: AUTOMATION_JOB_EVERY_MS,
  });
  const service = createAutomationService({ repo, platform, categories: deps.categories, runner });
  await app.register(automationRoutes, { prefix: "/api/v2", service });
}
