import {
  groupMessages,
  groupPaths,
  groupRules,
  type Group,
  type GroupApplicant,
  type GroupInvitation,
  type GroupInvitationPost,
  type GroupMember,
  type GroupMemberRole,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import { isSignedIn, type Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { badRequest, conflict, fieldError, HttpError, notFound, validationFailed } from "../../platform/errors.ts";
import type { UserFragments } from "../users/index.ts";
import type { GroupMembersRepo } from "./group-members.repo.ts";
import { groupsPolicy as policy } from "./groups.policy.ts";
import { groupSlug, presentApplicant, presentInvitation, presentMember } from "./groups.present.ts";
import type { GroupsLoader, GroupsService, KnownGroup } from "./groups.service.ts";
import type { RequestContext as GroupContext } from "../../platform/http/request-context.ts";
import type { GroupRow } from "./groups.repo.ts";

export interface GroupMembersDeps {
  platform: Platform;
  members: GroupMembersRepo;
  users: UserFragments;
  loader: GroupsLoader;
  groups: GroupsService;
}

interface PageQuery {
  page?: number;
  limit?: number;
}

const pageOf = (query: PageQuery) => {
  const page = query.page ?? 1;
  const limit = query.limit ?? groupRules.membersDefaultLimit;
  return { page, limit, offset: (page - 1) * limit };
};

/** A group's members, applications and invitations: joining, applying, inviting, leading and leaving. */
export function createGroupMembersService({ platform, members, users, loader, groups }: GroupMembersDeps) {
  /** Leaders and groups.moderate only. */
  async function led(groupID: number, viewer: Viewer): Promise<KnownGroup> {
    const known = await loader.known(groupID, viewer);
    requireAccess(viewer, policy.canLead, known.standing);
    return known;
  }

  /** The viewer's rights as their next request will read them (after a change of their own membership). */
  const refreshed = async (viewer: Viewer): Promise<Viewer> =>
    isSignedIn(viewer) ? platform.sessions.viewerFor(viewer.user, viewer.via, viewer.session) : viewer;

  async function presentGroupFor(groupID: number, context: GroupContext): Promise<Group> {
    return groups.get(groupID, undefined, { ...context, viewer: await refreshed(context.viewer) });
  }

  async function requireUser(userID: number) {
    const found = await members.usableUsers([userID], []);
    if (found.length === 0) throw validationFailed([fieldError("userID", "invalid", "The user does not exist.", 422)]);
  }

  /** A leader may not leave the group leaderless. */
  async function keepALeader(groupID: number, userID: number) {
    const leaders = await members.leaderIDs(groupID);
    if (leaders.length === 1 && leaders[0] === userID) throw conflict(groupMessages.lastLeader);
  }

  const notify = (
    row: GroupRow,
    userIDs: number[],
    activityType: "GroupInvite" | "GroupApply" | "GroupApproved",
    actorUserID: number,
  ) =>
    userIDs.length === 0
      ? Promise.resolve()
      : platform.events.emit("notification.requested", {
          userIDs,
          activityType,
          recordType: "group",
          recordID: row.groupID,
          actorUserID,
          title: row.name,
          url:
            activityType === "GroupApply"
              ? groupPaths.members(row.groupID, groupSlug(row))
              : groupPaths.group(row.groupID, groupSlug(row)),
        });

  return {
    /** Members of a public group to whoever may know it; of a private or secret one to its members and moderators. */
    async listMembers(groupID: number, query: PageQuery & { role?: GroupMemberRole }, context: GroupContext) {
      const { row, standing } = await loader.known(groupID, context.viewer);
      if (row.privacy !== "public" && standing.role === null && !policy.isModerator(context.viewer))
        throw new HttpError(403, groupMessages.notMember);
      const { page, limit, offset } = pageOf(query);
      const [rows, total] = await Promise.all([
        members.members(groupID, query.role, offset, limit),
        members.countMembers(groupID, query.role),
      ]);
      const fragments = await users.load(
        rows.map((member) => member.userID),
        context.origin,
      );
      const items: GroupMember[] = rows.map((member) => presentMember(member, fragments, context.origin));
      return { items, page, limit, total };
    },

    /** A leader adds a user at once (their invitation and application settled). */
    async addMember(
      groupID: number,
      body: { userID: number; role?: GroupMemberRole | undefined },
      context: GroupContext,
    ): Promise<GroupMember> {
      await led(groupID, context.viewer);
      await requireUser(body.userID);
      if (await members.member(groupID, body.userID)) throw conflict("The user is already a member of this group.");
      const now = platform.clock.nowIso();
      await platform.db.transaction().execute(async (trx) => {
        const scoped = members.withTransaction(trx);
        await scoped.addMember(groupID, body.userID, body.role ?? "member", now);
        if ((await scoped.applicant(groupID, body.userID))?.status === "pending")
          await scoped.setApplicationStatus(groupID, [body.userID], "approved", now);
      });
      await loader.membersChanged(groupID, context.viewer.userID, [body.userID]);
      const row = (await members.member(groupID, body.userID))!;
      return presentMember(row, await users.load([row.userID], context.origin), context.origin);
    },

    async setRole(groupID: number, userID: number, role: GroupMemberRole, context: GroupContext): Promise<GroupMember> {
      await led(groupID, context.viewer);
      const member = await members.member(groupID, userID);
      if (!member) throw notFound("Member");
      if (member.role === "leader" && role !== "leader") await keepALeader(groupID, userID);
      if (member.role !== role) {
        await platform.db.transaction().execute((trx) => members.withTransaction(trx).setRole(groupID, userID, role));
        await loader.membersChanged(groupID, context.viewer.userID, [userID]);
      }
      const row = (await members.member(groupID, userID))!;
      return presentMember(row, await users.load([userID], context.origin), context.origin);
    },

    /** A leader removes a member, or a member removes themself (as leaving). */
    async removeMember(groupID: number, userID: number, context: GroupContext): Promise<void> {
      const { viewer } = context;
      if (userID !== viewer.userID) await led(groupID, viewer);
      else await loader.known(groupID, viewer);
      const member = await members.member(groupID, userID);
      if (!member) throw notFound("Member");
      if (member.role === "leader") await keepALeader(groupID, userID);
      await platform.db.transaction().execute((trx) => members.withTransaction(trx).removeMember(groupID, userID));
      await loader.membersChanged(groupID, viewer.userID, [userID]);
    },

    /** Public groups, or any group with an invitation waiting; private ones take applications, secret ones invitations. */
    async join(groupID: number, context: GroupContext): Promise<Group> {
      const { viewer } = context;
      requireSignedIn(viewer);
      const { row, standing } = await loader.known(groupID, viewer);
      if (standing.role !== null) throw conflict(groupMessages.alreadyMember);
      if (!policy.canJoin(viewer, row, standing)) {
        if (row.privacy === "private") throw new HttpError(403, groupMessages.privateApply);
        throw new HttpError(403, groupMessages.secretInviteOnly);
      }
      const now = platform.clock.nowIso();
      await platform.db.transaction().execute(async (trx) => {
        const scoped = members.withTransaction(trx);
        await scoped.addMember(groupID, viewer.userID, "member", now);
        if (standing.application === "pending")
          await scoped.setApplicationStatus(groupID, [viewer.userID], "approved", now);
      });
      await loader.membersChanged(groupID, viewer.userID, [viewer.userID]);
      return presentGroupFor(groupID, context);
    },

    async leave(groupID: number, context: GroupContext): Promise<void> {
      const { viewer } = context;
      requireSignedIn(viewer);
      const { standing } = await loader.known(groupID, viewer);
      if (standing.role === null) throw new HttpError(409, groupMessages.notMember);
      if (standing.role === "leader") await keepALeader(groupID, viewer.userID);
      await platform.db
        .transaction()
        .execute((trx) => members.withTransaction(trx).removeMember(groupID, viewer.userID));
      await loader.membersChanged(groupID, viewer.userID, [viewer.userID]);
    },

    /** Private groups only; one pending application at a time. The leaders are told. */
    async apply(groupID: number, reason: string | undefined, context: GroupContext): Promise<GroupApplicant> {
      const { viewer } = context;
      requireSignedIn(viewer);
      const { row, standing } = await loader.known(groupID, viewer);
      if (standing.role !== null) throw conflict(groupMessages.alreadyMember);
      if (standing.application === "pending") throw conflict(groupMessages.applicationPending);
      if (row.privacy === "secret") throw new HttpError(403, groupMessages.secretInviteOnly);
      if (row.privacy === "public" || standing.invited) throw badRequest("You can join this group without applying.");
      const now = platform.clock.nowIso();
      await platform.db
        .transaction()
        .execute((trx) => members.withTransaction(trx).apply(groupID, viewer.userID, (reason ?? "").trim(), now));
      await notify(row, await members.leaderIDs(groupID), "GroupApply", viewer.userID);
      const application = (await members.applicant(groupID, viewer.userID))!;
      return presentApplicant(application, await users.load([viewer.userID], context.origin), context.origin);
    },

    async listApplicants(groupID: number, query: PageQuery & { status?: string }, context: GroupContext) {
      await led(groupID, context.viewer);
      const { page, limit, offset } = pageOf(query);
      const [rows, total] = await Promise.all([
        members.applicants(groupID, query.status, offset, limit),
        members.countApplicants(groupID, query.status),
      ]);
      const fragments = await users.load(
        rows.map((row) => row.userID),
        context.origin,
      );
      const items = rows.map((row) => presentApplicant(row, fragments, context.origin));
      return { items, page, limit, total };
    },

    /** A leader approves (the applicant joins and is told) or denies a pending application. */
    async decide(
      groupID: number,
      userID: number,
      status: "approved" | "denied",
      context: GroupContext,
    ): Promise<GroupApplicant> {
      const { row } = await led(groupID, context.viewer);
      const application = await members.applicant(groupID, userID);
      if (!application) throw notFound("Application");
      if (application.status !== "pending") throw conflict("This application has already been reviewed.");
      const now = platform.clock.nowIso();
      await platform.db.transaction().execute(async (trx) => {
        const scoped = members.withTransaction(trx);
        await scoped.setApplicationStatus(groupID, [userID], status, now);
        if (status === "approved") await scoped.addMember(groupID, userID, "member", now);
      });
      if (status === "approved") {
        await loader.membersChanged(groupID, context.viewer.userID, [userID]);
        await notify(row, [userID], "GroupApproved", context.viewer.userID);
      }
      const updated = (await members.applicant(groupID, userID))!;
      return presentApplicant(updated, await users.load([userID], context.origin), context.origin);
    },

    /**
     * Leaders invite by user id or e-mail address (an address names an existing account; others are refused).
     * Inviting by address needs `personalInfo.view`: the answer (and the invitations list) names the account
     * behind an address, which anyone who may start a group would otherwise learn. Members and users already
     * invited are skipped; the newly invited are told.
     */
    async invite(groupID: number, body: GroupInvitationPost, context: GroupContext): Promise<GroupInvitation[]> {
      const { row } = await led(groupID, context.viewer);
      const userIDs = body.userIDs ?? [];
      const emails = body.emails ?? [];
      if (emails.length) requireAccess(context.viewer, policy.canInviteByEmail);
      if (userIDs.length + emails.length === 0)
        throw validationFailed([fieldError("userIDs", "missingField", "Name at least one user to invite.", 422)]);
      if (userIDs.length + emails.length > groupRules.maxInvitees)
        throw validationFailed([
          fieldError("userIDs", "invalid", `You can invite at most ${groupRules.maxInvitees} users at once.`, 422),
        ]);
      const found = await members.usableUsers(userIDs, emails);
      const foundIDs = new Set(found.map((user) => user.userID));
      const foundEmails = new Set(found.map((user) => user.email.toLowerCase()));
      const errors = [
        ...userIDs
          .filter((id) => !foundIDs.has(id))
          .map((id) => fieldError("userIDs", "invalid", `The user ${id} does not exist.`, 422)),
        ...emails
          .filter((email) => !foundEmails.has(email.trim().toLowerCase()))
          .map((email) => fieldError("emails", "invalid", `No user has the e-mail address ${email}.`, 422)),
      ];
      if (errors.length) throw validationFailed(errors);
      const now = platform.clock.nowIso();
      const invited = await platform.db
        .transaction()
        .execute((trx) => members.withTransaction(trx).invite(groupID, [...foundIDs], context.viewer.userID, now));
      await notify(row, invited, "GroupInvite", context.viewer.userID);
      const fragments = await users.load(invited, context.origin);
      return invited.map((userID) =>
        presentInvitation(
          { groupID, userID, insertUserID: context.viewer.userID, dateInserted: now },
          fragments,
          context.origin,
        ),
      );
    },

    async listInvitations(groupID: number, query: PageQuery, context: GroupContext) {
      await led(groupID, context.viewer);
      const { page, limit, offset } = pageOf(query);
      const [rows, total] = await Promise.all([
        members.invitations(groupID, offset, limit),
        members.countInvitations(groupID),
      ]);
      const fragments = await users.load(
        rows.map((row) => row.userID),
        context.origin,
      );
      return { items: rows.map((row) => presentInvitation(row, fragments, context.origin)), page, limit, total };
    },

    /** A leader withdraws an invitation, or the invitee declines it. */
    async removeInvitation(groupID: number, userID: number, context: GroupContext): Promise<void> {
      const { viewer } = context;
      if (userID !== viewer.userID) await led(groupID, viewer);
      else await loader.known(groupID, viewer);
      if (!(await members.invitation(groupID, userID))) throw notFound("Invitation");
      await platform.db.transaction().execute((trx) => members.withTransaction(trx).removeInvitation(groupID, userID));
    },
  };
}

export type GroupMembersService = ReturnType<typeof createGroupMembersService>;
