import { sql, type RawBuilder } from "kysely";
import {
  MAX_RESULTS,
  RANK_WITHIN,
  statisticsMemo,
  type Executor,
  type SearchCriteria,
  type SearchDetails,
  type SearchDocument,
  type SearchDriver,
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
import { resultExcerpts } from "./search.excerpt.ts";
import { defaultSearchLanguage, PREFIX_TOKENIZER, type SearchLanguage } from "./search.language.ts";
import { fts5Expression, fts5Parts } from "./search.text.ts";

/** Title matches count ten times a body match in bm25 (FTS5's ranking; lower is better). */
const TITLE_WEIGHT = 10;
/**
 * The FTS5 tables: every document's name and body; the names alone, stemmed (0016_search_names), for
 * relevance's title matches; and the names as written, for autocomplete's prefixes (0019_search_prefixes).
 */
const ftsTables = ["searchIndex", "searchNames", "searchPrefixes"] as const;
type FtsTable = (typeof ftsTables)[number];
/**
 * Records whose whole text is a name and a short description (a category's, a group's): the names index
 * holds the description too (`about`), so a count of the other kinds' matches needs no join (`postsAmong`).
 */
const describedByName = new Set(["category", "group"]);
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

/**
 * The MATCH expression: the words (and/or), in every column or only in `name`, and the title words
 * as a `name` column filter.
 */
function matchOf(criteria: SearchCriteria, wordsIn: "all" | "name" = "all"): string | null {
  const parts: string[] = [];
  if (criteria.text)
    parts.push(
      `${wordsIn === "name" ? "{name} : " : ""}(${fts5Expression(criteria.text, criteria.operator, criteria.prefix)})`,
    );
  if (criteria.title) parts.push(`{name} : (${fts5Expression(criteria.title, "and", criteria.prefix)})`);
  return parts.length ? parts.join(" AND ") : null;
}

/** The same on a names index: `searchNames` or `searchPrefixes` (whose `kind` and `about` no search matches). */
const namesMatchOf = (criteria: SearchCriteria) => matchOf(criteria, "name");

const orderOf = (criteria: SearchCriteria, ranked: boolean): RawBuilder<unknown> => {
  if (criteria.sort === "dateInserted") return sql`d."dateInserted" asc, d."docID" asc`;
  if (criteria.sort === "-dateInserted" || !ranked) return sql`d."dateInserted" desc, d."docID" desc`;
  return sql`score asc, d."dateInserted" desc`;
};

/** The FTS tables as migrations 0008 and 0016 make them, with the tokenizer of a language. */
async function createFtsTables(executor: Executor, tokenizer: string): Promise<void> {
  await sql`create virtual table "searchIndex" using fts5(name, body, tokenize=${sql.lit(tokenizer)})`.execute(
    executor,
  );
  // No prefix indexes on the stemmed names since autocomplete reads `searchPrefixes` (0019): nothing
  // asks them a prefix (tables made by 0016 keep theirs until a rebuild; unused, they cost only writes).
  await sql`create virtual table "searchNames" using fts5(
    name, kind, about, tokenize=${sql.lit(tokenizer)}, content='', contentless_delete=1
  )`.execute(executor);
  await sql`create virtual table "searchPrefixes" using fts5(
    name, kind, tokenize=${sql.lit(PREFIX_TOKENIZER)}, prefix='1 2 3', content='', contentless_delete=1
  )`.execute(executor);
}

/**
 * SQLite FTS5 (titles and bodies; unicode61 words, Porter-stemmed for English: search.language.ts;
 * rowid = `searchDocuments.docID`).
 */
export function createSqliteSearchDriver(db: Executor, language: SearchLanguage = defaultSearchLanguage): SearchDriver {
  /** The documents' text into the FTS tables under the docIDs their rows got (names: see 0016_search_names). */
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
    const named = documents.flatMap((doc) => {
      const docID = idOf.get(`${doc.recordType}:${doc.recordID}`);
      return doc.name !== "" && docID !== undefined ? [{ doc, docID }] : [];
    });
    if (named.length) {
      const names = named.map(
        ({ doc, docID }) =>
          sql`(${docID}, ${doc.name}, ${doc.recordType}, ${describedByName.has(doc.recordType) ? doc.body : ""})`,
      );
      await sql`insert into "searchNames" (rowid, name, kind, about) values ${sql.join(names)}`.execute(executor);
      // The same names, unstemmed, for autocomplete.
      const prefixes = named.map(({ doc, docID }) => sql`(${docID}, ${doc.name}, ${doc.recordType})`);
      await sql`insert into "searchPrefixes" (rowid, name, kind) values ${sql.join(prefixes)}`.execute(executor);
    }
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

  /** Takes documents out of the FTS tables and the documents table. */
  const removeWhere = async (executor: Executor, condition: RawBuilder<unknown>) => {
    await removeText(executor, condition);
    await sql`delete from "searchDocuments" as d where ${condition}`.execute(executor);
  };

  /** Takes documents' text out of both FTS tables. */
  const removeText = async (executor: Executor, condition: RawBuilder<unknown>) => {
    for (const table of ftsTables)
      await sql`delete from ${sql.table(table)} where rowid in (select d."docID" from "searchDocuments" d where ${condition})`.execute(
        executor,
      );
  };

  /** How many documents match (with the filters), counted up to `within`. */
  const countMatches = async (
    within: number,
    match: string,
    filters: RawBuilder<unknown>,
    table: FtsTable = "searchIndex",
  ) => {
    const result = await sql<{ count: number }>`select count(*) as count from (select 1
        from ${sql.table(table)} join "searchDocuments" d on d."docID" = ${sql.ref(`${table}.rowid`)}
        where ${sql.ref(table)} match ${match} and ${filters} limit ${within})`.execute(db);
    return Number(result.rows[0]?.count ?? 0);
  };

  /** How many documents the index matches, without filters, counted up to `within`. */
  const countIndexed = async (within: number, match: string, table: FtsTable = "searchIndex") => {
    const result = await sql<{ count: number }>`select count(*) as count from (select 1 from ${sql.table(table)}
        where ${sql.ref(table)} match ${match} limit ${within})`.execute(db);
    return Number(result.rows[0]?.count ?? 0);
  };

  /** A page of matches in the index's order (newest first when descending), read no further than needed. */
  const pageOf = async (
    match: string,
    filters: RawBuilder<unknown>,
    direction: RawBuilder<unknown>,
    offset: number,
    limit: number,
    table: FtsTable = "searchIndex",
  ) => {
    const result = await sql<HitRow>`select ${hitColumns}, 0 as score, 0 as total
        from ${sql.table(table)} join "searchDocuments" d on d."docID" = ${sql.ref(`${table}.rowid`)}
        where ${sql.ref(table)} match ${match} and ${filters}
        order by ${sql.ref(`${table}.rowid`)} ${direction} limit ${limit} offset ${offset}`.execute(db);
    return toHits(result.rows).hits;
  };

  /** Documents by record, as one row-value IN (both engines run it). */
  const recordCondition = (records: Array<{ recordType: string; recordID: number }>) =>
    sql`(d."recordType", d."recordID") in (values ${sql.join(
      records.map((record) => sql`(${record.recordType}, ${record.recordID})`),
    )})`;

  /**
   * Of a search's `indexed` matches (fewer than the cap, no filter but the record types), those of
   * the requested types. Members, categories and groups match by their names and descriptions, which
   * the names index holds with their kind: the others are counted there, without a join.
   */
  const postsAmong = async (
    indexed: number,
    criteria: SearchCriteria,
    match: string,
    filters: RawBuilder<unknown>,
  ): Promise<number> => {
    if (criteria.title || !criteria.text || !criteria.recordTypes.includes("discussion"))
      return countMatches(criteria.countWithin, match, filters);
    const excluded = ["user", "category", "group"].filter((type) => !criteria.recordTypes.includes(type));
    const withoutArticles = !criteria.recordTypes.includes("article");
    if (excluded.length === 0 && !withoutArticles) return indexed;
    const text = fts5Expression(criteria.text, criteria.operator, false);
    const kinds = excluded.map((type) => `"${type}"`).join(" OR ");
    const [others, articles] = await Promise.all([
      excluded.length
        ? countIndexed(criteria.countWithin, `{name about} : (${text}) AND {kind} : (${kinds})`, "searchNames")
        : 0,
      withoutArticles ? countArticleMatches(criteria.countWithin, match) : 0,
    ]);
    return indexed - others - articles;
  };

  /**
   * How many knowledge-base articles the index matches: they match by their bodies too, so the names
   * index cannot count them. Each article's row is looked up by its rowid (a knowledge base holds few
   * articles beside a forum's posts; none, nothing is read).
   */
  const countArticleMatches = async (within: number, match: string) => {
    const result = await sql<{ count: number }>`select count(*) as count from (select 1 from "searchIndex"
        where "searchIndex" match ${match} and rowid in (
          select "docID" from "searchDocuments" where "recordType" = 'article') limit ${within})`.execute(db);
    return Number(result.rows[0]?.count ?? 0);
  };

  /**
   * Whether bm25 may rank a search: its weights read every document of each word and phrase (not
   * only the matches), so it ranks when they are rare. One query, each word counted no further than
   * the limit; a phrase counts as its rarest word (checking its words' positions would cost more).
   */
  const rankable = async (criteria: SearchCriteria): Promise<boolean> => {
    const texts = [criteria.text, criteria.title].filter((text) => text !== null);
    if (texts.length === 0) return false;
    const counts = await wordCounts(texts.flatMap((text) => [...text.terms, ...text.phrases.flat()]));
    let documents = 0;
    for (const text of texts) {
      for (const term of text.terms) documents += counts.get(term)!;
      for (const words of text.phrases) documents += Math.min(...words.map((word) => counts.get(word)!));
    }
    return documents <= RANK_WITHIN;
  };

  /**
   * How many documents hold each word, counted up to RANK_WITHIN + 1: kept a while (a forum's
   * searches repeat their words, and a count a little stale only moves the line between ranked and
   * dated order), the missing ones counted in one query.
   */
  const wordCountMemo = statisticsMemo<number>();
  const wordCounts = async (words: string[]): Promise<Map<string, number>> => {
    const out = new Map<string, number>();
    const missing: string[] = [];
    for (const word of new Set(words)) {
      const known = wordCountMemo.get(word);
      if (known !== undefined) out.set(word, known);
      else missing.push(word);
    }
    if (missing.length === 0) return out;
    const columns = missing.map(
      (word, index) =>
        sql`(select count(*) from (select 1 from "searchIndex" where "searchIndex" match ${fts5Parts({ terms: [word], phrases: [] })[0]!} limit ${RANK_WITHIN + 1})) as ${sql.ref(`c${index}`)}`,
    );
    const row = (await sql<Record<string, number>>`select ${sql.join(columns)}`.execute(db)).rows[0] ?? {};
    missing.forEach((word, index) => {
      const count = Number(row[`c${index}`] ?? 0);
      wordCountMemo.set(word, count);
      out.set(word, count);
    });
    return out;
  };

  return {
    name: "sqlite-fts5",

    async search(criteria) {
      const match = matchOf(criteria);
      const filters = whereAll(filterConditions(criteria));
      if (!match) {
        const result = await sql<HitRow>`select ${hitColumns}, 0 as score, count(*) over () as total
            from "searchDocuments" d where ${filters}
            order by ${orderOf(criteria, false)} limit ${criteria.limit} offset ${criteria.offset}`.execute(db);
        const page = toHits(result.rows);
        return { hits: page.hits, total: Math.min(page.total, criteria.countWithin) };
      }
      if (criteria.offset >= MAX_RESULTS) return { hits: [], total: 0 };
      const limit = Math.min(criteria.limit, MAX_RESULTS - criteria.offset);
      const direction = sql.raw(criteria.sort === "dateInserted" ? "asc" : "desc");
      if (criteria.prefix) {
        // Autocomplete matches names (titles, members, categories) as written, newest first: see
        // `searchPrefixes`. Its record types are in the index too, so a count filtered by nothing else
        // needs no join.
        const names = namesMatchOf(criteria)!;
        const kinds = `{kind} : (${criteria.recordTypes.map((type) => `"${type}"`).join(" OR ")})`;
        const total = onlyRecordTypes(criteria)
          ? await countIndexed(criteria.countWithin, `${names} AND ${kinds}`, "searchPrefixes")
          : await countMatches(criteria.countWithin, names, filters, "searchPrefixes");
        return { hits: await pageOf(names, filters, direction, criteria.offset, limit, "searchPrefixes"), total };
      }
      if (criteria.sort === "relevance" && (await rankable(criteria))) {
        // Rare words: bm25 ranks every match (titles weighing ten times a body); the count comes along
        // (a page past the end has no row to carry it: then it is counted).
        const result = await sql<HitRow>`select ${hitColumns}, "searchIndex".rank as score, count(*) over () as total
            from "searchIndex" join "searchDocuments" d on d."docID" = "searchIndex".rowid
            where "searchIndex" match ${match} and "searchIndex".rank match ${`bm25(${TITLE_WEIGHT}.0, 1.0)`}
              and ${filters}
            order by ${orderOf(criteria, true)} limit ${limit} offset ${criteria.offset}`.execute(db);
        const page = toHits(result.rows);
        return page.hits.length
          ? { hits: page.hits, total: Math.min(page.total, criteria.countWithin) }
          : { hits: [], total: await countMatches(criteria.countWithin, match, filters) };
      }
      // Nothing narrows the matches but the record types, and comments are among them (the other
      // kinds are few): when the index alone has the cap's worth, so do the results.
      const unfiltered = criteria.recordTypes.includes("comment") && onlyRecordTypes(criteria);
      // One word, more common than bm25 ranks: more than the cap, as its count said.
      const oneWord = criteria.text?.terms.length === 1 && criteria.text.phrases.length === 0 && !criteria.title;
      const indexed = !unfiltered
        ? null
        : oneWord && criteria.sort === "relevance"
          ? criteria.countWithin
          : await countIndexed(criteria.countWithin, match);
      const total =
        indexed === null
          ? await countMatches(criteria.countWithin, match, filters)
          : indexed === criteria.countWithin
            ? criteria.countWithin
            : await postsAmong(indexed, criteria, match, filters);
      // Common words (or a prefix): ranking every match would cost in proportion to them. The index's
      // own order (documents are added as they are written) is the date order, read from the end and
      // stopped at the page; relevance is then title matches first, newest first, then the rest.
      if (criteria.sort !== "relevance") {
        return { hits: await pageOf(match, filters, direction, criteria.offset, limit), total };
      }
      const title = criteria.text
        ? `{name} : (${fts5Expression(criteria.text, criteria.operator, criteria.prefix)})`
        : null;
      if (!title) return { hits: await pageOf(match, filters, sql.raw("desc"), criteria.offset, limit), total };
      // Title matches are few among a common word's: the names index finds them without reading the
      // body matches (when no title filter asks for more than the text's own words).
      const titles: [string, FtsTable] = criteria.title
        ? [`${match} AND ${title}`, "searchIndex"]
        : [namesMatchOf(criteria)!, "searchNames"];
      // The first page needs no count of the title matches: it takes them until the page is full.
      const titleTotal =
        criteria.offset === 0 ? 0 : await countMatches(criteria.countWithin, titles[0], filters, titles[1]);
      const hits =
        criteria.offset === 0 || criteria.offset < titleTotal
          ? await pageOf(titles[0], filters, sql.raw("desc"), criteria.offset, limit, titles[1])
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
      // The bodies by rowid (no match expression evaluated again), the excerpts made from them.
      const result = await sql<{ docID: number; body: string | null; discussionName: string | null }>`
          select d."docID", f.body, p.name as "discussionName"
          from "searchDocuments" d join "searchIndex" f on f.rowid = d."docID"
            left join "discussions" p on p."discussionID" = d."discussionID"
          where d."docID" in (${sql.join(docIDs)})`.execute(db);
      const excerptOf = resultExcerpts(criteria, language.stems);
      for (const row of result.rows)
        out.set(row.docID, { excerpt: excerptOf(row.body ?? ""), discussionName: row.discussionName });
      return out;
    },

    async write(executor, documents) {
      if (documents.length === 0) return;
      // The row is updated in place (its docID, and so its place in the index's date order, stays);
      // its text is replaced in the FTS tables.
      await removeText(executor, recordCondition(documents));
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
      // Made anew, so a rebuild also moves the index to the site's language.
      for (const table of ftsTables) await sql`drop table if exists ${sql.table(table)}`.execute(executor);
      await createFtsTables(executor, language.tokenizer);
      await sql`delete from "searchDocuments"`.execute(executor);
    },

    bulkInsert: insertRows,

    async inOtherLanguage() {
      const result = await sql<{ sql: string }>`select sql from sqlite_master where name = 'searchIndex'`.execute(db);
      const made = result.rows[0]?.sql ?? "";
      return !made.includes(`tokenize='${language.tokenizer}'`) && !made.includes(`tokenize="${language.tokenizer}"`);
    },

    async finishBulk(executor) {
      for (const table of ftsTables)
        await sql`insert into ${sql.table(table)} (${sql.ref(table)}) values ('optimize')`.execute(executor);
    },
  };
}
