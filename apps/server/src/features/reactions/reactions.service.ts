import type { ReactionType, ReactionTypePatch } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { fieldError, notFound, validationFailed } from "../../platform/errors.ts";
import type { RequestContext as ReactionRequestContext } from "../../platform/http/request-context.ts";
import { storableText } from "../../platform/text.ts";
import type { UserFragments } from "../users/index.ts";
import { unknownUser } from "../users/index.ts";
import { awardPoints, repointReactions, type PointsAward } from "../reputation/index.ts";
import { reactionsPolicy } from "./reactions.policy.ts";
import type { ReactionsRepo, ReactionTypeRow, RecordType } from "./reactions.repo.ts";

/** What a reaction needs of the record it is on; loading it checks that the viewer may see it. */
interface Reactable {
  categoryID: number;
  insertUserID: number;
}
export type ReactableLoader = (id: number, viewer: Viewer) => Promise<Reactable>;

/**
 * A type as `GET /reactions` answers it (Vanilla's fields; Parley has no custom or hidden types). Its icon is an image
 * the web app serves for each built-in type (`apps/web/public/images/reactions/`, Lucide's, coloured by class).
 */
const presentType = (type: ReactionTypeRow, origin: string): ReactionType => ({
  tagID: type.tagID,
  urlCode: type.urlcode,
  name: type.name,
  description: type.description ?? "",
  class: type.class,
  points: type.points,
  sort: type.sort,
  active: type.active === 1,
  custom: false,
  hidden: false,
  attributes: {},
  photoUrl: `${origin}/images/reactions/${encodeURIComponent(type.urlcode)}.svg`,
});

export interface ReactionSummary {
  tagID: number;
  urlcode: string;
  name: string;
  class: string;
  count: number;
  hasReacted?: boolean;
  reactionValue?: number;
}

declare module "../../platform/events.ts" {
  interface EventMap {
    "reaction.added": { recordType: RecordType; recordID: number; recordUserID: number; userID: number; tagID: number };
    /** A member's reaction taken back (by them or a moderator): the post's score changed. */
    "reaction.removed": { recordType: RecordType; recordID: number; userID: number; tagID: number };
  }
}

/** How long a process trusts its copy of the reaction types. */
const TYPES_TTL_MS = 5_000;

/**
 * Reactions: one per member per record; a new one replaces the old; the record's score moves by the
 * difference of their points (spec §4). Types are cached for a few seconds, and dropped at once when this process changes one (`updateType`).
 */
export function createReactionsService(repo: ReactionsRepo, platform: Platform, users: UserFragments) {
  // Read again every few seconds, so a change made through another process shows here too (a reaction's
  // write reads the types afresh: the cache only decides what the lists offer).
  let types: { at: number; rows: Promise<ReactionTypeRow[]> } | null = null;
  const allTypes = () => {
    const now = platform.clock.nowMs();
    if (!types || now - types.at >= TYPES_TTL_MS) types = { at: now, rows: repo.types() };
    return types.rows;
  };
  const typeByID = async () => new Map((await allTypes()).map((type) => [type.tagID, type]));

  async function summaries(
    recordType: RecordType,
    recordIDs: number[],
    viewerID: number,
  ): Promise<Map<number, ReactionSummary[]>> {
    const [counts, mine, byID] = await Promise.all([
      repo.counts(recordType, recordIDs),
      repo.mine(recordType, recordIDs, viewerID),
      typeByID(),
    ]);
    const out = new Map<number, ReactionSummary[]>(recordIDs.map((id) => [id, []]));
    for (const row of counts) {
      const type = byID.get(row.tagID);
      if (!type) continue;
      out.get(row.recordID)?.push({
        tagID: type.tagID,
        urlcode: type.urlcode,
        name: type.name,
        class: type.class,
        count: row.count,
        ...(viewerID ? { hasReacted: mine.get(row.recordID) === type.tagID, reactionValue: type.points } : {}),
      });
    }
    for (const list of out.values())
      list.sort((a, b) => (byID.get(a.tagID)?.sort ?? 0) - (byID.get(b.tagID)?.sort ?? 0));
    return out;
  }

  return {
    summaries,

    async types(origin: string) {
      return (await allTypes()).map((type) => presentType(type, origin));
    },

    /** `GET /reactions/{urlCode}` (anyone, as the list) and, with `forEdit`, `/reactions/edit/{urlCode}` (community.manage). */
    async type(urlCode: string, context: ReactionRequestContext, forEdit = false): Promise<ReactionType> {
      if (forEdit) requireAccess(context.viewer, reactionsPolicy.canManageTypes);
      const wanted = urlCode.toLowerCase();
      const type = (await allTypes()).find((item) => item.urlcode.toLowerCase() === wanted);
      if (!type) throw notFound("Reaction type");
      return presentType(type, context.origin);
    },

    /**
     * `PATCH /reactions/{urlCode}` (community.manage): renames, describes, re-points or turns a type on or
     * off, in one transaction. New points move the score of every post with reactions of the type by the
     * difference, so that removing one later takes off what it now adds.
     */
    async updateType(urlCode: string, body: ReactionTypePatch, context: ReactionRequestContext): Promise<ReactionType> {
      requireAccess(context.viewer, reactionsPolicy.canManageTypes);
      const name = body.name === undefined ? undefined : storableText(body.name).trim();
      if (name === "") throw validationFailed([fieldError("name", "missingField", "The name is required.")]);
      const updated = await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        const type = await scoped.lockType(urlCode);
        if (!type) throw notFound("Reaction type");
        await scoped.updateType(type.tagID, {
          ...(name !== undefined ? { name } : {}),
          ...(body.description !== undefined ? { description: storableText(body.description).trim() } : {}),
          ...(body.points !== undefined ? { points: body.points } : {}),
          ...(body.active !== undefined ? { active: body.active ? 1 : 0 } : {}),
        });
        const delta = body.points === undefined ? 0 : body.points - type.points;
        if (delta !== 0) {
          // Posts in one order (discussions, then comments, by id), as reacting locks them: no circle.
          const posts = (await scoped.countsOfType(type.tagID)).sort(
            (a, b) => a.recordType.localeCompare(b.recordType) || a.recordID - b.recordID,
          );
          for (const post of posts) await scoped.addScore(post.recordType, post.recordID, delta * post.count);
          // The authors' points too: taking a reaction back later takes back what it gives now.
          await repointReactions(trx, type.tagID, delta);
        }
        return (await scoped.lockType(type.urlcode))!;
      });
      types = null;
      return presentType(updated, context.origin);
    },

    async react(
      recordType: RecordType,
      recordID: number,
      urlcode: string,
      context: ReactionRequestContext,
      load: ReactableLoader,
    ) {
      const { viewer } = context;
      requireSignedIn(viewer);
      // A member made read-only (warnings) reacts no more than they post.
      await platform.restrictions.assertMayPost(viewer);
      const record = await load(recordID, viewer);
      const type = await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        // The types as they are now, not as cached: another process may have turned this one off or changed
        // its points, and a change waits until this reaction is written (its scores then count it).
        const types = await scoped.typesShared();
        const current = new Map(types.map((row) => [row.tagID, row]));
        const type = types.find((item) => item.urlcode.toLowerCase() === urlcode.toLowerCase() && item.active === 1);
        if (!type)
          throw validationFailed([fieldError("reactionType", "invalid", `${urlcode} is not a valid reaction type.`)]);
        // Global permissions (never granted per category): the loader has checked the viewer may see the record.
        requireAccess(viewer, reactionsPolicy.canAdd, type);
        if (!(await scoped.lockRecord(recordType, recordID)))
          throw notFound(recordType === "discussion" ? "Discussion" : "Comment");
        const previous = await scoped.existing(recordType, recordID, viewer.userID);
        const oldPoints = previous ? (current.get(previous.tagID)?.points ?? 0) : 0;
        const now = platform.clock.nowIso();
        await scoped.put({
          recordType,
          recordID,
          userID: viewer.userID,
          tagID: type.tagID,
          recordUserID: record.insertUserID,
          dateInserted: now,
        });
        await scoped.addScore(recordType, recordID, type.points - oldPoints);
        // The author's points: the previous reaction's taken back where it was given, this one's given now.
        if (record.insertUserID !== viewer.userID) {
          const award = (points: number, date: string): PointsAward => ({
            userID: record.insertUserID,
            categoryID: record.categoryID,
            points,
            date,
          });
          await awardPoints(trx, [
            ...(previous ? [award(-oldPoints, previous.dateInserted)] : []),
            award(type.points, now),
          ]);
        }
        return type;
      });
      await platform.events.emit("reaction.added", {
        recordType,
        recordID,
        recordUserID: record.insertUserID,
        userID: viewer.userID,
        tagID: type.tagID,
      });
      return (await summaries(recordType, [recordID], 0)).get(recordID) ?? [];
    },

    async unreact(
      recordType: RecordType,
      recordID: number,
      userID: number,
      context: ReactionRequestContext,
      load: ReactableLoader,
    ) {
      const { viewer } = context;
      requireSignedIn(viewer);
      const record = await load(recordID, viewer);
      if (userID !== viewer.userID) requireAccess(viewer, reactionsPolicy.canRemoveOthers);
      const removed = await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        const current = new Map((await scoped.typesShared()).map((row) => [row.tagID, row]));
        if (!(await scoped.lockRecord(recordType, recordID))) return null;
        const previous = await scoped.existing(recordType, recordID, userID);
        if (!previous) return null;
        await scoped.remove(recordType, recordID, userID);
        const points = current.get(previous.tagID)?.points ?? 0;
        await scoped.addScore(recordType, recordID, -points);
        if (record.insertUserID !== userID)
          await awardPoints(trx, [
            {
              userID: record.insertUserID,
              categoryID: record.categoryID,
              points: -points,
              date: previous.dateInserted,
            },
          ]);
        return previous;
      });
      if (removed)
        await platform.events.emit("reaction.removed", { recordType, recordID, userID, tagID: removed.tagID });
    },

    async log(
      recordType: RecordType,
      recordID: number,
      query: { type?: string; page?: number; limit?: number },
      context: ReactionRequestContext,
      load: ReactableLoader,
    ) {
      const { viewer, origin } = context;
      await load(recordID, viewer);
      requireAccess(viewer, reactionsPolicy.canViewLog);
      const byID = await typeByID();
      const type = query.type ? [...byID.values()].find((item) => item.urlcode === query.type) : undefined;
      if (query.type && !type) throw notFound("Reaction type");
      const limit = query.limit ?? 30;
      const rows = await repo.log(recordType, recordID, type?.tagID, ((query.page ?? 1) - 1) * limit, limit);
      const userMap = await users.load(
        rows.map((row) => row.userID),
        origin,
      );
      return rows.map((row) => {
        const reaction = byID.get(row.tagID)!;
        return {
          recordType: row.recordType,
          recordID: row.recordID,
          tagID: row.tagID,
          userID: row.userID,
          dateInserted: toRfc3339(row.dateInserted),
          user: userMap.get(row.userID) ?? unknownUser(origin),
          reactionType: {
            tagID: reaction.tagID,
            urlcode: reaction.urlcode,
            name: reaction.name,
            class: reaction.class,
          },
        };
      });
    },

    /** `reactionsReceived` of a user, by urlcode (every type, zero when none). */
    async received(userID: number) {
      const [counts, list] = await Promise.all([repo.received(userID), allTypes()]);
      return Object.fromEntries(
        list.map((type) => [
          type.urlcode,
          {
            tagID: type.tagID,
            urlcode: type.urlcode,
            name: type.name,
            class: type.class,
            count: counts.get(type.tagID) ?? 0,
          },
        ]),
      );
    },

    /** Which reactions the viewer may add (the UI hides the others; Flag class excluded from the row). */
    canAdd: (viewer: Viewer, type: Pick<ReactionTypeRow, "class" | "urlcode">) => reactionsPolicy.canAdd(viewer, type),
  };
}

export type ReactionsService = ReturnType<typeof createReactionsService>;
