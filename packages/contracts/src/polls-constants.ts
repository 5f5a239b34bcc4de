/** Polls' values (the polls add-on). Free of TypeBox, so the browser bundle can import them. */
import { msg } from "./i18n.ts";

/** One choice, or several (up to `maxChoices` when it is set). */
export const pollChoiceModes = ["single", "multiple"] as const;
export type PollChoiceMode = (typeof pollChoiceModes)[number];

/** Who sees the counts: everyone always, or a member once they have voted (everyone once the poll is closed). */
export const pollResultsVisibilities = ["always", "afterVoting"] as const;
export type PollResultsVisibility = (typeof pollResultsVisibilities)[number];

/** One of a poll's options; `countVotes` only while the viewer may see the results. */
export interface PollOption {
  pollOptionID: number;
  pollID: number;
  body: string;
  sort: number;
  countVotes?: number;
}

/** A poll, as `GET /polls/{id}` answers and as the discussion's `attributes.poll` carries it. */
export interface Poll {
  pollID: number;
  discussionID: number;
  name: string;
  choiceMode: PollChoiceMode;
  maxChoices: number | null;
  resultsVisibility: PollResultsVisibility;
  dateClosed: string | null;
  /** Whether it takes votes no more (its close date has passed). */
  closed: boolean;
  countOptions: number;
  /** Members who voted (each once, whatever their number of choices). */
  countVoters: number;
  /** Whether this viewer sees the counts (`countVotes` of each option). */
  showResults: boolean;
  insertUserID: number;
  dateInserted: string;
  dateUpdated: string | null;
  options: PollOption[];
  /** The viewer's chosen options (signed-in viewers only; empty before they vote). */
  myVotes?: number[];
}

/** The refusals the API and the pages share (the user-visible sentences). */
export const pollMessages = {
  closed: msg("This poll is closed."),
  disabled: msg("Polls are not enabled."),
  tooFew: msg("A poll needs at least {min} options."),
  tooMany: msg("A poll has at most {max} options."),
  emptyOption: msg("An option cannot be empty."),
  oneChoice: msg("This poll takes one choice."),
  tooManyChoices: msg("Choose at most {max} options."),
  unknownOption: msg("That option is not one of this poll's."),
  maxChoicesRange: msg("Choose a number from 1 to {max}."),
  chooseFirst: msg("Choose an option before voting."),
  unknownPoll: msg("The poll could not be found."),
  optionsVoted: msg("Options that have votes cannot be changed or removed; add new ones instead."),
} as const;
