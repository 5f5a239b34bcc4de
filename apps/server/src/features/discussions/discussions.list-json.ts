import type { Discussion } from "@parley/contracts";
import { createKeptJson } from "../../platform/http/kept-json.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { censorVersion } from "../../platform/render/index.ts";
import type { DiscussionsDeps } from "./discussions.operation.ts";
import { discussionsPolicy as policy } from "./discussions.policy.ts";
import { Expansions, presentDiscussion, viewerFields, type ViewerFields } from "./discussions.present.ts";
import { presentDiscussions } from "./discussions.read.ts";
import type { DiscussionRow } from "./discussions.repo.ts";

/*
 * A list of discussions as the JSON `GET /discussions` answers, each kept row's record serialised once
 * (`platform/http/kept-json.ts`, issue 26): a member's list is never answered by a cache, since the viewer's own
 * fields (read or not, bookmarked…) are theirs, but the rest of a kept row's record is the same for everyone who may
 * see the row. Its JSON is made without the viewer's fields, and each answer adds them. It is made again when what
 * it was made from changed: the embedded authors (their kept fragments, also dropped on content changes), the
 * category (the directory's node, replaced on a category change), the censor, or the request's expands, excerpt
 * length, the site's QnA add-on and whether the viewer triages.
 *
 * Only the expands that depend on nothing but the row, its authors and its category are answered this way; a request
 * for any other (reactions, permissions, tags, the last post, signatures…), and the ideas and polls (the viewer's vote
 * is in their record), are presented as `presentDiscussions` does, and serialised whole.
 */

/** A discussion record's JSON without the viewer's fields, from the route's compiled schema. */
export type SharedRecordSerializer = (record: Omit<Discussion, keyof ViewerFields>) => string;
/** A whole discussion record's JSON, from the route's compiled schema. */
export type RecordSerializer = (record: Discussion) => string;

/** The expands a kept record's JSON can answer (`-name` drops a default one). */
const sharedExpands = new Set(["insertUser", "lastUser", "body", "category", "excerpt"]);
const answersShared = (expand: readonly string[]) =>
  expand.every((name) => sharedExpands.has(name.startsWith("-") ? name.slice(1) : name));

/** Each kept row's record JSON, without the viewer's fields. */
const keptJson = createKeptJson<DiscussionRow>();

/** `,"unread":true,…}`: the viewer's fields after a record's others. */
function ownJson(fields: ViewerFields): string {
  const countUnread = fields.countUnread === undefined ? "" : `,"countUnread":${fields.countUnread}`;
  return `,"unread":${fields.unread},"bookmarked":${fields.bookmarked},"muted":${fields.muted},"dismissed":${fields.dismissed}${countUnread}}`;
}

/**
 * The rows' records as JSON, in the rows' order, for `GET /discussions`: the same records as `presentDiscussions`
 * (a test holds them equal), each kept row's made from its kept JSON when it can be.
 */
export async function presentDiscussionsJson(
  deps: DiscussionsDeps,
  rows: DiscussionRow[],
  context: RequestContext,
  expandNames: readonly string[],
  excerptLength: number | undefined,
  serialize: { shared: SharedRecordSerializer; record: RecordSerializer },
): Promise<string[]> {
  const expand = new Expansions([...expandNames]);
  const viaKept = answersShared(expandNames)
    ? rows.filter((row) => Object.isFrozen(row) && row.type !== "idea" && row.type !== "poll")
    : [];
  const kept = new Set(viaKept);
  const others = rows.filter((row) => !kept.has(row));
  const { viewer, origin } = context;
  const signedIn = viewer.userID !== 0;
  const wantsInsertUser = expand.hasDefault("insertUser");
  const wantsLastUser = expand.hasDefault("lastUser");
  const [presented, states, users, questions] = await Promise.all([
    others.length > 0 ? presentDiscussions(deps, others, context, expand, excerptLength) : [],
    deps.repo.userStates(
      viewer.userID,
      viaKept.map((row) => row.discussionID),
    ),
    wantsInsertUser || wantsLastUser
      ? deps.users.load(
          viaKept.flatMap((row) => [row.insertUserID, row.lastUserID]),
          origin,
        )
      : new Map<number, never>(),
    // The add-on's setting itself (the presenter asks it only when a question is listed): a row's JSON is the same
    // whichever list it is in.
    viaKept.length > 0 ? deps.platform.siteConfig.get("plugins.qna") : Promise.resolve(false),
  ]);
  const triage = policy.canResolve(viewer);
  const variant = JSON.stringify([[...expandNames].sort(), excerptLength, origin, censorVersion(), questions, triage]);
  const othersJson = new Map(others.map((row, index) => [row, serialize.record(presented[index]!)]));
  return Promise.all(
    rows.map(async (row) => {
      const other = othersJson.get(row);
      if (other !== undefined) return other;
      const category = await deps.categories.get(row.categoryID);
      const insertUser = wantsInsertUser ? users.get(row.insertUserID) : undefined;
      const lastUser = wantsLastUser ? users.get(row.lastUserID ?? row.insertUserID) : undefined;
      const json = keptJson(row, [variant, insertUser, lastUser, category], () => {
        // As presentDiscussions presents it, for nobody in particular; the viewer's fields are laid on below.
        const record = presentDiscussion(row, {
          origin,
          expand,
          category,
          users,
          userState: undefined,
          signedIn: false,
          ...(excerptLength ? { excerptLength } : {}),
          questions,
          ideas: false,
          triage,
        });
        record.postTypeID = row.postTypeID ?? row.type;
        const {
          unread: _unread,
          countUnread: _countUnread,
          bookmarked: _b,
          muted: _m,
          dismissed: _d,
          ...shared
        } = record;
        return serialize.shared(shared);
      });
      return json.slice(0, -1) + ownJson(viewerFields(row, states.get(row.discussionID), signedIn));
    }),
  );
}
