import type { RouteOptions } from "fastify";
import { ErrorBody } from "@parley/contracts";
import { API_PREFIX } from "./api.ts";

/**
 * The failures any API call may answer, each with the one error body (`errors.ts`): a request that does not
 * parse (400) or whose fields are wrong (422), a caller not signed in (401) or not allowed (403), a record
 * that is not there (404), a conflicting write (409), too many calls (429).
 */
export const STANDARD_ERROR_STATUSES = [400, 401, 403, 404, 409, 422, 429] as const;

/**
 * Adds the standard error responses to a documented API route's response schema as it is added (an
 * `onRoute` hook), so route files declare their success answers and only the failures that are theirs
 * alone (413, 502 …). A status the route declares itself keeps its own schema.
 */
export function addErrorResponses(route: RouteOptions): void {
  const schema = route.schema as { response?: Record<string, unknown>; hide?: boolean } | undefined;
  if (!schema || schema.hide || !route.url.startsWith(API_PREFIX)) return;
  const response = { ...schema.response };
  for (const status of STANDARD_ERROR_STATUSES) response[status] ??= ErrorBody;
  schema.response = response;
}
