import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";
import type { DiscussionRow, DiscussionsRepo } from "./discussions.repo.ts";
import type { MovesRepo } from "./discussions.moves.repo.ts";
import { hotScore } from "./discussions.hot.ts";

/**
 * After comments moved in or out: a discussion's comment count, last comment and place in the lists
 * (a sunk discussion keeps its date), read back from the comments themselves.
 */
export async function refreshDiscussion(
  trx: Kysely<DB>,
  repos: { discussions: DiscussionsRepo; moves: MovesRepo },
  row: DiscussionRow,
): Promise<void> {
  const { countComments, latest } = await repos.moves.tally(row.discussionID);
  const dateLastComment = row.sink === 1 ? row.dateLastComment : (latest?.dateInserted ?? row.dateInserted);
  await repos.discussions.withTransaction(trx).update(row.discussionID, {
    countComments,
    lastCommentID: latest?.commentID ?? null,
    lastUserID: latest?.insertUserID ?? row.insertUserID,
    dateLastComment,
    hot: hotScore(dateLastComment, row.score, countComments),
  });
}
