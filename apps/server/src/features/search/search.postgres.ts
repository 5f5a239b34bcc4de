import { sql, type RawBuilder } from "kysely";
import {
  MAX_RESULTS,
  RANK_WITHIN,
  type Executor,
  type SearchCriteria,
  type SearchDetails,
  type SearchDocument,
  type SearchDriver,
  type SearchHit,
} from "./search.driver.ts";
import {
  documentColumns,
  filterConditions,
  hitColumns,
  onlyRecordTypes,
  toHits,
  whereAll,
  type HitRow,
} from "./search.filters.ts";
import { resultExcerpt } from "./search.excerpt.ts";
import type { SearchText } from "./search.text.ts";

/** ts_rank weights {D, C, B, A}: titles (A) far above bodies (B). */
const WEIGHTS = "{0, 0, 0.1, 1.0}";
const ROWS_PER_INSERT = 1_000;
/** Matches (as the planner expects them) a count finds with the GIN bitmap; past them, in table order. */
const BITMAP_WITHIN = 100_000;
/** A document's title words: the lexemes of weight A (`searchDocuments_title` indexes them, 0017). */
const TITLE_VECTOR = sql`ts_filter(d."searchVector", '{a}')`;

/**
 * GIN's pending list (fastupdate) holds new entries unsorted until a vacuum merges them, and every
 * search reads all of it: after a bulk load of 22k posts a one-word search took ~200 ms in its
 * index scan alone. The writes merge it at once (cheap when it is short: one drain's batch).
 */
const cleanPendingList = (executor: Executor) =>
  sql`select gin_clean_pending_list('"searchDocuments_vector"'::regclass)`.execute(executor);

/** Each word and phrase of a text as its own tsquery (plainto_tsquery, phraseto_tsquery). */
const partsOf = (config: string, text: SearchText): RawBuilder<unknown>[] => [
  ...text.terms.map((term) => sql`plainto_tsquery(${config}::regconfig, ${term})`),
  ...text.phrases.map((phrase) => sql`phraseto_tsquery(${config}::regconfig, ${phrase.join(" ")})`),
];

/**
 * A tsquery from the parsed words: plainto_tsquery for a word, phraseto_tsquery for a phrase,
 * to_tsquery with `:*` for autocomplete's last word (letters and digits only, so nothing else of
 * tsquery's syntax gets through).
 */
function tsquery(config: string, text: SearchText, operator: "and" | "or", prefix: boolean) {
  const parts = partsOf(config, text);
  if (prefix && text.phrases.length === 0)
    parts[text.terms.length - 1] = sql`to_tsquery(${config}::regconfig, ${`${text.terms.at(-1)!}:*`})`;
  return sql`(${sql.join(parts, operator === "or" ? sql` || ` : sql` && `)})`;
}

/**
 * A search's match condition. `indexed`: with `@@`, which the GIN indexes serve (a bitmap of every
 * match); otherwise with `ts_match_vq` (the same test, which no index serves), so the planner reads
 * the primary key in order and stops at the page.
 */
interface Match {
  /** The words (and the title words), for ts_rank. */
  query: RawBuilder<unknown>;
  condition: (indexed: boolean) => RawBuilder<unknown>;
  /**
   * The text's words in the title (relevance's first group when the words are too common to rank),
   * and the other matches; null when the search has title words only.
   */
  titled: ((indexed: boolean) => RawBuilder<unknown>) | null;
  untitled: ((indexed: boolean) => RawBuilder<unknown>) | null;
}

const matches = (vector: RawBuilder<unknown>, query: RawBuilder<unknown>, indexed: boolean) =>
  indexed ? sql`${vector} @@ ${query}` : sql`ts_match_vq(${vector}, ${query})`;

function matchOf(config: string, criteria: SearchCriteria): Match | null {
  const text = criteria.text ? tsquery(config, criteria.text, criteria.operator, criteria.prefix) : null;
  const title = criteria.title ? tsquery(config, criteria.title, "and", criteria.prefix) : null;
  if (!text && !title) return null;
  // Autocomplete matches names (titles, members, categories), as on SQLite: the title lexemes.
  const vector = criteria.prefix ? TITLE_VECTOR : sql`d."searchVector"`;
  const titleWords = (indexed: boolean) => (title ? [matches(TITLE_VECTOR, title, indexed)] : []);
  const condition = (indexed: boolean) =>
    sql.join([...(text ? [matches(vector, text, indexed)] : []), ...titleWords(indexed)], sql` and `);
  return {
    query: text && title ? sql`(${text} && ${title})` : (text ?? title)!,
    condition,
    // A title's lexemes are among the document's (same positions): in the title implies anywhere.
    titled: text
      ? (indexed) => sql.join([matches(TITLE_VECTOR, text, indexed), ...titleWords(indexed)], sql` and `)
      : null,
    untitled: text ? (indexed) => sql`${condition(indexed)} and not ${matches(TITLE_VECTOR, text, indexed)}` : null,
  };
}

/**
 * What the planner expects, read without touching a row (its statistics of the vectors' lexemes,
 * ANALYZE's most common elements), in one EXPLAIN: `matches`, the documents the whole search
 * matches (before filters); `documents`, those of each word and phrase of `texts`, summed. A phrase
 * counts as its rarest word (the planner multiplies its words' shares, far too few for words that
 * go together). Estimates only: the ranking that trusts them stops past RANK_WITHIN matches.
 */
async function estimates(
  db: Executor,
  config: string,
  condition: RawBuilder<unknown>,
  texts: Array<SearchText | null>,
) {
  const groups = texts.flatMap((text) => (text ? [...text.terms.map((term) => [term]), ...text.phrases] : []));
  const branches = [
    sql`select 1 from "searchDocuments" d where ${condition}`,
    ...groups.flatMap((words) =>
      words.map(
        (word) =>
          sql`select 1 from "searchDocuments" d where d."searchVector" @@ plainto_tsquery(${config}::regconfig, ${word})`,
      ),
    ),
  ];
  const result = await sql<{
    "QUERY PLAN": unknown;
  }>`explain (format json) ${sql.join(branches, sql` union all `)}`.execute(db);
  const raw = result.rows[0]?.["QUERY PLAN"];
  type Node = { "Node Type": string; "Plan Rows": number; Plans?: Node[] };
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as Array<{ Plan: Node }>;
  const top = plan[0]!.Plan;
  const rows =
    top["Node Type"] === "Append" && top.Plans ? top.Plans.map((node) => node["Plan Rows"]) : [top["Plan Rows"]];
  let index = 1;
  let documents = 0;
  for (const words of groups) {
    // A stop word has no lexeme: the planner expects one row (its floor) of an empty query. In a
    // phrase it is skipped; alone it matches nothing.
    const shares = rows.slice(index, index + words.length).filter((value) => value > 1);
    index += words.length;
    documents += shares.length ? Math.min(...shares) : 0;
  }
  return { matches: rows[0] ?? 0, documents };
}

/** `select count(*)` of the documents meeting a condition, counted no further than `limit`. */
const countedUpTo = (condition: RawBuilder<unknown>, limit: number) =>
  sql`(select count(*) from (select 1 from "searchDocuments" d where ${condition} limit ${limit}) c)`;

const orderOf = (criteria: SearchCriteria): RawBuilder<unknown> => {
  if (criteria.sort === "dateInserted") return sql`d."dateInserted" asc, d."docID" asc`;
  return sql`d."dateInserted" desc, d."docID" desc`;
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
      const match = matchOf(language, criteria);
      const filters = whereAll(filterConditions(criteria, { recordTypeIndexed: !match }));
      if (!match) {
        const result = await sql<HitRow>`select ${hitColumns}, 0 as score, count(*) over () as total
            from "searchDocuments" d where ${filters}
            order by ${orderOf(criteria)} limit ${criteria.limit} offset ${criteria.offset}`.execute(db);
        return toHits(result.rows);
      }
      if (criteria.offset >= MAX_RESULTS) return { hits: [], total: 0 };
      const limit = Math.min(criteria.limit, MAX_RESULTS - criteria.offset);
      const relevance = criteria.sort === "relevance";

      const rankable = relevance && !criteria.prefix;
      const expected = await estimates(
        db,
        language,
        match.condition(true),
        rankable ? [criteria.text, criteria.title] : [],
      );
      if (rankable && expected.documents <= RANK_WITHIN) {
        // Rare words: ts_rank orders every match (the GIN bitmap finds them), titles far above
        // bodies. Never more than RANK_WITHIN of them: past that (the estimate was wrong) the words
        // are common after all and ordered as below.
        const result = await sql<HitRow>`with m as (
              select ${hitColumns}, ts_rank(${WEIGHTS}::float4[], d."searchVector", ${match.query}) as score
              from "searchDocuments" d where ${match.condition(true)} and ${filters}
              limit ${RANK_WITHIN + 1})
            select d.*, count(*) over () as total from m d
            order by score desc, d."dateInserted" desc, d."docID" desc
            limit ${limit} offset ${criteria.offset}`.execute(db);
        const page = toHits(result.rows);
        if (page.hits.length && page.total <= RANK_WITHIN)
          return { hits: page.hits, total: Math.min(page.total, MAX_RESULTS) };
        // Nothing matches at all (a page past the end has no row to tell: it is counted below).
        if (page.hits.length === 0 && criteria.offset === 0) return { hits: [], total: 0 };
      }

      // Each count stops at MAX_RESULTS: it reads as many rows as it counts (or, when a word is
      // commoner still, the planner scans in order to its limit).
      // A GIN bitmap holds every match before the first is read: 62 ms for a prefix in 346k of 1M
      // documents ('tim:*'). That common, the count reads the table in order instead (12 ms there).
      // Words the planner expects in three times the cap's documents (its statistics sample the lexemes:
      // a word it puts there is in well over the cap), filtered by nothing but the record types (posts
      // among them), match at least the cap: counting would read its thousand rows for nothing.
      const capped =
        criteria.recordTypes.includes("comment") && onlyRecordTypes(criteria) && expected.matches >= 3 * MAX_RESULTS;
      const totalOf = capped
        ? sql`${MAX_RESULTS}`
        : countedUpTo(sql`${match.condition(expected.matches <= BITMAP_WITHIN)} and ${filters}`, MAX_RESULTS);
      const titled = relevance ? match.titled : null;
      let titles = 0;
      let titlePage: SearchHit[] = [];
      let total: number;
      if (titled) {
        // One round trip: the total, the title matches (relevance lists them first) from the title
        // index, up to MAX_RESULTS, and the page of them, newest first.
        const result = await sql<HitRow & { titles: number | string }>`with t as (
              select ${hitColumns} from "searchDocuments" d where ${titled(true)} and ${filters}
              limit ${MAX_RESULTS})
            select p.*, 0 as score, ${totalOf} as total, (select count(*) from t) as titles
            from (select 1) one left join lateral (
              select * from t order by t."docID" desc limit ${limit} offset ${criteria.offset}) p on true`.execute(db);
        const first = result.rows[0];
        total = Number(first?.total ?? 0);
        titles = Number(first?.titles ?? 0);
        titlePage = toHits(result.rows.filter((row) => row.docID !== null)).hits;
      } else {
        total = Number(
          (await sql<{ total: number | string }>`select ${totalOf} as total`.execute(db)).rows[0]?.total ?? 0,
        );
      }

      /**
       * Common words (or a prefix): matches in the primary key's order (documents are added as they
       * are written, so it is the date order), newest first unless sorted by date ascending. With
       * `many` (a capped count), the primary key is read in that order and the scan stops at the
       * page; otherwise the few matches come from the GIN bitmap and are sorted (`+ 0` keeps the
       * planner off the primary key, which would read the whole table to find them).
       */
      const pageOf = async (
        condition: (indexed: boolean) => RawBuilder<unknown>,
        many: boolean,
        offset: number,
        count: number,
      ) => {
        const direction = sql.raw(criteria.sort === "dateInserted" ? "asc" : "desc");
        const result = await sql<HitRow>`select ${hitColumns}, 0 as score, 0 as total
            from "searchDocuments" d where ${condition(!many)} and ${filters}
            order by ${many ? sql`d."docID"` : sql`d."docID" + 0`} ${direction}
            limit ${count} offset ${offset}`.execute(db);
        return toHits(result.rows).hits;
      };
      const many = total >= MAX_RESULTS;
      if (!titled || !match.untitled)
        return { hits: await pageOf(match.condition, many, criteria.offset, limit), total };
      // Relevance: title matches first, newest first, then the other matches, newest first. As many
      // title matches as the count's cap: the page of them is read in order instead.
      const hits = titles >= MAX_RESULTS ? await pageOf(titled, true, criteria.offset, limit) : titlePage;
      if (hits.length < limit && total > titles)
        hits.push(...(await pageOf(match.untitled, many, Math.max(0, criteria.offset - titles), limit - hits.length)));
      return { hits, total };
    },

    async details(criteria, docIDs) {
      const out = new Map<number, SearchDetails>();
      if (docIDs.length === 0) return out;
      // The bodies, the excerpts made from them (search.excerpt.ts): stemmed like the index for
      // English (Porter there, Snowball's English here: the marks may differ on a rare word).
      const result = await sql<{ docID: number; body: string | null; discussionName: string | null }>`
        select d."docID", d.body, p.name as "discussionName"
        from "searchDocuments" d left join "discussions" p on p."discussionID" = d."discussionID"
        where d."docID" in (${sql.join(docIDs)})`.execute(db);
      for (const row of result.rows)
        out.set(row.docID, {
          excerpt: resultExcerpt(row.body ?? "", criteria, language === "english"),
          discussionName: row.discussionName,
        });
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
