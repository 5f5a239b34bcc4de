import { sql, type Kysely, type RawBuilder, type Selectable, type SqlBool, type Updateable } from "kysely";
import type { DiscussionSort } from "@parley/contracts";
import type { DB, DiscussionsTable, UserDiscussionsTable } from "../../platform/db/schema.ts";
import { idConditions, type DateCondition, type IdFilter } from "../../platform/http/filters.ts";
import type { RemovePosts } from "./member-posts.ts";

export type DiscussionRow = Selectable<DiscussionsTable>;
export type UserDiscussionRow = Selectable<UserDiscussionsTable>;

export interface DiscussionFilters {
  /** Only these categories (already limited to what the viewer may see). */
  categoryIDs: number[];
  discussionIDs?: IdFilter;
  insertUserIDs?: number[];
  tagIDs?: IdFilter;
  types?: string[];
  /** Posted as one of these post types: a site's own (`postTypeID`) or an original one (`type`, without one). */
  postTypeIDs?: string[];
  pinned?: boolean;
  bookmarkUserID?: number;
  participatedUserID?: number;
  /** The discussions this member muted (`GET /discussions/muted`). */
  mutedUserID?: number;
  /** With comments (true) or without any yet (false: the unanswered list). */
  hasComments?: boolean;
  /** Questions of this status (the QnA add-on). */
  questionStatus?: string;
  /** Ideas of these statuses (the ideation add-on); an idea without one has the default status. */
  ideaStatusIDs?: number[];
  /** The default idea status (1, Active, unless an administrator chose another). */
  defaultIdeaStatusID?: number;
  /** Only discussions with at least one reaction of this type (a reactionTypes tagID). */
  reactionTagID?: number;
  /** Resolved (triage) or not. */
  resolved?: boolean;
  dates?: Partial<Record<"dateInserted" | "dateUpdated" | "dateLastComment", DateCondition[]>>;
  /** Conditions on `discussions` that the owner of another table builds (post types' `postMeta` filters). */
  conditions?: RawBuilder<SqlBool>[];
}

interface ListOrder {
  sort: DiscussionSort;
  /** Announcements first: `category` pins (announce 1 or 2) in a category list, `recent` (announce 2) elsewhere. */
  pinFirst: "category" | "recent" | null;
}

const sortColumn = {
  dateLastComment: "dateLastComment",
  dateInserted: "dateInserted",
  score: "score",
  hot: "hot",
  discussionID: "discussionID",
} as const;

/**
 * The only file with the discussions' SQL; `removePosts` deletes a discussion with what points at it, through
 * the owners of those rows.
 */
export function createDiscussionsRepo(db: Kysely<DB>, removePosts: RemovePosts): DiscussionsRepo {
  /** `discussions.groupID` follows the category: the group that owns it (a group's category), else null. */
  const groupOfCategory = (categoryID: number) =>
    db
      .selectFrom("categories")
      .select(sql<number | null>`nullif("groupID", 0)`.as("groupID"))
      .where("categoryID", "=", categoryID);
  /**
   * Over many categories (the recent list), the rows are read in the sort's own index order and
   * filtered: `+column` keeps both engines from choosing the category index, which would make them
   * sort every matching row. Over a few categories the (categoryID, announce, dateLastComment) index
   * serves the page directly.
   */
  const filtered = (filters: DiscussionFilters) => {
    const wide = filters.categoryIDs.length > 3;
    const categoryColumn = wide ? sql<number>`+"discussions"."categoryID"` : sql<number>`"discussions"."categoryID"`;
    let query = db
      .selectFrom("discussions")
      .where(categoryColumn, "in", filters.categoryIDs.length ? filters.categoryIDs : [-2]);
    for (const condition of idConditions(filters.discussionIDs))
      query = query.where("discussionID", condition.op, condition.value);
    if (filters.insertUserIDs?.length) query = query.where("insertUserID", "in", filters.insertUserIDs);
    if (filters.types?.length) query = query.where("type", "in", filters.types);
    if (filters.postTypeIDs?.length) {
      const ids = filters.postTypeIDs;
      query = query.where((eb) =>
        eb.or([eb("postTypeID", "in", ids), eb.and([eb("postTypeID", "is", null), eb("type", "in", ids)])]),
      );
    }
    for (const condition of filters.conditions ?? []) query = query.where(condition);
    if (filters.pinned !== undefined) query = query.where("announce", filters.pinned ? ">" : "=", 0);
    if (filters.hasComments !== undefined) query = query.where("countComments", filters.hasComments ? ">" : "=", 0);
    if (filters.questionStatus !== undefined) query = query.where("questionStatus", "=", filters.questionStatus);
    if (filters.resolved !== undefined) query = query.where("resolved", "=", filters.resolved ? 1 : 0);
    if (filters.ideaStatusIDs?.length) {
      const statusIDs = filters.ideaStatusIDs;
      query = query
        .where("type", "=", "idea")
        .where((eb) =>
          statusIDs.includes(filters.defaultIdeaStatusID ?? 1)
            ? eb.or([eb("ideaStatusID", "in", statusIDs), eb("ideaStatusID", "is", null)])
            : eb("ideaStatusID", "in", statusIDs),
        );
    }
    const tagConditions = idConditions(filters.tagIDs);
    if (tagConditions.length) {
      query = query.where((eb) => {
        let tagged = eb
          .selectFrom("tagDiscussions")
          .select("tagDiscussions.tagID")
          .whereRef("tagDiscussions.discussionID", "=", "discussions.discussionID");
        for (const condition of tagConditions)
          tagged = tagged.where("tagDiscussions.tagID", condition.op, condition.value);
        return eb.exists(tagged);
      });
    }
    for (const [flag, userID] of [
      ["bookmarked", filters.bookmarkUserID],
      ["participated", filters.participatedUserID],
      ["muted", filters.mutedUserID],
    ] as const) {
      if (userID === undefined) continue;
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom("userDiscussions")
            .select("userDiscussions.userID")
            .whereRef("userDiscussions.discussionID", "=", "discussions.discussionID")
            .where("userDiscussions.userID", "=", userID)
            .where(`userDiscussions.${flag}`, "=", 1),
        ),
      );
    }
    if (filters.reactionTagID !== undefined) {
      const tagID = filters.reactionTagID;
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom("reactions")
            .select("reactions.tagID")
            .where("reactions.recordType", "=", "discussion")
            .whereRef("reactions.recordID", "=", "discussions.discussionID")
            .where("reactions.tagID", "=", tagID),
        ),
      );
    }
    for (const [column, conditions] of Object.entries(filters.dates ?? {})) {
      for (const condition of conditions ?? []) {
        query = query.where(column as "dateInserted", condition.op, condition.value);
      }
    }
    return query;
  };

  return {
    withTransaction: (trx) => createDiscussionsRepo(trx, removePosts),

    /** The tagID of a reaction type by its urlcode (any case), or undefined. */
    async reactionTagID(urlcode) {
      const row = await db
        .selectFrom("reactionTypes")
        .select("tagID")
        .where(sql<string>`lower("urlcode")`, "=", urlcode.toLowerCase())
        .executeTakeFirst();
      return row?.tagID;
    },

    /**
     * A page of the list. Announcements first is two index-friendly queries (the few pinned rows,
     * then the rest), never an ORDER BY on an expression, which would sort every matching row.
     */
    async list(filters, order, offset, limit) {
      const desc = order.sort.startsWith("-");
      const column = sortColumn[order.sort.replace(/^-/, "") as keyof typeof sortColumn];
      const ordered = <Q extends ReturnType<typeof filtered>>(query: Q) =>
        query
          .selectAll()
          .orderBy(column, desc ? "desc" : "asc")
          .orderBy("discussionID", desc ? "desc" : "asc");
      if (!order.pinFirst) return ordered(filtered(filters)).offset(offset).limit(limit).execute();
      const recent = order.pinFirst === "recent";
      const announce =
        filters.categoryIDs.length > 3 ? sql<number>`+"discussions"."announce"` : sql<number>`"discussions"."announce"`;
      // The few pinned rows come by the announce index; the rest in the sort's order (announce hidden from the planner).
      const pinned = await ordered(filtered(filters).where("announce", recent ? "=" : ">", recent ? 2 : 0))
        .limit(offset + limit)
        .execute();
      const pinnedPage = pinned.slice(offset, offset + limit);
      const remaining = limit - pinnedPage.length;
      if (remaining <= 0) return pinnedPage;
      const rest = await ordered(filtered(filters).where(announce, recent ? "<" : "=", recent ? 2 : 0))
        .offset(Math.max(0, offset - pinned.length))
        .limit(remaining)
        .execute();
      return [...pinnedPage, ...rest];
    },

    /** The total: from the categories' counters when only categories filter the list, else counted. */
    async count(filters) {
      const onlyCategories = Object.entries(filters).every(
        ([key, value]) => key === "categoryIDs" || value === undefined,
      );
      if (onlyCategories) {
        const row = await db
          .selectFrom("categories")
          .select(({ fn }) => fn.coalesce(fn.sum<number>("countDiscussions"), sql<number>`0`).as("count"))
          .where("categoryID", "in", filters.categoryIDs.length ? filters.categoryIDs : [-2])
          .executeTakeFirstOrThrow();
        return Number(row.count);
      }
      return this.countMatching(filters);
    },

    async countMatching(filters) {
      const row = await filtered(filters)
        .select(({ fn }) => fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    findById: (discussionID) =>
      db.selectFrom("discussions").selectAll().where("discussionID", "=", discussionID).executeTakeFirst(),

    deletedCategoryOf: async (discussionID) =>
      (
        await db
          .selectFrom("deletedDiscussions")
          .select("categoryID")
          .where("discussionID", "=", discussionID)
          .executeTakeFirst()
      )?.categoryID,

    async findByIds(ids) {
      if (ids.length === 0) return [];
      return db.selectFrom("discussions").selectAll().where("discussionID", "in", ids).execute();
    },

    async insert(row) {
      // A discussion belongs to the group whose category holds it.
      const values = { ...row, groupID: groupOfCategory(row.categoryID) };
      return (await db.insertInto("discussions").values(values).returning("discussionID").executeTakeFirstOrThrow())
        .discussionID;
    },

    async update(discussionID, changes) {
      const values =
        changes.categoryID === undefined ? changes : { ...changes, groupID: groupOfCategory(changes.categoryID) };
      if (Object.keys(values).length)
        await db.updateTable("discussions").set(values).where("discussionID", "=", discussionID).execute();
    },

    async isActiveUser(userID) {
      const row = await db
        .selectFrom("users")
        .select("userID")
        .where("userID", "=", userID)
        .where("deleted", "=", 0)
        .executeTakeFirst();
      return row !== undefined;
    },

    async moveAll(discussionIDs, categoryID) {
      await db
        .updateTable("discussions")
        .set({ categoryID, groupID: groupOfCategory(categoryID) })
        .where("discussionID", "in", discussionIDs)
        .execute();
    },

    async setPostType(discussionIDs, postTypeID) {
      await db.updateTable("discussions").set({ postTypeID }).where("discussionID", "in", discussionIDs).execute();
    },

    async unresolvedIDs(categoryIDs, limit) {
      if (categoryIDs.length === 0) return [];
      const rows = await db
        .selectFrom("discussions")
        .select("discussionID")
        .where("resolved", "=", 0)
        .where("categoryID", "in", categoryIDs)
        .orderBy("discussionID")
        .limit(limit)
        .execute();
      return rows.map((row) => row.discussionID);
    },

    async resolveAll(discussionIDs, userID, date) {
      const result = await db
        .updateTable("discussions")
        .set({ resolved: 1, resolvedUserID: userID, dateResolved: date })
        .where("discussionID", "in", discussionIDs)
        .where("resolved", "=", 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async setClosed(discussionIDs, closed) {
      await db
        .updateTable("discussions")
        .set({ closed: closed ? 1 : 0 })
        .where("discussionID", "in", discussionIDs)
        .execute();
    },

    async remove(discussionIDs) {
      if (discussionIDs.length === 0) return;
      await removePosts(
        db,
        db.selectFrom("discussions").select("discussionID").where("discussionID", "in", discussionIDs),
        db.selectFrom("comments").select("commentID").where("discussionID", "in", discussionIDs),
      );
    },

    async commentCountsByUser(discussionIDs) {
      const out = new Map<number, Map<number, number>>();
      if (discussionIDs.length === 0) return out;
      const rows = await db
        .selectFrom("comments")
        .select(["discussionID", "insertUserID", (eb) => eb.fn.countAll<number>().as("count")])
        .where("discussionID", "in", discussionIDs)
        .groupBy(["discussionID", "insertUserID"])
        .execute();
      for (const row of rows) {
        const byUser = out.get(row.discussionID) ?? out.set(row.discussionID, new Map()).get(row.discussionID)!;
        byUser.set(row.insertUserID, Number(row.count));
      }
      return out;
    },

    async userStates(userID, discussionIDs) {
      const out = new Map<number, UserDiscussionRow>();
      if (userID === 0 || discussionIDs.length === 0) return out;
      const rows = await db
        .selectFrom("userDiscussions")
        .selectAll()
        .where("userID", "=", userID)
        .where("discussionID", "in", discussionIDs)
        .execute();
      for (const row of rows) out.set(row.discussionID, row);
      return out;
    },

    async setUserState(userID, discussionID, changes) {
      await db
        .insertInto("userDiscussions")
        .values({ userID, discussionID, ...changes })
        .onConflict((oc) => oc.columns(["userID", "discussionID"]).doUpdateSet(changes))
        .execute();
    },

    async tagsOf(discussionIDs) {
      const out = new Map<number, Array<{ tagID: number; name: string; urlcode: string }>>();
      if (discussionIDs.length === 0) return out;
      const rows = await db
        .selectFrom("tagDiscussions")
        .innerJoin("tags", "tags.tagID", "tagDiscussions.tagID")
        .select(["tagDiscussions.discussionID", "tags.tagID", "tags.name", "tags.urlcode"])
        .where("tagDiscussions.discussionID", "in", discussionIDs)
        .orderBy("tags.name")
        .execute();
      for (const { discussionID, ...tag } of rows) out.set(discussionID, [...(out.get(discussionID) ?? []), tag]);
      return out;
    },

    async lastComments(commentIDs) {
      if (commentIDs.length === 0) return [];
      return db
        .selectFrom("comments")
        .select(["commentID", "discussionID", "insertUserID", "dateInserted", "body", "format"])
        .where("commentID", "in", commentIDs)
        .execute();
    },
  };
}

export interface DiscussionsRepo {
  withTransaction(trx: Kysely<DB>): DiscussionsRepo;
  reactionTagID(urlcode: string): Promise<number | undefined>;
  list(filters: DiscussionFilters, order: ListOrder, offset: number, limit: number): Promise<DiscussionRow[]>;
  count(filters: DiscussionFilters): Promise<number>;
  /** Counts the matching rows themselves. */
  countMatching(filters: DiscussionFilters): Promise<number>;
  findById(discussionID: number): Promise<DiscussionRow | undefined>;
  findByIds(ids: number[]): Promise<DiscussionRow[]>;
  /** A deleted discussion's category, from its tombstone; undefined when there is none. */
  deletedCategoryOf(discussionID: number): Promise<number | undefined>;
  /** `groupID` follows the category. */
  /** A new discussion (a question's status given; its dates come with its answers). */
  insert(
    row: Omit<
      DiscussionRow,
      | "discussionID"
      | "groupID"
      | "dateAnswered"
      | "dateAccepted"
      | "ideaStatusNotes"
      | "dateResolved"
      | "canonicalUrl"
      | "postTypeID"
    > & { postTypeID?: string | null },
  ): Promise<number>;
  update(discussionID: number, changes: Updateable<DiscussionsTable>): Promise<void>;
  /**
   * Deletes the discussion and whatever points at it: its comments, the reactions to both, the
   * notifications about both, and the members' states (bookmark, mute, read). Tags go through the tags repo.
   */
  /** Removes discussions and what hangs on them (comments, reactions, notifications, members' states); no counts. */
  remove(discussionIDs: number[]): Promise<void>;
  /** Who commented in a discussion, and how often. */
  /** Whether the user exists and is not deleted (a new author). */
  isActiveUser(userID: number): Promise<boolean>;
  /** Moves discussions to a category; the counts are the caller's. */
  moveAll(discussionIDs: number[], categoryID: number): Promise<void>;
  /** They are posted as this site post type (null: their original type). */
  setPostType(discussionIDs: number[], postTypeID: string | null): Promise<void>;
  setClosed(discussionIDs: number[], closed: boolean): Promise<void>;
  /** Up to `limit` unresolved discussions of these categories, oldest first. */
  unresolvedIDs(categoryIDs: number[], limit: number): Promise<number[]>;
  /** Resolves those still unresolved, by the user, at the date; answers how many it resolved. */
  resolveAll(discussionIDs: number[], userID: number, date: string): Promise<number>;
  /** Per discussion, its comments per author. */
  commentCountsByUser(discussionIDs: number[]): Promise<Map<number, Map<number, number>>>;
  userStates(userID: number, discussionIDs: number[]): Promise<Map<number, UserDiscussionRow>>;
  setUserState(
    userID: number,
    discussionID: number,
    changes: Partial<Omit<UserDiscussionRow, "userID" | "discussionID">>,
  ): Promise<void>;
  tagsOf(discussionIDs: number[]): Promise<Map<number, Array<{ tagID: number; name: string; urlcode: string }>>>;
  lastComments(commentIDs: number[]): Promise<
    Array<{
      commentID: number;
      discussionID: number;
      insertUserID: number;
      dateInserted: string;
      body: string;
      format: string;
    }>
  >;
}
