import type { Kysely } from "kysely";

/**
 * Issue 36: a theme revision's assets besides its variables (Vanilla's `dashboard-themes.yml`): a custom header
 * and footer (HTML, sanitised when saved), styles (CSS), JavaScript, and script addresses (a JSON list of
 * `{url}`). Empty for the revisions written before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ["header", "footer", "styles", "javascript"])
    await db.schema
      .alterTable("themeRevisions")
      .addColumn(column, "text", (col) => col.notNull().defaultTo(""))
      .execute();
  await db.schema
    .alterTable("themeRevisions")
    .addColumn("scripts", "text", (col) => col.notNull().defaultTo("[]"))
    .execute();
}
