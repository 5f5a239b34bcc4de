/**
 * PostgreSQL's buffer cache against the size of the search tables. A search at 1M posts reads up to a
 * thousand rows of `searchDocuments` at random; with Debian's default `shared_buffers` (128 MB) the
 * tables (≈ 690 MB with their indexes) are read through the operating system's cache, which is as fast
 * while it holds them (measured: the same figures with 2 GB) and not when memory is short.
 */
export async function postgresMemoryNote(databaseUrl: string, schema: string | null): Promise<string> {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const settings = await client.query<{ buffers: string; bytes: string }>(
      `select pg_size_bytes(current_setting('shared_buffers'))::text as buffers,
         coalesce((select sum(pg_total_relation_size(c.oid)) from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = $1 and c.relname in ('searchDocuments', 'searchTitles')), 0)::text as bytes`,
      [schema ?? "public"],
    );
    const buffers = Number(settings.rows[0]?.buffers ?? 0);
    const search = Number(settings.rows[0]?.bytes ?? 0);
    const mb = (bytes: number) => `${Math.round(bytes / 1_048_576).toLocaleString("en-US")} MB`;
    const line = `PostgreSQL shared_buffers ${mb(buffers)}; the search tables and their indexes ${mb(search)}.`;
    return buffers < search
      ? `${line} The search tables do not fit in PostgreSQL's buffer cache: uncached searches read them through the ` +
          `system's cache (see "PostgreSQL settings" in README.md).`
      : line;
  } finally {
    await client.end();
  }
}
