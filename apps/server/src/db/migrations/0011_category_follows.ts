import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType, flag } from "../../platform/db/columns.ts";

/**
 * Following categories (reference §5, `PUT /categories/{id}/follow`): one row per member and category
 * they ever followed (Vanilla's UserCategory), `followed` 1 while they follow it. `categories.countFollowers`
 * (there since 0001) is kept from these rows.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const date = dateType(dialect);
  await db.schema
    .createTable("userCategories")
    .addColumn("userID", "integer", (col) => col.notNull().references("users.userID").onDelete("cascade"))
    .addColumn("categoryID", "integer", (col) => col.notNull().references("categories.categoryID").onDelete("cascade"))
    .addColumn("followed", "integer", flag)
    .addColumn("dateFollowed", date)
    .addColumn("dateUnfollowed", date)
    .addPrimaryKeyConstraint("userCategories_pk", ["userID", "categoryID"])
    .execute();
  await db.schema
    .createIndex("userCategories_category")
    .on("userCategories")
    .columns(["categoryID", "followed"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("userCategories").execute();
}
