import type { LongRunnerResult } from "@parley/contracts";
import { randomToken } from "../auth/tokens.ts";
import type { Viewer } from "../auth/viewer.ts";
import { HttpError } from "../errors.ts";
import { signPayload, verifyPayload, type CallbackPayload } from "./payload.ts";

/** Who runs a round and from where (links in events and e-mail). */
export interface LongRunnerContext {
  viewer: Viewer;
  origin: string;
  ip: string;
}

export interface LongRunnerFailure {
  message: string;
  status: number;
  [key: string]: unknown;
}

/** What one batch did: the IDs that succeeded, and the failed ones with their exception. */
export interface BatchOutcome {
  successIDs: number[];
  failures: Map<number, LongRunnerFailure>;
}

/**
 * One kind of bulk work. `runBatch` does a batch of IDs as the context's viewer (authorizing each with
 * the viewer's permissions) in its own transaction, so a round that stops leaves nothing half-written.
 */
export interface LongRunnerAction<A> {
  name: string;
  runBatch(ids: number[], args: A, context: LongRunnerContext): Promise<BatchOutcome>;
}

export interface LongRunnerOptions {
  /** A round's time budget when the request names none (`longRunnerTimeout`). */
  budgetMs: number;
  /** IDs per batch (per transaction). */
  batchSize: number;
  /** How long a callback payload stays valid. */
  payloadLifetimeMs: number;
}

export const defaultLongRunnerOptions: LongRunnerOptions = {
  budgetMs: 10_000,
  batchSize: 100,
  payloadLifetimeMs: 15 * 60_000,
};

export interface LongRunnerAnswer {
  status: number;
  body: LongRunnerResult;
}

/** An exception as the progress reports it: an HttpError's status and message, anything else a 500. */
export function failureOf(error: unknown): LongRunnerFailure {
  if (error instanceof HttpError) return { message: error.message, status: error.status };
  return { message: "Internal Server Error", status: 500 };
}

/**
 * Vanilla's long runner (reference §1.7): bulk work in batches inside a time budget. When the budget runs
 * out with IDs left, the answer is 408 with a signed `callbackPayload` that `POST /calls/run` resumes as
 * the same user, their permissions loaded anew. Each answer reports the IDs it did; `countTotalIDs` is
 * the whole call's. The last answer is 200 when nothing ever failed, else the highest failure status.
 */
export function createLongRunner(deps: {
  secret: () => Promise<string>;
  /** The user a payload names, as a viewer with their current roles; null when they may no longer act. */
  viewerOf: (userID: number) => Promise<Viewer | null>;
  options?: Partial<LongRunnerOptions>;
}) {
  const options = { ...defaultLongRunnerOptions, ...deps.options };
  const actions = new Map<string, LongRunnerAction<never>>();

  async function runRounds(
    action: LongRunnerAction<unknown>,
    args: unknown,
    ids: number[],
    state: Omit<CallbackPayload, "remainingIDs" | "exp" | "action" | "args" | "userID">,
    context: LongRunnerContext,
  ): Promise<LongRunnerAnswer> {
    const started = Date.now();
    const body: LongRunnerResult = {
      progress: { successIDs: [], failedIDs: [], exceptionsByID: {}, countTotalIDs: state.countTotalIDs },
      callbackPayload: null,
    };
    let failureStatus = state.failureStatus;
    let done = 0;
    // At least one batch a round, so every round makes progress whatever the budget.
    while (done < ids.length && (done === 0 || Date.now() - started < state.budgetMs)) {
      const batch = ids.slice(done, done + options.batchSize);
      let outcome: BatchOutcome;
      try {
        outcome = await action.runBatch(batch, args, context);
      } catch (error) {
        const failure = failureOf(error);
        outcome = { successIDs: [], failures: new Map(batch.map((id) => [id, failure])) };
      }
      body.progress.successIDs.push(...outcome.successIDs);
      for (const [id, failure] of outcome.failures) {
        body.progress.failedIDs.push(id);
        body.progress.exceptionsByID[String(id)] = failure;
        failureStatus = Math.max(failureStatus, failure.status);
      }
      done += batch.length;
    }
    const remainingIDs = ids.slice(done);
    if (remainingIDs.length === 0) {
      return { status: failureStatus === 0 ? 200 : failureStatus, body };
    }
    const payload: CallbackPayload = {
      userID: context.viewer.userID,
      action: action.name,
      args,
      remainingIDs,
      countTotalIDs: state.countTotalIDs,
      countSuccess: state.countSuccess + body.progress.successIDs.length,
      countFailed: state.countFailed + body.progress.failedIDs.length,
      failureStatus,
      budgetMs: state.budgetMs,
      exp: Math.floor((Date.now() + options.payloadLifetimeMs) / 1000),
    };
    body.callbackPayload = signPayload(payload, await deps.secret());
    return { status: 408, body };
  }

  return {
    options,

    register<A>(action: LongRunnerAction<A>): void {
      if (actions.has(action.name)) throw new Error(`Long-runner action ${action.name} is registered twice.`);
      actions.set(action.name, action);
    },

    /**
     * Starts a call: the IDs (duplicates once, in order) through the action's batches. `timeoutSeconds` is
     * the request's `longRunnerTimeout` (0–20), else the configured budget.
     */
    async start<A>(
      name: string,
      ids: number[],
      args: A,
      context: LongRunnerContext,
      timeoutSeconds?: number,
    ): Promise<LongRunnerAnswer> {
      const action = actions.get(name);
      if (!action) throw new Error(`Unknown long-runner action ${name}.`);
      const unique = [...new Set(ids)];
      const budgetMs = timeoutSeconds === undefined ? options.budgetMs : timeoutSeconds * 1000;
      return runRounds(
        action,
        args,
        unique,
        { countTotalIDs: unique.length, countSuccess: 0, countFailed: 0, failureStatus: 0, budgetMs },
        context,
      );
    },

    /**
     * `POST /calls/run`: a payload this server signed and that has not expired, resumed as its user with
     * their current permissions. Someone else signed in cannot run another member's payload.
     */
    async resume(token: string, request: { viewer: Viewer; origin: string; ip: string }): Promise<LongRunnerAnswer> {
      const verified = verifyPayload(token, await deps.secret());
      if ("error" in verified) {
        throw new HttpError(
          verified.error === "expired" ? 410 : 400,
          verified.error === "expired" ? "The callback payload has expired." : "The callback payload is invalid.",
        );
      }
      const { payload } = verified;
      const action = actions.get(payload.action);
      if (!action) throw new HttpError(400, "The callback payload is invalid.");
      if (request.viewer.userID !== 0 && request.viewer.userID !== payload.userID) {
        throw new HttpError(403, "The callback payload belongs to another user.");
      }
      const viewer = await deps.viewerOf(payload.userID);
      if (!viewer) throw new HttpError(401, "Access denied.");
      const { remainingIDs, action: _name, args, userID: _user, exp: _exp, ...state } = payload;
      return runRounds(action, args, remainingIDs, state, { viewer, origin: request.origin, ip: request.ip });
    },
  };
}

export type LongRunner = ReturnType<typeof createLongRunner>;

/** A random secret for signing payloads. */
export const newLongRunnerSecret = () => randomToken(32);
