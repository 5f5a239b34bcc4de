import { limits, pollMessages, type PollInput } from "@parley/contracts";
import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";
import { fieldError, HttpError, validationFailed } from "../../platform/errors.ts";
import type { SiteConfig } from "../../platform/site-config.ts";
import { plainTitle } from "../../platform/text.ts";
import { pollsOfDiscussions, insertPoll } from "./polls.repo.ts";

/*
 * The rules a poll is posted by (the polls add-on), which posting a discussion of type poll and the polls' own
 * routes share.
 */

export const { minOptions, maxOptions } = limits.polls;
export const fill = (sentence: string, values: Record<string, number>) =>
  sentence.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key]));

/** The add-on's switch (`plugins.polls`): off, the polls' routes answer 404, as a Vanilla site without the add-on. */
export async function requirePolls(siteConfig: SiteConfig): Promise<void> {
  if (!(await siteConfig.get("plugins.polls"))) throw new HttpError(404, pollMessages.disabled);
}

/** A poll's input checked and tidied: 2 to 20 options, none empty; the choice mode's limit; the question. */
export function checkPollInput(input: PollInput | undefined, title: string) {
  if (!input) throw validationFailed([fieldError("poll", "missingField", "poll is required.")]);
  const options = input.options.map((option) => plainTitle(option));
  const errors = [
    ...(options.some((option) => option === "")
      ? [fieldError("poll.options", "invalid", pollMessages.emptyOption)]
      : []),
    ...(options.length < minOptions
      ? [fieldError("poll.options", "invalid", fill(pollMessages.tooFew, { min: minOptions }))]
      : []),
    ...(options.length > maxOptions
      ? [fieldError("poll.options", "invalid", fill(pollMessages.tooMany, { max: maxOptions }))]
      : []),
  ];
  if (errors.length) throw validationFailed(errors);
  const choiceMode = input.choiceMode ?? "single";
  const maxChoices = choiceMode === "multiple" ? (input.maxChoices ?? null) : null;
  return {
    name: plainTitle(input.name ?? "") || title,
    options,
    choiceMode,
    maxChoices: maxChoices !== null && maxChoices >= options.length ? null : maxChoices,
    resultsVisibility: input.resultsVisibility ?? "always",
    dateClosed: input.dateClosed ?? null,
  };
}
export type CheckedPoll = ReturnType<typeof checkPollInput>;

/** Writes a checked poll for a discussion, in its transaction. */
export const writePoll = (trx: Kysely<DB>, discussionID: number, poll: CheckedPoll, userID: number, now: string) =>
  insertPoll(
    trx,
    {
      discussionID,
      name: poll.name,
      choiceMode: poll.choiceMode,
      maxChoices: poll.maxChoices,
      resultsVisibility: poll.resultsVisibility,
      dateClosed: poll.dateClosed,
      insertUserID: userID,
      dateInserted: now,
    },
    poll.options,
  );

/**
 * A discussion made a poll again by a change of type (`PUT /discussions/{id}/type`, `PATCH`): only one that has its
 * poll (posted as a poll, then made another type); a poll is posted with its discussion.
 */
export async function requirePollOf(db: Kysely<DB>, siteConfig: SiteConfig, discussionID: number): Promise<void> {
  await requirePolls(siteConfig);
  if (!(await pollsOfDiscussions(db, [discussionID])).has(discussionID))
    throw validationFailed([
      fieldError("type", "invalid", "A discussion becomes a poll only when it is posted as one, with its poll."),
    ]);
}
