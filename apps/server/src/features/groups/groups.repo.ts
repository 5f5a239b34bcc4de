import { sql, type Kysely, type Selectable } from "kysely";
import type { GroupSort } from "@parley/contracts";
import type { DB, GroupsTable } from "../../platform/db/schema.ts";
import {
  deleteGroupCategory,
  groupsParentCategory,
  insertGroupCategory,
  updateGroupCategory,
} from "../categories/index.ts";

/** A group with its category's counts (the group's discussions are its category's). */
export type GroupRow = Selectable<GroupsTable> & {
  countDiscussions: number;
  countComments: number;
  dateLastComment: string | null;
};
export type GroupInsert = Omit<Selectable<GroupsTable>, "groupID" | "countMembers">;

export interface GroupListFilters {
  privacy?: string;
  memberID?: number;
  insertUserID?: number;
  name?: string;
  /** Only these groups (a collection's). */
  groupIDs?: number[];
  /** Leave out the secret groups this user neither belongs to nor is invited to (null: every group shows). */
  secretUnlessFor: number | null;
}

/** The viewer's standing in some groups: membership, application and invitation, by group. */
export interface ViewerStanding {
  role: string | null;
  dateJoined: string | null;
  application: string | null;
  invited: boolean;
}

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The only file with the groups' own SQL (migration 0028); members, applicants and invitations are in group-members.repo.ts. */
export function createGroupsRepo(db: Kysely<DB>) {
  const selectGroups = () =>
    db
      .selectFrom("groups")
      .innerJoin("categories", "categories.categoryID", "groups.categoryID")
      .selectAll("groups")
      .select([
        "categories.countDiscussions as countDiscussions",
        "categories.countComments as countComments",
        "categories.dateLastPost as dateLastComment",
      ]);

  function filtered(filters: GroupListFilters) {
    let query = selectGroups();
    if (filters.privacy !== undefined) query = query.where("groups.privacy", "=", filters.privacy);
    if (filters.insertUserID !== undefined) query = query.where("groups.insertUserID", "=", filters.insertUserID);
    if (filters.name)
      query = query.where(sql`lower("groups"."name")`, "like", sql`${likePattern(filters.name)} escape '\\'`);
    if (filters.groupIDs !== undefined)
      query = filters.groupIDs.length
        ? query.where("groups.groupID", "in", filters.groupIDs)
        : query.where(sql<boolean>`1 = 0`);
    if (filters.memberID !== undefined) {
      const memberID = filters.memberID;
      query = query.where("groups.groupID", "in", (eb) =>
        eb.selectFrom("groupMembers").select("groupMembers.groupID").where("groupMembers.userID", "=", memberID),
      );
    }
    if (filters.secretUnlessFor !== null) {
      const userID = filters.secretUnlessFor;
      query = query.where((eb) =>
        eb.or([
          eb("groups.privacy", "<>", "secret"),
          eb("groups.groupID", "in", eb.selectFrom("groupMembers").select("groupID").where("userID", "=", userID)),
          eb("groups.groupID", "in", eb.selectFrom("groupInvitations").select("groupID").where("userID", "=", userID)),
        ]),
      );
    }
    return query;
  }

  return {
    withTransaction: (trx: Kysely<DB>) => createGroupsRepo(trx),

    async list(filters: GroupListFilters, sort: GroupSort, offset: number, limit: number): Promise<GroupRow[]> {
      let query = filtered(filters);
      if (sort === "name") query = query.orderBy(sql`lower("groups"."name")`);
      else if (sort === "-dateInserted") query = query.orderBy("groups.dateInserted", "desc");
      else if (sort === "-countMembers") query = query.orderBy("groups.countMembers", "desc");
      else query = query.orderBy(sql`coalesce("categories"."dateLastPost", "groups"."dateInserted")`, "desc");
      return query.orderBy("groups.groupID", "desc").offset(offset).limit(limit).execute();
    },

    async count(filters: GroupListFilters): Promise<number> {
      const row = await filtered(filters)
        .clearSelect()
        .select(({ fn }) => fn.countAll<number>().as("count"))
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    find: (groupID: number): Promise<GroupRow | undefined> =>
      selectGroups().where("groups.groupID", "=", groupID).executeTakeFirst(),

    findByCategory: (categoryID: number): Promise<GroupRow | undefined> =>
      selectGroups().where("groups.categoryID", "=", categoryID).executeTakeFirst(),

    /** The group with this name whatever its case, but `exceptID`. */
    async nameTaken(name: string, exceptID?: number): Promise<boolean> {
      let query = db
        .selectFrom("groups")
        .select("groupID")
        .where(sql`lower("name")`, "=", name.toLowerCase());
      if (exceptID !== undefined) query = query.where("groupID", "<>", exceptID);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** The viewer's membership, application and invitation for each group, in one query. */
    async standings(userID: number, groupIDs: number[]): Promise<Map<number, ViewerStanding>> {
      const out = new Map<number, ViewerStanding>();
      if (userID <= 0 || groupIDs.length === 0) return out;
      const rows = await db
        .selectFrom("groupMembers")
        .select([sql<string>`'m'`.as("kind"), "groupID", "role as value", "dateInserted"])
        .where("userID", "=", userID)
        .where("groupID", "in", groupIDs)
        .unionAll(
          db
            .selectFrom("groupApplicants")
            .select([sql<string>`'a'`.as("kind"), "groupID", "status as value", "dateInserted"])
            .where("userID", "=", userID)
            .where("groupID", "in", groupIDs),
        )
        .unionAll(
          db
            .selectFrom("groupInvitations")
            .select([sql<string>`'i'`.as("kind"), "groupID", sql<string>`''`.as("value"), "dateInserted"])
            .where("userID", "=", userID)
            .where("groupID", "in", groupIDs),
        )
        .execute();
      for (const row of rows) {
        const standing = out.get(row.groupID) ?? { role: null, dateJoined: null, application: null, invited: false };
        if (row.kind === "m") {
          standing.role = row.value;
          standing.dateJoined = String(row.dateInserted);
        } else if (row.kind === "a") standing.application = row.value;
        else standing.invited = true;
        out.set(row.groupID, standing);
      }
      return out;
    },

    /** Every group's category and privacy (the permission overlay's input), and the "Social Groups" parent. */
    async directory(): Promise<{
      groups: Array<{ groupID: number; categoryID: number; privacy: string }>;
      parentCategoryID: number | null;
    }> {
      const [groups, parent] = await Promise.all([
        db.selectFrom("groups").select(["groupID", "categoryID", "privacy"]).execute(),
        db.selectFrom("categories").select("categoryID").where("groupID", "=", 0).executeTakeFirst(),
      ]);
      return { groups, parentCategoryID: parent?.categoryID ?? null };
    },

    async insert(row: GroupInsert): Promise<number> {
      const inserted = await db.insertInto("groups").values(row).returning("groupID").executeTakeFirstOrThrow();
      return inserted.groupID;
    },

    async update(groupID: number, changes: Partial<GroupInsert>): Promise<void> {
      if (Object.keys(changes).length)
        await db.updateTable("groups").set(changes).where("groupID", "=", groupID).execute();
    },

    /** The group and its members, applicants and invitations (its posts and category go first, elsewhere). */
    async remove(groupID: number): Promise<void> {
      for (const table of ["groupMembers", "groupApplicants", "groupInvitations"] as const)
        await db.deleteFrom(table).where("groupID", "=", groupID).execute();
      await db.deleteFrom("groups").where("groupID", "=", groupID).execute();
    },

    // -- The group's category ----------------------------------------------------------------------------------

    parentCategory: (userID: number, now: string) => groupsParentCategory(db, userID, now),
    insertCategory: (
      group: { groupID: number; name: string; description: string },
      parent: { categoryID: number; depth: number },
      userID: number,
      now: string,
    ) => insertGroupCategory(db, group, parent, userID, now),
    updateCategory: (
      categoryID: number,
      changes: { name?: string; description?: string },
      userID: number,
      now: string,
    ) => updateGroupCategory(db, categoryID, changes, userID, now),
    deleteCategory: (categoryID: number) => deleteGroupCategory(db, categoryID),
  };
}

export type GroupsRepo = ReturnType<typeof createGroupsRepo>;
