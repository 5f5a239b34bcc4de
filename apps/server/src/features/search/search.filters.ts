import { sql, type RawBuilder } from "kysely";
import type { SearchCriteria, SearchDocument, SearchHit } from "./search.driver.ts";

/** No category id is ever -2: an empty list still makes valid SQL that matches nothing. */
const ids = (values: number[]) => sql.join(values.length ? values : [-2]);

/**
 * The filters every driver applies, as SQL both engines run, on the documents table aliased `d`.
 * Users and knowledge-base articles have no forum category (who may read articles is decided by the
 * record types: the service leaves them out for a viewer without `kb.view`); every other record is
 * limited to the categories the viewer may see.
 */
export function filterConditions(
  criteria: SearchCriteria,
  options: { recordTypeIndexed?: boolean } = {},
): RawBuilder<unknown>[] {
  // `recordTypeIndexed: false` keeps PostgreSQL's planner off the (recordType, recordID) index: a
  // record type is a tenth of the documents or more, and ANDing its 100,000-entry bitmap with the
  // full-text one cost more than the search (1M posts).
  const recordType = options.recordTypeIndexed === false ? sql`(d."recordType" || '')` : sql`d."recordType"`;
  const out: RawBuilder<unknown>[] = [sql`${recordType} in (${sql.join(criteria.recordTypes)})`];
  if (criteria.categoryIDs !== null)
    out.push(sql`(d."categoryID" in (${ids(criteria.categoryIDs)}) or d."recordType" in ('user', 'article'))`);
  if (criteria.types) out.push(sql`d."type" in (${sql.join(criteria.types)})`);
  if (criteria.discussionID !== undefined) out.push(sql`d."discussionID" = ${criteria.discussionID}`);
  if (criteria.insertUserIDs) out.push(sql`d."insertUserID" in (${ids(criteria.insertUserIDs)})`);
  if (criteria.tags) {
    const { tagIDs, operator } = criteria.tags;
    out.push(
      operator === "or" || tagIDs.length <= 1
        ? sql`exists (select 1 from "tagDiscussions" t where t."discussionID" = d."discussionID" and t."tagID" in (${ids(tagIDs)}))`
        : sql`(select count(distinct t."tagID") from "tagDiscussions" t where t."discussionID" = d."discussionID" and t."tagID" in (${ids(tagIDs)})) = ${tagIDs.length}`,
    );
  }
  for (const field of ["dateInserted", "dateUpdated"] as const) {
    for (const condition of criteria.dates[field] ?? []) {
      out.push(sql`d.${sql.ref(field)} ${sql.raw(condition.op)} ${condition.value}`);
    }
  }
  return out;
}

/** Nothing but the record types narrows the matches (the viewer may see every category). */
export const onlyRecordTypes = (criteria: SearchCriteria) =>
  criteria.categoryIDs === null &&
  !criteria.types &&
  !criteria.insertUserIDs &&
  !criteria.tags &&
  criteria.discussionID === undefined &&
  !criteria.dates.dateInserted &&
  !criteria.dates.dateUpdated;

export const whereAll = (conditions: RawBuilder<unknown>[]) => sql.join(conditions, sql` and `);

/** What a document says of its record, beside its text and dates. */
const recordColumns = ["recordType", "recordID", "discussionID", "categoryID", "insertUserID", "type", "name"] as const;

/** The columns a hit carries (never the body: a sort holds every match's row). */
export const hitColumnNames = [
  "docID",
  ...recordColumns,
  "dateInserted",
  "dateUpdated",
] as const satisfies ReadonlyArray<keyof SearchHit>;
export const hitColumns = sql.join(hitColumnNames.map((column) => sql.ref(`d.${column}`)));

export interface HitRow extends Omit<SearchHit, "score"> {
  score: number | string | null;
  total: number | string;
}

export const toHits = (rows: HitRow[]) => ({
  hits: rows.map(({ total: _total, score, ...row }) => ({ ...row, score: Number(score ?? 0) })),
  total: rows.length ? Number(rows[0]!.total) : 0,
});

/** The documents' columns in insert order. */
export const documentColumns = [
  ...recordColumns,
  "body",
  "dateInserted",
  "dateUpdated",
] as const satisfies ReadonlyArray<keyof SearchDocument>;
