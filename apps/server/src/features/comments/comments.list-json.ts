import { createKeptJson } from "../../platform/http/kept-json.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { censorVersion } from "../../platform/render/index.ts";
import { Expansions } from "./comments.deps.ts";
import type { CommentsDeps } from "./comments.operation.ts";
import { loadForComments } from "./comments.read.ts";
import type { CommentRow } from "./comments.repo.ts";

/*
 * A page of comments as the JSON `GET /comments` answers, each kept row's record serialised once
 * (`platform/http/kept-json.ts`, issue 26). A comment's record has no field of the viewer's own unless asked for, so
 * a kept row's whole record is made once and answered to everyone who may read it (the viewer was checked against the
 * discussion before the rows were read). It is made again when what it was made from changed: the discussion's kept
 * row (its title and category are in the record), the author's kept fragment, the censor, or the request's expands.
 *
 * Only the author and the body are answered this way. Any other expand (reactions, permissions, signatures, report
 * meta), a comment whose discussion was not kept, and the answers to a question (their judgement is read each time)
 * are presented as `presentComments` does.
 */

/** The expands a kept record's JSON can answer (`-name` drops a default one). */
const sharedExpands = new Set(["insertUser", "body"]);
const answersShared = (expand: readonly string[]) =>
  expand.every((name) => sharedExpands.has(name.startsWith("-") ? name.slice(1) : name));

/** Each kept row's record JSON. */
const keptJson = createKeptJson<CommentRow>();

/** The rows' records as JSON, in the rows' order: the same records as `presentComments` (a test holds them equal). */
export async function presentCommentsJson(
  deps: CommentsDeps,
  rows: CommentRow[],
  context: RequestContext,
  expandNames: readonly string[],
  checked: Parameters<typeof loadForComments>[4],
  serialize: (record: unknown) => string,
): Promise<string[]> {
  const expand = new Expansions([...expandNames]);
  const loaded = await loadForComments(deps, rows, context, expand, checked);
  const shares = answersShared(expandNames);
  const variant = JSON.stringify([[...expandNames].sort(), context.origin, censorVersion()]);
  return rows.map((row) => {
    const discussion = loaded.discussionOf(row);
    const keep = shares && Object.isFrozen(row) && discussion !== undefined && Object.isFrozen(discussion);
    if (!keep || loaded.isAnswer(row)) return serialize(loaded.present(row));
    const author = expand.hasDefault("insertUser") ? loaded.authors.get(row.insertUserID) : undefined;
    return keptJson(row, [variant, discussion, author], () => serialize(loaded.present(row)));
  });
}
