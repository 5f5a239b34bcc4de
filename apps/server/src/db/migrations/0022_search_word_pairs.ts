import { sql, type Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";

/**
 * PostgreSQL: a phrase's documents found by its pairs of neighbouring words (issue 8: phrases stay
 * fast at a million posts). The GIN index of single lexemes answers `'without' <-> 'open' <-> 'everi'`
 * by intersecting every document holding each word (43k, 66k and 188k of 1M: 7 ms) and then reading
 * each of the 13k documents holding all three to test their positions. An index of each document's
 * neighbouring lexemes (`'without open'`, `'open everi'`) finds the 6,937 holding both pairs in 1.3 ms,
 * nearly all of which hold the phrase.
 *
 * `parley_word_pairs(vector)`: each pair of lexemes at neighbouring positions of a vector, as one
 * lexeme ("a b"), from the positions the vector keeps (the same ones the phrase test reads, so every
 * document that holds a phrase holds its pairs). `parley_phrase_pairs(config, phrases)`: every pair of
 * the phrases' words, ANDed, as a query (null when none has one: a phrase of one word, or words
 * apart by a stop word); a pair is left out where the phrase gives a position two lexemes (a
 * dictionary's variants), since a document needs only one of them. Both immutable; a
 * search asks for a phrase's pairs once and keeps them a while. `parley_word_pairs` is PARALLEL
 * RESTRICTED: its index's bitmap is read by the process that asked, never shared with parallel workers.
 * The planner expects the test of positions to pass few of a pair's documents, so it costs the scan
 * high and, left free, starts two workers for it: with a search on every connection of a two-core
 * machine, that took a phrase's count from 4 to 45 ms. SQLite: nothing to do (FTS5 tests phrases in its
 * own index).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`CREATE FUNCTION parley_word_pairs(vector tsvector) RETURNS tsvector
    LANGUAGE sql IMMUTABLE STRICT PARALLEL RESTRICTED AS $$
      SELECT coalesce(array_to_tsvector(array_agg(DISTINCT a.lexeme || ' ' || b.lexeme)), ''::tsvector)
      FROM (SELECT lexeme, unnest(positions) AS position FROM unnest(vector)) a
      JOIN (SELECT lexeme, unnest(positions) AS position FROM unnest(vector)) b ON b.position = a.position + 1
      WHERE octet_length(a.lexeme) + octet_length(b.lexeme) < 2000
    $$`.execute(db);
  await sql`CREATE FUNCTION parley_phrase_pairs(config regconfig, phrases text[]) RETURNS tsquery
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      WITH words AS (
        SELECT t.phrase, w.lexeme, unnest(w.positions) AS position
        FROM unnest(phrases) AS t(phrase), unnest(to_tsvector(config, t.phrase)) AS w
      ), single AS (
        SELECT * FROM words o WHERE NOT EXISTS (
          SELECT 1 FROM words s WHERE s.phrase = o.phrase AND s.position = o.position AND s.lexeme <> o.lexeme)
      )
      SELECT string_agg(DISTINCT '''' || replace(replace(a.lexeme || ' ' || b.lexeme, '\\', '\\\\'), '''', '''''') || '''',
        ' & ')::tsquery
      FROM single a JOIN single b ON b.phrase = a.phrase AND b.position = a.position + 1
      WHERE octet_length(a.lexeme) + octet_length(b.lexeme) < 2000
    $$`.execute(db);
  await sql`CREATE INDEX "searchDocuments_pairs" ON "searchDocuments"
    USING GIN (parley_word_pairs("searchVector")) WITH (fastupdate = off)`.execute(db);
  await sql`ANALYZE "searchDocuments"`.execute(db);
}

export async function down(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`DROP INDEX IF EXISTS "searchDocuments_pairs"`.execute(db);
  await sql`DROP FUNCTION IF EXISTS parley_phrase_pairs(regconfig, text[])`.execute(db);
  await sql`DROP FUNCTION IF EXISTS parley_word_pairs(tsvector)`.execute(db);
}
