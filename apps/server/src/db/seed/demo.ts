import type { Kysely } from "kysely";
import { ROOT_CATEGORY_ID } from "@parley/contracts";
import type { DB } from "../../platform/db/schema.ts";
import { recountCategories } from "../../features/categories/index.ts";
import { rebuildMentionIndex } from "../../features/mentions/index.ts";
import { hotScore } from "../../features/discussions/index.ts";
import { assignRoleOfType } from "./admin.ts";
import { demoCategories, demoDiscussions, demoMembers } from "./demo-content.ts";
import { seedDemoGroups } from "./demo-groups.ts";
import { seedDemoKnowledge } from "./demo-knowledge.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Seeds the demo community in one transaction: categories (one nested level), members who cannot
 * sign in (no password), discussions with replies spread over the last three weeks, three groups (public,
 * private, secret) with their own discussions, the counts, and the knowledge bases (a help centre and an
 * administrator guide).
 */
export async function seedDemo(db: Kysely<DB>, adminUserID: number, now = Date.now()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const iso = (ms: number) => new Date(ms).toISOString();
    const memberIDs: number[] = [];
    for (const [index, member] of demoMembers.entries()) {
      const joined = now - (30 - index) * DAY;
      const row = await trx
        .insertInto("users")
        .values({
          name: member.name,
          email: `${member.name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@example.com`,
          emailConfirmed: 1,
          passwordHash: null,
          photoUrl: null,
          title: member.title,
          isAdmin: 0,
          banned: 0,
          deleted: 0,
          private: 0,
          countDiscussions: 0,
          countComments: 0,
          points: 0,
          dateInserted: iso(joined),
          dateUpdated: null,
          dateLastActive: iso(now - index * HOUR),
        })
        .returning("userID")
        .executeTakeFirstOrThrow();
      await assignRoleOfType(trx, row.userID, member.title === "Moderator" ? "moderator" : "member");
      memberIDs.push(row.userID);
    }
    const userOf = (author: number) => (author < 0 ? adminUserID : memberIDs[author]!);

    const categoryIDs = new Map<string, number>();
    for (const [sort, category] of demoCategories.entries()) {
      const parentID = category.parent ? categoryIDs.get(category.parent)! : ROOT_CATEGORY_ID;
      const row = await trx
        .insertInto("categories")
        .values({
          parentCategoryID: parentID,
          name: category.name,
          urlcode: category.code,
          description: category.description,
          displayAs: category.displayAs ?? "discussions",
          sort,
          depth: category.parent ? 2 : 1,
          dateInserted: iso(now - 30 * DAY),
          insertUserID: adminUserID,
        })
        .returning("categoryID")
        .executeTakeFirstOrThrow();
      categoryIDs.set(category.code, row.categoryID);
    }

    for (const discussion of demoDiscussions) {
      const inserted = now - discussion.daysAgo * DAY - 6 * HOUR;
      const authorID = userOf(discussion.author);
      const replies = discussion.replies.map((reply, index) => ({
        ...reply,
        at: Math.min(now - 60_000, inserted + (index + 1) * 3 * HOUR),
      }));
      const last = replies.at(-1);
      const row = await trx
        .insertInto("discussions")
        .values({
          type: "discussion",
          categoryID: categoryIDs.get(discussion.category)!,
          name: discussion.name,
          body: discussion.body,
          format: "markdown",
          insertUserID: authorID,
          lastUserID: last ? userOf(last.author) : authorID,
          dateInserted: iso(inserted),
          dateLastComment: iso(last ? last.at : inserted),
          countComments: replies.length,
          hot: hotScore(iso(last ? last.at : inserted), 0, replies.length),
          countViews: 10 + replies.length * 17,
          announce: discussion.announce ? 2 : 0,
        })
        .returning("discussionID")
        .executeTakeFirstOrThrow();
      for (const name of discussion.tags ?? []) {
        const urlcode = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
        const existing = await trx.selectFrom("tags").select("tagID").where("urlcode", "=", urlcode).executeTakeFirst();
        const tagID =
          existing?.tagID ??
          (
            await trx
              .insertInto("tags")
              .values({
                name,
                urlcode,
                type: "",
                countDiscussions: 0,
                dateInserted: iso(inserted),
                insertUserID: authorID,
              })
              .returning("tagID")
              .executeTakeFirstOrThrow()
          ).tagID;
        await trx
          .insertInto("tagDiscussions")
          .values({ tagID, discussionID: row.discussionID, dateInserted: iso(inserted) })
          .execute();
        await trx
          .updateTable("tags")
          .set((eb) => ({ countDiscussions: eb("countDiscussions", "+", 1) }))
          .where("tagID", "=", tagID)
          .execute();
      }
      let lastCommentID: number | null = null;
      for (const reply of replies) {
        const comment = await trx
          .insertInto("comments")
          .values({
            discussionID: row.discussionID,
            body: reply.body,
            format: "markdown",
            insertUserID: userOf(reply.author),
            dateInserted: iso(reply.at),
          })
          .returning("commentID")
          .executeTakeFirstOrThrow();
        lastCommentID = comment.commentID;
      }
      if (lastCommentID !== null) {
        await trx
          .updateTable("discussions")
          .set({ lastCommentID })
          .where("discussionID", "=", row.discussionID)
          .execute();
      }
    }

    await seedDemoGroups(trx, userOf, adminUserID, now);

    // Member counts, then category counts up the tree.
    const discussionCounts = await trx
      .selectFrom("discussions")
      .select(({ fn }) => ["insertUserID", fn.countAll<number>().as("count")])
      .groupBy("insertUserID")
      .execute();
    const commentCounts = await trx
      .selectFrom("comments")
      .select(({ fn }) => ["insertUserID", fn.countAll<number>().as("count")])
      .groupBy("insertUserID")
      .execute();
    for (const row of discussionCounts) {
      await trx
        .updateTable("users")
        .set({ countDiscussions: Number(row.count) })
        .where("userID", "=", row.insertUserID)
        .execute();
    }
    for (const row of commentCounts) {
      await trx
        .updateTable("users")
        .set({ countComments: Number(row.count) })
        .where("userID", "=", row.insertUserID)
        .execute();
    }
    await recountCategories(trx);
    await rebuildMentionIndex(trx);
    await seedDemoKnowledge(trx, adminUserID, now);
  });
}
