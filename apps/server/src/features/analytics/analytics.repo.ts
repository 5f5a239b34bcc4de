import { sql, type Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import type { DB } from "../../platform/db/schema.ts";

/** A count to add to a day's row: a measure's total (`key` empty) or a keyed one. */
export interface DailyCount {
  metric: string;
  day: string;
  key: string;
  count: number;
}

/** Rows per statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 400;

const chunks = <T>(rows: T[]): T[][] =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, index) => rows.slice(index * CHUNK, (index + 1) * CHUNK));

/** The measures the posts and members tables are recounted into. */
const CONTENT = [
  ["discussions", "discussions"],
  ["comments", "comments"],
  ["newMembers", "users"],
] as const;

/** The analytics tables: the daily rollups, the day's readers and the members' choices. */
export function createAnalyticsRepo(db: Kysely<DB>, dialect: DialectName) {
  const dayOf = (column: string) =>
    dialect === "postgres"
      ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`
      : sql<string>`substr(${sql.ref(column)}, 1, 10)`;

  return {
    /**
     * Marks the readers seen on their day and adds the counts `countsFor` makes of those not seen before, in one
     * transaction; every row in key order (two processes writing at once lock the same rows in the same order).
     */
    async add(
      visitors: Array<{ day: string; reader: string }>,
      countsFor: (fresh: Array<{ day: string; reader: string }>) => DailyCount[],
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const fresh: typeof visitors = [];
        const sortedVisitors = [...visitors].sort(
          (a, b) => a.day.localeCompare(b.day) || a.reader.localeCompare(b.reader),
        );
        for (const rows of chunks(sortedVisitors))
          fresh.push(
            ...(await trx
              .insertInto("analyticsVisitors")
              .values(rows)
              .onConflict((oc) => oc.columns(["day", "reader"]).doNothing())
              .returning(["day", "reader"])
              .execute()),
          );
        const sorted = countsFor(fresh).sort(
          (a, b) => a.metric.localeCompare(b.metric) || a.day.localeCompare(b.day) || a.key.localeCompare(b.key),
        );
        for (const rows of chunks(sorted))
          await trx
            .insertInto("analyticsDaily")
            .values(rows)
            .onConflict((oc) =>
              oc
                .columns(["metric", "day", "key"])
                .doUpdateSet((eb) => ({ count: eb("analyticsDaily.count", "+", eb.ref("excluded.count")) })),
            )
            .execute();
      });
    },

    /** The members among these who asked to be left out. */
    async leftOut(userIDs: number[]): Promise<Set<number>> {
      if (userIDs.length === 0) return new Set();
      const out = new Set<number>();
      for (const ids of chunks(userIDs)) {
        const rows = await db
          .selectFrom("analyticsPrivacy")
          .select("userID")
          .where("userID", "in", ids)
          .where("anonymize", "=", 1)
          .execute();
        for (const row of rows) out.add(row.userID);
      }
      return out;
    },

    async privacyOf(userID: number): Promise<number | null> {
      const row = await db
        .selectFrom("analyticsPrivacy")
        .select("anonymize")
        .where("userID", "=", userID)
        .executeTakeFirst();
      return row?.anonymize ?? null;
    },

    /** A member's choice; null goes back to the site's default. */
    async setPrivacy(userID: number, anonymize: number | null): Promise<void> {
      if (anonymize === null) {
        await db.deleteFrom("analyticsPrivacy").where("userID", "=", userID).execute();
        return;
      }
      await db
        .insertInto("analyticsPrivacy")
        .values({ userID, anonymize })
        .onConflict((oc) => oc.column("userID").doUpdateSet({ anonymize }))
        .execute();
    },

    /** Each day's totals of the measures in the period (days without a row are absent). */
    async totals(metrics: readonly string[], from: string, to: string) {
      return db
        .selectFrom("analyticsDaily")
        .select(["metric", "day", "count"])
        .where("metric", "in", metrics)
        .where("day", ">=", from)
        .where("day", "<=", to)
        .where("key", "=", "")
        .execute();
    },

    /** A keyed measure's largest sums over the period. */
    async top(metric: string, from: string, to: string, limit: number) {
      const rows = await db
        .selectFrom("analyticsDaily")
        .select(["key", (eb) => eb.fn.sum<number | string>("count").as("count")])
        .where("metric", "=", metric)
        .where("day", ">=", from)
        .where("day", "<=", to)
        .groupBy("key")
        .orderBy("count", "desc")
        .orderBy("key")
        .limit(limit)
        .execute();
      return rows.map((row) => ({ key: row.key, count: Number(row.count) }));
    },

    /** Whether any post or member has been counted (a new database, or one upgraded, has none yet). */
    async hasContentCounts(): Promise<boolean> {
      const row = await db
        .selectFrom("analyticsDaily")
        .select("metric")
        .where(
          "metric",
          "in",
          CONTENT.map(([metric]) => metric),
        )
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Counts the posts and members each day from their tables again (a new database with its seed, an upgraded
     * one, an import): the rollups of discussions, comments and new members are replaced.
     */
    async recountContent(): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom("analyticsDaily")
          .where(
            "metric",
            "in",
            CONTENT.map(([metric]) => metric),
          )
          .execute();
        for (const [metric, table] of CONTENT) {
          const members = table === "users" ? sql`where "userID" > 0` : sql``;
          await sql`insert into "analyticsDaily" ("metric", "day", "key", "count")
            select ${metric}, ${dayOf("dateInserted")}, '', count(*) from ${sql.table(table)} ${members}
            group by ${dayOf("dateInserted")}`.execute(trx);
        }
      });
    },

    /** Forgets the readers of days before `day`: their visits are counted. */
    async pruneVisitors(day: string): Promise<void> {
      await db.deleteFrom("analyticsVisitors").where("day", "<", day).execute();
    },
  };
}

export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
