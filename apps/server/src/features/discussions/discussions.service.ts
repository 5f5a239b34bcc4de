import { ancestry, requirePostableCategory } from "./discussions.posting.ts";
import { createDiscussion, createQuestion } from "./discussions.create.ts";
import { deleteDiscussion } from "./discussions.delete.ts";
import { listDiscussions, listDiscussionsJson, listFlaggedDiscussions } from "./discussions.list.ts";
import type { DiscussionOperationDeps, DiscussionsDeps } from "./discussions.operation.ts";
import { bumpDiscussion, setDiscussionFlag, setDiscussionTags, setDiscussionType } from "./discussions.options.ts";
import {
  discussionForEdit,
  getDiscussion,
  loadDiscussion,
  loadKeptDiscussion,
  loadShownDiscussion,
  loadDiscussions,
  presentDiscussions,
  quoteDiscussion,
} from "./discussions.read.ts";
import { resolveAllDiscussions } from "./discussions.resolve.ts";
import { updateDiscussion } from "./discussions.update.ts";
import { createIdea, setIdeaStatus, voteOnIdea } from "./discussions.ideas.ts";
import { setCanonicalUrl } from "./discussions.canonical.ts";
import {
  createIdeaStatus,
  getIdeaStatus,
  listIdeaStatuses,
  listStatusLog,
  patchIdeaStatus,
  removeIdeaStatus,
} from "./discussions.statuses.ts";
import {
  addPollOption,
  createPollDiscussion,
  deletePollOption,
  getPoll,
  listMyPollVotes,
  listPollOptions,
  patchPoll,
  patchPollOption,
  votePoll,
} from "./discussions.polls.ts";
import { createFloodControl } from "./flood.ts";

export type { ReactionSummaries, ReportMetaLoader, WriteOptions } from "./discussions.operation.ts";
export { assertUnchangedSinceHeld } from "./discussions.operation.ts";
export { reportMetaOf } from "./discussions.read.ts";
export { hotScore } from "./discussions.hot.ts";

/**
 * Discussions: lists with filters, sorts and expands; posting, editing and the flags of spec §4. Each
 * operation is a function of its own file, given the service's dependencies:
 *
 * - `discussions.read.ts`: load (one or many the viewer may see), present, `get`, `edit`, `quote`
 * - `discussions.list.ts`: `list`, `listJson` (its records' JSON: `discussions.list-json.ts`)
 * - `discussions.resolve.ts`: `resolveAll` (POST /discussions/resolve-bulk)
 * - `discussions.create.ts`, `discussions.update.ts` (`patch`), `discussions.delete.ts` (`remove`)
 * - `discussions.options.ts`: `setFlag`, `bump`, `setType`, `setTags`
 * - `discussions.ideas.ts`: `createIdea`, `vote`, `setIdeaStatus` (the ideation add-on)
 * - `discussions.statuses.ts`: the idea statuses (`ideaStatuses`, their writes) and a discussion's `statusLog`
 * - `discussions.canonical.ts`: `setCanonicalUrl`
 * - `discussions.polls.ts`: `createPoll`, `poll`, `patchPoll`, the options', `votePoll`, `pollVotes` (the polls add-on)
 * - `discussions.posting.ts`: the rules creating and editing share (category, format, pinning, ancestry)
 *
 * The multi-step writes of several discussions (bulk delete, move, close, merge, split, change author)
 * are long-running actions of their own files (`discussions.bulk.ts`).
 */
export function createDiscussionsService(deps: DiscussionsDeps) {
  const operationDeps: DiscussionOperationDeps = { ...deps, flood: createFloodControl(deps.platform) };
  /** An operation with the service's dependencies given: the method the service exposes. */
  const bound =
    <Args extends unknown[], Result>(operation: (deps: DiscussionOperationDeps, ...args: Args) => Result) =>
    (...args: Args): Result =>
      operation(operationDeps, ...args);

  return {
    load: bound(loadDiscussion),
    /** As `load`, for reads: the row may be one kept for every viewer until a content change. */
    loadKept: bound(loadKeptDiscussion),
    /** As `load`, a deleted discussion answering 410 (its page). */
    loadShown: bound(loadShownDiscussion),
    loadMany: bound(loadDiscussions),
    presentMany: bound(presentDiscussions),
    ancestry: bound(ancestry),
    flood: operationDeps.flood,
    requirePostableCategory: bound(requirePostableCategory),

    list: bound(listDiscussions),
    listJson: bound(listDiscussionsJson),
    listFlagged: bound(listFlaggedDiscussions),
    get: bound(getDiscussion),
    create: bound(createDiscussion),
    patch: bound(updateDiscussion),
    remove: bound(deleteDiscussion),
    setFlag: bound(setDiscussionFlag),
    bump: bound(bumpDiscussion),
    setType: bound(setDiscussionType),
    setTags: bound(setDiscussionTags),
    createIdea: bound(createIdea),
    createQuestion: bound(createQuestion),
    vote: bound(voteOnIdea),
    setIdeaStatus: bound(setIdeaStatus),
    ideaStatuses: bound(listIdeaStatuses),
    ideaStatus: bound(getIdeaStatus),
    createIdeaStatus: bound(createIdeaStatus),
    patchIdeaStatus: bound(patchIdeaStatus),
    removeIdeaStatus: bound(removeIdeaStatus),
    statusLog: bound(listStatusLog),
    setCanonicalUrl: bound(setCanonicalUrl),
    createPoll: bound(createPollDiscussion),
    poll: bound(getPoll),
    patchPoll: bound(patchPoll),
    pollOptions: bound(listPollOptions),
    addPollOption: bound(addPollOption),
    patchPollOption: bound(patchPollOption),
    deletePollOption: bound(deletePollOption),
    votePoll: bound(votePoll),
    pollVotes: bound(listMyPollVotes),
    edit: bound(discussionForEdit),
    resolveAll: bound(resolveAllDiscussions),
    quote: bound(quoteDiscussion),
  };
}

export type DiscussionsService = ReturnType<typeof createDiscussionsService>;
