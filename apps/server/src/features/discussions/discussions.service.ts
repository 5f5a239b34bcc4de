import {
  defaultDiscussionSort,
  groupMessages,
  limits,
  type Discussion,
  type DiscussionListQuery,
  type DiscussionPatch,
  type DiscussionPost,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { assertAccountUsable, requireSignedIn } from "../../platform/auth/authorize.ts";
import type { Kysely } from "kysely";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { DB } from "../../platform/db/schema.ts";
import type { Platform } from "../../platform/context.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { rawBodyOf } from "../../platform/records.ts";
import { fieldError, HttpError, notFound, validationFailed } from "../../platform/errors.ts";
import { parseDateFilter } from "../../platform/http/filters.ts";
import { normalizeFormat } from "../../platform/render/index.ts";
import { plainTitle, storableText } from "../../platform/text.ts";
import type { TagsService } from "../tags/index.ts";
import { createTagsRepo } from "../tags/index.ts";
import { followedCategoryIDs, type CategoryDirectory, type UserFragments } from "./discussions.deps.ts";
import "./discussions.events.ts";
import { discussionsPolicy as policy } from "./discussions.policy.ts";
import { Expansions, presentDiscussion } from "./discussions.present.ts";
import type { DiscussionFilters, DiscussionRow, DiscussionsRepo } from "./discussions.repo.ts";
import { createFloodControl } from "./flood.ts";
import { createCounters } from "./counters.repo.ts";
import { hotScore } from "./discussions.hot.ts";
import { deleteDiscussionRows } from "./discussions.bulk-delete.ts";
import { writeChanges } from "../../platform/history/change-log.ts";
import type { RequestContext as DiscussionRequestContext } from "../../platform/http/request-context.ts";

/**
 * More writes of the caller's, made in the post's own transaction (after the post is written): both
 * commit or neither does. Publishing a scheduled draft deletes the draft this way.
 */
type AlsoInTransaction = (trx: Kysely<DB>, recordID: number) => Promise<void>;

export interface WriteOptions {
  alsoInTransaction?: AlsoInTransaction;
}

/** Reaction counts per record, with the viewer's own (the reactions feature provides it). */
export type ReactionSummaries = (
  recordType: "discussion" | "comment",
  recordIDs: number[],
  viewerID: number,
) => Promise<
  Map<
    number,
    Array<{
      tagID: number;
      urlcode: string;
      name: string;
      class: string;
      count: number;
      hasReacted?: boolean;
      reactionValue?: number;
    }>
  >
>;

/** Open report counts of many records in one query (the reports feature provides it). */
export type ReportMetaLoader = (
  recordType: "discussion" | "comment",
  recordIDs: number[],
) => Promise<Map<number, { countReports: number; dateLastReport: string | null }>>;

/** `reportMeta` for moderators: the records' open reports, zero when none. */
export function reportMetaOf(
  meta: Awaited<ReturnType<ReportMetaLoader>>,
  recordID: number,
): { countReports: number; dateLastReport: string | null } {
  const found = meta.get(recordID);
  return found
    ? {
        countReports: found.countReports,
        dateLastReport: found.dateLastReport ? toRfc3339(found.dateLastReport) : null,
      }
    : { countReports: 0, dateLastReport: null };
}

export interface DiscussionsDeps {
  repo: DiscussionsRepo;
  platform: Platform;
  categories: CategoryDirectory;
  users: UserFragments;
  tags: TagsService;
  reactions: ReactionSummaries;
  reportMeta?: ReportMetaLoader;
}

export { hotScore } from "./discussions.hot.ts";

const ANNOUNCE = { none: 0, category: 1, recent: 2 } as const;

/** announce from the post's `pinned` / `pinLocation` / `announce` (old-style 0/1/2 or boolean). */
function announceOf(body: Pick<DiscussionPost, "pinned" | "pinLocation" | "announce">): number | undefined {
  if (body.pinLocation !== undefined) return body.pinLocation === null ? ANNOUNCE.none : ANNOUNCE[body.pinLocation];
  if (body.pinned !== undefined) return body.pinned ? ANNOUNCE.category : ANNOUNCE.none;
  if (body.announce !== undefined) {
    if (typeof body.announce === "boolean") return body.announce ? ANNOUNCE.category : ANNOUNCE.none;
    return body.announce;
  }
  return undefined;
}

/** Discussions: lists with filters, sorts and expands; posting, editing and the flags of spec §4. */
export function createDiscussionsService({
  repo,
  platform,
  categories,
  users,
  tags,
  reactions,
  reportMeta,
}: DiscussionsDeps) {
  const flood = createFloodControl(platform);
  const editTimeout = () => platform.siteConfig.get("ui.editContentTimeout");

  async function load(id: number, viewer: Viewer): Promise<DiscussionRow> {
    assertAccountUsable(viewer);
    const row = await repo.findById(id);
    if (!row) throw notFound("Discussion");
    requireAccess(viewer, policy.canView, row);
    return row;
  }

  /** Presents rows with a fixed number of queries: users, the viewer's state, tags and last comments each batched. */
  async function presentMany(
    rows: DiscussionRow[],
    context: DiscussionRequestContext,
    expand: Expansions,
    excerptLength?: number,
  ): Promise<Discussion[]> {
    const ids = rows.map((row) => row.discussionID);
    const wantsLastPost = expand.has("lastPost");
    const wantsTags = expand.has("tags") || expand.has("tagIDs");
    const wantsReports = expand.has("reportMeta") && reportMeta !== undefined && policy.isModerator(context.viewer);
    const [lastComments, states, tagMap, reactionMap, reports] = await Promise.all([
      wantsLastPost
        ? repo.lastComments(rows.map((row) => row.lastCommentID).filter((id): id is number => id !== null))
        : [],
      repo.userStates(context.viewer.userID, ids),
      wantsTags ? repo.tagsOf(ids) : new Map<number, Array<{ tagID: number; name: string; urlcode: string }>>(),
      expand.has("reactions") ? reactions("discussion", ids, context.viewer.userID) : null,
      wantsReports ? reportMeta("discussion", ids) : null,
    ]);
    const lastByDiscussion = new Map(lastComments.map((comment) => [comment.discussionID, comment]));
    const userIDs = rows
      .flatMap((row) => [row.insertUserID, row.lastUserID])
      .concat(lastComments.map((c) => c.insertUserID));
    const needsUsers = expand.hasDefault("insertUser") || expand.hasDefault("lastUser") || wantsLastPost;
    // `insertUser.signature` comes with the same users query (spec §5: only while signatures are enabled).
    const withSignatures =
      expand.hasDefault("insertUser") &&
      expand.has("insertUser.signature") &&
      (await platform.siteConfig.get("signatures.enabled"));
    const loaded = needsUsers
      ? withSignatures
        ? await users.loadWithSignatures(userIDs, context.origin)
        : { fragments: await users.load(userIDs, context.origin), signatures: null }
      : { fragments: new Map<number, never>(), signatures: null };
    const userMap = loaded.fragments;
    const timeout = expand.has("permissions") ? await editTimeout() : -1;
    return Promise.all(
      rows.map(async (row) => {
        const lastComment = lastByDiscussion.get(row.discussionID);
        const discussion = presentDiscussion(row, {
          origin: context.origin,
          expand,
          category: await categories.get(row.categoryID),
          users: userMap,
          userState: states.get(row.discussionID),
          signedIn: context.viewer.userID !== 0,
          ...(wantsTags ? { tags: tagMap.get(row.discussionID) ?? [] } : {}),
          ...(lastComment ? { lastComment } : {}),
          ...(expand.has("breadcrumbs")
            ? { breadcrumbs: await categories.breadcrumbs(row.categoryID, context.origin) }
            : {}),
          ...(expand.has("permissions")
            ? { permissions: policy.recordPermissions(context.viewer, row, timeout, platform.clock.nowMs()) }
            : {}),
          ...(excerptLength ? { excerptLength } : {}),
          ...(reactionMap ? { reactions: reactionMap.get(row.discussionID) ?? [] } : {}),
        });
        if (reports) discussion.reportMeta = reportMetaOf(reports, row.discussionID);
        if (expand.hasDefault("insertUser") && expand.has("insertUser.signature") && discussion.insertUser) {
          const signature = loaded.signatures?.get(row.insertUserID) ?? null;
          discussion.insertUser = { ...discussion.insertUser, signature };
        }
        return discussion;
      }),
    );
  }

  const presentOne = async (row: DiscussionRow, context: DiscussionRequestContext, expand?: string[]) =>
    (await presentMany([row], context, new Expansions(expand)))[0]!;

  /** The category a post may go to: exists, is not the root, takes discussions, and the viewer may post there. */
  async function requirePostableCategory(categoryID: number, viewer: Viewer) {
    const node = await categories.get(categoryID);
    if (!node || node.categoryID === -1)
      throw validationFailed([fieldError("categoryID", "invalid", "The category does not exist.")]);
    // A group's category: its members (and groups.moderate) post there.
    if (node.groupID && !policy.canAdd(viewer, categoryID)) {
      assertAccountUsable(viewer);
      throw new HttpError(403, groupMessages.membersOnly);
    }
    requireAccess(viewer, policy.canAdd, categoryID);
    if (node.displayAs === "categories" || node.displayAs === "heading") {
      throw validationFailed([fieldError("categoryID", "invalid", "You cannot post discussions in this category.")]);
    }
    if (node.isArchived) throw new HttpError(403, "This category is archived.");
    return node;
  }

  /** `categoryID`, or the category of `groupID` (which must then be the same when both are given). */
  async function postCategoryOf(body: Pick<DiscussionPost, "categoryID" | "groupID">): Promise<number> {
    if (body.groupID === undefined) {
      if (body.categoryID === undefined)
        throw validationFailed([fieldError("categoryID", "missingField", "categoryID is required.")]);
      return body.categoryID;
    }
    const [categoryID] = await categories.ofGroups([body.groupID]);
    if (categoryID === undefined) throw new HttpError(404, groupMessages.notFound);
    if (body.categoryID !== undefined && body.categoryID !== categoryID)
      throw validationFailed([fieldError("categoryID", "invalid", "The category is not the group's.")]);
    return categoryID;
  }

  const ancestry = async (categoryID: number) => {
    const out: number[] = [];
    let node = await categories.get(categoryID);
    while (node && node.categoryID !== -1) {
      out.push(node.categoryID);
      node = node.parentCategoryID === null ? undefined : await categories.get(node.parentCategoryID);
    }
    return out;
  };

  function checkFormat(format: string): string {
    const normalized = normalizeFormat(format);
    if (!normalized) throw validationFailed([fieldError("format", "invalid", "format is not a valid format.")]);
    return normalized;
  }

  const emit = (
    name: "discussion.created" | "discussion.deleted",
    row: DiscussionRow,
    viewer: Viewer,
    draftID?: number,
  ) =>
    platform.events.emit(name, {
      discussionID: row.discussionID,
      categoryID: row.categoryID,
      insertUserID: row.insertUserID,
      actorUserID: viewer.userID,
      ...(draftID ? { draftID } : {}),
    });

  /** Several discussions in one query, keeping only those the viewer may see. */
  async function loadMany(ids: number[], viewer: Viewer): Promise<DiscussionRow[]> {
    assertAccountUsable(viewer);
    const rows = await repo.findByIds([...new Set(ids)]);
    return rows.filter((row) => policy.canView(viewer, row));
  }

  return {
    load,
    loadMany,
    presentMany,
    ancestry,
    flood,
    requirePostableCategory,

    async list(query: DiscussionListQuery, context: DiscussionRequestContext) {
      const { viewer } = context;
      assertAccountUsable(viewer);
      const visible = new Set(await categories.visibleIDs(viewer));
      let categoryIDs = [...visible];
      let inCategory = false;
      if (query.categoryID?.length) {
        inCategory = true;
        const requested = query.includeChildCategories
          ? (await Promise.all(query.categoryID.map((id) => categories.withDescendants(id)))).flat()
          : query.categoryID;
        for (const id of query.categoryID) {
          if (!(await categories.get(id))) throw notFound("Category");
          requireAccess(viewer, policy.canView, { categoryID: id });
        }
        categoryIDs = requested.filter((id) => visible.has(id));
      }
      if (query.groupID?.length) {
        // Vanilla's `groupID` (one id or a CSV): the discussions of those groups the viewer may read.
        inCategory = true;
        const ofGroups = new Set(await categories.ofGroups(query.groupID));
        categoryIDs = categoryIDs.filter((id) => ofGroups.has(id));
      }
      if (query.followed) {
        // Reference §4 `followed`: discussions in the categories the viewer follows (none for a guest).
        const followed = new Set(await followedCategoryIDs(platform.db, viewer.userID));
        categoryIDs = categoryIDs.filter((id) => followed.has(id));
      }
      for (const userID of [query.bookmarkUserID, query.participatedUserID]) {
        if (userID !== undefined && userID !== viewer.userID) requireAccess(viewer, policy.isModerator);
      }
      const filters: DiscussionFilters = {
        categoryIDs,
        ...(query.discussionID ? { discussionIDs: query.discussionID } : {}),
        ...(query.insertUserID ? { insertUserIDs: query.insertUserID } : {}),
        ...(query.tagID ? { tagIDs: query.tagID } : {}),
        ...(query.type ? { types: query.type } : {}),
        ...(query.pinned !== undefined ? { pinned: query.pinned } : {}),
        ...(query.bookmarkUserID !== undefined ? { bookmarkUserID: query.bookmarkUserID } : {}),
        ...(query.participatedUserID !== undefined ? { participatedUserID: query.participatedUserID } : {}),
      };
      if (query.reactionType !== undefined) {
        const tagID = await repo.reactionTagID(query.reactionType);
        if (tagID === undefined)
          throw validationFailed([
            fieldError("reactionType", "invalid", `${query.reactionType} is not a valid reaction type.`),
          ]);
        filters.reactionTagID = tagID;
      }
      for (const field of ["dateInserted", "dateUpdated", "dateLastComment"] as const) {
        const value = query[field];
        if (value) filters.dates = { ...filters.dates, [field]: parseDateFilter(field, value) };
      }
      const page = query.page ?? 1;
      const limit = query.limit ?? limits.api.defaultLimit;
      const sort = query.sort ?? defaultDiscussionSort;
      const pinFirst =
        query.pinOrder === "mixed" || query.pinned !== undefined ? null : inCategory ? "category" : "recent";
      const [rows, total] = await Promise.all([
        repo.list(filters, { sort, pinFirst }, (page - 1) * limit, limit),
        repo.count(filters),
      ]);
      const items = await presentMany(rows, context, new Expansions(query.expand), query.excerptLength);
      return { items, page, limit, total };
    },

    async get(id: number, expand: string[] | undefined, context: DiscussionRequestContext): Promise<Discussion> {
      return presentOne(await load(id, context.viewer), context, expand);
    },

    async create(
      body: DiscussionPost,
      context: DiscussionRequestContext,
      options: WriteOptions = {},
    ): Promise<Discussion> {
      const { viewer } = context;
      requireSignedIn(viewer);
      const categoryID = await postCategoryOf(body);
      await requirePostableCategory(categoryID, viewer);
      const format = checkFormat(body.format);
      const name = plainTitle(body.name);
      const source = storableText(body.body);
      const text = source.trim();
      const errors = [
        ...(name ? [] : [fieldError("name", "missingField", "name is required.")]),
        ...(text ? [] : [fieldError("body", "missingField", "body is required.")]),
      ];
      if (errors.length) throw validationFailed(errors);
      const announce = announceOf(body) ?? ANNOUNCE.none;
      if (announce !== ANNOUNCE.none) requireAccess(viewer, policy.canAnnounce, { categoryID });
      if (body.closed) requireAccess(viewer, policy.canCloseAny, { categoryID });
      if (body.sink) requireAccess(viewer, policy.canSink, { categoryID });
      if (body.tagIDs?.length || body.newTagNames?.length) await tags.requireTagging();
      await flood.check(viewer);

      const now = platform.clock.nowIso();
      const chain = await ancestry(categoryID);
      const discussionID = await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        const counters = createCounters(trx);
        const tagIDs = await tags.resolveForPost(
          createTagsRepo(trx),
          viewer,
          body.tagIDs ?? [],
          body.newTagNames ?? [],
        );
        const id = await scoped.insert({
          type: body.type && ["discussion", "question", "idea"].includes(body.type) ? body.type : "discussion",
          categoryID: categoryID,
          name,
          body: source,
          format,
          insertUserID: viewer.userID,
          updateUserID: null,
          lastUserID: viewer.userID,
          lastCommentID: null,
          dateInserted: now,
          dateUpdated: null,
          dateLastComment: now,
          countComments: 0,
          countViews: 0,
          closed: body.closed ? 1 : 0,
          sink: body.sink ? 1 : 0,
          announce,
          score: 0,
          resolved: 0,
          resolvedUserID: null,
          hot: hotScore(now, 0, 0),
          attributes: null,
          insertIPAddress: context.ip,
        });
        if (tagIDs.length) await createTagsRepo(trx).setDiscussionTags(id, tagIDs, now);
        await scoped.setUserState(viewer.userID, id, { participated: 1, dateLastViewed: now });
        await counters.adjustCategories(chain, 1, 0, { discussionID: id, commentID: null, date: now });
        await counters.adjustUser(viewer.userID, "countDiscussions", 1);
        await options.alsoInTransaction?.(trx, id);
        return id;
      });
      const row = (await repo.findById(discussionID))!;
      await emit("discussion.created", row, viewer, body.draftID);
      return presentOne(row, context, ["tags"]);
    },

    async patch(
      id: number,
      body: DiscussionPatch,
      context: DiscussionRequestContext,
      options: WriteOptions = {},
    ): Promise<Discussion> {
      const { viewer } = context;
      requireSignedIn(viewer);
      const row = await load(id, viewer);
      const changes: Parameters<DiscussionsRepo["update"]>[1] = {};
      const fields = Object.keys(body).filter((key) => body[key as keyof DiscussionPatch] !== undefined);
      const editsContent = ["name", "body", "format", "categoryID", "type", "tagIDs", "newTagNames"].some((key) =>
        fields.includes(key),
      );
      if (editsContent) {
        const timeout = await editTimeout();
        const now = platform.clock.nowMs();
        if (!policy.canEdit(viewer, row, timeout, now) && row.closed === 1 && row.insertUserID === viewer.userID)
          throw new HttpError(403, "This discussion has been closed.");
        requireAccess(viewer, policy.canEdit, row, timeout, now);
      }
      if (body.name !== undefined) {
        const name = plainTitle(body.name);
        if (!name) throw validationFailed([fieldError("name", "missingField", "name is required.")]);
        changes.name = name;
      }
      if (body.body !== undefined) {
        const source = storableText(body.body);
        if (!source.trim()) throw validationFailed([fieldError("body", "missingField", "body is required.")]);
        changes.body = source;
      }
      if (body.format !== undefined) changes.format = checkFormat(body.format);
      if (body.closed !== undefined && body.closed !== (row.closed === 1)) {
        requireAccess(viewer, policy.canClose, row);
        changes.closed = body.closed ? 1 : 0;
      }
      if (body.sink !== undefined && body.sink !== (row.sink === 1)) {
        requireAccess(viewer, policy.canSink, row);
        changes.sink = body.sink ? 1 : 0;
      }
      const announce = announceOf(body);
      if (announce !== undefined && announce !== row.announce) {
        requireAccess(viewer, policy.canAnnounce, row);
        changes.announce = announce;
      }
      if (body.resolved !== undefined) {
        requireAccess(viewer, policy.canResolve);
        changes.resolved = body.resolved ? 1 : 0;
        changes.resolvedUserID = body.resolved ? viewer.userID : null;
      }
      let moveTo: number | null = null;
      if (body.categoryID !== undefined && body.categoryID !== row.categoryID) {
        requireAccess(viewer, policy.canMove, row);
        await requirePostableCategory(body.categoryID, viewer);
        requireAccess(viewer, policy.canMove, { categoryID: body.categoryID });
        moveTo = body.categoryID;
        changes.categoryID = body.categoryID;
      }
      if (body.type !== undefined)
        changes.type = ["discussion", "question", "idea"].includes(body.type) ? body.type : row.type;
      const contentChanged = changes.name !== undefined || changes.body !== undefined || changes.format !== undefined;
      if (contentChanged) {
        changes.dateUpdated = platform.clock.nowIso();
        changes.updateUserID = viewer.userID;
      }
      if (body.tagIDs?.length || body.newTagNames?.length) await tags.requireTagging();
      const [fromChain, toChain] =
        moveTo === null ? [[], []] : await Promise.all([ancestry(row.categoryID), ancestry(moveTo)]);
      await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        const changesTags = body.tagIDs !== undefined || body.newTagNames !== undefined;
        if (Object.keys(changes).length || changesTags) {
          const entry = { operation: "edit" as const, recordType: "discussion" as const, recordID: row.discussionID };
          await writeChanges(trx, [
            { ...entry, parentRecordID: row.categoryID, data: row, insertUserID: viewer.userID },
          ]);
        }
        // Its count and category under the lock: comments posted meanwhile move with it.
        const locked =
          moveTo === null
            ? undefined
            : (await createCounters(trx).lockDiscussions([row.discussionID])).get(row.discussionID);
        if (moveTo !== null && !locked) throw notFound("Discussion");
        await scoped.update(row.discussionID, changes);
        if (body.tagIDs !== undefined || body.newTagNames !== undefined) {
          const tagIDs = await tags.resolveForPost(
            createTagsRepo(trx),
            viewer,
            body.tagIDs ?? [],
            body.newTagNames ?? [],
          );
          await createTagsRepo(trx).setDiscussionTags(row.discussionID, tagIDs, platform.clock.nowIso());
        }
        if (locked && locked.categoryID !== moveTo) {
          const counters = createCounters(trx);
          const from = locked.categoryID === row.categoryID ? fromChain : await ancestry(locked.categoryID);
          await counters.adjustCategories(from, -1, -locked.countComments);
          await counters.adjustCategories(toChain, 1, locked.countComments);
        }
        await options.alsoInTransaction?.(trx, row.discussionID);
      });
      const updated = (await repo.findById(row.discussionID))!;
      const event = {
        discussionID: row.discussionID,
        categoryID: updated.categoryID,
        insertUserID: row.insertUserID,
        actorUserID: viewer.userID,
      };
      await platform.events.emit("discussion.updated", {
        ...event,
        fields,
        ...(body.draftID ? { draftID: body.draftID } : {}),
      });
      if (moveTo !== null) await platform.events.emit("discussion.moved", { ...event, fromCategoryID: row.categoryID });
      return presentOne(updated, context, ["tags"]);
    },

    async remove(id: number, context: DiscussionRequestContext): Promise<void> {
      const { viewer } = context;
      const row = await load(id, viewer);
      requireAccess(viewer, policy.canDelete, row);
      const chain = await ancestry(row.categoryID);
      await platform.db.transaction().execute(async (trx) => {
        // A concurrent delete got there first.
        if (!(await deleteDiscussionRows(trx, repo, [{ row, chain }], viewer.userID)).length)
          throw notFound("Discussion");
      });
      await emit("discussion.deleted", row, viewer);
    },

    async setFlag(
      id: number,
      flag: "bookmarked" | "muted" | "dismissed",
      value: boolean,
      context: DiscussionRequestContext,
    ) {
      const { viewer } = context;
      requireSignedIn(viewer);
      const row = await load(id, viewer);
      if (flag === "dismissed" && row.announce === 0) throw new HttpError(400, "Only announcements can be dismissed.");
      await repo.setUserState(viewer.userID, row.discussionID, {
        [flag]: value ? 1 : 0,
        ...(flag === "bookmarked" ? { dateBookmarked: value ? platform.clock.nowIso() : null } : {}),
      });
      return value;
    },

    async bump(id: number, context: DiscussionRequestContext): Promise<Discussion> {
      const row = await load(id, context.viewer);
      requireAccess(context.viewer, policy.canBump);
      const now = platform.clock.nowIso();
      await repo.update(row.discussionID, { dateLastComment: now, hot: hotScore(now, row.score, row.countComments) });
      return presentOne((await repo.findById(row.discussionID))!, context);
    },

    async setType(id: number, type: string, context: DiscussionRequestContext): Promise<Discussion> {
      const row = await load(id, context.viewer);
      requireAccess(context.viewer, policy.canEditAny, row);
      if (!["discussion", "question", "idea"].includes(type)) throw new HttpError(400, "Record not found.");
      await repo.update(row.discussionID, { type });
      return presentOne((await repo.findById(row.discussionID))!, context);
    },

    async setTags(id: number, tagIDs: number[], urlcodes: string[], context: DiscussionRequestContext) {
      const { viewer } = context;
      const row = await load(id, viewer);
      requireAccess(viewer, policy.canEdit, row, await editTimeout(), platform.clock.nowMs());
      await tags.requireTagging();
      // Vanilla's PUT asks for Vanilla.Tagging.Add too, and takes existing tags only (tagIDs, urlcodes).
      requireAccess(viewer, policy.canTag);
      const tagRepo = createTagsRepo(platform.db);
      const byCode = await tagRepo.findByUrlcodes(urlcodes);
      const missing = urlcodes.filter(
        (code) => !byCode.some((tag) => tag.urlcode.toLowerCase() === code.toLowerCase()),
      );
      if (missing.length)
        throw validationFailed([fieldError("urlcodes", "invalid", `Unknown tag: ${missing.join(", ")}.`)]);
      await platform.db.transaction().execute(async (trx) => {
        const ids = await tags.resolveForPost(
          createTagsRepo(trx),
          viewer,
          [...tagIDs, ...byCode.map((tag) => tag.tagID)],
          [],
        );
        await createTagsRepo(trx).setDiscussionTags(row.discussionID, ids, platform.clock.nowIso());
      });
      return (await repo.tagsOf([row.discussionID])).get(row.discussionID) ?? [];
    },

    /** The raw source for editing (edit permission). */
    async edit(id: number, context: DiscussionRequestContext) {
      const row = await load(id, context.viewer);
      requireAccess(context.viewer, policy.canEdit, row, await editTimeout(), platform.clock.nowMs());
      const tagIDs = await createTagsRepo(platform.db).tagIDsOf(row.discussionID);
      return {
        discussionID: row.discussionID,
        name: row.name,
        body: row.body,
        format: row.format,
        categoryID: row.categoryID,
        tagIDs,
      };
    },

    /** What a quote of the discussion needs: the raw body (parsed for rich formats) and its author. */
    async quote(id: number, context: DiscussionRequestContext) {
      const row = await load(id, context.viewer);
      const author = (await users.load([row.insertUserID], context.origin)).get(row.insertUserID);
      const bodyRaw = rawBodyOf(row.body, row.format);
      const presented = await presentOne(row, context, ["-body"]);
      return {
        discussionID: row.discussionID,
        name: row.name,
        bodyRaw,
        format: row.format,
        dateInserted: presented.dateInserted,
        dateUpdated: presented.dateUpdated,
        insertUser: author ?? presented.insertUser!,
        url: presented.url,
      };
    },
  };
}

export type DiscussionsService = ReturnType<typeof createDiscussionsService>;
