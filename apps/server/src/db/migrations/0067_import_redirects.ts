import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";

/**
 * An import's old addresses (issue 35): `importRedirects` maps a record's id in the imported forum to its id here
 * when it had to change (its id was taken), read by the redirects of the porter sources' own URL shapes
 * (`/viewtopic.php?t=…`, `/showthread.php?t=…`, `/threads/slug.123/`); `media.importedPath` is a file's path in the
 * old forum's uploads folder (`FileUpload/ab/photo.jpg`), so `/uploads/<that path>` answers 301 to the copied file.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable("importRedirects")
    .addColumn("recordType", "varchar(20)", (col) => col.notNull())
    .addColumn("oldID", "integer", (col) => col.notNull())
    .addColumn("newID", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("importRedirects_pk", ["recordType", "oldID"])
    .execute();
  await db.schema.alterTable("media").addColumn("importedPath", "varchar(255)").execute();
  await db.schema.createIndex("media_importedPath").on("media").column("importedPath").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("media_importedPath").execute();
  await db.schema.alterTable("media").dropColumn("importedPath").execute();
  await db.schema.dropTable("importRedirects").execute();
}
