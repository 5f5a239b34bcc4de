import { sql, type Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { counter, dateType, flag, withId } from "../../platform/db/columns.ts";

/**
 * Content core: discussion flags and per-user state (bookmarked, muted, dismissed, read), tags,
 * reaction types and reactions, comment threading fields, and a key/value site configuration.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const date = dateType(dialect);
  const real = dialect === "postgres" ? "double precision" : "real";

  await db.schema.alterTable("discussions").addColumn("resolved", "integer", flag).execute();
  await db.schema.alterTable("discussions").addColumn("resolvedUserID", "integer").execute();
  await db.schema
    .alterTable("discussions")
    .addColumn("hot", real, (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("discussions").addColumn("attributes", "text").execute();
  await db.schema.alterTable("discussions").addColumn("insertIPAddress", "varchar(64)").execute();
  await db.schema
    .alterTable("comments")
    .addColumn("depth", "integer", (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable("comments").addColumn("attributes", "text").execute();
  await db.schema.alterTable("comments").addColumn("insertIPAddress", "varchar(64)").execute();

  // Lists: by category and date, announcements first, by score and hotness, by date inserted.
  await db.schema
    .createIndex("discussions_category_announce_last")
    .on("discussions")
    .columns(["categoryID", "announce", "dateLastComment"])
    .execute();
  await db.schema
    .createIndex("discussions_announce_last")
    .on("discussions")
    .columns(["announce", "dateLastComment"])
    .execute();
  await db.schema.createIndex("discussions_inserted").on("discussions").column("dateInserted").execute();
  await db.schema.createIndex("discussions_score").on("discussions").columns(["score", "discussionID"]).execute();
  await db.schema.createIndex("discussions_hot").on("discussions").columns(["hot", "discussionID"]).execute();
  await db.schema.createIndex("comments_discussion_score").on("comments").columns(["discussionID", "score"]).execute();

  await db.schema
    .createTable("userDiscussions")
    .addColumn("userID", "integer", (col) => col.notNull().references("users.userID").onDelete("cascade"))
    .addColumn("discussionID", "integer", (col) =>
      col.notNull().references("discussions.discussionID").onDelete("cascade"),
    )
    .addColumn("bookmarked", "integer", flag)
    .addColumn("muted", "integer", flag)
    .addColumn("dismissed", "integer", flag)
    .addColumn("participated", "integer", flag)
    .addColumn("countComments", "integer", counter)
    .addColumn("dateLastViewed", date)
    .addColumn("dateBookmarked", date)
    .addPrimaryKeyConstraint("userDiscussions_pk", ["userID", "discussionID"])
    .execute();
  await db.schema
    .createIndex("userDiscussions_discussion")
    .on("userDiscussions")
    .columns(["discussionID", "bookmarked"])
    .execute();

  await withId(db.schema.createTable("tags"), "tagID", dialect)
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("urlcode", "varchar(100)", (col) => col.notNull())
    .addColumn("type", "varchar(20)", (col) => col.notNull().defaultTo(""))
    .addColumn("parentTagID", "integer")
    .addColumn("countDiscussions", "integer", counter)
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("insertUserID", "integer")
    .execute();
  await db.schema
    .createIndex("tags_urlcode_unique")
    .on("tags")
    .unique()
    .expression(sql`lower("urlcode")`)
    .execute();
  await db.schema
    .createIndex("tags_name")
    .on("tags")
    .expression(sql`lower("name")`)
    .execute();

  await db.schema
    .createTable("tagDiscussions")
    .addColumn("tagID", "integer", (col) => col.notNull().references("tags.tagID").onDelete("cascade"))
    .addColumn("discussionID", "integer", (col) =>
      col.notNull().references("discussions.discussionID").onDelete("cascade"),
    )
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addPrimaryKeyConstraint("tagDiscussions_pk", ["tagID", "discussionID"])
    .execute();
  await db.schema.createIndex("tagDiscussions_discussion").on("tagDiscussions").column("discussionID").execute();

  await db.schema
    .createTable("reactionTypes")
    .addColumn("tagID", "integer", (col) => col.primaryKey())
    .addColumn("urlcode", "varchar(50)", (col) => col.notNull().unique())
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("description", "text")
    .addColumn("class", "varchar(20)", (col) => col.notNull())
    .addColumn("points", "integer", counter)
    .addColumn("sort", "integer", counter)
    .addColumn("active", "integer", (col) => col.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable("reactions")
    .addColumn("recordType", "varchar(20)", (col) => col.notNull())
    .addColumn("recordID", "integer", (col) => col.notNull())
    .addColumn("userID", "integer", (col) => col.notNull().references("users.userID").onDelete("cascade"))
    .addColumn("tagID", "integer", (col) => col.notNull().references("reactionTypes.tagID"))
    .addColumn("recordUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addPrimaryKeyConstraint("reactions_pk", ["recordType", "recordID", "userID"])
    .execute();
  await db.schema
    .createIndex("reactions_record_tag")
    .on("reactions")
    .columns(["recordType", "recordID", "tagID"])
    .execute();
  await db.schema.createIndex("reactions_record_user").on("reactions").columns(["recordUserID", "tagID"]).execute();

  await db.schema
    .createTable("config")
    .addColumn("key", "varchar(100)", (col) => col.primaryKey())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("dateUpdated", date, (col) => col.notNull())
    .execute();

  // The reaction types of spec §3 (Vanilla's defaults: classes Positive, Negative, Flag; points move the score).
  const types: Array<[number, string, string, string, number, string]> = [
    [1, "promote", "Promote", "Positive", 5, "Moderators may promote the very best contributions."],
    [2, "off-topic", "Off Topic", "Negative", -1, "Off topic posts are not relevant to the topic being discussed."],
    [
      3,
      "insightful",
      "Insightful",
      "Positive",
      1,
      "Insightful comments bring new information or perspective to the discussion.",
    ],
    [4, "disagree", "Disagree", "Negative", -1, "You disagree with this."],
    [5, "agree", "Agree", "Positive", 1, "You agree with this."],
    [6, "dislike", "Dislike", "Negative", -1, "You dislike this."],
    [7, "like", "Like", "Positive", 1, "You like this."],
    [8, "up", "Vote Up", "Positive", 1, "A vote for this."],
    [9, "down", "Vote Down", "Negative", -1, "A vote against this."],
    [10, "support", "Support", "Positive", 1, "You support this."],
    [11, "awesome", "Awesome", "Positive", 1, "Awesome posts amaze you."],
    [12, "lol", "LOL", "Positive", 0, "For posts that make you laugh out loud."],
    [13, "wtf", "WTF", "Negative", 0, "For posts that leave you wondering what the…"],
    [14, "spam", "Spam", "Flag", 0, "Spam is unsolicited advertising."],
    [15, "abuse", "Abuse", "Flag", 0, "Report posts that are abusive or violate the terms of service."],
  ];
  for (const [sort, [tagID, urlcode, name, klass, points, description]] of types.entries()) {
    await sql`insert into "reactionTypes" ("tagID", "urlcode", "name", "description", "class", "points", "sort", "active")
      values (${tagID}, ${urlcode}, ${name}, ${description}, ${klass}, ${points}, ${sort}, 1)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["config", "reactions", "reactionTypes", "tagDiscussions", "tags", "userDiscussions"]) {
    await db.schema.dropTable(table).execute();
  }
}
