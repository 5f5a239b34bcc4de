import { sql, type Kysely } from "kysely";

/**
 * Issue 40: the keyed counts' monthly rollups (`metric` `month:{metric}`, `day` `YYYY-MM`), which the analytics
 * feature now adds to with each day's: made once here from the days counted before. The finished days and months
 * are then trimmed to their most counted keys by the analytics feature as it writes (`compact`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into "analyticsDaily" ("metric", "day", "key", "count")
    select 'month:' || "metric", substr("day", 1, 7), "key", sum("count") from "analyticsDaily"
    where "key" <> '' and "metric" not like 'month:%'
    group by "metric", substr("day", 1, 7), "key"`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from "analyticsDaily" where "metric" like 'month:%'`.execute(db);
}
