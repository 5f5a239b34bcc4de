import type { Kysely, Selectable } from "kysely";
import { lockRows } from "../../platform/db/row-locks.ts";
import type { DB, GroupApplicantsTable, GroupInvitationsTable, GroupMembersTable } from "../../platform/db/schema.ts";

export type GroupMemberRow = Selectable<GroupMembersTable>;
export type GroupApplicantRow = Selectable<GroupApplicantsTable>;
export type GroupInvitationRow = Selectable<GroupInvitationsTable>;

/** The SQL of a group's members, applications and invitations (migration 0028). */
export function createGroupMembersRepo(db: Kysely<DB>) {
  return {
    withTransaction: (trx: Kysely<DB>) => createGroupMembersRepo(trx),

    // -- Members ---------------------------------------------------------------------------------------------------

    async members(groupID: number, role: string | undefined, offset: number, limit: number): Promise<GroupMemberRow[]> {
      let query = db.selectFrom("groupMembers").selectAll().where("groupID", "=", groupID);
      if (role !== undefined) query = query.where("role", "=", role);
      // Leaders first, then by when they joined.
      return query.orderBy("role").orderBy("dateInserted").orderBy("userID").offset(offset).limit(limit).execute();
    },

    async countMembers(groupID: number, role?: string): Promise<number> {
      let query = db
        .selectFrom("groupMembers")
        .select(({ fn }) => fn.countAll<number>().as("count"))
        .where("groupID", "=", groupID);
      if (role !== undefined) query = query.where("role", "=", role);
      return Number((await query.executeTakeFirst())?.count ?? 0);
    },

    member: (groupID: number, userID: number): Promise<GroupMemberRow | undefined> =>
      db
        .selectFrom("groupMembers")
        .selectAll()
        .where("groupID", "=", groupID)
        .where("userID", "=", userID)
        .executeTakeFirst(),

    async leaderIDs(groupID: number): Promise<number[]> {
      const rows = await db
        .selectFrom("groupMembers")
        .select("userID")
        .where("groupID", "=", groupID)
        .where("role", "=", "leader")
        .execute();
      return rows.map((row) => row.userID);
    },

    async memberIDs(groupID: number): Promise<number[]> {
      const rows = await db.selectFrom("groupMembers").select("userID").where("groupID", "=", groupID).execute();
      return rows.map((row) => row.userID);
    },

    /** Adds a member (or changes the role of one already there); the invitation and any application go. */
    async addMember(groupID: number, userID: number, role: string, now: string): Promise<void> {
      // One statement, so the same member joining twice at once is one membership.
      await db
        .insertInto("groupMembers")
        .values({ groupID, userID, role, dateInserted: now })
        .onConflict((oc) => oc.columns(["groupID", "userID"]).doUpdateSet({ role }))
        .execute();
      await db.deleteFrom("groupInvitations").where("groupID", "=", groupID).where("userID", "=", userID).execute();
      await this.recount(groupID);
    },

    async setRole(groupID: number, userID: number, role: string): Promise<void> {
      await db
        .updateTable("groupMembers")
        .set({ role })
        .where("groupID", "=", groupID)
        .where("userID", "=", userID)
        .execute();
    },

    async removeMember(groupID: number, userID: number): Promise<void> {
      await db.deleteFrom("groupMembers").where("groupID", "=", groupID).where("userID", "=", userID).execute();
      await this.recount(groupID);
    },

    /** `groups.countMembers` from the members table. */
    async recount(groupID: number): Promise<void> {
      // Locked, then recounted by a later statement (platform/db/row-locks.ts).
      await lockRows(db, "groups", "groupID", [groupID], "countMembers");
      await db
        .updateTable("groups")
        .set((eb) => ({
          countMembers: eb
            .selectFrom("groupMembers")
            .select((inner) => inner.fn.countAll<number>().as("count"))
            .where("groupMembers.groupID", "=", groupID),
        }))
        .where("groupID", "=", groupID)
        .execute();
    },

    // -- Applications ------------------------------------------------------------------------------------------

    async applicants(groupID: number, status: string | undefined, offset: number, limit: number) {
      let query = db.selectFrom("groupApplicants").selectAll().where("groupID", "=", groupID);
      if (status !== undefined) query = query.where("status", "=", status);
      return query.orderBy("dateInserted").orderBy("userID").offset(offset).limit(limit).execute();
    },

    async countApplicants(groupID: number, status?: string): Promise<number> {
      let query = db
        .selectFrom("groupApplicants")
        .select(({ fn }) => fn.countAll<number>().as("count"))
        .where("groupID", "=", groupID);
      if (status !== undefined) query = query.where("status", "=", status);
      return Number((await query.executeTakeFirst())?.count ?? 0);
    },

    applicant: (groupID: number, userID: number): Promise<GroupApplicantRow | undefined> =>
      db
        .selectFrom("groupApplicants")
        .selectAll()
        .where("groupID", "=", groupID)
        .where("userID", "=", userID)
        .executeTakeFirst(),

    /** A new application, replacing a decided one of the same user. */
    async apply(groupID: number, userID: number, reason: string, now: string): Promise<void> {
      await db.deleteFrom("groupApplicants").where("groupID", "=", groupID).where("userID", "=", userID).execute();
      await db
        .insertInto("groupApplicants")
        .values({ groupID, userID, reason, status: "pending", dateInserted: now, dateUpdated: null })
        .execute();
    },

    async setApplicationStatus(groupID: number, userIDs: number[], status: string, now: string): Promise<void> {
      if (userIDs.length === 0) return;
      await db
        .updateTable("groupApplicants")
        .set({ status, dateUpdated: now })
        .where("groupID", "=", groupID)
        .where("userID", "in", userIDs)
        .execute();
    },

    async pendingApplicantIDs(groupID: number): Promise<number[]> {
      const rows = await db
        .selectFrom("groupApplicants")
        .select("userID")
        .where("groupID", "=", groupID)
        .where("status", "=", "pending")
        .execute();
      return rows.map((row) => row.userID);
    },

    // -- Invitations -------------------------------------------------------------------------------------------

    async invitations(groupID: number, offset: number, limit: number): Promise<GroupInvitationRow[]> {
      return db
        .selectFrom("groupInvitations")
        .selectAll()
        .where("groupID", "=", groupID)
        .orderBy("dateInserted")
        .orderBy("userID")
        .offset(offset)
        .limit(limit)
        .execute();
    },

    async countInvitations(groupID: number): Promise<number> {
      const row = await db
        .selectFrom("groupInvitations")
        .select(({ fn }) => fn.countAll<number>().as("count"))
        .where("groupID", "=", groupID)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    invitation: (groupID: number, userID: number): Promise<GroupInvitationRow | undefined> =>
      db
        .selectFrom("groupInvitations")
        .selectAll()
        .where("groupID", "=", groupID)
        .where("userID", "=", userID)
        .executeTakeFirst(),

    /** Invites the users not yet members nor invited; answers those newly invited. */
    async invite(groupID: number, userIDs: number[], insertUserID: number, now: string): Promise<number[]> {
      if (userIDs.length === 0) return [];
      const [members, invited] = await Promise.all([
        db
          .selectFrom("groupMembers")
          .select("userID")
          .where("groupID", "=", groupID)
          .where("userID", "in", userIDs)
          .execute(),
        db
          .selectFrom("groupInvitations")
          .select("userID")
          .where("groupID", "=", groupID)
          .where("userID", "in", userIDs)
          .execute(),
      ]);
      const skip = new Set([...members, ...invited].map((row) => row.userID));
      const fresh = [...new Set(userIDs)].filter((id) => !skip.has(id));
      if (fresh.length)
        await db
          .insertInto("groupInvitations")
          .values(fresh.map((userID) => ({ groupID, userID, insertUserID, dateInserted: now })))
          .execute();
      return fresh;
    },

    async removeInvitation(groupID: number, userID: number): Promise<void> {
      await db.deleteFrom("groupInvitations").where("groupID", "=", groupID).where("userID", "=", userID).execute();
    },

    // -- Users ---------------------------------------------------------------------------------------------------

    /** The usable accounts (not deleted) among these ids and e-mail addresses (case-insensitive). */
    async usableUsers(userIDs: number[], emails: string[]): Promise<Array<{ userID: number; email: string }>> {
      if (userIDs.length === 0 && emails.length === 0) return [];
      const lowered = emails.map((email) => email.trim().toLowerCase()).filter(Boolean);
      return db
        .selectFrom("users")
        .select(["userID", "email"])
        .where("deleted", "=", 0)
        .where((eb) =>
          eb.or([
            ...(userIDs.length ? [eb("userID", "in", userIDs)] : []),
            ...(lowered.length ? [eb(eb.fn("lower", ["email"]), "in", lowered)] : []),
          ]),
        )
        .execute();
    },
  };
}

export type GroupMembersRepo = ReturnType<typeof createGroupMembersRepo>;
