import { sql, type RawBuilder } from "kysely";
import type { Executor, SearchCriteria, SearchDetails, SearchDocument, SearchDriver } from "./search.driver.ts";
import { documentColumns, filterConditions, hitColumns, toHits, whereAll, type HitRow } from "./search.filters.ts";
import { fts5Expression, MARK_END, MARK_START } from "./search.text.ts";

/** Title matches count ten times a body match in bm25 (FTS5's ranking; lower is better). */
const TITLE_WEIGHT = 10;
const EXCERPT_WORDS = 32;
/**
 * Results a search reaches at most (Vanilla's search engines cap theirs too): counting and ranking
 * stay bounded however common a word is.
 */
export const MAX_RESULTS = 1_000;
/** SQLite binds at most 32,766 parameters: ten columns × this many rows stays well below. */
const ROWS_PER_INSERT = 2_000;

/**
 * A document's row: the body lives in the FTS table only, so the rows a search joins stay small
 * (a match's filters are read from them).
 */
const rowOf = (doc: SearchDocument) =>
  ({
    ...Object.fromEntries(documentColumns.map((column) => [column, doc[column]])),
    body: "",
  }) as unknown as SearchDocument;

/** The MATCH expression: the words (and/or), and the title words as a `name` column filter. */
function matchOf(criteria: SearchCriteria): string | null {
  const parts: string[] = [];
  if (criteria.text) parts.push(`(${fts5Expression(criteria.text, criteria.operator, criteria.prefix)})`);
  if (criteria.title) parts.push(`{name} : (${fts5Expression(criteria.title, "and", criteria.prefix)})`);
  return parts.length ? parts.join(" AND ") : null;
}

const orderOf = (criteria: SearchCriteria, ranked: boolean): RawBuilder<unknown> => {
  if (criteria.sort === "dateInserted") return sql`d."dateInserted" asc, d."docID" asc`;
  if (criteria.sort === "-dateInserted" || !ranked) return sql`d."dateInserted" desc, d."docID" desc`;
  return sql`score asc, d."dateInserted" desc`;
};

/** SQLite FTS5 (titles and bodies, porter stemming on unicode61 words; rowid = `searchDocuments.docID`). */
export function createSqliteSearchDriver(db: Executor): SearchDriver {
  /** The documents' text into the FTS table under the docIDs their rows got. */
  const indexText = async (
    executor: Executor,
    documents: SearchDocument[],
    ids: Array<{ docID: number; recordType: string; recordID: number }>,
  ) => {
    const idOf = new Map(ids.map((row) => [`${row.recordType}:${row.recordID}`, row.docID]));
    const rows = documents
      .filter((doc) => idOf.has(`${doc.recordType}:${doc.recordID}`))
      .map((doc) => sql`(${idOf.get(`${doc.recordType}:${doc.recordID}`)!}, ${doc.name}, ${doc.body})`);
    if (rows.length)
      await sql`insert into "searchIndex" (rowid, name, body) values ${sql.join(rows)}`.execute(executor);
  };

  const insertRows = async (executor: Executor, documents: SearchDocument[]) => {
    for (let start = 0; start < documents.length; start += ROWS_PER_INSERT) {
      const slice = documents.slice(start, start + ROWS_PER_INSERT);
      const ids = await executor
        .insertInto("searchDocuments")
        .values(slice.map(rowOf))
        .returning(["docID", "recordType", "recordID"])
        .execute();
      await indexText(executor, slice, ids);
    }
  };

  /** Takes documents out of the FTS table and the documents table. */
  const removeWhere = async (executor: Executor, condition: RawBuilder<unknown>) => {
    await sql`delete from "searchIndex" where rowid in (select d."docID" from "searchDocuments" d where ${condition})`.execute(
      executor,
    );
    await sql`delete from "searchDocuments" as d where ${condition}`.execute(executor);
  };

  /** How many documents match (with the filters), counted up to MAX_RESULTS. */
  const countMatches = async (match: string, filters: RawBuilder<unknown>) => {
    const result = await sql<{ count: number }>`select count(*) as count from (select 1
        from "searchIndex" join "searchDocuments" d on d."docID" = "searchIndex".rowid
        where "searchIndex" match ${match} and ${filters} limit ${MAX_RESULTS})`.execute(db);
    return Number(result.rows[0]?.count ?? 0);
  };

  /** How many documents the index matches, without filters, counted up to MAX_RESULTS. */
  const countIndexed = async (match: string) => {
    const result = await sql<{ count: number }>`select count(*) as count from (select 1 from "searchIndex"
        where "searchIndex" match ${match} limit ${MAX_RESULTS})`.execute(db);
    return Number(result.rows[0]?.count ?? 0);
  };

  /** A page of matches in the index's order (newest first when descending), read no further than needed. */
  const pageOf = async (
    match: string,
    filters: RawBuilder<unknown>,
    direction: RawBuilder<unknown>,
    offset: number,
    limit: number,
  ) => {
    const result = await sql<HitRow>`select ${hitColumns}, 0 as score, 0 as total
        from "searchIndex" join "searchDocuments" d on d."docID" = "searchIndex".rowid
        where "searchIndex" match ${match} and ${filters}
        order by "searchIndex".rowid ${direction} limit ${limit} offset ${offset}`.execute(db);
    return toHits(result.rows).hits;
  };

  /** Documents by record, as one row-value IN (both engines run it). */
  const recordCondition = (records: Array<{ recordType: string; recordID: number }>) =>
    sql`(d."recordType", d."recordID") in (values ${sql.join(
      records.map((record) => sql`(${record.recordType}, ${record.recordID})`),
    )})`;

  return {
    name: "sqlite-fts5",

    async search(criteria) {
      const match = matchOf(criteria);
      const filters = whereAll(filterConditions(criteria));
      if (!match) {
        const result = await sql<HitRow>`select ${hitColumns}, 0 as score, count(*) over () as total
            from "searchDocuments" d where ${filters}
            order by ${orderOf(criteria, false)} limit ${criteria.limit} offset ${criteria.offset}`.execute(db);
        return toHits(result.rows);
      }
      if (criteria.offset >= MAX_RESULTS) return { hits: [], total: 0 };
      const limit = Math.min(criteria.limit, MAX_RESULTS - criteria.offset);
      // Nothing narrows the matches but the record types (whose other kinds are few): when the
      // index alone has the cap's worth, so do the results, and the filtered count is not needed.
      const unfiltered =
        criteria.categoryIDs === null &&
        !criteria.types &&
        !criteria.insertUserIDs &&
        !criteria.tags &&
        criteria.discussionID === undefined &&
        !criteria.dates.dateInserted &&
        !criteria.dates.dateUpdated;
      /** Few enough matches to rank them all: bm25, titles weighing ten times a body; the count comes along. */
      const ranked = async () => {
        const result = await sql<HitRow>`select ${hitColumns}, "searchIndex".rank as score, count(*) over () as total
            from "searchIndex" join "searchDocuments" d on d."docID" = "searchIndex".rowid
            where "searchIndex" match ${match} and "searchIndex".rank match ${`bm25(${TITLE_WEIGHT}.0, 1.0)`}
              and ${filters}
            order by ${orderOf(criteria, true)} limit ${limit} offset ${criteria.offset}`.execute(db);
        return toHits(result.rows);
      };
      const indexed = unfiltered ? await countIndexed(match) : null;
      if (indexed !== null && indexed < MAX_RESULTS) {
        // The index has fewer than the cap, so the results too: rank them without counting first
        // (a page past the end has no row to carry the count: then it is counted).
        const page = await ranked();
        return page.hits.length ? page : { hits: [], total: await countMatches(match, filters) };
      }
      const total = indexed !== null ? MAX_RESULTS : await countMatches(match, filters);
      if (total < MAX_RESULTS) return { hits: (await ranked()).hits, total };
      // A common word: ranking every match would cost in proportion to them. The index's own order
      // (documents are added as they are written) is the date order, read newest first from the end
      // and stopped at the page; relevance is then title matches first, newest first, then the rest.
      if (criteria.sort !== "relevance") {
        const direction = sql.raw(criteria.sort === "dateInserted" ? "asc" : "desc");
        return { hits: await pageOf(match, filters, direction, criteria.offset, limit), total };
      }
      const title = criteria.text
        ? `{name} : (${fts5Expression(criteria.text, criteria.operator, criteria.prefix)})`
        : null;
      if (!title) return { hits: await pageOf(match, filters, sql.raw("desc"), criteria.offset, limit), total };
      // The first page needs no count of the title matches: it takes them until the page is full.
      const titleTotal = criteria.offset === 0 ? 0 : await countMatches(`${match} AND ${title}`, filters);
      const hits =
        criteria.offset === 0 || criteria.offset < titleTotal
          ? await pageOf(`${match} AND ${title}`, filters, sql.raw("desc"), criteria.offset, limit)
          : [];
      if (hits.length < limit) {
        const offset = criteria.offset === 0 ? 0 : Math.max(0, criteria.offset - titleTotal);
        hits.push(...(await pageOf(`${match} NOT ${title}`, filters, sql.raw("desc"), offset, limit - hits.length)));
      }
      return { hits, total };
    },

    async details(criteria, docIDs) {
      const out = new Map<number, SearchDetails>();
      if (docIDs.length === 0) return out;
      const match = matchOf(criteria);
      const result = match
        ? await sql<{ docID: number; excerpt: string | null; discussionName: string | null }>`
            select d."docID", snippet("searchIndex", 1, ${MARK_START}, ${MARK_END}, '…', ${sql.lit(EXCERPT_WORDS)}) as excerpt,
              p.name as "discussionName"
            from "searchIndex" join "searchDocuments" d on d."docID" = "searchIndex".rowid
              left join "discussions" p on p."discussionID" = d."discussionID"
            where "searchIndex" match ${match} and "searchIndex".rowid in (${sql.join(docIDs)})`.execute(db)
        : await sql<{ docID: number; excerpt: string | null; discussionName: string | null }>`
            select d."docID", substr(f.body, 1, 300) as excerpt, p.name as "discussionName"
            from "searchDocuments" d join "searchIndex" f on f.rowid = d."docID"
              left join "discussions" p on p."discussionID" = d."discussionID"
            where d."docID" in (${sql.join(docIDs)})`.execute(db);
      for (const row of result.rows)
        out.set(row.docID, { excerpt: row.excerpt ?? "", discussionName: row.discussionName });
      return out;
    },

    async write(executor, documents) {
      if (documents.length === 0) return;
      // The row is updated in place (its docID, and so its place in the index's date order, stays);
      // its text is replaced in the FTS table.
      await sql`delete from "searchIndex" where rowid in (
          select d."docID" from "searchDocuments" d where ${recordCondition(documents)})`.execute(executor);
      for (let start = 0; start < documents.length; start += ROWS_PER_INSERT) {
        const slice = documents.slice(start, start + ROWS_PER_INSERT);
        const ids = await executor
          .insertInto("searchDocuments")
          .values(slice.map(rowOf))
          .onConflict((conflict) =>
            conflict
              .columns(["recordType", "recordID"])
              .doUpdateSet((eb) =>
                Object.fromEntries(documentColumns.slice(2).map((column) => [column, eb.ref(`excluded.${column}`)])),
              ),
          )
          .returning(["docID", "recordType", "recordID"])
          .execute();
        await indexText(executor, slice, ids);
      }
    },

    async remove(executor, records) {
      if (records.length) await removeWhere(executor, recordCondition(records));
    },

    async clear(executor) {
      await sql`delete from "searchIndex"`.execute(executor);
      await sql`delete from "searchDocuments"`.execute(executor);
    },

    bulkInsert: insertRows,

    async finishBulk(executor) {
      await sql`insert into "searchIndex" ("searchIndex") values ('optimize')`.execute(executor);
    },
  };
}
