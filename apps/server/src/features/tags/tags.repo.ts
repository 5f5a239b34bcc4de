import { sql, type Kysely, type Selectable } from "kysely";
import { inTransaction, lockRows } from "../../platform/db/row-locks.ts";
import type { DB, TagsTable } from "../../platform/db/schema.ts";

export type TagRow = Selectable<TagsTable>;

const likePrefix = (value: string) => `${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** urlcode of a tag name: lowercase letters, digits and dashes. */
export const tagUrlcode = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "") || "tag";

export function createTagsRepo(db: Kysely<DB>): TagsRepo {
  /** Each tag's discussions in these categories (a subcommunity's), for its tags and their counts there. */
  const inCategories = (categoryIDs: readonly number[]) =>
    db
      .selectFrom("tagDiscussions")
      .innerJoin("discussions", "discussions.discussionID", "tagDiscussions.discussionID")
      .select(["tagDiscussions.tagID", (eb) => eb.fn.countAll<number>().as("n")])
      .where("discussions.categoryID", "in", categoryIDs)
      .groupBy("tagDiscussions.tagID");
  return {
    withTransaction: (trx) => createTagsRepo(trx),
    async list({ query, tagIDs, excludeEmpty, categoryIDs }, offset, limit) {
      if (categoryIDs) {
        // A section's tags: those on its categories' discussions, counted there, most used there first.
        if (categoryIDs.length === 0) return [];
        let q = db
          .selectFrom("tags")
          .innerJoin(inCategories(categoryIDs).as("counted"), "counted.tagID", "tags.tagID")
          .selectAll("tags")
          .select("counted.n")
          .where("tags.type", "=", "");
        if (query) q = q.where(sql`lower("tags"."name")`, "like", sql`${likePrefix(query)} escape '\\'`);
        if (tagIDs?.length) q = q.where("tags.tagID", "in", tagIDs);
        const rows = await q.orderBy("counted.n", "desc").orderBy("tags.name").offset(offset).limit(limit).execute();
        return rows.map(({ n, ...row }) => ({ ...row, countDiscussions: Number(n) }));
      }
      let q = db.selectFrom("tags").selectAll().where("type", "=", "");
      if (query) q = q.where(sql`lower("name")`, "like", sql`${likePrefix(query)} escape '\\'`);
      if (tagIDs?.length) q = q.where("tagID", "in", tagIDs);
      if (excludeEmpty) q = q.where("countDiscussions", ">", 0);
      return q.orderBy("countDiscussions", "desc").orderBy("name").offset(offset).limit(limit).execute();
    },
    async count({ query, tagIDs, excludeEmpty, categoryIDs }) {
      if (categoryIDs) {
        if (categoryIDs.length === 0) return 0;
        let q = db
          .selectFrom("tags")
          .innerJoin(inCategories(categoryIDs).as("counted"), "counted.tagID", "tags.tagID")
          .where("tags.type", "=", "");
        if (query) q = q.where(sql`lower("tags"."name")`, "like", sql`${likePrefix(query)} escape '\\'`);
        if (tagIDs?.length) q = q.where("tags.tagID", "in", tagIDs);
        return Number((await q.select(({ fn }) => fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
      }
      let q = db.selectFrom("tags").where("type", "=", "");
      if (query) q = q.where(sql`lower("name")`, "like", sql`${likePrefix(query)} escape '\\'`);
      if (tagIDs?.length) q = q.where("tagID", "in", tagIDs);
      if (excludeEmpty) q = q.where("countDiscussions", ">", 0);
      return Number((await q.select(({ fn }) => fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    },
    findById: (tagID) => db.selectFrom("tags").selectAll().where("tagID", "=", tagID).executeTakeFirst(),
    async findByIds(tagIDs) {
      return tagIDs.length ? db.selectFrom("tags").selectAll().where("tagID", "in", tagIDs).execute() : [];
    },
    async findByUrlcodes(codes) {
      if (codes.length === 0) return [];
      return db
        .selectFrom("tags")
        .selectAll()
        .where(
          sql`lower("urlcode")`,
          "in",
          codes.map((code) => code.toLowerCase()),
        )
        .execute();
    },
    async insert(row) {
      return db.insertInto("tags").values(row).returningAll().executeTakeFirstOrThrow();
    },
    async update(tagID, changes) {
      // An empty PATCH changes nothing (and an UPDATE without SET is no SQL).
      if (Object.keys(changes).length === 0) return;
      await db.updateTable("tags").set(changes).where("tagID", "=", tagID).execute();
    },
    async remove(tagID) {
      await db.deleteFrom("tags").where("tagID", "=", tagID).execute();
    },
    async setDiscussionTags(discussionID, tagIDs, now) {
      // The counts follow the rows this call really deleted and inserted (RETURNING), never a list read
      // before: two writers tagging the same discussion at once count each tag once. The discussion's row
      // is locked first and the tags' rows are changed in one order, so writers never wait on each other
      // in a circle.
      await lockRows(db, "discussions", "discussionID", [discussionID], "countComments");
      let gone = db.deleteFrom("tagDiscussions").where("discussionID", "=", discussionID);
      if (tagIDs.length) gone = gone.where("tagID", "not in", tagIDs);
      const removed = (await gone.returning("tagID").execute()).map((row) => row.tagID);
      const wanted = [...new Set(tagIDs)];
      const added = wanted.length
        ? (
            await db
              .insertInto("tagDiscussions")
              .values(wanted.map((tagID) => ({ tagID, discussionID, dateInserted: now })))
              .onConflict((oc) => oc.columns(["tagID", "discussionID"]).doNothing())
              .returning("tagID")
              .execute()
          ).map((row) => row.tagID)
        : [];
      const changes = new Map<number, number>();
      for (const tagID of removed) changes.set(tagID, (changes.get(tagID) ?? 0) - 1);
      for (const tagID of added) changes.set(tagID, (changes.get(tagID) ?? 0) + 1);
      for (const [tagID, change] of [...changes].sort(([a], [b]) => a - b)) {
        if (change === 0) continue;
        await db
          .updateTable("tags")
          .set((eb) => ({ countDiscussions: eb("countDiscussions", "+", change) }))
          .where("tagID", "=", tagID)
          .execute();
      }
    },
    async clearDiscussionsTags(discussionIDs) {
      const ids = [...new Set(discussionIDs)].sort((a, b) => a - b);
      if (ids.length === 0) return;
      // As setDiscussionTags: the discussions' rows first, then the tags' in one order.
      await lockRows(db, "discussions", "discussionID", ids, "countComments");
      const removed = await db
        .deleteFrom("tagDiscussions")
        .where("discussionID", "in", ids)
        .returning("tagID")
        .execute();
      const changes = new Map<number, number>();
      for (const { tagID } of removed) changes.set(tagID, (changes.get(tagID) ?? 0) + 1);
      for (const [tagID, count] of [...changes].sort(([a], [b]) => a - b)) {
        await db
          .updateTable("tags")
          .set((eb) => ({ countDiscussions: eb("countDiscussions", "-", count) }))
          .where("tagID", "=", tagID)
          .execute();
      }
    },
    async merge(fromTagID, toTagID) {
      await inTransaction(db, async (trx) => {
        // Both tags' rows locked in one order: a tagging or another merge waits, never in a circle.
        await lockRows(
          trx,
          "tags",
          "tagID",
          [fromTagID, toTagID].sort((a, b) => a - b),
          "countDiscussions",
        );
        await trx
          .insertInto("tagDiscussions")
          .columns(["tagID", "discussionID", "dateInserted"])
          .expression((eb) =>
            eb
              .selectFrom("tagDiscussions as merged")
              .select([eb.lit(toTagID).as("tagID"), "merged.discussionID", "merged.dateInserted"])
              .where("merged.tagID", "=", fromTagID)
              .where((inner) =>
                inner.not(
                  inner.exists(
                    inner
                      .selectFrom("tagDiscussions as kept")
                      .select("kept.discussionID")
                      .whereRef("kept.discussionID", "=", "merged.discussionID")
                      .where("kept.tagID", "=", toTagID),
                  ),
                ),
              ),
          )
          .execute();
        await trx.deleteFrom("tagDiscussions").where("tagID", "=", fromTagID).execute();
        await trx.updateTable("tags").set({ parentTagID: toTagID }).where("parentTagID", "=", fromTagID).execute();
        await trx
          .updateTable("tags")
          .set((eb) => ({
            countDiscussions: eb
              .selectFrom("tagDiscussions")
              .select((inner) => inner.fn.countAll<number>().as("count"))
              .where("tagDiscussions.tagID", "=", toTagID),
          }))
          .where("tagID", "=", toTagID)
          .execute();
        await trx.deleteFrom("tags").where("tagID", "=", fromTagID).execute();
      });
    },
    async tagIDsOf(discussionID) {
      return (
        await db.selectFrom("tagDiscussions").select("tagID").where("discussionID", "=", discussionID).execute()
      ).map((row) => row.tagID);
    },
  };
}

interface TagFilters {
  query?: string;
  tagIDs?: number[];
  excludeEmpty?: boolean;
  categoryIDs?: readonly number[];
}

export interface TagsRepo {
  withTransaction(trx: Kysely<DB>): TagsRepo;
  /** `categoryIDs`: a subcommunity's tags only, each counted in those categories (`excludeEmpty` goes without saying). */
  list(filters: TagFilters, offset: number, limit: number): Promise<TagRow[]>;
  count(filters: TagFilters): Promise<number>;
  findById(tagID: number): Promise<TagRow | undefined>;
  findByIds(tagIDs: number[]): Promise<TagRow[]>;
  findByUrlcodes(codes: string[]): Promise<TagRow[]>;
  insert(row: Omit<TagRow, "tagID">): Promise<TagRow>;
  update(tagID: number, changes: Partial<Omit<TagRow, "tagID">>): Promise<void>;
  remove(tagID: number): Promise<void>;
  /** Replaces a discussion's tags, keeping every tag's count right. */
  setDiscussionTags(discussionID: number, tagIDs: number[], now: string): Promise<void>;
  /** Takes every tag off these discussions (they are being deleted), in one statement, the counts right. */
  clearDiscussionsTags(discussionIDs: number[]): Promise<void>;
  tagIDsOf(discussionID: number): Promise<number[]>;
  /** Merges one tag into another in a transaction of its own: links, child tags, the count; the first goes. */
  merge(fromTagID: number, toTagID: number): Promise<void>;
}
