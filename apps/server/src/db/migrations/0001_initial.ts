import { sql, type Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { counter, dateType, flag, withId } from "../../platform/db/columns.ts";

/** Users, categories (with Vanilla's root category -1), discussions and comments. */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const date = dateType(dialect);

  await withId(db.schema.createTable("users"), "userID", dialect)
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("email", "varchar(200)", (col) => col.notNull())
    .addColumn("emailConfirmed", "integer", flag)
    .addColumn("passwordHash", "text")
    .addColumn("photoUrl", "text")
    .addColumn("title", "varchar(100)")
    .addColumn("isAdmin", "integer", flag)
    .addColumn("banned", "integer", flag)
    .addColumn("deleted", "integer", flag)
    .addColumn("private", "integer", flag)
    .addColumn("countDiscussions", "integer", counter)
    .addColumn("countComments", "integer", counter)
    .addColumn("points", "integer", counter)
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("dateUpdated", date)
    .addColumn("dateLastActive", date)
    .execute();
  await db.schema
    .createIndex("users_name_unique")
    .on("users")
    .unique()
    .expression(sql`lower("name")`)
    .execute();
  await db.schema
    .createIndex("users_email")
    .on("users")
    .expression(sql`lower("email")`)
    .execute();

  await withId(db.schema.createTable("categories"), "categoryID", dialect)
    .addColumn("parentCategoryID", "integer", (col) => col.references("categories.categoryID").onDelete("restrict"))
    .addColumn("name", "varchar(255)", (col) => col.notNull())
    .addColumn("urlcode", "varchar(255)", (col) => col.notNull().unique())
    .addColumn("description", "text")
    .addColumn("displayAs", "varchar(20)", (col) => col.notNull().defaultTo("discussions"))
    .addColumn("customPermissions", "integer", flag)
    .addColumn("isArchived", "integer", flag)
    .addColumn("sort", "integer", counter)
    .addColumn("depth", "integer", counter)
    .addColumn("countCategories", "integer", counter)
    .addColumn("countDiscussions", "integer", counter)
    .addColumn("countComments", "integer", counter)
    .addColumn("countAllDiscussions", "integer", counter)
    .addColumn("countAllComments", "integer", counter)
    .addColumn("countFollowers", "integer", counter)
    .addColumn("iconUrl", "text")
    .addColumn("lastDiscussionID", "integer")
    .addColumn("lastCommentID", "integer")
    .addColumn("dateLastPost", date)
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("dateUpdated", date)
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("updateUserID", "integer")
    .execute();
  await db.schema
    .createIndex("categories_parent_sort")
    .on("categories")
    .columns(["parentCategoryID", "sort"])
    .execute();

  await withId(db.schema.createTable("discussions"), "discussionID", dialect)
    .addColumn("type", "varchar(20)", (col) => col.notNull().defaultTo("discussion"))
    .addColumn("categoryID", "integer", (col) => col.notNull().references("categories.categoryID").onDelete("restrict"))
    .addColumn("name", "varchar(255)", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("format", "varchar(20)", (col) => col.notNull())
    .addColumn("insertUserID", "integer", (col) => col.notNull().references("users.userID"))
    .addColumn("updateUserID", "integer")
    .addColumn("lastUserID", "integer")
    .addColumn("lastCommentID", "integer")
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("dateUpdated", date)
    .addColumn("dateLastComment", date, (col) => col.notNull())
    .addColumn("countComments", "integer", counter)
    .addColumn("countViews", "integer", counter)
    .addColumn("closed", "integer", flag)
    .addColumn("sink", "integer", flag)
    .addColumn("announce", "integer", flag)
    .addColumn("score", "integer", counter)
    .execute();
  await db.schema
    .createIndex("discussions_category_last")
    .on("discussions")
    .columns(["categoryID", "dateLastComment"])
    .execute();
  await db.schema.createIndex("discussions_last").on("discussions").column("dateLastComment").execute();
  await db.schema.createIndex("discussions_user").on("discussions").columns(["insertUserID", "dateInserted"]).execute();

  await withId(db.schema.createTable("comments"), "commentID", dialect)
    .addColumn("discussionID", "integer", (col) =>
      col.notNull().references("discussions.discussionID").onDelete("cascade"),
    )
    .addColumn("parentCommentID", "integer")
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("format", "varchar(20)", (col) => col.notNull())
    .addColumn("insertUserID", "integer", (col) => col.notNull().references("users.userID"))
    .addColumn("updateUserID", "integer")
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("dateUpdated", date)
    .addColumn("score", "integer", counter)
    .execute();
  await db.schema
    .createIndex("comments_discussion_date")
    .on("comments")
    .columns(["discussionID", "dateInserted"])
    .execute();
  await db.schema.createIndex("comments_user").on("comments").columns(["insertUserID", "dateInserted"]).execute();

  // Vanilla's root category: parent of every top-level category, never listed.
  const now = new Date().toISOString();
  await sql`insert into "categories" ("categoryID", "parentCategoryID", "name", "urlcode", "description", "displayAs", "depth", "dateInserted", "insertUserID")
    values (-1, null, 'Root', '', 'Root of the category tree.', 'categories', 0, ${now}, 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["comments", "discussions", "categories", "users"]) {
    await db.schema.dropTable(table).execute();
  }
}
