import { Type, type Static } from "typebox";
import { DateTime } from "./common.ts";
import { ErrorBody } from "./errors.ts";
import { LongRunnerResult } from "./discussions.ts";

/** The content type of `POST /calls/run`: the raw `callbackPayload` string of a long-running call. */
export const callsRunContentType = "application/system+jwt";

/** `POST /calls/run`'s body: a callback payload exactly as a long-running call answered it. */
export const CallsRunBody = Type.String({ minLength: 1, maxLength: 1_000_000 });

/** `longRunnerMode=async` (reference §1.7): the call is queued and answered 202 with this slip. */
export const TrackingSlip = Type.Object({
  jobID: Type.String(),
  jobTrackingID: Type.String({ description: "Shared by every round of the call." }),
  status: Type.Union([Type.Literal("intended"), Type.Literal("complete"), Type.Literal("failed")]),
});
export type TrackingSlip = Static<typeof TrackingSlip>;

/**
 * A long-running call's answers (reference §1.7): 200 when done, 202 with a tracking slip when queued
 * (`longRunnerMode=async`), 408 with a `callbackPayload` when its
 * time ran out, else the highest failure status with the progress; a call refused as a whole (bad body,
 * bad payload) answers with the usual error body.
 */
export const longRunnerResponses = {
  200: LongRunnerResult,
  202: TrackingSlip,
  408: LongRunnerResult,
  ...Object.fromEntries(
    [400, 401, 403, 404, 409, 410, 422, 429, 500].map((status) => [status, Type.Union([LongRunnerResult, ErrorBody])]),
  ),
};

/** `GET /calls/{jobTrackingID}`: where a queued call stands (Parley's; Vanilla tracks jobs only in its dashboard). */
export const CallStatus = Type.Object({
  jobID: Type.String(),
  jobTrackingID: Type.String(),
  status: TrackingSlip.properties.status,
  progress: Type.Object({
    countTotalIDs: Type.Integer(),
    countSuccess: Type.Integer(),
    countFailed: Type.Integer(),
  }),
  failureStatus: Type.Integer({ description: "The highest failure status so far (0 when none)." }),
  dateInserted: DateTime,
  dateUpdated: DateTime,
});
export type CallStatus = Static<typeof CallStatus>;

export const CallStatusParams = Type.Object({
  jobTrackingID: Type.String({ minLength: 1, maxLength: 100 }),
});
export type CallStatusParams = Static<typeof CallStatusParams>;
