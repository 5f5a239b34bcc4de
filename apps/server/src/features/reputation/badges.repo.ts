import type { Kysely, Selectable } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

export type BadgeRow = Selectable<DB["badges"]>;

/** What a member has done, as the badges' rules read it. */
export interface BadgeFacts {
  posts: number;
  answers: number;
  reactions: number;
  /** Whole years since they joined. */
  years: number;
}

/** The badges' SQL: the definitions, who earned which (once), and the facts their rules read. */
export function createBadgesRepo(db: Kysely<DB>) {
  const visibleMembers = (includePrivate: boolean) =>
    db
      .selectFrom("users")
      .select("users.userID")
      .where("users.deleted", "=", 0)
      .where("users.banned", "=", 0)
      .$if(!includePrivate, (query) => query.where("users.private", "=", 0));

  return {
    list: () => db.selectFrom("badges").selectAll().orderBy("sort").orderBy("badgeID").execute(),
    get: (badgeID: number) => db.selectFrom("badges").selectAll().where("badgeID", "=", badgeID).executeTakeFirst(),

    member: (userID: number) =>
      db
        .selectFrom("users")
        .select(["userID", "deleted", "banned", "private", "dateInserted", "countDiscussions", "countComments"])
        .where("userID", "=", userID)
        .executeTakeFirst(),

    ofMember: (userID: number, offset: number, limit: number) =>
      db
        .selectFrom("userBadges")
        .innerJoin("badges", "badges.badgeID", "userBadges.badgeID")
        .select(["badges.badgeID", "badges.name", "badges.description", "badges.key", "userBadges.dateEarned"])
        .where("userBadges.userID", "=", userID)
        .orderBy("userBadges.dateEarned", "desc")
        .orderBy("badges.sort", "desc")
        .offset(offset)
        .limit(limit)
        .execute(),

    recipients: (badgeID: number, includePrivate: boolean, offset: number, limit: number) =>
      db
        .selectFrom("userBadges")
        .select(["userID", "dateEarned"])
        .where("badgeID", "=", badgeID)
        .where("userID", "in", visibleMembers(includePrivate))
        .orderBy("dateEarned", "desc")
        .orderBy("userID")
        .offset(offset)
        .limit(limit)
        .execute(),

    async facts(
      member: { userID: number; dateInserted: string; countDiscussions: number; countComments: number },
      now: Date,
    ): Promise<BadgeFacts> {
      const [answers, reactions] = await Promise.all([
        db
          .selectFrom("answers")
          .innerJoin("comments", "comments.commentID", "answers.commentID")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .where("comments.insertUserID", "=", member.userID)
          .where("answers.status", "=", "accepted")
          .executeTakeFirstOrThrow(),
        db
          .selectFrom("reactions")
          .innerJoin("reactionTypes", "reactionTypes.tagID", "reactions.tagID")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .where("reactions.recordUserID", "=", member.userID)
          .whereRef("reactions.userID", "!=", "reactions.recordUserID")
          .where("reactionTypes.class", "!=", "Flag")
          .executeTakeFirstOrThrow(),
      ]);
      const joined = new Date(member.dateInserted);
      let years = now.getUTCFullYear() - joined.getUTCFullYear();
      const anniversary = new Date(joined);
      anniversary.setUTCFullYear(joined.getUTCFullYear() + years);
      if (anniversary > now) years -= 1;
      return {
        posts: member.countDiscussions + member.countComments,
        answers: Number(answers.count),
        reactions: Number(reactions.count),
        years: Math.max(0, years),
      };
    },

    /**
     * Gives badges the member has not earned yet; the ones newly given (never twice: the key is member and badge),
     * each badge's count of recipients moved in the same transaction.
     */
    async award(userID: number, badgeIDs: number[], date: string): Promise<number[]> {
      if (badgeIDs.length === 0) return [];
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto("userBadges")
          .values(badgeIDs.map((badgeID) => ({ userID, badgeID, dateEarned: date })))
          .onConflict((oc) => oc.columns(["userID", "badgeID"]).doNothing())
          .returning("badgeID")
          .execute();
        const ids = inserted.map((row) => row.badgeID).sort((a, b) => a - b);
        if (ids.length)
          await trx
            .updateTable("badges")
            .set((eb) => ({ countRecipients: eb("countRecipients", "+", 1) }))
            .where("badgeID", "in", ids)
            .execute();
        return ids;
      });
    },

    earnedBy: async (userID: number) =>
      new Set(
        (await db.selectFrom("userBadges").select("badgeID").where("userID", "=", userID).execute()).map(
          (row) => row.badgeID,
        ),
      ),

    /** Members who joined before `before` and lack the badge (the anniversaries' daily job), a thousand at a time. */
    joinedBefore: (before: string, badgeID: number) =>
      db
        .selectFrom("users")
        .select("userID")
        .where("deleted", "=", 0)
        .where("dateInserted", "<=", before)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("userBadges")
                .select("userBadges.userID")
                .whereRef("userBadges.userID", "=", "users.userID")
                .where("userBadges.badgeID", "=", badgeID),
            ),
          ),
        )
        .orderBy("userID")
        .limit(1000)
        .execute(),
  };
}

export type BadgesRepo = ReturnType<typeof createBadgesRepo>;
