import type { ErrorBody } from "@parley/contracts";
import { ApiError, stringifyQuery } from "./api.ts";

/** What a long-running call reports (spec §3 "Bulk progress"), summed over its calls/run rounds. */
export interface LongRunnerProgress {
  successIDs: number[];
  failedIDs: number[];
  exceptionsByID: Record<string, { message: string; status: number }>;
  countTotalIDs: number | null;
}

interface LongRunnerBody {
  progress?: Partial<LongRunnerProgress>;
  callbackPayload?: string | null;
}

export interface LongRunnerRequest {
  method: "POST" | "PATCH" | "PUT" | "DELETE";
  /** Path under /api/v2, with a leading slash. */
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
}

export interface LongRunnerOptions {
  /** The fetch to use (tests pass a mock); the browser's by default. */
  fetch?: typeof fetch;
  /** Called after every round with the progress so far. */
  onProgress?: (progress: LongRunnerProgress) => void;
  /** A safety stop against a server that never finishes (each round is one resumed call). */
  maxRounds?: number;
}

/** The content type of a signed callback payload for `POST /calls/run` (spec §7). */
export const callbackContentType = "application/system+jwt";

const asBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

const isLongRunnerBody = (body: unknown): body is LongRunnerBody =>
  typeof body === "object" && body !== null && ("progress" in body || "callbackPayload" in body);

/**
 * Runs a long-running call to its end (spec §7): the first request, then, while an answer carries a
 * `callbackPayload` (a 408 timeout, or any status ≥ 400 with a payload), `POST /calls/run` with that
 * payload as `application/system+jwt`, until the payload is null. The successes and failures of every
 * round are summed. An answer of 400 or above without a progress body is an `ApiError`.
 */
export async function runLongRunner(
  request: LongRunnerRequest,
  { fetch: fetchImpl = globalThis.fetch, onProgress, maxRounds = 100 }: LongRunnerOptions = {},
): Promise<LongRunnerProgress> {
  const total: LongRunnerProgress = { successIDs: [], failedIDs: [], exceptionsByID: {}, countTotalIDs: null };
  const search = stringifyQuery(request.query);
  let response = await fetchImpl(`/api/v2${request.path}${search ? `?${search}` : ""}`, {
    method: request.method,
    credentials: "same-origin",
    headers: {
      "X-Requested-With": "vanilla",
      ...(request.body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  });
  for (let round = 1; ; round++) {
    const body = await asBody(response);
    if (!isLongRunnerBody(body)) {
      if (response.status >= 400 && response.status !== 408) {
        throw new ApiError(response.status, body as Partial<ErrorBody> | null);
      }
      return total;
    }
    const progress = body.progress ?? {};
    total.successIDs.push(...(progress.successIDs ?? []));
    total.failedIDs.push(...(progress.failedIDs ?? []));
    Object.assign(total.exceptionsByID, progress.exceptionsByID ?? {});
    if (typeof progress.countTotalIDs === "number") total.countTotalIDs = progress.countTotalIDs;
    // A failed ID that a later round got through is no longer failed.
    total.failedIDs = total.failedIDs.filter((id) => !total.successIDs.includes(id));
    onProgress?.({ ...total, successIDs: [...total.successIDs], failedIDs: [...total.failedIDs] });
    const payload = body.callbackPayload ?? null;
    if (payload === null) return total;
    if (round >= maxRounds) throw new ApiError(408, { message: "The request took too long to finish." });
    response = await fetchImpl("/api/v2/calls/run", {
      method: "POST",
      credentials: "same-origin",
      headers: { "X-Requested-With": "vanilla", "Content-Type": callbackContentType },
      body: payload,
    });
  }
}
