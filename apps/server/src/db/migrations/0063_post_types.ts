import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType, flag } from "../../platform/db/columns.ts";

/**
 * Post types and post fields (issue 33, item 4; Vanilla's custom post types). A site's own post types, each a kind
 * of an original type (discussion, question, idea, poll: those are not rows), with the roles that may post it and
 * the categories that take it; post fields, belonging to post types (in an order of each type's own); and a
 * discussion's values of them (JSON text), which go with the discussion or the field. `discussions.postTypeID` is
 * the site's post type a discussion was posted as (null: its original `type`).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable("postTypes")
    .addColumn("postTypeID", "varchar(100)", (col) => col.primaryKey())
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("parentPostTypeID", "varchar(100)", (col) => col.notNull())
    .addColumn("postButtonLabel", "varchar(100)", (col) => col.notNull().defaultTo(""))
    .addColumn("postHelperText", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("isActive", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("isDeleted", "integer", flag)
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .addColumn("dateUpdated", dateType(dialect))
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("updateUserID", "integer")
    .execute();
  await db.schema
    .createTable("postTypeRoles")
    .addColumn("postTypeID", "varchar(100)", (col) =>
      col.notNull().references("postTypes.postTypeID").onDelete("cascade"),
    )
    .addColumn("roleID", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("postTypeRoles_pk", ["postTypeID", "roleID"])
    .execute();
  await db.schema
    .createTable("postTypeCategories")
    .addColumn("postTypeID", "varchar(100)", (col) =>
      col.notNull().references("postTypes.postTypeID").onDelete("cascade"),
    )
    .addColumn("categoryID", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("postTypeCategories_pk", ["postTypeID", "categoryID"])
    .execute();
  await db.schema
    .createTable("postFields")
    .addColumn("postFieldID", "varchar(100)", (col) => col.primaryKey())
    .addColumn("label", "varchar(100)", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("dataType", "varchar(20)", (col) => col.notNull())
    .addColumn("formType", "varchar(20)", (col) => col.notNull())
    .addColumn("visibility", "varchar(20)", (col) => col.notNull())
    .addColumn("dropdownOptions", "text")
    .addColumn("isRequired", "integer", flag)
    .addColumn("isActive", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .addColumn("dateUpdated", dateType(dialect))
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("updateUserID", "integer")
    .execute();
  // An original type's fields too: postTypeID is not a key of postTypes.
  await db.schema
    .createTable("postTypeFields")
    .addColumn("postTypeID", "varchar(100)", (col) => col.notNull())
    .addColumn("postFieldID", "varchar(100)", (col) =>
      col.notNull().references("postFields.postFieldID").onDelete("cascade"),
    )
    .addColumn("sort", "integer", flag)
    .addPrimaryKeyConstraint("postTypeFields_pk", ["postTypeID", "postFieldID"])
    .execute();
  await db.schema
    .createTable("discussionPostMeta")
    .addColumn("discussionID", "integer", (col) =>
      col.notNull().references("discussions.discussionID").onDelete("cascade"),
    )
    .addColumn("postFieldID", "varchar(100)", (col) =>
      col.notNull().references("postFields.postFieldID").onDelete("cascade"),
    )
    .addColumn("value", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("discussionPostMeta_pk", ["discussionID", "postFieldID"])
    .execute();
  await db.schema
    .createIndex("discussionPostMeta_postFieldID")
    .on("discussionPostMeta")
    .column("postFieldID")
    .execute();
  await db.schema.alterTable("discussions").addColumn("postTypeID", "varchar(100)").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("discussions").dropColumn("postTypeID").execute();
  for (const table of ["discussionPostMeta", "postTypeFields", "postFields", "postTypeCategories", "postTypeRoles"])
    await db.schema.dropTable(table).execute();
  await db.schema.dropTable("postTypes").execute();
}
