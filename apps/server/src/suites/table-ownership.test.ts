import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ownerOf } from "../test/table-owners.ts";
import { findTableWrites } from "../test/table-writes.ts";

/*
 * One owner per table (issue 27): a feature writes only the tables `test/table-owners.ts` gives it, and
 * platform code only the platform's. Another feature's table changes through its owner's operation.
 */

const sourceRoot = fileURLToPath(new URL("..", import.meta.url));

interface SourceFile {
  /** Relative to apps/server/src, with forward slashes. */
  file: string;
  source: string;
}

interface ForeignWrite {
  file: string;
  line: number;
  table: string | null;
  message: string;
}

/** The feature folder (or `platform`) a source file belongs to; undefined outside both. */
function writerOf(file: string): string | undefined {
  const [top, feature] = file.split("/");
  if (top === "platform") return "platform";
  return top === "features" ? feature : undefined;
}

function foreignWrites(files: SourceFile[]): ForeignWrite[] {
  const found: ForeignWrite[] = [];
  for (const { file, source } of files) {
    const writer = writerOf(file);
    if (writer === undefined) continue;
    for (const write of findTableWrites(source)) {
      const owner = write.table === null ? undefined : ownerOf(write.table);
      if (owner === writer) continue;
      const where = `${file}:${write.line}`;
      const message =
        write.table === null
          ? `${where} ${write.verb} a table named only at run time`
          : `${where} ${write.verb} "${write.table}", owned by ${owner ?? "nobody (add it to test/table-owners.ts)"}`;
      found.push({ file, line: write.line, table: write.table, message });
    }
  }
  return found;
}

function serverSources(): SourceFile[] {
  return ["features", "platform"].flatMap((top) =>
    (readdirSync(join(sourceRoot, top), { recursive: true }) as string[])
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
      .map((name) => {
        const path = join(sourceRoot, top, name);
        return { file: relative(sourceRoot, path).split("\\").join("/"), source: readFileSync(path, "utf8") };
      }),
  );
}

/**
 * The one exception: files writing a table named at run time that are not writes (`update t set c = c` takes
 * the row locks). No feature writes another feature's table: the writes that did moved to their owners
 * (issue 27), whose operations app.ts hands in where importing them would make a cycle.
 */
const runTimeTables = new Set(["platform/db/row-locks.ts"]);

const allowed = (write: ForeignWrite) => write.table === null && runTimeTables.has(write.file);

describe("table ownership", () => {
  const writes = foreignWrites(serverSources());

  it("has features and platform write only the tables they own", () => {
    expect(writes.filter((write) => !allowed(write)).map((write) => write.message)).toEqual([]);
  });

  it("keeps the list of files writing tables named at run time true: a file without such a write is deleted", () => {
    const stale = [...runTimeTables].filter(
      (file) => !writes.some((write) => write.file === file && write.table === null),
    );
    expect(stale).toEqual([]);
  });

  it("names the file and line of a feature writing another feature's table", () => {
    const source = [
      'import { sql } from "kysely";',
      "export async function hide(db: Db, discussionID: number) {",
      '  await db.updateTable("discussions").set({ closed: 1 }).where("discussionID", "=", discussionID).execute();',
      '  await db.insertInto("tags").values({ name: "x" }).execute();',
      '  await sql`delete from "comments" where "discussionID" = ${discussionID}`.execute(db);',
      "}",
    ].join("\n");
    expect(foreignWrites([{ file: "features/tags/tags.repo.ts", source }]).map((write) => write.message)).toEqual([
      'features/tags/tags.repo.ts:3 updateTable "discussions", owned by discussions',
      'features/tags/tags.repo.ts:5 delete from "comments", owned by comments',
    ]);
    expect(foreignWrites([{ file: "platform/jobs/jobs.ts", source }]).map((write) => write.line)).toEqual([3, 4, 5]);
  });

  it("finds Kysely writes over several lines, aliased tables and tables listed in the file", () => {
    const source = [
      "await trx",
      "  .updateTable(",
      '    "comments as c")',
      "  .set({ score: 1 });",
      'await db.deleteFrom("reactions").where("recordID", "=", 1).execute();',
      'for (const table of ["sessions", "accessTokens"] as const) await db.deleteFrom(table).execute();',
      'await db.replaceInto("config").values(row).execute();',
      "await db.deleteFrom(someTable).execute();",
    ].join("\n");
    expect(findTableWrites(source)).toEqual([
      { table: "comments", line: 2, verb: "updateTable" },
      { table: "reactions", line: 5, verb: "deleteFrom" },
      { table: "sessions", line: 6, verb: "deleteFrom" },
      { table: "accessTokens", line: 6, verb: "deleteFrom" },
      { table: "config", line: 7, verb: "replaceInto" },
      { table: null, line: 8, verb: "deleteFrom" },
    ]);
  });

  it("finds raw SQL writes in sql templates, not reads, locks, upserts' updates or comments", () => {
    const source = [
      '// delete from "comments" where a comment says so: not code',
      'const tables = ["searchIndex"] as const;',
      'await sql<{ id: number }>`insert into "searchTitles" (id) values (${1})',
      '  on conflict ("docID") do update set "x" = excluded."x"`.execute(db);',
      'await sql`select 1 from "queue" for update skip locked`.execute(db);',
      'await sql`update "discussions" as d set "score" = ${sql`(select 1 from "comments")`}`.execute(db);',
      "for (const table of tables) await sql`delete from ${sql.table(table)} where rowid = 1`.execute(db);",
      'await sql`insert or ignore into ${sql.table("tags")} values (1)`.execute(db);',
      'const text = `update "users" set name = 1`; /* delete from users */',
    ].join("\n");
    expect(findTableWrites(source)).toEqual([
      { table: "searchTitles", line: 3, verb: "insert into" },
      { table: "discussions", line: 6, verb: "update" },
      { table: "searchIndex", line: 7, verb: "delete from" },
      { table: "tags", line: 8, verb: "insert or ignore into" },
    ]);
  });
});
