import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";
import { extractMentions, normalizeFormat } from "../../platform/render/index.ts";

export type MentionRecordType = "discussion" | "comment";

/** A post as the index needs it: where it is, and its source. */
interface PostSource {
  recordType: MentionRecordType;
  recordID: number;
  discussionID: number;
  categoryID: number;
  body: string;
  format: string;
  dateInserted: string;
}

/** Rows of posts read per query when the whole index is rebuilt. */
const REBUILD_BATCH = 500;

/** The mentions index (`userMentions`): written only here. */
export function createMentionsRepo(db: Kysely<DB>) {
  // The migration's rebuild runs inside the migration's own transaction.
  const inTransaction = <T>(work: (trx: Kysely<DB>) => Promise<T>) =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  async function source(recordType: MentionRecordType, recordID: number): Promise<PostSource | undefined> {
    if (recordType === "discussion") {
      const row = await db
        .selectFrom("discussions")
        .select(["discussionID", "categoryID", "body", "format", "dateInserted"])
        .where("discussionID", "=", recordID)
        .executeTakeFirst();
      return row && { recordType, recordID, ...row, dateInserted: String(row.dateInserted) };
    }
    const row = await db
      .selectFrom("comments")
      .innerJoin("discussions", "discussions.discussionID", "comments.discussionID")
      .select([
        "comments.discussionID",
        "discussions.categoryID",
        "comments.body",
        "comments.format",
        "comments.dateInserted",
      ])
      .where("comments.commentID", "=", recordID)
      .executeTakeFirst();
    return row && { recordType, recordID, ...row, dateInserted: String(row.dateInserted) };
  }

  /** The members a post mentions (by name, any case): the name the post uses, and whether their account is deleted. */
  async function mentioned(post: PostSource): Promise<Map<number, { name: string; deleted: boolean }>> {
    const names = extractMentions(post.body, normalizeFormat(post.format) ?? "text");
    if (!names.length) return new Map();
    const byName = new Map(names.map((name) => [name.toLowerCase(), name]));
    const users = await db
      .selectFrom("users")
      .select(["userID", "name", "deleted"])
      .where((eb) => eb(eb.fn("lower", ["name"]), "in", [...byName.keys()]))
      .execute();
    return new Map(
      users.map((user) => [
        user.userID,
        { name: byName.get(user.name.toLowerCase()) ?? user.name, deleted: user.deleted === 1 },
      ]),
    );
  }

  const indexed = async (recordType: MentionRecordType, recordID: number) =>
    (await db
      .selectFrom("userMentions")
      .select("userMentionID")
      .where("recordType", "=", recordType)
      .where("recordID", "=", recordID)
      .limit(1)
      .executeTakeFirst()) !== undefined;

  /**
   * Makes the index say what the post mentions now: new mentions added (dated `date`), those taken out of the post
   * removed, a post gone taken out with its rows. Anonymised mentions (`removed`) stay as they are.
   */
  async function reindex(recordType: MentionRecordType, recordID: number, date?: string) {
    const post = await source(recordType, recordID);
    const users = post ? await mentioned(post) : new Map<number, { name: string; deleted: boolean }>();
    // Most posts mention no one and never did: one read, no transaction.
    if (!users.size && !(await indexed(recordType, recordID))) return;
    await inTransaction(async (trx) => {
      const rows = await trx
        .selectFrom("userMentions")
        .select(["userMentionID", "userID", "status"])
        .where("recordType", "=", recordType)
        .where("recordID", "=", recordID)
        .execute();
      const gone = rows.filter((row) => row.status !== "removed" && !users.has(row.userID));
      if (gone.length)
        await trx
          .deleteFrom("userMentions")
          .where(
            "userMentionID",
            "in",
            gone.map((row) => row.userMentionID),
          )
          .execute();
      if (!post) return;
      const parent =
        recordType === "discussion"
          ? { parentRecordType: "category", parentRecordID: post.categoryID }
          : { parentRecordType: "discussion", parentRecordID: post.discussionID };
      const known = new Set(rows.map((row) => row.userID));
      const added = [...users].filter(([userID]) => !known.has(userID));
      if (added.length)
        await trx
          .insertInto("userMentions")
          .values(
            added.map(([userID, { name, deleted }]) => ({
              userID,
              recordType,
              recordID,
              discussionID: post.discussionID,
              ...parent,
              mentionedName: name,
              dateInserted: date ?? post.dateInserted,
              // A deleted member mentioned by name: their mention waits to be anonymised like the others.
              status: deleted ? "toDelete" : "active",
            })),
          )
          .execute();
      // A moved discussion or comment: its rows follow it.
      if (rows.length)
        await trx
          .updateTable("userMentions")
          .set({ discussionID: post.discussionID, ...parent })
          .where("recordType", "=", recordType)
          .where("recordID", "=", recordID)
          .execute();
    });
  }

  return {
    source,
    reindex,

    /**
     * A discussion written, edited, moved, merged, split or deleted: its own rows made to say what it mentions where
     * it is now, and its comments' as `comments` says. A comment's parent is its discussion, so only a merge, a split
     * or a deletion changes theirs: `indexed`, the comments indexed under the discussion (one moved away follows it,
     * one deleted with it goes); `all`, those too and the comments now under it that mention anyone (a merge's
     * sources and the comment each becomes, a split's comments).
     */
    async reindexDiscussion(discussionID: number, comments: "none" | "indexed" | "all", date?: string) {
      await reindex("discussion", discussionID, date);
      if (comments === "none") return;
      const indexed = await db
        .selectFrom("userMentions")
        .select("recordID")
        .distinct()
        .where("discussionID", "=", discussionID)
        .where("recordType", "=", "comment")
        .execute();
      const ids = new Set(indexed.map((row) => row.recordID));
      if (comments === "all") {
        const rows = await db
          .selectFrom("comments")
          .select("commentID")
          .where("discussionID", "=", discussionID)
          .where("body", "like", "%@%")
          .execute();
        for (const row of rows) ids.add(row.commentID);
      }
      for (const commentID of ids) await reindex("comment", commentID);
    },

    /** A deleted member's mentions wait to be anonymised. */
    async markToDelete(userID: number) {
      await db
        .updateTable("userMentions")
        .set({ status: "toDelete" })
        .where("userID", "=", userID)
        .where("status", "=", "active")
        .execute();
    },

    /** A member's mentions, the latest first, from `offset`. */
    ofUser(userID: number, offset: number, limit: number) {
      return db
        .selectFrom("userMentions")
        .selectAll()
        .where("userID", "=", userID)
        .orderBy("dateInserted", "desc")
        .orderBy("userMentionID", "desc")
        .offset(offset)
        .limit(limit)
        .execute();
    },

    /** A member's mentions not anonymised yet (their IDs). */
    async toAnonymize(userID: number): Promise<number[]> {
      const rows = await db
        .selectFrom("userMentions")
        .select("userMentionID")
        .where("userID", "=", userID)
        .where("status", "!=", "removed")
        .orderBy("userMentionID")
        .execute();
      return rows.map((row) => row.userMentionID);
    },

    byIds(ids: number[]) {
      return ids.length ? db.selectFrom("userMentions").selectAll().where("userMentionID", "in", ids).execute() : [];
    },

    setStatus(userMentionID: number, status: string, mentionedName?: string) {
      return db
        .updateTable("userMentions")
        .set({ status, ...(mentionedName === undefined ? {} : { mentionedName }) })
        .where("userMentionID", "=", userMentionID)
        .execute();
    },

    userExists: async (userID: number) =>
      (await db.selectFrom("users").select("userID").where("userID", "=", userID).executeTakeFirst()) !== undefined,
  };
}

export type MentionsRepo = ReturnType<typeof createMentionsRepo>;

/**
 * Indexes every post's mentions (idempotent: each post made to say what its body mentions). The migration runs it
 * for the posts there before the index, and an import once its posts are in.
 */
export async function rebuildMentionIndex(db: Kysely<DB>): Promise<void> {
  const repo = createMentionsRepo(db);
  for (const recordType of ["discussion", "comment"] as const) {
    const table = recordType === "discussion" ? "discussions" : "comments";
    const key = recordType === "discussion" ? "discussionID" : "commentID";
    let after = 0;
    for (;;) {
      const rows = (await db
        .selectFrom(table)
        .select(`${key} as id`)
        .where(key, ">", after)
        .where("body", "like", "%@%")
        .orderBy(key)
        .limit(REBUILD_BATCH)
        .execute()) as Array<{ id: number }>;
      for (const row of rows) await repo.reindex(recordType, row.id);
      if (rows.length < REBUILD_BATCH) break;
      after = rows.at(-1)!.id;
    }
  }
}
