import { Type, type Static } from "typebox";
import { DateTime, Nullable } from "./common.ts";
import { pollsLimits } from "./limits.ts";
import { pollChoiceModes, pollResultsVisibilities } from "./polls-constants.ts";

const optionBody = Type.String({ maxLength: pollsLimits.optionMaxLength, description: "The option's text." });
const choiceMode = Type.Enum(pollChoiceModes, { description: "single (one choice) or multiple." });
const maxChoices = Nullable(
  Type.Integer({
    minimum: 1,
    maximum: pollsLimits.maxOptions,
    description: "A multiple-choice poll's most choices per member; null: as many as it has options.",
  }),
);
const resultsVisibility = Type.Enum(pollResultsVisibilities, {
  description: "always, or afterVoting (a member sees the counts once they voted; everyone once it is closed).",
});
const dateClosed = Nullable(DateTime);

/** The poll of a new discussion of type poll (`POST /discussions/poll`, or `POST /discussions` with `poll`). */
export const PollInput = Type.Object({
  name: Type.Optional(
    Type.String({
      maxLength: pollsLimits.nameMaxLength,
      description: "The question; the discussion's title if left out.",
    }),
  ),
  options: Type.Array(optionBody, {
    maxItems: pollsLimits.maxOptions,
    description: `Its options, in order (${pollsLimits.minOptions} to ${pollsLimits.maxOptions}).`,
  }),
  choiceMode: Type.Optional(choiceMode),
  maxChoices: Type.Optional(maxChoices),
  resultsVisibility: Type.Optional(resultsVisibility),
  dateClosed: Type.Optional(dateClosed),
});
export type PollInput = Static<typeof PollInput>;

/** `PATCH /polls/{id}` (its author and moderators): only these fields are read. */
export const PollPatch = Type.Partial(
  Type.Object({
    name: Type.String({ minLength: 1, maxLength: pollsLimits.nameMaxLength }),
    choiceMode,
    maxChoices,
    resultsVisibility,
    dateClosed,
    closed: Type.Boolean({ description: "true closes it now (dateClosed: now); false reopens it (dateClosed: null)." }),
  }),
);
export type PollPatch = Static<typeof PollPatch>;

export const PollOptionRecord = Type.Object({
  pollOptionID: Type.Integer(),
  pollID: Type.Integer(),
  body: Type.String(),
  sort: Type.Integer(),
  countVotes: Type.Optional(Type.Integer({ description: "Only while the viewer may see the results." })),
});

export const PollRecord = Type.Object({
  pollID: Type.Integer(),
  discussionID: Type.Integer(),
  name: Type.String(),
  choiceMode,
  maxChoices,
  resultsVisibility,
  dateClosed,
  closed: Type.Boolean({ description: "Whether its close date has passed: it takes votes no more." }),
  countOptions: Type.Integer(),
  countVoters: Type.Integer({ description: "Members who voted." }),
  showResults: Type.Boolean({ description: "Whether this viewer sees the options' counts." }),
  insertUserID: Type.Integer(),
  dateInserted: DateTime,
  dateUpdated: Nullable(DateTime),
  options: Type.Array(PollOptionRecord),
  myVotes: Type.Optional(Type.Array(Type.Integer(), { description: "The viewer's chosen options." })),
});

/** `POST` and `PATCH /polls/{id}/options[/{optionID}]`: an option's text. */
export const PollOptionBody = Type.Object({ body: optionBody });
export type PollOptionBody = Static<typeof PollOptionBody>;

export const PollOptionParams = Type.Object({ id: Type.Integer(), optionID: Type.Integer() });

/**
 * `POST /polls/{id}/votes`: the viewer's choices, replacing any they made before (`pollOptionID`, Vanilla's one
 * choice, or `pollOptionIDs` for several).
 */
export const PollVoteBody = Type.Object({
  pollOptionID: Type.Optional(Type.Integer()),
  pollOptionIDs: Type.Optional(Type.Array(Type.Integer(), { maxItems: pollsLimits.maxOptions })),
});
export type PollVoteBody = Static<typeof PollVoteBody>;

/** One of the viewer's votes (`GET /polls/{id}/votes` lists their own). */
export const PollVoteRecord = Type.Object({
  pollID: Type.Integer(),
  pollOptionID: Type.Integer(),
  userID: Type.Integer(),
  dateInserted: DateTime,
});
