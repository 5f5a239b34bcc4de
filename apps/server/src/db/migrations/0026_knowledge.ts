import { sql, type Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType, flag, withId } from "../../platform/db/columns.ts";

/**
 * The knowledge base (Vanilla's Knowledge add-on): bases, their categories (a tree under each base's root
 * category, parentID -1), articles with their revisions (every create and edit) and the "Was this article
 * helpful?" answers, one per member and article. Counts are computed by aggregates when read, so none is kept.
 *
 * Default grants, as Vanilla gives them: `kb.view` to every default role (guests included) and
 * `articles.add` to moderators and administrators. The roles are found by type, so a database whose roles
 * were renamed still gets them; grants a role already holds are not added twice.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const date = dateType(dialect);
  await withId(db.schema.createTable("knowledgeBases"), "knowledgeBaseID", dialect)
    .addColumn("name", "varchar(255)", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("urlCode", "varchar(64)", (col) => col.notNull().unique())
    .addColumn("viewType", "varchar(20)", (col) => col.notNull())
    .addColumn("sortArticles", "varchar(20)", (col) => col.notNull())
    .addColumn("icon", "varchar(500)", (col) => col.notNull().defaultTo(""))
    .addColumn("bannerImage", "varchar(500)", (col) => col.notNull().defaultTo(""))
    .addColumn("sourceLocale", "varchar(20)", (col) => col.notNull())
    .addColumn("rootCategoryID", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("defaultArticleID", "integer")
    .addColumn("status", "varchar(20)", (col) => col.notNull().defaultTo("published"))
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("updateUserID", "integer")
    .addColumn("dateUpdated", date)
    .execute();

  await withId(db.schema.createTable("knowledgeCategories"), "knowledgeCategoryID", dialect)
    .addColumn("knowledgeBaseID", "integer", (col) =>
      col.notNull().references("knowledgeBases.knowledgeBaseID").onDelete("cascade"),
    )
    .addColumn("parentID", "integer", (col) => col.notNull())
    .addColumn("name", "varchar(255)", (col) => col.notNull())
    .addColumn("sort", "integer")
    .addColumn("sortChildren", "varchar(20)")
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("updateUserID", "integer")
    .addColumn("dateUpdated", date)
    .execute();
  await db.schema
    .createIndex("knowledgeCategories_base")
    .on("knowledgeCategories")
    .columns(["knowledgeBaseID", "parentID"])
    .execute();

  await withId(db.schema.createTable("articles"), "articleID", dialect)
    .addColumn("knowledgeCategoryID", "integer", (col) =>
      col.notNull().references("knowledgeCategories.knowledgeCategoryID"),
    )
    .addColumn("knowledgeBaseID", "integer", (col) => col.notNull().references("knowledgeBases.knowledgeBaseID"))
    .addColumn("name", "varchar(255)", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("format", "varchar(20)", (col) => col.notNull())
    .addColumn("locale", "varchar(20)", (col) => col.notNull())
    .addColumn("sort", "integer")
    .addColumn("seoName", "varchar(255)")
    .addColumn("seoDescription", "text")
    .addColumn("status", "varchar(20)", (col) => col.notNull().defaultTo("published"))
    .addColumn("featured", "integer", flag)
    .addColumn("dateFeatured", date)
    .addColumn("score", "integer", flag)
    .addColumn("countViews", "integer", flag)
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("updateUserID", "integer")
    .addColumn("dateUpdated", date)
    .execute();
  // A category's articles and a base's articles, by status (the list filters and the counts).
  await db.schema
    .createIndex("articles_category")
    .on("articles")
    .columns(["knowledgeCategoryID", "status", "sort"])
    .execute();
  await db.schema
    .createIndex("articles_base")
    .on("articles")
    .columns(["knowledgeBaseID", "status", "dateInserted"])
    .execute();
  await db.schema.createIndex("articles_featured").on("articles").columns(["knowledgeBaseID", "featured"]).execute();

  await withId(db.schema.createTable("articleRevisions"), "articleRevisionID", dialect)
    .addColumn("articleID", "integer", (col) => col.notNull().references("articles.articleID").onDelete("cascade"))
    .addColumn("name", "varchar(255)", (col) => col.notNull())
    .addColumn("format", "varchar(20)", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("locale", "varchar(20)", (col) => col.notNull())
    // published: the current one; previous: an earlier one.
    .addColumn("status", "varchar(20)", (col) => col.notNull())
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("articleRevisions_article")
    .on("articleRevisions")
    .columns(["articleID", "articleRevisionID"])
    .execute();

  await db.schema
    .createTable("articleReactions")
    .addColumn("articleID", "integer", (col) => col.notNull().references("articles.articleID").onDelete("cascade"))
    .addColumn("userID", "integer", (col) => col.notNull().references("users.userID").onDelete("cascade"))
    // yes | no
    .addColumn("helpful", "varchar(3)", (col) => col.notNull())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addPrimaryKeyConstraint("articleReactions_pk", ["articleID", "userID"])
    .execute();

  await grant(db, "kb.view", ["guest", "unconfirmed", "applicant", "member", "moderator", "administrator"]);
  await grant(db, "articles.add", ["moderator", "administrator"]);
}

async function grant(db: Kysely<unknown>, permission: string, roleTypes: string[]): Promise<void> {
  await sql`insert into "rolePermissions" ("roleID", "junctionType", "junctionID", "permission")
    select "roleID", '', 0, ${permission} from "roles" r where r."type" in (${sql.join(roleTypes)})
      and not exists (select 1 from "rolePermissions" p where p."roleID" = r."roleID" and p."junctionType" = ''
        and p."junctionID" = 0 and p."permission" = ${permission})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from "rolePermissions" where "permission" in ('kb.view', 'articles.add')`.execute(db);
  for (const table of ["articleReactions", "articleRevisions", "articles", "knowledgeCategories", "knowledgeBases"]) {
    await db.schema.dropTable(table).execute();
  }
}
