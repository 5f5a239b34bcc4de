import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../test/accounts.ts";
import { createTestDatabase, engines, type TestDatabase } from "../../test/databases.ts";
import { createAuthRepo } from "./auth.repo.ts";
import { hashToken, randomToken } from "./tokens.ts";

const byGroup = (memberships: Array<{ groupID: number; role: string }>) =>
  [...memberships].sort((a, b) => a.groupID - b.groupID);

describe.each(engines)("a session's own query on %s", (engine) => {
  let database: TestDatabase;
  let repo: ReturnType<typeof createAuthRepo>;
  const now = new Date().toISOString();

  async function sessionOf(userID: number): Promise<string> {
    const sessionID = hashToken(randomToken());
    await repo.insertSession({
      sessionID,
      userID,
      transientKey: randomToken(18),
      persist: 0,
      dateInserted: now,
      dateLastUsed: now,
      dateExpires: new Date(Date.now() + 86_400_000).toISOString(),
      userAgent: null,
      ipAddress: "127.0.0.1",
    });
    return sessionID;
  }

  async function newGroup(name: string): Promise<number> {
    const row = await database.db
      .insertInto("groups")
      .values({
        name,
        description: "",
        privacy: "public",
        iconUrl: null,
        bannerUrl: null,
        // A group owns a category; none is read here.
        categoryID: 0,
        countMembers: 0,
        insertUserID: 1,
        dateInserted: now,
        updateUserID: null,
        dateUpdated: null,
      })
      .returning("groupID")
      .executeTakeFirstOrThrow();
    return row.groupID;
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    repo = createAuthRepo(database.db);
  });
  afterAll(() => database?.dispose());

  it("reads the member's roles and group memberships with the session, as the separate query does", async () => {
    const member = await createUser(database.db, { name: "Rights Holder", role: ["member", "moderator"] });
    const [first, second] = [await newGroup("Readers"), await newGroup("Writers")];
    await database.db
      .insertInto("groupMembers")
      .values([
        { groupID: first, userID: member.userID, role: "leader", dateInserted: now },
        { groupID: second, userID: member.userID, role: "member", dateInserted: now },
      ])
      .execute();
    const found = await repo.sessionWithUser(await sessionOf(member.userID));
    const separate = await repo.rolesAndMembershipsOfUser(member.userID);
    expect(found?.user.userID).toBe(member.userID);
    expect(found!.rights.roleIDs).toHaveLength(2);
    expect([...found!.rights.roleIDs].sort()).toEqual([...separate.roleIDs].sort());
    expect(byGroup(found!.rights.memberships)).toEqual([
      { groupID: first, role: "leader" },
      { groupID: second, role: "member" },
    ]);
    expect(byGroup(found!.rights.memberships)).toEqual(byGroup(separate.memberships));
    // The member is their users row, whole, and nothing of the session's or the rights' columns.
    const row = await database.db
      .selectFrom("users")
      .selectAll()
      .where("userID", "=", member.userID)
      .executeTakeFirstOrThrow();
    expect(found!.user).toEqual(row);
  });

  it("reads each session's own member when the same compiled query runs for several", async () => {
    const [first, second] = [
      await createUser(database.db, { name: "First Reader", role: ["member"] }),
      await createUser(database.db, { name: "Second Reader", role: ["member", "moderator"] }),
    ];
    const [firstSession, secondSession] = [await sessionOf(first.userID), await sessionOf(second.userID)];
    for (let round = 0; round < 2; round++) {
      const [a, b] = await Promise.all([repo.sessionWithUser(firstSession), repo.sessionWithUser(secondSession)]);
      expect(a?.user.name).toBe("First Reader");
      expect(a?.session).toMatchObject({ sessionID: firstSession, userID: first.userID, persist: 0 });
      expect(a?.rights.roleIDs).toHaveLength(1);
      expect(b?.user.name).toBe("Second Reader");
      expect(b?.session.sessionID).toBe(secondSession);
      expect(b?.rights.roleIDs).toHaveLength(2);
    }
  });

  it("gives a member without roles or groups empty lists, and an unknown session nothing", async () => {
    const member = await createUser(database.db, { name: "No Rights", role: [] });
    const found = await repo.sessionWithUser(await sessionOf(member.userID));
    expect(found?.rights).toEqual({ roleIDs: [], memberships: [] });
    expect(await repo.sessionWithUser(hashToken(randomToken()))).toBeUndefined();
  });
});
