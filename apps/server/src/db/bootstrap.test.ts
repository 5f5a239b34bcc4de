import { afterEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { migrateToLatest } from "../platform/db/migrate.ts";
import { migrationsFor } from "./migrations/index.ts";
import { verifyPassword } from "../platform/auth/password.ts";
import { openDatabase } from "../platform/db/database.ts";
import { createTestDatabase, engines, testDatabaseUrl, type TestDatabase } from "../test/databases.ts";
import { bootstrapDatabase } from "./bootstrap.ts";

describe.each(engines)("migrations and first start on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it("migrates once, and again is a no-op; the root category exists", async () => {
    database = await createTestDatabase(engine);
    expect(await migrateToLatest(database)).toEqual([]);
    const root = await database.db.selectFrom("categories").selectAll().where("categoryID", "=", -1).executeTakeFirst();
    expect(root).toMatchObject({ categoryID: -1, parentCategoryID: null, depth: 0 });
  });

  it("creates the admin and the demo community on an empty database, only once", async () => {
    database = await createTestDatabase(engine);
    const config = { adminPassword: "first-password", adminPasswordGenerated: false, seed: "demo" as const };
    const first = await bootstrapDatabase(database, config);
    expect(first).toMatchObject({
      seeded: true,
      admin: { name: "admin", password: "first-password", generated: false },
    });
    const admin = await database.db
      .selectFrom("users")
      .selectAll()
      .where("name", "=", "admin")
      .executeTakeFirstOrThrow();
    expect(admin.isAdmin).toBe(1);
    expect(await verifyPassword("first-password", admin.passwordHash)).toBe(true);

    const count = async (table: "categories" | "discussions" | "comments" | "users") =>
      Number(
        (
          await database!.db
            .selectFrom(table)
            .select(({ fn }) => fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count("categories")).toBeGreaterThanOrEqual(7);
    expect(await count("discussions")).toBeGreaterThanOrEqual(10);
    expect(await count("comments")).toBeGreaterThanOrEqual(20);
    const nested = await database.db.selectFrom("categories").select("name").where("depth", "=", 2).execute();
    expect(nested.length).toBeGreaterThan(0);

    const usersAfterFirst = await count("users");
    const second = await bootstrapDatabase(database, { ...config, adminPassword: "second-password" });
    expect(second).toEqual({ migrations: [], seeded: false });
    expect(await count("users")).toBe(usersAfterFirst);
    const again = await database.db
      .selectFrom("users")
      .select("passwordHash")
      .where("name", "=", "admin")
      .executeTakeFirstOrThrow();
    expect(await verifyPassword("first-password", again.passwordHash)).toBe(true);
  });

  it("PARLEY_SEED=none creates only the admin", async () => {
    database = await createTestDatabase(engine);
    const report = await bootstrapDatabase(database, {
      adminPassword: "x-password",
      adminPasswordGenerated: true,
      seed: "none",
    });
    expect(report.seeded).toBe(false);
    expect(report.admin?.generated).toBe(true);
    const discussions = await database.db.selectFrom("discussions").select("discussionID").execute();
    expect(discussions).toEqual([]);
  });

  it("enforces unique user names regardless of case", async () => {
    database = await createTestDatabase(engine);
    await bootstrapDatabase(database, { adminPassword: "x-password", adminPasswordGenerated: false, seed: "none" });
    await expect(
      database.db
        .insertInto("users")
        .values({ name: "ADMIN", email: "x@example.com", dateInserted: new Date().toISOString() } as never)
        .execute(),
    ).rejects.toThrow();
  });
});

describe.runIf(testDatabaseUrl)("migrations on PostgreSQL from several processes at once", () => {
  it("two servers starting together migrate once", async () => {
    const first = await createTestDatabase("postgres", { migrate: false });
    try {
      // A second pool on the same schema, as a second process would open.
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(first.db)).rows[0]!.s;
      const second = await openDatabase({ databaseUrl: testDatabaseUrl!, sqliteFile: "", schema, poolSize: 2 });
      try {
        const [a, b] = await Promise.all([migrateToLatest(first), migrateToLatest(second)]);
        expect([...a, ...b].sort()).toEqual(Object.keys(migrationsFor("postgres")).sort());
        expect(a.length === 0 || b.length === 0).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      await first.dispose();
    }
  });

  it("two servers starting together on an empty database create admin and the demo community once", async () => {
    const first = await createTestDatabase("postgres", { migrate: false });
    try {
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(first.db)).rows[0]!.s;
      const second = await openDatabase({ databaseUrl: testDatabaseUrl!, sqliteFile: "", schema, poolSize: 2 });
      try {
        const reports = await Promise.all(
          [first, second].map((database, index) =>
            bootstrapDatabase(database, {
              adminPassword: `start-${index}-password`,
              adminPasswordGenerated: true,
              seed: "demo",
            }),
          ),
        );
        expect(reports.filter((report) => report.seeded)).toHaveLength(1);
        expect(reports.filter((report) => report.admin)).toHaveLength(1);
        const admins = await first.db.selectFrom("users").select("userID").where("name", "=", "admin").execute();
        expect(admins).toHaveLength(1);
        const categories = await first.db
          .selectFrom("categories")
          .select(({ fn }) => fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow();
        const again = await bootstrapDatabase(second, {
          adminPassword: "x",
          adminPasswordGenerated: false,
          seed: "demo",
        });
        expect(again.seeded).toBe(false);
        const after = await first.db
          .selectFrom("categories")
          .select(({ fn }) => fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow();
        expect(Number(after.n)).toBe(Number(categories.n));
      } finally {
        await second.close();
      }
    } finally {
      await first.dispose();
    }
  });
});
