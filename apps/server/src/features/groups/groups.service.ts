import {
  groupMessages,
  groupRules,
  type Group,
  type GroupListQuery,
  type GroupPatch,
  type GroupPost,
} from "@parley/contracts";
import type { Kysely } from "kysely";
import { requireAccess } from "../../platform/auth/access.ts";
import { assertAccountUsable } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import type { DB } from "../../platform/db/schema.ts";
import { fieldError, HttpError, validationFailed } from "../../platform/errors.ts";
import { plainTitle } from "../../platform/text.ts";
import { recountCategories, type CategoryDirectory } from "../categories/index.ts";
import type { RemovePosts } from "../discussions/index.ts";
import { removeDiscussionTags } from "../tags/index.ts";
import { recountPostCounts, type UserFragments } from "../users/index.ts";
import type { GroupMembersRepo } from "./group-members.repo.ts";
import "./groups.events.ts";
import { groupsPolicy as policy, noStanding } from "./groups.policy.ts";
import { presentGroup } from "./groups.present.ts";
import type { GroupListFilters, GroupRow, GroupsRepo, ViewerStanding } from "./groups.repo.ts";
import type { RequestContext as GroupContext } from "../../platform/http/request-context.ts";

export interface GroupsDeps {
  platform: Platform;
  repo: GroupsRepo;
  members: GroupMembersRepo;
  users: UserFragments;
  categories: CategoryDirectory;
  /** Deletes posts with what points at them (the discussions feature's, handed in by app.ts). */
  removePosts: RemovePosts;
}

const wantsInsertUser = (expand: string[] | undefined) =>
  (expand ?? []).some((name) => ["insertUser", "all", "true"].includes(name));

/** A group found and known to the viewer, with their standing in it. */
export interface KnownGroup {
  row: GroupRow;
  standing: ViewerStanding;
}

/** The shared steps of the groups' services: load what the viewer may know, and announce changes of rights. */
export function createGroupsLoader({
  platform,
  repo,
  categories,
}: Pick<GroupsDeps, "platform" | "repo" | "categories">) {
  return {
    /** The group, or 404 `groupMessages.notFound` when it does not exist or the viewer may not know it. */
    async known(groupID: number, viewer: Viewer): Promise<KnownGroup> {
      assertAccountUsable(viewer);
      const row = await repo.find(groupID);
      const standing = row ? ((await repo.standings(viewer.userID, [groupID])).get(groupID) ?? noStanding) : noStanding;
      if (!row || !policy.canKnow(viewer, row, standing)) throw new HttpError(404, groupMessages.notFound);
      return { row, standing };
    },

    /**
     * After a group was created, deleted or changed privacy: every process drops the cached rights and category
     * tree (`permissions.changed` reaches the others through the live bus), and search answers are recomputed.
     */
    async rightsChanged(groupID: number, actorUserID: number, deleted = false): Promise<void> {
      platform.permissions.invalidate();
      categories.invalidate();
      await platform.events.emit("group.changed", { groupID, actorUserID, ...(deleted ? { deleted } : {}) });
      await platform.events.emit("permissions.changed", {});
    },

    /** Membership changed: the members' next requests read their new rights (memberships are read per request). */
    async membersChanged(groupID: number, actorUserID: number, userIDs: number[]): Promise<void> {
      await platform.events.emit("group.membersChanged", { groupID, actorUserID, userIDs });
      for (const userID of new Set(userIDs)) await platform.events.emit("user.access.changed", { userID });
    },
  };
}
export type GroupsLoader = ReturnType<typeof createGroupsLoader>;

/** Groups: listed and read by those who may know them; created with groups.add; led by their leaders. */
export function createGroupsService(deps: GroupsDeps & { loader: GroupsLoader }) {
  const { platform, repo, members, users, loader, removePosts } = deps;

  async function presentMany(rows: GroupRow[], context: GroupContext, expand?: string[]): Promise<Group[]> {
    const ids = rows.map((row) => row.groupID);
    const [standings, insertUsers] = await Promise.all([
      repo.standings(context.viewer.userID, ids),
      wantsInsertUser(expand)
        ? users.load(
            rows.map((row) => row.insertUserID),
            context.origin,
          )
        : null,
    ]);
    return rows.map((row) =>
      presentGroup(row, {
        origin: context.origin,
        viewer: context.viewer,
        standing: standings.get(row.groupID) ?? noStanding,
        insertUser: insertUsers?.get(row.insertUserID),
      }),
    );
  }

  const presentOne = async (groupID: number, context: GroupContext, expand?: string[]) =>
    (await presentMany([(await repo.find(groupID))!], context, expand))[0]!;

  function nameOf(name: string): string {
    const title = plainTitle(name);
    if (!title) throw validationFailed([fieldError("name", "missingField", "name is required.", 422)]);
    return title;
  }
  async function checkName(name: string, exceptID?: number) {
    if (await repo.nameTaken(name, exceptID))
      throw validationFailed([fieldError("name", "invalid", groupMessages.nameTaken, 422)]);
  }
  const textOf = (value: string) => value.replace(/\r\n/g, "\n").trim();

  return {
    presentMany,

    async list(query: GroupListQuery, context: GroupContext) {
      const { viewer } = context;
      assertAccountUsable(viewer);
      const moderator = policy.isModerator(viewer);
      if (query.memberID !== undefined && query.memberID !== viewer.userID)
        requireAccess(viewer, policy.canListGroupsOf);
      const filters: GroupListFilters = {
        ...(query.privacy !== undefined ? { privacy: query.privacy } : {}),
        ...(query.memberID !== undefined ? { memberID: query.memberID } : {}),
        ...(query.insertUserID !== undefined ? { insertUserID: query.insertUserID } : {}),
        ...(query.name ? { name: query.name } : {}),
        secretUnlessFor: moderator ? null : viewer.userID,
      };
      const page = query.page ?? 1;
      const limit = query.limit ?? groupRules.defaultLimit;
      const [rows, total] = await Promise.all([
        repo.list(filters, query.sort ?? "-dateLastComment", (page - 1) * limit, limit),
        repo.count(filters),
      ]);
      return { items: await presentMany(rows, context, query.expand), page, limit, total };
    },

    /** The groups among `ids` the viewer may see (no secret group but their members'), as `GET /groups` presents them. */
    async presentByIDs(ids: number[], context: GroupContext): Promise<Array<[number, Group]>> {
      const { viewer } = context;
      assertAccountUsable(viewer);
      if (!ids.length) return [];
      const rows = await repo.list(
        { groupIDs: ids, secretUnlessFor: policy.isModerator(viewer) ? null : viewer.userID },
        "name",
        0,
        ids.length,
      );
      return (await presentMany(rows, context, undefined)).map((group) => [group.groupID, group]);
    },

    async get(groupID: number, expand: string[] | undefined, context: GroupContext): Promise<Group> {
      const { row } = await loader.known(groupID, context.viewer);
      return (await presentMany([row], context, expand))[0]!;
    },

    /** A group, its category (under "Social Groups") and its creator as its first leader: one transaction. */
    async create(body: GroupPost, context: GroupContext): Promise<Group> {
      const { viewer } = context;
      assertAccountUsable(viewer);
      requireAccess(viewer, policy.canAdd);
      const name = nameOf(body.name);
      await checkName(name);
      const now = platform.clock.nowIso();
      const description = textOf(body.description);
      const groupID = await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        const id = await scoped.insert({
          name,
          description,
          privacy: body.privacy,
          iconUrl: body.iconUrl ?? null,
          bannerUrl: body.bannerUrl ?? null,
          categoryID: 0,
          insertUserID: viewer.userID,
          dateInserted: now,
          updateUserID: null,
          dateUpdated: null,
        });
        const parent = await scoped.parentCategory(viewer.userID, now);
        const categoryID = await scoped.insertCategory({ groupID: id, name, description }, parent, viewer.userID, now);
        await scoped.update(id, { categoryID });
        await members.withTransaction(trx).addMember(id, viewer.userID, "leader", now);
        await recountCategories(trx);
        return id;
      });
      await loader.rightsChanged(groupID, viewer.userID);
      await loader.membersChanged(groupID, viewer.userID, [viewer.userID]);
      return presentOne(groupID, {
        ...context,
        viewer: await platform.sessions.viewerFor(viewer.user!, viewer.via, viewer.session),
      });
    },

    /**
     * Leaders and groups.moderate. Becoming public approves the pending applications (their users join);
     * becoming secret denies them.
     */
    async update(groupID: number, body: GroupPatch, context: GroupContext): Promise<Group> {
      const { viewer } = context;
      const { row, standing } = await loader.known(groupID, viewer);
      requireAccess(viewer, policy.canLead, standing);
      const name = body.name === undefined ? undefined : nameOf(body.name);
      if (name !== undefined) await checkName(name, groupID);
      const now = platform.clock.nowIso();
      const privacyChanged = body.privacy !== undefined && body.privacy !== row.privacy;
      let approved: number[] = [];
      await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        const description = body.description === undefined ? undefined : textOf(body.description);
        await scoped.update(groupID, {
          ...(name !== undefined ? { name } : {}),
          ...(description !== undefined ? { description } : {}),
          ...(body.privacy !== undefined ? { privacy: body.privacy } : {}),
          ...(body.iconUrl !== undefined ? { iconUrl: body.iconUrl } : {}),
          ...(body.bannerUrl !== undefined ? { bannerUrl: body.bannerUrl } : {}),
          updateUserID: viewer.userID,
          dateUpdated: now,
        });
        if (name !== undefined || description !== undefined)
          await scoped.updateCategory(
            row.categoryID,
            { ...(name !== undefined ? { name } : {}), ...(description !== undefined ? { description } : {}) },
            viewer.userID,
            now,
          );
        if (privacyChanged) approved = await settleApplications(trx, groupID, body.privacy!, now);
      });
      if (privacyChanged) await loader.rightsChanged(groupID, viewer.userID);
      else await platform.events.emit("group.changed", { groupID, actorUserID: viewer.userID });
      if (approved.length) await loader.membersChanged(groupID, viewer.userID, approved);
      return presentOne(groupID, context);
    },

    /** Leaders and groups.moderate: the group with its discussions, comments, members and category, in one transaction. */
    async remove(groupID: number, context: GroupContext): Promise<void> {
      const { viewer } = context;
      const { row, standing } = await loader.known(groupID, viewer);
      requireAccess(viewer, policy.canLead, standing);
      const formerMembers = await members.memberIDs(groupID);
      await platform.db.transaction().execute(async (trx) => {
        await removeGroupPosts(trx, row.categoryID, removePosts);
        const scoped = repo.withTransaction(trx);
        await scoped.remove(groupID);
        await scoped.deleteCategory(row.categoryID);
        await recountCategories(trx);
      });
      await loader.rightsChanged(groupID, viewer.userID, true);
      await platform.events.emit("category.changed", { categoryID: row.categoryID });
      await loader.membersChanged(groupID, viewer.userID, formerMembers);
    },
  };

  /** A privacy change's effect on waiting applications: public approves them (they join), secret denies them. */
  async function settleApplications(trx: Kysely<DB>, groupID: number, privacy: string, now: string) {
    const scoped = members.withTransaction(trx);
    const pending = await scoped.pendingApplicantIDs(groupID);
    if (pending.length === 0 || privacy === "private") return [];
    if (privacy === "secret") {
      await scoped.setApplicationStatus(groupID, pending, "denied", now);
      return [];
    }
    await scoped.setApplicationStatus(groupID, pending, "approved", now);
    for (const userID of pending) await scoped.addMember(groupID, userID, "member", now);
    return pending;
  }
}

/**
 * Deletes the posts in a group's category as deleting a category with its content does (reactions, notifications,
 * read states and bookmarks with them), then recounts their authors' post counts. In the caller's transaction.
 */
async function removeGroupPosts(trx: Kysely<DB>, categoryID: number, removePosts: RemovePosts): Promise<void> {
  const discussionIDs = trx.selectFrom("discussions").select("discussionID").where("categoryID", "=", categoryID);
  const commentIDs = trx.selectFrom("comments").select("commentID").where("discussionID", "in", discussionIDs);
  const authors = await trx
    .selectFrom("discussions")
    .select("insertUserID")
    .where("categoryID", "=", categoryID)
    .union(trx.selectFrom("comments").select("insertUserID").where("discussionID", "in", discussionIDs))
    .execute();
  await removeDiscussionTags(trx, discussionIDs);
  await removePosts(trx, discussionIDs, commentIDs);
  await recountPostCounts(trx, [...new Set(authors.map((row) => row.insertUserID))]);
}

export type GroupsService = ReturnType<typeof createGroupsService>;
