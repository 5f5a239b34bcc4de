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

/** A keyed measure's monthly rollup (`day` is then `YYYY-MM`): `month:discussionViews`. */
export const monthlyMetric = (metric: string) => `month:${metric}`;

const monthOf = (day: string) => day.slice(0, 7);
const lastDayOf = (month: string) => {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
};
const nextMonth = (month: string) => {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 1)).toISOString().slice(0, 7);
};

/**
 * Where a period's keyed counts are read from: the finished months it covers whole (their monthly rollups), and the
 * days around them (the days' rows). The month in progress is read by its days.
 */
export function rollupSpans(
  from: string,
  to: string,
  today: string,
): { months: string[]; days: Array<[string, string]> } {
  const months: string[] = [];
  const days: Array<[string, string]> = [];
  for (let month = monthOf(from); month <= monthOf(to); month = nextMonth(month)) {
    const first = `${month}-01`;
    const last = lastDayOf(month);
    if (month < monthOf(today) && from <= first && to >= last) months.push(month);
    else {
      const span: [string, string] = [from > first ? from : first, to < last ? to : last];
      const previous = days.at(-1);
      // Two day spans that meet (two months in progress cannot; a period's two ends can) stay two: both are short.
      if (previous && previous[1] >= span[0]) previous[1] = span[1];
      else days.push(span);
    }
  }
  return { months, days };
}

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
        // A keyed count adds to its month's rollup too.
        const counts = countsFor(fresh);
        const monthly = new Map<string, DailyCount>();
        for (const row of counts) {
          if (row.key === "") continue;
          const month = { metric: monthlyMetric(row.metric), day: monthOf(row.day), key: row.key, count: row.count };
          const id = `${month.metric}\u0000${month.day}\u0000${month.key}`;
          const seen = monthly.get(id);
          if (seen) seen.count += row.count;
          else monthly.set(id, month);
        }
        const sorted = [...counts, ...monthly.values()].sort(
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

    /**
     * A keyed measure's largest sums over the period: the finished months it covers from their rollups, the other
     * days from theirs (`rollupSpans`).
     */
    async top(metric: string, from: string, to: string, limit: number, today: string) {
      const { months, days } = rollupSpans(from, to, today);
      const rows = await db
        .selectFrom("analyticsDaily")
        .select(["key", (eb) => eb.fn.sum<number | string>("count").as("count")])
        .where((eb) =>
          eb.or([
            ...days.map(([first, last]) =>
              eb.and([eb("metric", "=", metric), eb("day", ">=", first), eb("day", "<=", last)]),
            ),
            ...(months.length ? [eb.and([eb("metric", "=", monthlyMetric(metric)), eb("day", "in", months)])] : []),
          ]),
        )
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

    /**
     * Keeps the most counted `keep` keys of each finished day before `today` (and of each finished month's rollup)
     * that holds more: the top lists need no more, and a year's summary reads far fewer rows. Idempotent; two
     * processes doing it at once delete the same rows.
     */
    async compact(today: string, keep: { day: number; month: number }): Promise<void> {
      const crowded = await db
        .selectFrom("analyticsDaily")
        .select(["metric", "day", (eb) => eb.fn.countAll<number | string>().as("rows")])
        .where("key", "<>", "")
        .where((eb) =>
          eb.or([
            eb.and([eb("metric", "not like", "month:%"), eb("day", "<", today)]),
            eb.and([eb("metric", "like", "month:%"), eb("day", "<", monthOf(today))]),
          ]),
        )
        .groupBy(["metric", "day"])
        .having((eb) => eb.fn.countAll(), ">", Math.min(keep.day, keep.month))
        .execute();
      for (const { metric, day, rows } of crowded) {
        const limit = metric.startsWith("month:") ? keep.month : keep.day;
        if (Number(rows) <= limit) continue;
        await db
          .deleteFrom("analyticsDaily")
          .where("metric", "=", metric)
          .where("day", "=", day)
          .where("key", "<>", "")
          .where("key", "not in", (eb) =>
            eb
              .selectFrom("analyticsDaily as kept")
              .select("kept.key")
              .where("kept.metric", "=", metric)
              .where("kept.day", "=", day)
              .where("kept.key", "<>", "")
              .orderBy("kept.count", "desc")
              .orderBy("kept.key")
              .limit(limit),
          )
          .execute();
      }
    },

    /** Forgets the readers of days before `day`: their visits are counted. */
    async pruneVisitors(day: string): Promise<void> {
      await db.deleteFrom("analyticsVisitors").where("day", "<", day).execute();
    },
  };
}

export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
