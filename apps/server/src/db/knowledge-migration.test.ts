import { afterEach, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { createTestDatabase, engines, type TestDatabase } from "../test/databases.ts";
import { down, up } from "./migrations/0026_knowledge.ts";

describe.each(engines)("migration 0026 (knowledge) on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  const grantsOf = async (permission: string) =>
    (
      await database!.db
        .selectFrom("rolePermissions as p")
        .innerJoin("roles as r", "r.roleID", "p.roleID")
        .select("r.type")
        .where("p.permission", "=", permission)
        .where("p.junctionType", "=", "")
        .orderBy("r.type")
        .execute()
    ).map((row) => row.type);

  it("grants kb.view to every default role and articles.add to staff, on a fresh database", async () => {
    database = await createTestDatabase(engine);
    expect(await grantsOf("kb.view")).toEqual([
      "administrator",
      "applicant",
      "guest",
      "member",
      "moderator",
      "unconfirmed",
    ]);
    expect(await grantsOf("articles.add")).toEqual(["administrator", "moderator"]);
  });

  it("grants them on an existing database without doubling a grant a role already holds", async () => {
    database = await createTestDatabase(engine);
    const db = database.db as unknown as Kysely<unknown>;
    await down(db);
    const member = await database.db
      .selectFrom("roles")
      .select("roleID")
      .where("type", "=", "member")
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto("rolePermissions")
      .values({ roleID: member.roleID, junctionType: "", junctionID: 0, permission: "kb.view" })
      .execute();
    await up(db, engine);
    expect(await grantsOf("kb.view")).toHaveLength(6);
    expect(await grantsOf("articles.add")).toEqual(["administrator", "moderator"]);
    const tables = [
      "knowledgeBases",
      "knowledgeCategories",
      "articles",
      "articleRevisions",
      "articleReactions",
    ] as const;
    for (const table of tables) expect(await database.db.selectFrom(table).selectAll().execute()).toEqual([]);
  });
});
