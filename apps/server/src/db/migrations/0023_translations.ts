import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType } from "../../platform/db/columns.ts";

/**
 * Content translations (reference §7, dashboard-translations.yml): resources, and one row per translated
 * property and locale, keyed by `translationPropertyKey` (`<recordType>.<recordID or recordKey>.<propertyName>`).
 * The forum's own content (categories) is the resource `forum`, in English unless the site says otherwise.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const date = dateType(dialect);
  await db.schema
    .createTable("translationResources")
    .addColumn("urlCode", "varchar(100)", (col) => col.primaryKey())
    .addColumn("name", "varchar(255)", (col) => col.notNull())
    .addColumn("sourceLocale", "varchar(20)", (col) => col.notNull())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("translations")
    .addColumn("resource", "varchar(100)", (col) => col.notNull())
    .addColumn("translationPropertyKey", "varchar(400)", (col) => col.notNull())
    .addColumn("locale", "varchar(20)", (col) => col.notNull())
    .addColumn("recordType", "varchar(100)", (col) => col.notNull())
    .addColumn("recordID", "integer")
    .addColumn("recordKey", "varchar(100)")
    .addColumn("propertyName", "varchar(100)", (col) => col.notNull())
    .addColumn("translation", "text", (col) => col.notNull())
    .addColumn("dateUpdated", date, (col) => col.notNull())
    .addPrimaryKeyConstraint("translations_pk", ["resource", "translationPropertyKey", "locale"])
    .execute();
  // A page's records in one locale: `recordType = ? AND locale = ? AND recordID IN (…)`.
  await db.schema
    .createIndex("translations_record")
    .on("translations")
    .columns(["resource", "recordType", "locale", "recordID"])
    .execute();
  await (db as Kysely<{ translationResources: Record<string, unknown> }>)
    .insertInto("translationResources")
    .values({ urlCode: "forum", name: "Forum content", sourceLocale: "en", dateInserted: new Date().toISOString() })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("translations").execute();
  await db.schema.dropTable("translationResources").execute();
}
