import { spamMessages, watchedWordRules, type WatchedWord, type WatchedWordPost } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Clock } from "../../platform/clock.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { conflict, fieldError, notFound, validationFailed } from "../../platform/errors.ts";
import { spamPolicy as policy } from "./spam.policy.ts";
import type { SpamRepo } from "./spam.repo.ts";
import { patternOf } from "./spam.text.ts";

type WordRow = Awaited<ReturnType<SpamRepo["words"]>>[number];

const present = (row: WordRow): WatchedWord => ({
  watchedWordID: row.watchedWordID,
  word: row.word,
  action: row.action as WatchedWord["action"],
  insertUserID: row.insertUserID,
  dateInserted: toRfc3339(row.dateInserted),
});

/** The watched words' list, adding and removing (`/watched-words`); `changed` reloads every process's list. */
export function createWatchedWordsService(deps: { repo: SpamRepo; clock: Clock; changed: () => Promise<void> }) {
  const { repo } = deps;
  return {
    async list(viewer: Viewer): Promise<WatchedWord[]> {
      requireAccess(viewer, policy.canViewWords);
      return (await repo.words()).map(present);
    },

    async add(body: WatchedWordPost, viewer: Viewer): Promise<WatchedWord> {
      requireAccess(viewer, policy.canManageWords);
      const word = body.word.trim().replace(/\s+/gu, " ");
      const pattern = patternOf(word);
      if (!pattern) throw validationFailed([fieldError("word", "invalid", spamMessages.wordInvalid, 422)]);
      if (await repo.wordExists(pattern)) throw conflict(spamMessages.wordTaken);
      if ((await repo.countWords()) >= watchedWordRules.maxWords)
        throw validationFailed([fieldError("word", "invalid", spamMessages.tooMany, 422)]);
      const watchedWordID = await repo.insertWord({
        word,
        pattern,
        action: body.action,
        insertUserID: viewer.userID,
        dateInserted: deps.clock.nowIso(),
      });
      await deps.changed();
      return present((await repo.wordById(watchedWordID))!);
    },

    async remove(watchedWordID: number, viewer: Viewer): Promise<void> {
      requireAccess(viewer, policy.canManageWords);
      if (!(await repo.wordById(watchedWordID))) throw notFound("Watched word");
      await repo.deleteWord(watchedWordID);
      await deps.changed();
    },
  };
}

export type WatchedWordsService = ReturnType<typeof createWatchedWordsService>;
