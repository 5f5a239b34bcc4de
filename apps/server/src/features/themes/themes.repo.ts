import type { Kysely, Selectable } from "kysely";
import type { DB, ThemeRevisionsTable, ThemesTable } from "../../platform/db/schema.ts";

export type ThemeRow = Selectable<ThemesTable>;
export type ThemeRevisionRow = Selectable<ThemeRevisionsTable>;

/** A database theme with the revision it shows: its active one, or the one asked for. */
export interface ThemeWithRevision {
  theme: ThemeRow;
  revision: ThemeRevisionRow;
}

/** The only file with the database themes' SQL (migrations 0024 and 0070). */
export function createThemesRepo(db: Kysely<DB>) {
  return {
    withTransaction: (trx: Kysely<DB>) => createThemesRepo(trx),

    /** Every database theme with its active revision, oldest first (one query). */
    async listActive(): Promise<ThemeWithRevision[]> {
      const rows = await db
        .selectFrom("themes as t")
        .innerJoin("themeRevisions as r", "r.revisionID", "t.revisionID")
        .selectAll("t")
        .select(["r.revisionName", "r.variables", "r.insertUserID as revisionInsertUserID"])
        .select(["r.header", "r.footer", "r.styles", "r.javascript", "r.scripts"])
        .select(["r.dateInserted as revisionDateInserted"])
        .orderBy("t.themeID")
        .execute();
      return rows.map(
        ({
          revisionName,
          variables,
          header,
          footer,
          styles,
          javascript,
          scripts,
          revisionInsertUserID,
          revisionDateInserted,
          ...theme
        }) => ({
          theme,
          revision: {
            revisionID: theme.revisionID!,
            themeID: theme.themeID,
            revisionName,
            variables,
            header,
            footer,
            styles,
            javascript,
            scripts,
            insertUserID: revisionInsertUserID,
            dateInserted: revisionDateInserted,
          },
        }),
      );
    },

    /** A theme with its active revision, or the revision given when it is one of the theme's. */
    async find(themeID: number, revisionID?: number | null): Promise<ThemeWithRevision | undefined> {
      const theme = await db.selectFrom("themes").selectAll().where("themeID", "=", themeID).executeTakeFirst();
      const wanted = revisionID ?? theme?.revisionID;
      if (!theme || !wanted) return undefined;
      const revision = await db
        .selectFrom("themeRevisions")
        .selectAll()
        .where("revisionID", "=", wanted)
        .where("themeID", "=", themeID)
        .executeTakeFirst();
      return revision ? { theme, revision } : undefined;
    },

    async insertTheme(row: Omit<ThemeRow, "themeID">): Promise<number> {
      const inserted = await db.insertInto("themes").values(row).returning("themeID").executeTakeFirstOrThrow();
      return inserted.themeID;
    },

    async insertRevision(row: Omit<ThemeRevisionRow, "revisionID">): Promise<number> {
      const inserted = await db
        .insertInto("themeRevisions")
        .values(row)
        .returning("revisionID")
        .executeTakeFirstOrThrow();
      return inserted.revisionID;
    },

    updateTheme: (themeID: number, changes: Partial<Omit<ThemeRow, "themeID">>) =>
      db.updateTable("themes").set(changes).where("themeID", "=", themeID).execute(),

    /** Whether a revision belongs to the theme. */
    async hasRevision(themeID: number, revisionID: number): Promise<boolean> {
      const row = await db
        .selectFrom("themeRevisions")
        .select("revisionID")
        .where("themeID", "=", themeID)
        .where("revisionID", "=", revisionID)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A theme's revisions, newest first. */
    revisions: (themeID: number, offset: number, limit: number) =>
      db
        .selectFrom("themeRevisions")
        .select(["revisionID", "themeID", "revisionName", "insertUserID", "dateInserted"])
        .where("themeID", "=", themeID)
        .orderBy("revisionID", "desc")
        .offset(offset)
        .limit(limit)
        .execute(),

    async remove(themeID: number): Promise<void> {
      await db.deleteFrom("themeRevisions").where("themeID", "=", themeID).execute();
      await db.deleteFrom("themes").where("themeID", "=", themeID).execute();
    },
  };
}

export type ThemesRepo = ReturnType<typeof createThemesRepo>;
