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
  type SearchHit,
} from "./search.driver.ts";
import {
  documentColumns,
  filterConditions,
  hitColumnNames,
  hitColumns,
  onlyRecordTypes,
  toHits,
  whereAll,
  type HitRow,
} from "./search.filters.ts";
import { resultExcerpts } from "./search.excerpt.ts";
import { withoutDiacritics, withoutDiacriticsText, type SearchText } from "./search.text.ts";

/** ts_rank weights {D, C, B, A}: titles (A) far above bodies (B). */
const WEIGHTS = "{0, 0, 0.1, 1.0}";
const ROWS_PER_INSERT = 1_000;
/** Matches (as the planner expects them) a count finds with the GIN bitmap; past them, in table order. */
const BITMAP_WITHIN = 100_000;
/** A match's cost from the GIN index over a row's read in key order (`inKeyOrder`). */
const IN_ORDER_BELOW = 3;
/** Matches (at most, as the parts' estimates say) a search may read all of for its first pass. */
const READ_ALL_WITHIN = 10 * MAX_RESULTS;
/**
 * Title matches sorted from the title index at most (when the estimate put them below the table-order
 * line, `inKeyOrder`): past them the estimate was wrong and the page is read in the table's order.
 */
const TITLES_WITHIN = 10 * MAX_RESULTS;
/** A document's title words: the lexemes of weight A (`searchDocuments_title` indexes them, 0017). */
const TITLE_VECTOR = sql`ts_filter(d."searchVector", '{a}')`;
/**
 * Autocomplete's configuration, whatever the site's language: a name's words as written, lower-cased,
 * unstemmed (`searchTitles."prefixVector"`, 0019). A prefix is part of a word, and a stemmer takes it
 * for a whole one: no stem of "connecti" begins "connection"'s stem "connect".
 */
const PREFIX_CONFIG = "simple";

/**
 * The GIN indexes written entry by entry (fastupdate off: a search never reads a pending list of
 * theirs). A rebuild gives them pending lists while it appends, merged in sorted batches instead of
 * one tree insert per lexeme (the pairs index alone made a rebuild of 1M posts ≈ 3× slower), and
 * takes them away after.
 */
const PER_ENTRY_INDEXES = [
  "searchDocuments_title",
  "searchDocuments_pairs",
  "searchTitles_vector",
  "searchTitles_prefixes",
];

const setPendingLists = async (executor: Executor, on: boolean) => {
  for (const index of PER_ENTRY_INDEXES)
    await sql`alter index ${sql.id(index)} set (fastupdate = ${sql.raw(on ? "on" : "off")})`.execute(executor);
};

/**
 * GIN's pending list (fastupdate) holds new entries unsorted until a vacuum merges them, and every
 * search reads all of it: after a bulk load of 22k posts a one-word search took ~200 ms in its
 * index scan alone. Each write merges the vector index's at once (cheap when it is short: one drain's
 * batch), and the others' in case a rebuild was cut short before it turned theirs off.
 */
const cleanPendingLists = (executor: Executor) =>
  sql`select ${sql.join(
    ["searchDocuments_vector", ...PER_ENTRY_INDEXES].map(
      (index) => sql`gin_clean_pending_list(${`"${index}"`}::regclass)`,
    ),
  )}`.execute(executor);

/** Each word and phrase of a text as its own tsquery (plainto_tsquery, phraseto_tsquery). */
const partsOf = (config: string, text: SearchText): RawBuilder<unknown>[] => [
  ...text.terms.map((term) => sql`plainto_tsquery(${config}::regconfig, ${term})`),
  ...text.phrases.map(
    (phrase, index) => sql`phraseto_tsquery(${config}::regconfig, ${text.phraseTexts?.[index] ?? phrase.join(" ")})`,
  ),
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
 * Where a condition is tested: `searchDocuments`, or `searchTitles`, its narrow copy of the documents
 * that have a name (0018), small enough to stay in memory. `condition(indexed)`: with `@@`, which
 * the GIN indexes serve (a bitmap of every match); otherwise with `ts_match_vq` (the same test, which
 * no index serves), so the planner reads the primary key in order and stops at the page.
 */
interface Scope {
  table: RawBuilder<unknown>;
  /** The table's vector: the document's, or its title's (the lexemes of weight A). */
  vector: RawBuilder<unknown>;
  named: boolean;
  condition: (indexed: boolean) => RawBuilder<unknown>;
}

interface Match {
  /** The words (and the title words), for ts_rank. */
  query: RawBuilder<unknown>;
  /** Every match. */
  every: Scope;
  /**
   * The text's words in the title (relevance's first group when the words are too common to rank),
   * and the other matches; null when every match is a title match (autocomplete, title words only).
   */
  titled: Scope | null;
  untitled: Scope | null;
  /** Whether a row of `every` is a title match (for `untitled`'s), without an index. */
  inTitle: RawBuilder<unknown> | null;
  /**
   * The same test from the title index: whether the row is among the title matches, which the planner
   * gathers once (a hashed subplan over `searchTitles_vector`). For a first pass that reads every
   * match, when the title matches are few, instead of each row's whole vector (often compressed): two
   * words in 1,126 documents at 1M posts, 4.7 → 2.0 ms.
   */
  inTitleIndexed: RawBuilder<unknown> | null;
}

/**
 * A query whose words must be in the title: each lexeme restricted to weight A (`'cake':A <-> 'sink':A`),
 * the same test as matching the title's lexemes (`TITLE_VECTOR`) without building them for each row
 * (≈ 0.3 ms per thousand matches). The expression is immutable: PostgreSQL works it out once, as it
 * plans the query. Whole words and phrases only (a prefix's `:*` would follow the weight).
 */
const inTitleOnly = (query: RawBuilder<unknown>) =>
  sql`regexp_replace((${query})::text, '''(?:[^'']|'''')*''', '\\&:A', 'g')::tsquery`;

const matches = (vector: RawBuilder<unknown>, query: RawBuilder<unknown>, indexed: boolean) =>
  indexed ? sql`${vector} @@ ${query}` : sql`ts_match_vq(${vector}, ${query})`;

const allOf = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` and `);

/**
 * A document vector's test for a search with phrases, served by the index of neighbouring words
 * (`searchDocuments_pairs`, 0022) instead of the index of single words: every document holding a
 * phrase holds each pair of its neighbouring words, and the documents holding the pairs are far fewer
 * than those holding each word (the GIN bitmap of "without open every" at 1M posts: 6,937 documents
 * in 1.3 ms instead of 13,122 in 7 ms). The whole text is then tested on those rows. `pairs`: the
 * phrases' pairs as a query (`phrasePairs`), null without any (phrases of one word, or of words apart
 * by a stop word: the single words' index serves them).
 */
const byPairs = (pairs: string, query: RawBuilder<unknown>) => (vector: RawBuilder<unknown>) =>
  sql`parley_word_pairs(${vector}) @@ ${pairs}::tsquery and ts_match_vq(${vector}, ${query})`;

/** The phrases of a search as PostgreSQL is given them (`tsquery`'s `phraseto_tsquery`). */
const phraseTextsOf = (text: SearchText) =>
  text.phrases.map((phrase, index) => text.phraseTexts?.[index] ?? phrase.join(" "));

function matchOf(language: string, criteria: SearchCriteria, pairs: string | null): Match | null {
  const config = criteria.prefix ? PREFIX_CONFIG : language;
  const text = criteria.text ? tsquery(config, criteria.text, criteria.operator, criteria.prefix) : null;
  const title = criteria.title ? tsquery(config, criteria.title, "and", criteria.prefix) : null;
  if (!text && !title) return null;
  const query = text && title ? sql`(${text} && ${title})` : (text ?? title)!;
  const queries = [...(text ? [text] : []), ...(title ? [title] : [])];
  const titleVector = criteria.prefix ? sql`d."prefixVector"` : sql`d."titleVector"`;
  const names: Scope = {
    table: sql`"searchTitles"`,
    vector: titleVector,
    named: true,
    condition: (indexed) => allOf(queries.map((part) => matches(titleVector, part, indexed))),
  };
  // Autocomplete matches names (titles, members, categories) as written, as on SQLite; a search by
  // title words alone matches their stemmed words.
  if (criteria.prefix || !text)
    return { query, every: names, titled: null, untitled: null, inTitle: null, inTitleIndexed: null };
  const documentVector = sql`d."searchVector"`;
  const titleWords = (indexed: boolean) => (title ? [matches(TITLE_VECTOR, title, indexed)] : []);
  const inTitle = sql`(d."name" <> '' and ts_match_vq(${documentVector}, ${inTitleOnly(text)}))`;
  const pairTest = pairs ? byPairs(pairs, text) : null;
  const every: Scope = {
    table: sql`"searchDocuments"`,
    vector: documentVector,
    named: false,
    condition: (indexed) =>
      allOf([
        indexed && pairTest ? pairTest(documentVector) : matches(documentVector, text, indexed),
        ...titleWords(indexed),
      ]),
  };
  return {
    query,
    every,
    // A title's lexemes are among the document's (same positions): in the title implies anywhere.
    titled: names,
    untitled: { ...every, condition: (indexed) => sql`${every.condition(indexed)} and not ${inTitle}` },
    inTitle,
    inTitleIndexed: sql`(d."docID" in (select t."docID" from "searchTitles" t where t."titleVector" @@ ${text}))`,
  };
}

/** What the planner expects of a search's words, before any filter (see `estimates`). */
interface Estimates {
  /** Documents in the index, and those of them with a name (`searchTitles`). */
  all: number;
  named: number;
  /** Documents the whole search matches. */
  matches: number;
  /** Documents whose title holds the words (0 when every match is a title match: `titled` is null). */
  titles: number;
  /** Documents of each word and phrase, summed: the rank-or-date choice (RANK_WITHIN). */
  documents: number;
  /**
   * Matches at most, from the parts' own estimates (every match holds each part, and a phrase each
   * of its words): the planner multiplies their shares, far too few for words that go together
   * (two words of 5,664 and 10,627 documents: 60 expected, 1,126 found). Infinity for autocomplete.
   */
  atMost: number;
}

/** What the planner expects of one word (or autocomplete's prefix): its documents, its titles. */
interface WordStatistics {
  documents: number;
  titles: number;
  /** No lexeme (the language's stop words): the search leaves it out. */
  stopWord?: boolean;
}

/**
 * A word as the statistics know it: `word` for a search; for autocomplete (names as written,
 * PREFIX_CONFIG) `~word`, and `~word:*` for its last word.
 */
const wordKey = (word: string, autocomplete: boolean, prefix: boolean) =>
  autocomplete ? `~${word}${prefix ? ":*" : ""}` : word;

/**
 * What the planner expects, read without touching a row (its statistics of the vectors' lexemes,
 * ANALYZE's most common elements, in both tables), for each word not already known, in one EXPLAIN;
 * the tables' sizes with them. Kept a while (statisticsMemo): a forum's searches repeat their words
 * far more often than their pairs.
 */
async function wordStatistics(
  db: Executor,
  config: string,
  memo: ReturnType<typeof statisticsMemo<WordStatistics>>,
  keys: string[],
): Promise<{ all: number; named: number; words: Map<string, WordStatistics> }> {
  const words = new Map<string, WordStatistics>();
  const missing: string[] = [];
  for (const key of new Set(["", ...keys])) {
    const known = memo.get(key);
    if (known) words.set(key, known);
    else missing.push(key);
  }
  if (missing.length) {
    // The empty key: each table's size. An autocomplete word's documents are its names.
    const branches = missing.flatMap((key) => {
      if (key === "") return [sql`select 1 from "searchDocuments" d`, sql`select 1 from "searchTitles" d`];
      if (key.startsWith("~")) {
        const word = key.slice(1);
        const query = word.endsWith(":*")
          ? sql`to_tsquery(${PREFIX_CONFIG}::regconfig, ${word})`
          : sql`plainto_tsquery(${PREFIX_CONFIG}::regconfig, ${word})`;
        const names = sql`select 1 from "searchTitles" d where d."prefixVector" @@ ${query}`;
        return [names, names];
      }
      const query = sql`plainto_tsquery(${config}::regconfig, ${key})`;
      return [
        sql`select 1 from "searchDocuments" d where d."searchVector" @@ ${query}`,
        sql`select 1 from "searchTitles" d where d."titleVector" @@ ${query}`,
      ];
    });
    const result = await sql<{
      "QUERY PLAN": unknown;
    }>`explain (format json) ${sql.join(branches, sql` union all `)}`.execute(db);
    const raw = result.rows[0]?.["QUERY PLAN"];
    type Node = { "Node Type": string; "Plan Rows": number; Plans?: Node[] };
    const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as Array<{ Plan: Node }>;
    const top = plan[0]!.Plan;
    const nodes = top["Node Type"] === "Append" && top.Plans ? top.Plans : [top];
    missing.forEach((key, index) => {
      // A stop word's query has no lexeme: the plan shows it folded to an empty tsquery.
      const stopWord = key !== "" && JSON.stringify(nodes[2 * index] ?? {}).includes("@@ ''::tsquery");
      const statistics = {
        documents: nodes[2 * index]?.["Plan Rows"] ?? 0,
        titles: nodes[2 * index + 1]?.["Plan Rows"] ?? 0,
        ...(stopWord ? { stopWord } : {}),
      };
      memo.set(key, statistics);
      words.set(key, statistics);
    });
  }
  const sizes = words.get("")!;
  return { all: sizes.documents, named: sizes.titles, words };
}

/**
 * A search's estimates from its words' (`wordStatistics`), combined as the planner combines them:
 * the words' shares multiplied (independent words), one of the parts' with "or". Stop words are left
 * out, as the search leaves them out ("moved to a" is a search for one word).
 */
async function estimates(
  db: Executor,
  config: string,
  memo: ReturnType<typeof statisticsMemo<WordStatistics>>,
  criteria: SearchCriteria,
): Promise<Estimates> {
  const groupsOf = (text: SearchText | null, autocomplete: boolean) =>
    text
      ? [
          ...text.terms.map((term, index) => [
            wordKey(term, autocomplete, autocomplete && index === text.terms.length - 1 && text.phrases.length === 0),
          ]),
          ...text.phrases.map((words) => words.map((word) => wordKey(word, autocomplete, false))),
        ]
      : [];
  const textGroups = groupsOf(criteria.text, criteria.prefix);
  const titleGroups = groupsOf(criteria.title, criteria.prefix);
  const { all, named, words } = await wordStatistics(db, config, memo, [...textGroups, ...titleGroups].flat());
  /**
   * A group's share of a table's rows: its words' shares multiplied, stop words left out; null when
   * it has none but stop words (the search leaves such a group out: alone, nothing matches).
   */
  /** A group's words as the search keeps them: its stop words left out. */
  const kept = (group: string[]) => group.map((word) => words.get(word)!).filter((word) => !word.stopWord);
  const share = (group: string[], of: "documents" | "titles") => {
    const rows = kept(group).map((word) => word[of]);
    const size = Math.max(1, of === "documents" ? all : named);
    return rows.length ? rows.reduce((product, count) => product * Math.min(1, count / size), 1) : null;
  };
  const combined = (groups: string[][], of: "documents" | "titles", operator: "and" | "or") => {
    const shares = groups.map((group) => share(group, of)).filter((value) => value !== null);
    if (groups.length && shares.length === 0) return 0;
    return operator === "and"
      ? shares.reduce((product, value) => product * value, 1)
      : 1 - shares.reduce((none, value) => none * (1 - value), 1);
  };
  const titleShare = combined(titleGroups, "titles", "and");
  const inTitles = named * combined(textGroups, "titles", criteria.operator) * titleShare;
  // Autocomplete and title words alone match names only.
  const matches =
    criteria.prefix || !criteria.text
      ? inTitles
      : all *
        combined(textGroups, "documents", criteria.operator) *
        (titleGroups.length ? (titleShare * named) / Math.max(1, all) : 1);
  // Each part's documents (a phrase: its rarest word's), for the rank choice and the bound.
  const partsOf = (groups: string[][]) =>
    groups.map((group) => {
      const rows = kept(group).map((word) => word.documents);
      return rows.length ? Math.min(...rows) : 0;
    });
  const textParts = partsOf(textGroups);
  const titleParts = partsOf(titleGroups);
  const bounds = [
    ...(criteria.operator === "or" ? [textParts.reduce((sum, part) => sum + part, 0)] : textParts),
    ...titleParts,
  ].filter((bound) => bound > 0);
  return {
    all,
    named,
    matches,
    titles: criteria.prefix || !criteria.text ? 0 : inTitles,
    documents: [...textParts, ...titleParts].reduce((sum, part) => sum + part, 0),
    atMost: !criteria.prefix && bounds.length ? Math.min(...bounds) : Infinity,
  };
}

/**
 * Whether the `wanted` newest (or oldest) of `expected` matches among `all` documents are cheaper to
 * find by reading the table in its primary key's order, testing each row (≈ 1 µs a row, `all /
 * expected` rows a match), than from the GIN index, which finds every match and reads its row
 * before the sort (≈ 3 µs a match). Measured at 1M posts: a title word in 1,200 documents took 26 ms
 * in order and 3 ms from the index; a body word in 17,000, 1 ms in order and 12 ms from the index.
 */
const inKeyOrder = (wanted: number, expected: number, all: number) =>
  wanted * all < IN_ORDER_BELOW * expected * expected;

/** What a page row carries besides a hit when its details are read with it (`detailColumns`). */
interface DetailRow {
  detailBody?: string | null;
  discussionName?: string | null;
}

/**
 * A page row's body and its discussion's title, as correlated subqueries: PostgreSQL evaluates such
 * costly columns after the sort and the limit (make_sort_input_target), for the page's rows only.
 */
const detailColumns = (alias: string) =>
  sql`, (select b.body from "searchDocuments" b where b."docID" = ${sql.ref(`${alias}.docID`)}) as "detailBody",
    (select n.name from "discussions" n where n."discussionID" = ${sql.ref(`${alias}.discussionID`)}) as "discussionName"`;

const detailsOfRow = (row: DetailRow, excerptOf: (body: string) => string): SearchDetails => ({
  excerpt: excerptOf(row.detailBody ?? ""),
  discussionName: row.discussionName ?? null,
});

const orderOf = (criteria: SearchCriteria): RawBuilder<unknown> => {
  if (criteria.sort === "dateInserted") return sql`d."dateInserted" asc, d."docID" asc`;
  return sql`d."dateInserted" desc, d."docID" desc`;
};

/** PostgreSQL full-text search: a weighted tsvector per document (GIN index), stemmed in the site's language. */
export function createPostgresSearchDriver(db: Executor, language = "english"): SearchDriver {
  // Diacritics folded as on SQLite (`withoutDiacritics`); the rows keep the text as written.
  const vector = (doc: SearchDocument) =>
    sql`setweight(to_tsvector(${language}::regconfig, ${withoutDiacritics(doc.name)}), 'A') || setweight(to_tsvector(${language}::regconfig, ${withoutDiacritics(doc.body)}), 'B')`;

  /**
   * The title rows (`searchTitles`, 0018) of the documents just written: copied with their title's
   * lexemes, stemmed and as written (0019, diacritics folded), when they have a name; gone when an
   * upsert took the name away.
   */
  const copyTitles = async (executor: Executor, written: Array<{ docID: number; name: string }>, upsert: boolean) => {
    if (written.length === 0) return;
    const ids = sql.join(written.map((row) => row.docID));
    const names = sql.join(written.map((row) => sql`(${row.docID}::int, ${withoutDiacritics(row.name)}::text)`));
    await sql`insert into "searchTitles" (${sql.join(hitColumnNames.map((column) => sql.ref(column)))}, "titleVector", "prefixVector")
        select ${hitColumns}, ${TITLE_VECTOR}, to_tsvector(${sql.lit(PREFIX_CONFIG)}::regconfig, f."name")
        from "searchDocuments" d join (values ${names}) f("docID", "name") on f."docID" = d."docID"
        where d."name" <> ''
        ${
          upsert
            ? sql`on conflict ("docID") do update set ${sql.join(
                [...hitColumnNames.slice(1), "titleVector", "prefixVector"].map(
                  (column) => sql`${sql.ref(column)} = excluded.${sql.ref(column)}`,
                ),
              )}`
            : sql``
        }`.execute(executor);
    if (upsert)
      await sql`delete from "searchTitles" t where t."docID" in (${ids}) and exists (
          select 1 from "searchDocuments" d where d."docID" = t."docID" and d."name" = '')`.execute(executor);
  };

  const insertRows = async (executor: Executor, documents: SearchDocument[], upsert: boolean) => {
    for (let start = 0; start < documents.length; start += ROWS_PER_INSERT) {
      const batch = documents.slice(start, start + ROWS_PER_INSERT);
      const rows = batch.map(
        (doc) => sql`(${sql.join([...documentColumns.map((column) => doc[column]), language])}, ${vector(doc)})`,
      );
      const columns = sql.join([...documentColumns, "language", "searchVector"].map((column) => sql.ref(column)));
      const written = await sql<{
        docID: number;
        recordType: string;
        recordID: number;
      }>`insert into "searchDocuments" (${columns}) values ${sql.join(rows)}
        ${
          upsert
            ? sql`on conflict ("recordType", "recordID") do update set ${sql.join(
                [...documentColumns.slice(2), "language", "searchVector"].map(
                  (column) => sql`${sql.ref(column)} = excluded.${sql.ref(column)}`,
                ),
              )}`
            : sql``
        } returning "docID", "recordType", "recordID"`.execute(executor);
      const nameOf = new Map(batch.map((doc) => [`${doc.recordType}:${doc.recordID}`, doc.name]));
      await copyTitles(
        executor,
        written.rows.map((row) => ({ docID: row.docID, name: nameOf.get(`${row.recordType}:${row.recordID}`) ?? "" })),
        upsert,
      );
    }
  };

  const statistics = statisticsMemo<WordStatistics>();
  const pairMemo = statisticsMemo<{ pairs: string | null }>();
  /**
   * The pairs of neighbouring words of an "and" search's phrases (`parley_phrase_pairs`, 0022), as
   * tsquery text, kept a while: a forum's phrase searches repeat. Null without phrases or with "or"
   * (a document may match without any phrase).
   */
  const phrasePairs = async (text: SearchText | null, operator: "and" | "or") => {
    if (!text || operator !== "and" || text.phrases.length === 0) return null;
    const phrases = phraseTextsOf(text);
    const key = JSON.stringify(phrases);
    const known = pairMemo.get(key);
    if (known) return known.pairs;
    const result = await sql<{ pairs: string | null }>`select parley_phrase_pairs(${language}::regconfig,
        array[${sql.join(phrases)}]::text[])::text as pairs`.execute(db);
    const pairs = result.rows[0]?.pairs ?? null;
    pairMemo.set(key, { pairs });
    return pairs;
  };

  return {
    name: "postgres-tsvector",

    async search(asked) {
      // The words as the index holds them: diacritics folded (`vector`).
      const criteria = { ...asked, text: withoutDiacriticsText(asked.text), title: withoutDiacriticsText(asked.title) };
      const pairs = criteria.prefix ? null : await phrasePairs(criteria.text, criteria.operator);
      const match = matchOf(language, criteria, pairs);
      const filters = whereAll(filterConditions(criteria, { recordTypeIndexed: !match }));
      // The page's details read with it (one round trip fewer): columns the planner computes after
      // the sort and limit, for the page's rows only.
      const detailsOf = (alias: string) => (criteria.details ? detailColumns(alias) : sql``);
      const details = criteria.details ? new Map<number, SearchDetails>() : undefined;
      const excerptOf = resultExcerpts(criteria, language === "english");
      const hitsOf = (rows: Array<HitRow & DetailRow>) => {
        const page = toHits(
          rows
            .filter((row) => row.docID !== null)
            .map(({ detailBody, discussionName, ...row }) => {
              details?.set(row.docID, detailsOfRow({ detailBody, discussionName }, excerptOf));
              return row;
            }),
        );
        return page.hits;
      };
      const totalOf = (rows: Array<{ total: number | string }>) => Number(rows[0]?.total ?? 0);
      /**
       * A scope's matches (as many as `cap`), counted, and the page of them in `order` (over `k`, the
       * matches: their "docID" and the columns `key` adds). The matches are kept narrow and the page's
       * rows alone are read again for their columns: for a thousand matches at 1M posts, carrying every
       * hit column through the count and the sort took a third of the query's time.
       */
      const countedPage = (
        scope: Scope,
        indexed: boolean,
        cap: number | null,
        page: {
          key: RawBuilder<unknown>;
          order: RawBuilder<unknown>;
          offset: number;
          limit: number;
          score?: RawBuilder<unknown>;
        },
        /**
         * Another scope's matches counted in the same query (as many as its cap), as `counted`: a scope
         * that holds this one's, so that once this one's count reaches `enough`, so has the other's, and
         * it is not counted at all (PostgreSQL works out a subquery's value when first asked for it, and
         * the case asks for it only below `enough`). The title matches of a common phrase are often
         * enough on their own: its count of every match built the pairs index's bitmap of all its
         * documents (18k for "power supply", 4 of the query's 5 ms) to say "100+".
         */
        also?: { scope: Scope; indexed: boolean; cap: number; enough: number },
      ) =>
        sql<HitRow & DetailRow & { counted?: number | string }>`with m as (
            select d."docID"${page.key} from ${scope.table} d where ${scope.condition(indexed)} and ${filters}
            ${cap === null ? sql`` : sql`limit ${cap}`})${
              also
                ? sql`, c as (select 1 from ${also.scope.table} d where ${also.scope.condition(also.indexed)} and ${filters}
            limit ${also.cap})`
                : sql``
            }
          select p.*, (select count(*) from m) as total${
            also
              ? sql`, case when (select count(*) from m) >= ${also.enough} then ${also.enough}
                  else (select count(*) from c) end as counted`
              : sql``
          }
          from (select 1) one left join lateral (
            select ${hitColumns}, ${page.score ?? sql`0`} as score ${detailsOf("d")}
            from (select k.* from m k order by ${page.order} limit ${page.limit} offset ${page.offset}) k
            join ${scope.table} d on d."docID" = k."docID"
            order by ${page.order}) p on true`.execute(db);
      if (!match) {
        const result = await sql<HitRow & DetailRow>`select ${hitColumns}, 0 as score, count(*) over () as total
            ${detailsOf("d")}
            from "searchDocuments" d where ${filters}
            order by ${orderOf(criteria)} limit ${criteria.limit} offset ${criteria.offset}`.execute(db);
        return { hits: hitsOf(result.rows), total: Math.min(totalOf(result.rows), criteria.countWithin), details };
      }
      if (criteria.offset >= MAX_RESULTS) return { hits: [], total: 0, details };
      const limit = Math.min(criteria.limit, MAX_RESULTS - criteria.offset);
      const relevance = criteria.sort === "relevance";
      const { every } = match;

      const rankable = relevance && !criteria.prefix;
      const expected = await estimates(db, language, statistics, criteria);
      if (rankable && expected.documents <= RANK_WITHIN) {
        // Rare words: ts_rank orders every match (the GIN bitmap finds them), titles far above
        // bodies. Never more than RANK_WITHIN of them: past that (the estimate was wrong) the words
        // are common after all and ordered as below.
        const result = await countedPage(every, true, RANK_WITHIN + 1, {
          key: sql`, ts_rank(${WEIGHTS}::float4[], ${every.vector}, ${match.query}) as score, d."dateInserted"`,
          order: sql`k.score desc, k."dateInserted" desc, k."docID" desc`,
          offset: criteria.offset,
          limit,
          score: sql`k.score`,
        });
        const ranked = totalOf(result.rows);
        if (ranked <= RANK_WITHIN)
          return { hits: hitsOf(result.rows), total: Math.min(ranked, criteria.countWithin), details };
      }

      const direction = sql.raw(criteria.sort === "dateInserted" ? "asc" : "desc");
      // Words the planner expects in three times the cap's documents (its statistics sample the lexemes:
      // a word it puts there is in well over the cap), filtered by nothing but the record types (posts
      // among them), match at least the cap: counting would read its thousand rows for nothing.
      const capped =
        criteria.recordTypes.includes("comment") && onlyRecordTypes(criteria) && expected.matches >= 3 * MAX_RESULTS;
      const wanted = criteria.offset + limit;
      // Matches too few for the table's order (`inKeyOrder`), so the page would come from the index
      // whatever the count found, and bounded by the parts' own estimates: all of them are read once,
      // for the page and the count (two words in 5,664 and 10,627 documents, 1,126 together: 1,126
      // rows read instead of 1,000 to count and then the 1,126 again for the page).
      // Not for phrases: each document holding the words is read to test their positions, and the
      // title matches that usually fill the page come cheaper from the title index.
      const readAll =
        !criteria.prefix &&
        !criteria.text?.phrases.length &&
        expected.atMost <= READ_ALL_WITHIN &&
        !inKeyOrder(wanted, expected.matches, expected.all);
      // A page of a scope's matches, newest first (oldest first when sorted by date ascending), in the
      // primary key's order (documents are added as they are written, so it is the date order).
      // `inOrder`: the primary key is read in that order and the scan stops at the page; otherwise the
      // matches come from the GIN bitmap and are sorted (`+ 0` keeps the planner off the primary key,
      // which would read the whole table to find them).
      const pageOf = async (scope: Scope, inOrder: boolean, offset: number, count: number) => {
        const result = await sql<HitRow & DetailRow>`select ${hitColumns}, 0 as score, 0 as total ${detailsOf("d")}
            from ${scope.table} d where ${scope.condition(!inOrder)} and ${filters}
            order by ${inOrder ? sql`d."docID"` : sql`d."docID" + 0`} ${direction}
            limit ${count} offset ${offset}`.execute(db);
        return hitsOf(result.rows);
      };
      // Filters make matches sparser than the estimates say: the table's order only for the words.
      const sparse = !onlyRecordTypes(criteria);
      const inOrder = (scope: Scope, expectedMatches: number) =>
        !sparse && inKeyOrder(wanted, expectedMatches, scope.named ? expected.named : expected.all);
      const { titled, untitled } = match;
      // Relevance where the first pass would read a thousand matches to tell the title matches and
      // count (a phrase: every document holding its words, each one's positions tested): the title
      // matches come from the title index instead, counted with every match in one query, and only
      // the page's other matches are read after them. A phrase that reaches the cap read its
      // thousand rows twice before (the first pass's page is the table's first, not the newest).
      const titlesFirst =
        relevance && titled !== null && untitled !== null && !readAll && !capped && !inOrder(titled, expected.titles);
      if ((readAll || !capped) && !titlesFirst) {
        // Otherwise every match up to the cap is read once: the count, and the page of them, title
        // matches first for relevance. Below the cap that is the answer.
        // A GIN bitmap holds every match before the first is read: 62 ms for a prefix in 346k of 1M
        // documents ('tim:*'). That common, the table is read in order instead (12 ms there).
        // The title matches gathered once when they are few (as the planner expects them); otherwise
        // each row's vector tested, as a common title word's set would cost more than the rows read.
        const inTitle = relevance ? (expected.titles <= MAX_RESULTS ? match.inTitleIndexed : match.inTitle) : null;
        // Matches expected past the reach are counted no further than the page needs (`countWithin`),
        // and the page read on its own; fewer are read up to the reach, and the page comes from them.
        const cap = readAll ? null : expected.matches >= MAX_RESULTS ? criteria.countWithin : MAX_RESULTS;
        const result = await countedPage(every, expected.matches <= BITMAP_WITHIN, cap, {
          key: inTitle ? sql`, ${inTitle} as "inTitle"` : sql``,
          order: sql`${inTitle ? sql`k."inTitle" desc, ` : sql``}k."docID" ${direction}`,
          offset: criteria.offset,
          limit,
        });
        const counted = totalOf(result.rows);
        if (cap === null || counted < cap)
          return { hits: hitsOf(result.rows), total: Math.min(counted, criteria.countWithin), details };
      }

      // As many matches as the cap, or more (the first ones read were the table's first, not the
      // newest), or title matches first.
      let total = criteria.countWithin;
      if (!relevance || !titled || !untitled)
        return { hits: await pageOf(every, inOrder(every, expected.matches), criteria.offset, limit), total, details };

      // Relevance: title matches first, newest first, then the other matches, newest first.
      let titles: number;
      let hits: SearchHit[];
      if (inOrder(titled, expected.titles)) {
        // Title matches so many that the page of them is nearer in the table's order than in the index.
        hits = await pageOf(titled, true, criteria.offset, limit);
        // A short page holds the last title match; an empty one past the last says nothing of how many.
        titles = hits.length ? criteria.offset + hits.length : 0;
        if (hits.length === 0) {
          const result = await sql<{ titles: number | string }>`select count(*) as titles from (
              select 1 from ${titled.table} d where ${titled.condition(true)} and ${filters}
              limit ${criteria.countWithin}) c`.execute(db);
          titles = Number(result.rows[0]?.titles ?? 0);
        }
      } else {
        // One round trip: every title match from the title index (as many as TITLES_WITHIN), and the
        // page of them, newest first; with `titlesFirst`, every match counted too.
        const result = await countedPage(
          titled,
          true,
          TITLES_WITHIN,
          { key: sql``, order: sql`k."docID" desc`, offset: criteria.offset, limit },
          titlesFirst
            ? {
                scope: every,
                indexed: expected.matches <= BITMAP_WITHIN,
                cap: criteria.countWithin,
                enough: criteria.countWithin,
              }
            : undefined,
        );
        titles = totalOf(result.rows);
        if (titlesFirst) total = Math.min(Number(result.rows[0]?.counted ?? 0), criteria.countWithin);
        // Far more title matches than expected: the ones read were the table's first, not the newest.
        hits = titles >= TITLES_WITHIN ? await pageOf(titled, true, criteria.offset, limit) : hitsOf(result.rows);
      }
      if (hits.length < limit && total > titles) {
        const more = await pageOf(
          untitled,
          inOrder(untitled, expected.matches),
          Math.max(0, criteria.offset - titles),
          limit - hits.length,
        );
        hits.push(...more);
      }
      return { hits, total, details };
    },

    async details(criteria, docIDs) {
      const out = new Map<number, SearchDetails>();
      if (docIDs.length === 0) return out;
      // The bodies, the excerpts made from them (search.excerpt.ts): stemmed like the index for
      // English (Porter there, Snowball's English here: the marks may differ on a rare word).
      const result = await sql<{ docID: number } & DetailRow>`select d."docID" ${detailColumns("d")}
        from "searchDocuments" d where d."docID" in (${sql.join(docIDs)})`.execute(db);
      const excerptOf = resultExcerpts(criteria, language === "english");
      for (const row of result.rows) out.set(row.docID, detailsOfRow(row, excerptOf));
      return out;
    },

    async write(executor, documents) {
      if (documents.length === 0) return;
      await insertRows(executor, documents, true);
      await cleanPendingLists(executor);
    },

    async remove(executor, records) {
      if (records.length === 0) return;
      await sql`delete from "searchDocuments" d where (d."recordType", d."recordID") in (values ${sql.join(
        records.map((record) => sql`(${record.recordType}::varchar, ${record.recordID}::int)`),
      )})`.execute(executor);
    },

    async clear(executor) {
      await sql`truncate "searchTitles", "searchDocuments"`.execute(executor);
      await setPendingLists(executor, true);
    },

    bulkInsert: (executor, documents) => insertRows(executor, documents, false),

    async finishBulk(executor) {
      await setPendingLists(executor, false);
      await cleanPendingLists(executor);
      await sql`analyze "searchDocuments"`.execute(executor);
      await sql`analyze "searchTitles"`.execute(executor);
    },

    async inOtherLanguage() {
      const result = await sql<{ other: number }>`select count(*) as other from (select 1 from "searchDocuments"
          where "language" <> ${language} limit 1) o`.execute(db);
      return Number(result.rows[0]?.other ?? 0) > 0;
    },
  };
}
