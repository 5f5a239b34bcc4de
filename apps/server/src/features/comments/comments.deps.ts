/** What comments use from other features: only through their public index. */
export {
  createCounters,
  discussionsPolicy,
  Expansions,
  reportMetaOf,
  type ReportMetaLoader,
  type DiscussionsService,
  type ReactionSummaries,
  type WriteOptions,
} from "../discussions/index.ts";
export { assertUnchangedSinceHeld, markParticipation } from "../discussions/index.ts";
export { answersOf, refreshQuestion, requireQuestions, setAnswerStatus } from "../discussions/index.ts";
export { removeNotificationsAbout } from "../notifications/index.ts";
export { createNewMemberLimits, editWindowFor, unknownUser, type UserFragments } from "../users/index.ts";
export type { CategoryDirectory } from "../categories/index.ts";
export { takeBackAnswerPoints } from "../reputation/index.ts";
