/** Messages shared by server and web. Free of TypeBox, so the browser bundle can import it. */

/** User-visible messages that both sides show (spec §8). */
export const errorMessages = {
  validationFailed: "Validation Failed",
  serverNoMessage: "Something went wrong while contacting the server.",
  unknown: "Something went wrong.",
  genericToast: "Something has gone wrong.",
  permissionProblem: "Permission Problem",
  internal: "Internal Server Error",
  /** A write that lost a race to an identical one (a unique name or address taken a moment ago). */
  conflict: "That was just saved by someone else. Reload the page and try again.",
  /** A client address past its per-minute allowance of searches or guest API calls (429, with Retry-After). */
  tooManyRequests: "Too many requests. Please wait {seconds} seconds and try again.",
} as const;

/** 410 Gone: a deleted discussion's address, as the API and its page say it (issue 32). */
export const discussionGoneMessage = "This discussion has been deleted.";

/** `<Thing> not found.` as Vanilla words it. */
export const notFoundMessage = (thing: string) => `${thing} not found.`;
