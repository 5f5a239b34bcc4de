import { sql, type RawBuilder } from "kysely";
import type { Executor, SearchCriteria, SearchDetails, SearchDocument, SearchDriver } from "./search.driver.ts";
import { documentColumns, filterConditions, hitColumns, toHits, whereAll, type HitRow } from "./search.filters.ts";
import { MARK_END, MARK_START, type SearchText } from "./search.text.ts";

/** ts_rank weights {D, C, B, A}: titles (A) far above bodies (B). */
const WEIGHTS = "{0, 0, 0.1, 1.0}";
const HEADLINE = `StartSel="${MARK_START}", StopSel="${MARK_END}", MaxWords=35, MinWords=15, ShortWord=2, HighlightAll=false`;
const ROWS_PER_INSERT = 1_000;
/** Matches a search ranks at most (as on SQLite): the cost stays bounded however common a word is. */
const MAX_RESULTS = 1_000;

/**
 * GIN's pending list (fastupdate) holds new entries unsorted until a vacuum merges them, and every
 * search reads all of it: after a bulk load of 22k posts a one-word search took ~200 ms in its
 * index scan alone. The writes merge it at once (cheap when it is short: one drain's batch).
 */
const cleanPendingList = (executor: Executor) =>
  sql`select gin_clean_pending_list('"searchDocuments_vector"'::regclass)`.execute(executor);

/**
 * A tsquery from the parsed words: plainto_tsquery for a word, phraseto_tsquery for a phrase,
 * to_tsquery with `:*` for autocomplete's last word (letters and digits only, so nothing else of
 * tsquery's syntax gets through), `:A` (or setweight 'A' for a phrase) limits to titles.
 */
function tsquery(config: string, text: SearchText, operator: "and" | "or", prefix: boolean, titleOnly: boolean) {
  const parts: RawBuilder<unknown>[] = [];
  text.terms.forEach((term, index) => {
    const last = prefix && index === text.terms.length - 1 && text.phrases.length === 0;
    if (last || titleOnly)
      parts.push(sql`to_tsquery(${config}::regconfig, ${`${term}:${last ? "*" : ""}${titleOnly ? "A" : ""}`})`);
    else parts.push(sql`plainto_tsquery(${config}::regconfig, ${term})`);
  });
  for (const phrase of text.phrases) {
    const words = sql`phraseto_tsquery(${config}::regconfig, ${phrase.join(" ")})`;
    parts.push(titleOnly ? sql`setweight(${words}, 'A')` : words);
  }
  return sql`(${sql.join(parts, operator === "or" ? sql` || ` : sql` && `)})`;
}

function queryOf(config: string, criteria: SearchCriteria): RawBuilder<unknown> | null {
  const parts: RawBuilder<unknown>[] = [];
  // Autocomplete matches names (titles, members, categories), as on SQLite.
  if (criteria.text) parts.push(tsquery(config, criteria.text, criteria.operator, criteria.prefix, criteria.prefix));
  if (criteria.title) parts.push(tsquery(config, criteria.title, "and", criteria.prefix, true));
  return parts.length ? sql.join(parts, sql` && `) : null;
}

const orderOf = (criteria: SearchCriteria, ranked: boolean): RawBuilder<unknown> => {
  if (criteria.sort === "dateInserted") return sql`d."dateInserted" asc, d."docID" asc`;
  if (criteria.sort === "-dateInserted" || !ranked) return sql`d."dateInserted" desc, d."docID" desc`;
  return sql`score desc, d."dateInserted" desc`;
};

/** PostgreSQL full-text search: a weighted tsvector per document (GIN index), stemmed in the site's language. */
export function createPostgresSearchDriver(db: Executor, language = "english"): SearchDriver {
  const vector = (doc: SearchDocument) =>
    sql`setweight(to_tsvector(${language}::regconfig, ${doc.name}), 'A') || setweight(to_tsvector(${language}::regconfig, ${doc.body}), 'B')`;

  const insertRows = async (executor: Executor, documents: SearchDocument[], upsert: boolean) => {
    for (let start = 0; start < documents.length; start += ROWS_PER_INSERT) {
      const rows = documents
        .slice(start, start + ROWS_PER_INSERT)
        .map((doc) => sql`(${sql.join([...documentColumns.map((column) => doc[column]), language])}, ${vector(doc)})`);
      const columns = sql.join([...documentColumns, "language", "searchVector"].map((column) => sql.ref(column)));
      await sql`insert into "searchDocuments" (${columns}) values ${sql.join(rows)}
        ${
          upsert
            ? sql`on conflict ("recordType", "recordID") do update set ${sql.join(
                [...documentColumns.slice(2), "language", "searchVector"].map(
                  (column) => sql`${sql.ref(column)} = excluded.${sql.ref(column)}`,
                ),
              )}`
            : sql``
        }`.execute(executor);
    }
  };

  return {
    name: "postgres-tsvector",

    async search(criteria) {
      const query = queryOf(language, criteria);
      const filters = filterConditions(criteria);
      const order = orderOf(criteria, query !== null);
      const result = query
        ? await sql<HitRow>`with q as (select ${query} as q),
              m as (select d."docID" from "searchDocuments" d, q
                where d."searchVector" @@ q.q and ${whereAll(filters)} limit ${MAX_RESULTS})
            select ${hitColumns}, ts_rank(${WEIGHTS}::float4[], d."searchVector", q.q) as score,
              (select count(*) from m) as total
            from "searchDocuments" d, q
            where d."docID" in (select "docID" from m)
            order by ${order} limit ${criteria.limit} offset ${criteria.offset}`.execute(db)
        : await sql<HitRow>`select ${hitColumns}, 0 as score, count(*) over () as total
            from "searchDocuments" d where ${whereAll(filters)}
            order by ${order} limit ${criteria.limit} offset ${criteria.offset}`.execute(db);
      if (query && result.rows.length === 0 && criteria.offset > 0) {
        // A page past the last has no row to carry the total: count it.
        const counted = await sql<{ total: number }>`select count(*) as total from (select 1
            from "searchDocuments" d where d."searchVector" @@ ${query} and ${whereAll(filters)}
            limit ${MAX_RESULTS}) m`.execute(db);
        return { hits: [], total: Number(counted.rows[0]?.total ?? 0) };
      }
      return toHits(result.rows);
    },

    async details(criteria, docIDs) {
      const out = new Map<number, SearchDetails>();
      if (docIDs.length === 0) return out;
      const query = queryOf(language, criteria);
      const excerpt = query
        ? sql`ts_headline(d."language"::regconfig, d.body, ${query}, ${HEADLINE})`
        : sql`substr(d.body, 1, 300)`;
      const result = await sql<{ docID: number; excerpt: string | null; discussionName: string | null }>`
        select d."docID", ${excerpt} as excerpt, p.name as "discussionName"
        from "searchDocuments" d left join "discussions" p on p."discussionID" = d."discussionID"
        where d."docID" in (${sql.join(docIDs)})`.execute(db);
      for (const row of result.rows)
        out.set(row.docID, { excerpt: row.excerpt ?? "", discussionName: row.discussionName });
      return out;
    },

    async write(executor, documents) {
      if (documents.length === 0) return;
      await insertRows(executor, documents, true);
      await cleanPendingList(executor);
    },

    async remove(executor, records) {
      if (records.length === 0) return;
      await sql`delete from "searchDocuments" d where (d."recordType", d."recordID") in (values ${sql.join(
        records.map((record) => sql`(${record.recordType}::varchar, ${record.recordID}::int)`),
      )})`.execute(executor);
    },

    async clear(executor) {
      await sql`truncate "searchDocuments"`.execute(executor);
    },

    bulkInsert: (executor, documents) => insertRows(executor, documents, false),

    async finishBulk(executor) {
      await cleanPendingList(executor);
      await sql`analyze "searchDocuments"`.execute(executor);
    },

    async inOtherLanguage() {
      const result = await sql<{ other: number }>`select count(*) as other from (select 1 from "searchDocuments"
          where "language" <> ${language} limit 1) o`.execute(db);
      return Number(result.rows[0]?.other ?? 0) > 0;
    },
  };
}
