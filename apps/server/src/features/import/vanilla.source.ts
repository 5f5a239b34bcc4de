import type mysql from "mysql2/promise";
import type { ImportSource, SourceRow } from "./import.source.ts";

const NAME = /^[A-Za-z0-9_]*$/;

/**
 * A live Vanilla database (MySQL or MariaDB), read a batch at a time by primary key: `WHERE id > ? ORDER BY id
 * LIMIT n` (past the last row by every column of a composite key), so no table is ever held whole. Tables carry the prefix (`GDN_` by default); rows come as mysql2
 * returns them (dates as strings: `dateStrings`).
 */
export async function openVanillaSource(url: string, prefix = "GDN_"): Promise<ImportSource> {
  if (!NAME.test(prefix)) throw new Error(`The table prefix "${prefix}" may hold only letters, digits and _.`);
  const parsed = new URL(url);
  if (parsed.protocol !== "mysql:" && parsed.protocol !== "mariadb:")
    throw new Error(`The source must be a mysql:// address, not ${parsed.protocol}//…`);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ""));
  if (!database) throw new Error("The source address names no database (mysql://user:pass@host/database).");
  // Loaded here, not at the top: the server imports this feature for its old-address redirects, and only the
  // import command needs the MySQL driver (it would add to every process's start and memory).
  const { default: driver } = await import("mysql2/promise");
  const connection = await driver.createConnection({
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 3306,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    database,
    // Vanilla's datetimes are UTC wall-clock values: read them as written, never through the local time zone.
    dateStrings: true,
    supportBigNumbers: true,
    charset: "utf8mb4",
  });
  const table = (name: string) => {
    if (!NAME.test(name)) throw new Error(`Bad table name ${name}`);
    return `\`${prefix}${name}\``;
  };
  const quote = (column: string) => `\`${column.replaceAll("`", "``")}\``;
  return {
    defaultHashMethod: "Vanilla",
    describe: `mysql://${parsed.username ? `${decodeURIComponent(parsed.username)}@` : ""}${parsed.host}/${database}`,
    async hasTable(name) {
      const [rows] = await connection.query<mysql.RowDataPacket[]>(
        "select count(*) as n from information_schema.tables where table_schema = database() and table_name = ?",
        [`${prefix}${name}`],
      );
      return Number(rows[0]?.["n"]) > 0;
    },
    async columns(name) {
      const [rows] = await connection.query<mysql.RowDataPacket[]>(
        "select column_name as c from information_schema.columns where table_schema = database() and table_name = ? order by ordinal_position",
        [`${prefix}${name}`],
      );
      return rows.map((row) => String(row["c"]));
    },
    async count(name) {
      const [rows] = await connection.query<mysql.RowDataPacket[]>(`select count(*) as n from ${table(name)}`);
      return Number(rows[0]?.["n"] ?? 0);
    },
    async *batches(name, key, batchSize) {
      const columns = key.map(quote);
      const order = columns.join(", ");
      let last: SourceRow | null = null;
      for (;;) {
        let where = "";
        const params: unknown[] = [];
        if (last) {
          // Past the last row by the whole key: (a > ?) or (a = ? and b > ?) or (a = ? and b = ? and c > ?) …
          const terms: string[] = [];
          for (let i = 0; i < columns.length; i++) {
            terms.push(`(${[...columns.slice(0, i).map((c) => `${c} = ?`), `${columns[i]} > ?`].join(" and ")})`);
            for (const column of key.slice(0, i + 1)) params.push(last[column]);
          }
          where = `where ${terms.join(" or ")}`;
        }
        const [rows] = await connection.query<mysql.RowDataPacket[]>(
          `select * from ${table(name)} ${where} order by ${order} limit ${Number(batchSize)}`,
          params,
        );
        if (rows.length === 0) return;
        yield rows;
        last = rows[rows.length - 1] as SourceRow;
        if (rows.length < batchSize) return;
      }
    },
    close: () => connection.end(),
  };
}
