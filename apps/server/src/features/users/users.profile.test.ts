import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userMessages, type User, type UserEdit } from "@parley/contracts";
import type { Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import { createContentFixture, type ContentFixture } from "../../test/content.ts";

type Cast = "member" | "other" | "moderator";

/** A member's own profile text (issue 29): location and about, and a rename where the site allows it. */
describe.each(engines)("profile fields on %s", (engine) => {
  let f: ContentFixture<Cast>;

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      member: { name: "Profile Member", role: "member" },
      other: { name: "Profile Other", role: "member" },
      moderator: { name: "Profile Moderator", role: "moderator" },
    });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const patch = (id: number | string, body: Record<string, unknown>, as: Session | null) =>
    f.api.patch(`/api/v2/users/${id}`, body, { as });
  const read = async (id: number, as: Session | null = f.as.other) =>
    (await f.api.get(`/api/v2/users/${id}`, { as })).json<User>();

  it("sets one's location and about (rendered like a post, sanitised), shown on the record", async () => {
    const response = await patch(
      "$me",
      { location: "  Lisbon  ", about: "I **grow** tomatoes <script>alert(1)</script>", title: "Gardener" },
      f.as.member,
    );
    expect(response.statusCode, response.body).toBe(200);
    const user = await read(f.users.member.userID);
    expect(user.location).toBe("Lisbon");
    expect(user.title).toBe("Gardener");
    expect(user.about?.format).toBe("markdown");
    expect(user.about?.body).toContain("<strong>grow</strong>");
    expect(user.about?.body).not.toMatch(/<script/i);
    const edit = (await f.api.get("/api/v2/users/$me/edit", { as: f.as.member })).json<UserEdit>();
    expect(edit).toMatchObject({
      location: "Lisbon",
      about: "I **grow** tomatoes <script>alert(1)</script>",
      aboutFormat: "markdown",
      title: "Gardener",
    });
  });

  it("takes another format, refuses unknown ones and long texts, and clears with empty values", async () => {
    const bbcode = await patch("$me", { about: "[b]Hi[/b]", aboutFormat: "BBCode" }, f.as.member);
    expect(bbcode.statusCode, bbcode.body).toBe(200);
    expect((await read(f.users.member.userID)).about).toMatchObject({ format: "bbcode" });
    const bad = await patch("$me", { about: "x", aboutFormat: "exe" }, f.as.member);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("aboutFormat");
    const long = await patch("$me", { location: "x".repeat(101) }, f.as.member);
    expect([400, 422]).toContain(long.statusCode);
    expect(long.body).toContain("location");
    expect((await patch("$me", { about: "", location: "", title: "" }, f.as.member)).statusCode).toBe(200);
    const cleared = await read(f.users.member.userID);
    expect([cleared.about, cleared.location, cleared.title]).toEqual([null, null, null]);
  });

  it("lets only oneself or users.edit holders change them", async () => {
    for (const as of [f.as.other, f.as.moderator, null]) {
      expect((await patch(f.users.member.userID, { location: "Hacked" }, as)).statusCode).toBe(403);
    }
    expect((await patch(f.users.member.userID, { location: "Porto" }, f.admin)).statusCode).toBe(200);
    expect((await read(f.users.member.userID)).location).toBe("Porto");
  });

  it("keeps them out of a private profile for others", async () => {
    await patch("$me", { location: "Hidden town", about: "Secret", private: true }, f.as.other);
    const seen = await read(f.users.other.userID, f.as.member);
    expect([seen.location, seen.about]).toEqual([null, null]);
    expect((await read(f.users.other.userID, f.as.other)).location).toBe("Hidden town");
  });

  it("renames oneself only where the site allows it (profile.editusernames), with registration's rules", async () => {
    expect((await patch("$me", { name: "New Name" }, f.as.member)).statusCode).toBe(403);
    // The site lets this member rename themself: a role with profile.editusernames (Vanilla's permission).
    const renamers = await f.api.post(
      "/api/v2/roles",
      {
        name: "Renamers",
        permissions: [
          { type: "global", id: null, permissions: { "session.valid": true, "profile.editusernames": true } },
        ],
      },
      { as: f.admin },
    );
    expect(renamers.statusCode, renamers.body).toBe(201);
    const { roleID } = renamers.json<{ roleID: number }>();
    await f.t.database.db.insertInto("userRoles").values({ userID: f.users.member.userID, roleID }).execute();
    const member = await f.api.signIn({ name: "Profile Member", password: f.users.member.password });
    const taken = await patch("$me", { name: "Profile Other" }, member);
    expect(taken.statusCode).toBe(400);
    expect(taken.body).toContain(userMessages.nameTaken);
    const invalid = await patch("$me", { name: "no<tags>" }, member);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain("Username can only contain");
    expect((await f.api.get("/api/v2/users/$me/edit", { as: member })).json<UserEdit>().canEditName).toBe(true);
    const renamed = await patch("$me", { name: "Renamed Member" }, member);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<User>().name).toBe("Renamed Member");
  });
});
