import type { LongRunnerResult } from "@parley/contracts";
import { HttpError } from "../../platform/errors.ts";
import type { DiscussionRequestContext, DiscussionsService } from "./discussions.service.ts";

/**
 * Bulk actions in Vanilla's long-runner shape (reference §1.7), run synchronously: each id on its
 * own, so one failure (unknown id, no permission) lands in failedIDs with its exception and does not
 * stop the others. The answer's status is 200 when all succeeded, else the highest failure status.
 */
export async function runBulk(
  ids: number[],
  action: (id: number) => Promise<unknown>,
): Promise<{ status: number; body: LongRunnerResult }> {
  const unique = [...new Set(ids)];
  const body: LongRunnerResult = {
    progress: { successIDs: [], failedIDs: [], exceptionsByID: {}, countTotalIDs: unique.length },
    callbackPayload: null,
  };
  let status = 200;
  for (const id of unique) {
    try {
      await action(id);
      body.progress.successIDs.push(id);
    } catch (error) {
      const failure =
        error instanceof HttpError
          ? { message: error.message, status: error.status }
          : { message: "Internal Server Error", status: 500 };
      body.progress.failedIDs.push(id);
      body.progress.exceptionsByID[String(id)] = failure;
      status = Math.max(status === 200 ? 0 : status, failure.status);
    }
  }
  return { status, body };
}

export function createBulkActions(service: DiscussionsService) {
  return {
    delete: (ids: number[], context: DiscussionRequestContext) => runBulk(ids, (id) => service.remove(id, context)),
    move: (ids: number[], categoryID: number, context: DiscussionRequestContext) =>
      runBulk(ids, (id) => service.patch(id, { categoryID }, context)),
    close: (ids: number[], closed: boolean, context: DiscussionRequestContext) =>
      runBulk(ids, (id) => service.patch(id, { closed }, context)),
  };
}
