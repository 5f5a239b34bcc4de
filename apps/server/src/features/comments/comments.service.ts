import { judgeAnswer } from "./comments.answer.ts";
import { createComment } from "./comments.create.ts";
import { deleteComment } from "./comments.delete.ts";
import { commentThread, listComments, listCommentsJson } from "./comments.list.ts";
import type { CommentsDeps } from "./comments.operation.ts";
import { commentForEdit, getComment, loadReactable, locateComment, quoteComment } from "./comments.read.ts";
import { updateComment } from "./comments.update.ts";

/**
 * Comments: pages of a discussion's replies, posting with counters, editing, deleting, locating. Each
 * operation is a function of its own file, given the service's dependencies:
 *
 * - `comments.read.ts`: load (with its discussion), present, `loadReactable`, `get`, `locate`, `edit`, `quote`
 * - `comments.list.ts`: `list`, `listJson` (its records' JSON: `comments.list-json.ts`), `thread`
 * - `comments.create.ts`, `comments.update.ts` (`patch`), `comments.delete.ts` (`remove`)
 * - `comments.answer.ts`: `answer` (a question's answer accepted or rejected, the QnA add-on)
 *
 * Bulk delete and change author are files of their own too (`comments.bulk-delete.ts`, `comments.change-author.ts`).
 */
export function createCommentsService(deps: CommentsDeps) {
  /** An operation with the service's dependencies given: the method the service exposes. */
  const bound =
    <Args extends unknown[], Result>(operation: (deps: CommentsDeps, ...args: Args) => Result) =>
    (...args: Args): Result =>
      operation(deps, ...args);

  return {
    loadReactable: bound(loadReactable),
    list: bound(listComments),
    listJson: bound(listCommentsJson),
    thread: bound(commentThread),
    get: bound(getComment),
    locate: bound(locateComment),
    create: bound(createComment),
    patch: bound(updateComment),
    remove: bound(deleteComment),
    edit: bound(commentForEdit),
    quote: bound(quoteComment),
    answer: bound(judgeAnswer),
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
