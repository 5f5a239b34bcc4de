import type { CallStatus, LongRunnerQuery, LongRunnerResult, TrackingSlip } from "@parley/contracts";
import { requireSignedIn } from "../auth/authorize.ts";
import { randomToken } from "../auth/tokens.ts";
import type { Viewer } from "../auth/viewer.ts";
import { systemClock, type Clock } from "../clock.ts";
import { HttpError, notFound } from "../errors.ts";
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
  /**
   * Once every batch is done without a failure, before the last answer: what ends the call as a whole (a
   * category deleting its row once its discussions are gone); after a failure the call ends without it. In its
   * own transaction, and safe to run again: a round that stops before it commits is resumed, and a batch already
   * done is found done. A throw ends a sync call with that error (its last payload still resumes it) and fails
   * a queued one.
   */
  finish?(args: A, context: LongRunnerContext): Promise<void>;
}

export interface LongRunnerOptions {
  /** A round's time budget when the request names none (`longRunnerTimeout`). */
  budgetMs: number;
  /** IDs per batch (per transaction). */
  batchSize: number;
  /** How long a callback payload stays valid. */
  payloadLifetimeMs: number;
}

const defaultLongRunnerOptions: LongRunnerOptions = {
  budgetMs: 10_000,
  batchSize: 100,
  payloadLifetimeMs: 15 * 60_000,
};

export interface LongRunnerAnswer {
  status: number;
  /** The progress; with `longRunnerMode=async`, the tracking slip of the queued call (202). */
  body: LongRunnerResult | TrackingSlip;
}

/** Where a call's counts stand between rounds (in a callback payload, or a queued call's row). */
type RoundState = Omit<CallbackPayload, "remainingIDs" | "exp" | "action" | "args" | "userID">;

/** A call asked for with `longRunnerMode=async`, as its queue keeps it. */
export interface QueuedCall {
  jobID: string;
  jobTrackingID: string;
  userID: number;
  action: string;
  args: unknown;
  remainingIDs: number[];
  state: RoundState;
  origin: string;
  ip: string;
}

/** Where a queued call stands, for `GET /calls/{jobTrackingID}`. */
interface QueuedCallStatus {
  jobID: string;
  jobTrackingID: string;
  userID: number;
  status: "intended" | "complete" | "failed";
  state: RoundState;
  dateInserted: string;
  dateUpdated: string;
}

/** The queue of async calls (the `longRunnerJobs` table): one process runs each round (a claim). */
export interface LongRunnerQueue {
  enqueue(call: QueuedCall): Promise<void>;
  /**
   * The oldest waiting call, claimed for a round; `progress` writes what is left after each batch (the claim
   * kept), so a process that stops resumes from its last batch; `done` writes what is left (none: `status`)
   * and lets go.
   */
  claimNext(): Promise<{
    call: QueuedCall;
    progress: (remainingIDs: number[], state: RoundState) => Promise<void>;
    done: (remainingIDs: number[], state: RoundState, status: "intended" | "complete" | "failed") => Promise<void>;
  } | null>;
  /** A call by its tracking ID; undefined when there is none. */
  find(jobTrackingID: string): Promise<QueuedCallStatus | undefined>;
  /** Asks the queue's job to run soon (a call was just queued). */
  wake(): void;
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
  /** Calls asked for with `longRunnerMode=async`; without a queue they run as `sync` ones do. */
  queue?: LongRunnerQueue;
  /** What time it is for payloads' expiry (the system's by default). */
  clock?: Clock;
}) {
  const options = { ...defaultLongRunnerOptions, ...deps.options };
  const clock = deps.clock ?? systemClock;
  const actions = new Map<string, LongRunnerAction<never>>();

  /** Batches within the round's budget: the progress, and where the call stands (IDs left, counts). */
  async function runRound(
    action: LongRunnerAction<unknown>,
    args: unknown,
    ids: number[],
    state: RoundState,
    context: LongRunnerContext,
    onBatch?: (remainingIDs: number[], next: RoundState) => Promise<void>,
  ): Promise<{ body: LongRunnerResult; remainingIDs: number[]; next: RoundState }> {
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
      if (onBatch && done < ids.length) await onBatch(ids.slice(done), nextState());
    }
    return { body, remainingIDs: ids.slice(done), next: nextState() };

    function nextState(): RoundState {
      return {
        countTotalIDs: state.countTotalIDs,
        countSuccess: state.countSuccess + body.progress.successIDs.length,
        countFailed: state.countFailed + body.progress.failedIDs.length,
        failureStatus,
        budgetMs: state.budgetMs,
      };
    }
  }

  /** A round answered: 200 or the highest failure once done, else 408 with the signed payload that resumes it. */
  async function runRounds(
    action: LongRunnerAction<unknown>,
    args: unknown,
    ids: number[],
    state: RoundState,
    context: LongRunnerContext,
  ): Promise<LongRunnerAnswer> {
    const { body, remainingIDs, next } = await runRound(action, args, ids, state, context);
    if (remainingIDs.length === 0) {
      if (next.failureStatus === 0) await action.finish?.(args, context);
      return { status: next.failureStatus === 0 ? 200 : next.failureStatus, body };
    }
    const payload: CallbackPayload = {
      userID: context.viewer.userID,
      action: action.name,
      args,
      remainingIDs,
      ...next,
      exp: Math.floor((clock.nowMs() + options.payloadLifetimeMs) / 1000),
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
      query: LongRunnerQuery = {},
    ): Promise<LongRunnerAnswer> {
      const action = actions.get(name);
      if (!action) throw new Error(`Unknown long-runner action ${name}.`);
      const unique = [...new Set(ids)];
      const timeoutSeconds = query.longRunnerTimeout;
      const budgetMs = timeoutSeconds === undefined ? options.budgetMs : timeoutSeconds * 1000;
      const state = { countTotalIDs: unique.length, countSuccess: 0, countFailed: 0, failureStatus: 0, budgetMs };
      if (query.longRunnerMode === "async" && deps.queue) {
        // Answered at once with a tracking slip; each item is authorized when its round runs. Only a
        // member's calls are queued: a guest may do none of this work, and would only fill the queue.
        requireSignedIn(context.viewer);
        const jobTrackingID = randomToken(16);
        const jobID = `${Date.now()}.longrunnerjob.${randomToken(12)}`;
        await deps.queue.enqueue({
          jobID,
          jobTrackingID,
          userID: context.viewer.userID,
          action: name,
          args,
          remainingIDs: unique,
          state: { ...state, budgetMs: options.budgetMs },
          origin: context.origin,
          ip: context.ip,
        });
        deps.queue.wake();
        return { status: 202, body: { jobID, jobTrackingID, status: "intended" } };
      }
      return runRounds(action, args, unique, state, context);
    },

    /**
     * The queue's job: each waiting call claimed in turn and run a round (its budget), as its member with
     * their current permissions, until none waits. A member who may no longer act fails the call.
     */
    async runQueued(): Promise<void> {
      const queue = deps.queue;
      if (!queue) return;
      for (let claimed = await queue.claimNext(); claimed; claimed = await queue.claimNext()) {
        const { call, done, progress } = claimed;
        const action = actions.get(call.action);
        // A member banned or deleted since (viewerOf refuses them) fails the call rather than retrying it.
        const viewer = action ? await deps.viewerOf(call.userID).catch(() => null) : null;
        if (!action || !viewer) {
          await done([], call.state, "failed");
          continue;
        }
        const context = { viewer, origin: call.origin, ip: call.ip };
        const { remainingIDs, next } = await runRound(
          action,
          call.args,
          call.remainingIDs,
          call.state,
          context,
          progress,
        );
        if (remainingIDs.length === 0 && next.failureStatus === 0 && action.finish) {
          try {
            await (action as LongRunnerAction<unknown>).finish?.(call.args, context);
          } catch (error) {
            next.failureStatus = Math.max(next.failureStatus, failureOf(error).status);
          }
        }
        await done(
          remainingIDs,
          next,
          remainingIDs.length ? "intended" : next.failureStatus === 0 ? "complete" : "failed",
        );
      }
    },

    /**
     * `GET /calls/{jobTrackingID}`: where a queued call stands, for the member who asked for it (anyone else,
     * and an unknown ID, a 404).
     */
    async status(jobTrackingID: string, viewer: Viewer): Promise<CallStatus> {
      const found = deps.queue ? await deps.queue.find(jobTrackingID) : undefined;
      if (!found || viewer.userID === 0 || found.userID !== viewer.userID) throw notFound("Call");
      const { state } = found;
      return {
        jobID: found.jobID,
        jobTrackingID: found.jobTrackingID,
        status: found.status,
        progress: {
          countTotalIDs: state.countTotalIDs,
          countSuccess: state.countSuccess,
          countFailed: state.countFailed,
        },
        failureStatus: state.failureStatus,
        dateInserted: found.dateInserted,
        dateUpdated: found.dateUpdated,
      };
    },

    /**
     * `POST /calls/run`: a payload this server signed and that has not expired, resumed as its user with
     * their current permissions. Someone else signed in cannot run another member's payload.
     */
    async resume(token: string, request: { viewer: Viewer; origin: string; ip: string }): Promise<LongRunnerAnswer> {
      const verified = verifyPayload(token, await deps.secret(), clock.nowMs());
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
