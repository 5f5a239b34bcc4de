import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groupMessages, paginationHeaders, type Group, type GroupApplicant, type GroupMember } from "@parley/contracts";
import { fewestQueries } from "../../platform/db/query-count.ts";
import { PUBLISH_JOB } from "../drafts/index.ts";
import { engines } from "../../test/databases.ts";
import { postComment, postDiscussion } from "../../test/content.ts";
import {
  addMember,
  createGroupFixture,
  expectGroupSchema,
  getGroup,
  postGroup,
  type GroupFixture,
} from "../../test/groups.ts";

describe.each(engines)("groups API on %s", (engine) => {
  let f: GroupFixture;
  beforeAll(async () => {
    f = await createGroupFixture(engine);
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it("lists the demo groups to guests, without the secret one, with paging headers", async () => {
    const response = await f.api.get("/api/v2/groups?sort=name");
    expect(response.statusCode, response.body).toBe(200);
    const groups = response.json<Group[]>();
    expectGroupSchema("Group", groups, true);
    expect(groups.map((group) => [group.name, group.privacy])).toEqual([
      ["Self-Hosting Club", "public"],
      ["Theme Designers", "private"],
    ]);
    expect(response.headers[paginationHeaders.current]).toBe("1");
    expect(response.headers[paginationHeaders.resultCount]).toBe("2");
    const club = groups[0]!;
    expect(club).toMatchObject({ countMembers: 4, countDiscussions: 2, countComments: 3, slug: "self-hosting-club" });
    expect(club.url).toBe(`http://forum.test/group/${club.groupID}-self-hosting-club`);
    expect(club.viewer).toEqual({ role: null, dateJoined: null, application: null, invited: false });
    expect(club.permissions).toMatchObject({ view: true, post: false, join: false, apply: false, edit: false });
    // The admin (and groups.moderate) see the secret group too.
    const all = (await f.api.get("/api/v2/groups?sort=name", { as: f.admin })).json<Group[]>();
    expect(all.map((group) => group.name)).toContain("Moderators' Lounge");
    const moderated = (await f.api.get("/api/v2/groups", { as: f.as.moderator })).json<Group[]>();
    expect(moderated).toHaveLength(3);
  });

  it("creates a group with its creator as leader, then edits and validates it", async () => {
    const group = await postGroup(f, { name: "Gardeners", description: "  Plants.  ", privacy: "private" });
    expect(group).toMatchObject({
      name: "Gardeners",
      description: "Plants.",
      privacy: "private",
      countMembers: 1,
      countDiscussions: 0,
      insertUserID: f.users.leader.userID,
      viewer: { role: "leader", invited: false, application: null },
      permissions: { view: true, post: true, edit: true, delete: true, invite: true, leave: true, join: false },
    });
    // Its category is not an ordinary one.
    const category = await f.api.get(`/api/v2/categories/${group.categoryID}`, { as: f.as.leader });
    expect(category.statusCode, category.body).toBe(200);

    const taken = await f.api.post(
      "/api/v2/groups",
      { name: "GARDENERS", description: "", privacy: "public" },
      { as: f.as.member },
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ errors: [{ field: "name", message: groupMessages.nameTaken }] });
    const invalid = await f.api.post(
      "/api/v2/groups",
      { name: "x", description: "", privacy: "open" },
      { as: f.as.member },
    );
    expect(invalid.statusCode).toBe(400);
    // Images only from this site or over https (what the pages' Content-Security-Policy loads).
    for (const address of ["javascript:alert(1)", "http://example.com/a.png", "//example.com/a.png"]) {
      const badImage = await f.api.post(
        "/api/v2/groups",
        { name: "Pictures", description: "", privacy: "public", iconUrl: address },
        { as: f.as.member },
      );
      expect([address, badImage.statusCode]).toEqual([address, 400]);
    }
    for (const address of ["https://example.com/a.png", "/uploads/a.png", ""]) {
      const patchedImage = await f.api.patch(
        `/api/v2/groups/${group.groupID}`,
        { bannerUrl: address },
        { as: f.as.leader },
      );
      expect([address, patchedImage.statusCode]).toEqual([address, 200]);
    }
    const guest = await f.api.post("/api/v2/groups", { name: "Guests", description: "", privacy: "public" });
    expect([401, 403]).toContain(guest.statusCode);

    const patched = await f.api.patch(
      `/api/v2/groups/${group.groupID}`,
      { name: "Garden Club", description: "Plants and more." },
      { as: f.as.leader },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<Group>()).toMatchObject({ name: "Garden Club", updateUserID: f.users.leader.userID });
    const category2 = await f.api.get(`/api/v2/categories/${group.categoryID}`, { as: f.as.leader });
    expect(category2.json()).toMatchObject({ name: "Garden Club" });
    // Others may not edit or delete it; the moderator may.
    const other = await f.api.patch(`/api/v2/groups/${group.groupID}`, { name: "Mine" }, { as: f.as.member });
    expect([403, 404]).toContain(other.statusCode);
    const byModerator = await f.api.patch(
      `/api/v2/groups/${group.groupID}`,
      { description: "Moderated." },
      { as: f.as.moderator },
    );
    expect(byModerator.statusCode, byModerator.body).toBe(200);
    const missing = await f.api.get("/api/v2/groups/999999");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: groupMessages.notFound });
  });

  it("filters and sorts the list, and expands the creator", async () => {
    const mine = (
      await f.api.get(`/api/v2/groups?memberID=${f.users.leader.userID}&expand=insertUser`, { as: f.as.leader })
    ).json<Group[]>();
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((group) => group.viewer.role !== null)).toBe(true);
    expect(mine[0]!.insertUser?.name).toBe("Group Leader");
    const someoneElse = await f.api.get(`/api/v2/groups?memberID=${f.users.leader.userID}`, { as: f.as.member });
    expect(someoneElse.statusCode).toBe(403);
    const named = (await f.api.get("/api/v2/groups?name=theme")).json<Group[]>();
    expect(named.map((group) => group.name)).toEqual(["Theme Designers"]);
    const privates = (await f.api.get("/api/v2/groups?privacy=private&sort=-countMembers")).json<Group[]>();
    expect(privates.every((group) => group.privacy === "private")).toBe(true);
    const secret = (await f.api.get("/api/v2/groups?privacy=secret")).json<Group[]>();
    expect(secret).toEqual([]);
  });

  it("joins a public group, leaves it, and keeps a leader", async () => {
    const group = await postGroup(f, { privacy: "public" });
    const joined = await f.api.post(`/api/v2/groups/${group.groupID}/join`, {}, { as: f.as.member });
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json<Group>()).toMatchObject({
      countMembers: 2,
      viewer: { role: "member" },
      permissions: { post: true, leave: true, join: false },
    });
    const again = await f.api.post(`/api/v2/groups/${group.groupID}/join`, {}, { as: f.as.member });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: groupMessages.alreadyMember });
    const guestJoin = await f.api.post(`/api/v2/groups/${group.groupID}/join`, {});
    expect([401, 403]).toContain(guestJoin.statusCode);

    const lastLeader = await f.api.post(`/api/v2/groups/${group.groupID}/leave`, {}, { as: f.as.leader });
    expect(lastLeader.statusCode).toBe(409);
    expect(lastLeader.json()).toMatchObject({ message: groupMessages.lastLeader });
    const demote = await f.api.patch(
      `/api/v2/groups/${group.groupID}/members/${f.users.leader.userID}`,
      { role: "member" },
      { as: f.as.leader },
    );
    expect(demote.statusCode).toBe(409);
    const promote = await f.api.patch(
      `/api/v2/groups/${group.groupID}/members/${f.users.member.userID}`,
      { role: "leader" },
      { as: f.as.leader },
    );
    expect(promote.statusCode, promote.body).toBe(200);
    expect(promote.json<GroupMember>()).toMatchObject({ role: "leader", user: { name: "Group Member" } });
    const left = await f.api.post(`/api/v2/groups/${group.groupID}/leave`, {}, { as: f.as.leader });
    expect(left.statusCode, left.body).toBe(204);
    const notMember = await f.api.post(`/api/v2/groups/${group.groupID}/leave`, {}, { as: f.as.leader });
    expect(notMember.statusCode).toBe(409);
    expect(notMember.json()).toMatchObject({ message: groupMessages.notMember });
    const after = (await getGroup(f, group.groupID, f.as.leader)).json<Group>();
    expect(after).toMatchObject({ countMembers: 1, viewer: { role: null }, permissions: { join: true, edit: false } });
  });

  it("takes applications to a private group: apply, one pending at a time, deny, apply again, approve", async () => {
    const group = await postGroup(f, { privacy: "private" });
    const join = await f.api.post(`/api/v2/groups/${group.groupID}/join`, {}, { as: f.as.outsider });
    expect(join.statusCode).toBe(403);
    expect(join.json()).toMatchObject({ message: groupMessages.privateApply });
    const applied = await f.api.post(
      `/api/v2/groups/${group.groupID}/apply`,
      { reason: "I grow tomatoes." },
      { as: f.as.outsider },
    );
    expect(applied.statusCode, applied.body).toBe(201);
    expectGroupSchema("GroupApplicant", applied.json());
    expect(applied.json<GroupApplicant>()).toMatchObject({ status: "pending", reason: "I grow tomatoes." });
    const twice = await f.api.post(`/api/v2/groups/${group.groupID}/apply`, {}, { as: f.as.outsider });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: groupMessages.applicationPending });
    // Leaders see the applications; others do not.
    const denied = await f.api.get(`/api/v2/groups/${group.groupID}/applicants`, { as: f.as.outsider });
    expect(denied.statusCode).toBe(403);
    const applicants = await f.api.get(`/api/v2/groups/${group.groupID}/applicants?status=pending`, {
      as: f.as.leader,
    });
    expect(applicants.statusCode, applicants.body).toBe(200);
    expectGroupSchema("GroupApplicant", applicants.json(), true);
    expect(applicants.json<GroupApplicant[]>().map((row) => row.userID)).toEqual([f.users.outsider.userID]);
    // The leader was told.
    const told = await f.api.get("/api/v2/notifications", { as: f.as.leader });
    const note = told.json<Array<{ body: string; url: string }>>()[0]!;
    expect(note.body).toContain("applied to join");
    expect(note.url).toMatch(new RegExp(`/group/${group.groupID}-[a-z0-9-]+/members$`));

    const deny = await f.api.patch(
      `/api/v2/groups/${group.groupID}/applicants/${f.users.outsider.userID}`,
      { status: "denied" },
      { as: f.as.leader },
    );
    expect(deny.statusCode, deny.body).toBe(200);
    expect(deny.json<GroupApplicant>().status).toBe("denied");
    const decideAgain = await f.api.patch(
      `/api/v2/groups/${group.groupID}/applicants/${f.users.outsider.userID}`,
      { status: "approved" },
      { as: f.as.leader },
    );
    expect(decideAgain.statusCode).toBe(409);
    const reapplied = await f.api.post(`/api/v2/groups/${group.groupID}/apply`, {}, { as: f.as.outsider });
    expect(reapplied.statusCode, reapplied.body).toBe(201);
    const approve = await f.api.patch(
      `/api/v2/groups/${group.groupID}/applicants/${f.users.outsider.userID}`,
      { status: "approved" },
      { as: f.as.leader },
    );
    expect(approve.statusCode, approve.body).toBe(200);
    const now = (await getGroup(f, group.groupID, f.as.outsider)).json<Group>();
    expect(now).toMatchObject({ viewer: { role: "member", application: "approved" }, permissions: { view: true } });
    const approvedNote = (await f.api.get("/api/v2/notifications", { as: f.as.outsider })).json<
      Array<{ body: string }>
    >();
    expect(approvedNote[0]!.body).toContain("Your application to join");
  });

  it("public approves pending applications; secret denies them", async () => {
    const group = await postGroup(f, { privacy: "private" });
    await f.api.post(`/api/v2/groups/${group.groupID}/apply`, {}, { as: f.as.member });
    const open = await f.api.patch(`/api/v2/groups/${group.groupID}`, { privacy: "public" }, { as: f.as.leader });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json<Group>().countMembers).toBe(2);
    expect((await getGroup(f, group.groupID, f.as.member)).json<Group>().viewer.role).toBe("member");

    const other = await postGroup(f, { privacy: "private" });
    await f.api.post(`/api/v2/groups/${other.groupID}/apply`, {}, { as: f.as.outsider });
    await f.api.patch(`/api/v2/groups/${other.groupID}`, { privacy: "secret" }, { as: f.as.leader });
    const applications = (await f.api.get(`/api/v2/groups/${other.groupID}/applicants`, { as: f.as.leader })).json<
      GroupApplicant[]
    >();
    expect(applications.map((row) => row.status)).toEqual(["denied"]);
    expect((await getGroup(f, other.groupID, f.as.outsider)).statusCode).toBe(404);
  });

  it("invites by id and e-mail address to a secret group; accept, decline and withdraw", async () => {
    const group = await postGroup(f, { privacy: "secret" });
    expect((await getGroup(f, group.groupID, f.as.member)).statusCode).toBe(404);
    const join = await f.api.post(`/api/v2/groups/${group.groupID}/join`, {}, { as: f.as.member });
    expect(join.statusCode).toBe(404);
    const notLeader = await f.api.post(
      `/api/v2/groups/${group.groupID}/invitations`,
      { userIDs: [f.users.outsider.userID] },
      { as: f.as.member },
    );
    expect(notLeader.statusCode).toBe(404);
    // An address names its account in the answer: a leader without personalInfo.view may not invite by one.
    const byAddress = await f.api.post(
      `/api/v2/groups/${group.groupID}/invitations`,
      { emails: [f.users.outsider.email] },
      { as: f.as.leader },
    );
    expect(byAddress.statusCode).toBe(403);
    expect(byAddress.json<{ permissions: string[] }>().permissions).toEqual(["personalInfo.view"]);
    const unknown = await f.api.post(
      `/api/v2/groups/${group.groupID}/invitations`,
      { emails: ["nobody@nowhere.test"] },
      { as: f.admin },
    );
    expect(unknown.statusCode).toBe(422);
    const invited = await f.api.post(
      `/api/v2/groups/${group.groupID}/invitations`,
      { userIDs: [f.users.member.userID], emails: [f.users.outsider.email.toUpperCase()] },
      { as: f.admin },
    );
    expect(invited.statusCode, invited.body).toBe(201);
    expectGroupSchema("GroupInvitation", invited.json(), true);
    expect(
      invited
        .json<Array<{ userID: number }>>()
        .map((row) => row.userID)
        .sort(),
    ).toEqual([f.users.member.userID, f.users.outsider.userID].sort());
    const list = await f.api.get(`/api/v2/groups/${group.groupID}/invitations`, { as: f.as.leader });
    expect(list.json<unknown[]>()).toHaveLength(2);

    // Invitees know the group and were told.
    const seen = (await getGroup(f, group.groupID, f.as.member)).json<Group>();
    expect(seen).toMatchObject({ viewer: { invited: true }, permissions: { join: true, view: false } });
    const note = (await f.api.get("/api/v2/notifications", { as: f.as.member })).json<Array<{ body: string }>>();
    expect(note[0]!.body).toContain("invited you to join");
    const listed = (await f.api.get("/api/v2/groups?privacy=secret", { as: f.as.member })).json<Group[]>();
    expect(listed.map((row) => row.groupID)).toContain(group.groupID);

    const accepted = await f.api.post(`/api/v2/groups/${group.groupID}/join`, {}, { as: f.as.member });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json<Group>()).toMatchObject({
      viewer: { role: "member", invited: false },
      permissions: { view: true },
    });
    const declined = await f.api.delete(`/api/v2/groups/${group.groupID}/invitations/${f.users.outsider.userID}`, {
      as: f.as.outsider,
    });
    expect(declined.statusCode, declined.body).toBe(204);
    expect((await getGroup(f, group.groupID, f.as.outsider)).statusCode).toBe(404);
    // A leader withdraws an invitation.
    await f.api.post(
      `/api/v2/groups/${group.groupID}/invitations`,
      { userIDs: [f.users.outsider.userID] },
      { as: f.as.leader },
    );
    const withdrawn = await f.api.delete(`/api/v2/groups/${group.groupID}/invitations/${f.users.outsider.userID}`, {
      as: f.as.leader,
    });
    expect(withdrawn.statusCode).toBe(204);
    const secretApply = await f.api.post(`/api/v2/groups/${group.groupID}/apply`, {}, { as: f.as.outsider });
    expect(secretApply.statusCode).toBe(404);
  });

  it("lists members (private ones to members only); leaders add and remove; members remove themselves", async () => {
    const group = await postGroup(f, { privacy: "private" });
    await addMember(f, group.groupID, f.users.member.userID);
    const outsider = await f.api.get(`/api/v2/groups/${group.groupID}/members`, { as: f.as.outsider });
    expect(outsider.statusCode).toBe(403);
    const members = await f.api.get(`/api/v2/groups/${group.groupID}/members?role=member`, { as: f.as.member });
    expect(members.statusCode, members.body).toBe(200);
    expectGroupSchema("GroupMember", members.json(), true);
    expect(members.json<GroupMember[]>().map((row) => row.userID)).toEqual([f.users.member.userID]);
    const byMember = await f.api.post(
      `/api/v2/groups/${group.groupID}/members`,
      { userID: f.users.outsider.userID },
      { as: f.as.member },
    );
    expect(byMember.statusCode).toBe(403);
    const removeOther = await f.api.delete(`/api/v2/groups/${group.groupID}/members/${f.users.leader.userID}`, {
      as: f.as.member,
    });
    expect(removeOther.statusCode).toBe(403);
    const self = await f.api.delete(`/api/v2/groups/${group.groupID}/members/${f.users.member.userID}`, {
      as: f.as.member,
    });
    expect(self.statusCode, self.body).toBe(204);
    const publicMembers = await f.api.get(
      `/api/v2/groups/${(await f.api.get("/api/v2/groups?privacy=public&name=Self")).json<Group[]>()[0]!.groupID}/members`,
    );
    expect(publicMembers.statusCode, publicMembers.body).toBe(200);
  });

  it("runs a fixed number of queries for GET /groups and GET /groups/{id}/members", async () => {
    for (let index = 0; index < 4; index++) await postGroup(f, { privacy: index % 2 ? "public" : "private" });
    const group = await postGroup(f, { privacy: "public" });
    for (const key of ["member", "outsider", "moderator"] as const)
      await addMember(f, group.groupID, f.users[key].userID);
    const measure = async (url: string) => {
      await f.api.get(url, { as: f.as.member });
      return fewestQueries(() => f.api.get(url, { as: f.as.member }));
    };
    const lists = [
      await measure("/api/v2/groups?limit=2&expand=insertUser"),
      await measure("/api/v2/groups?limit=8&expand=insertUser"),
    ];
    const members = [
      await measure(`/api/v2/groups/${group.groupID}/members?limit=1`),
      await measure(`/api/v2/groups/${group.groupID}/members?limit=4`),
    ];
    // What signing a request in costs (session, user, roles with memberships): GET /reactions reads cached types.
    const session = await fewestQueries(() => f.api.get("/api/v2/reactions", { as: f.as.member }));
    expect(lists[1]).toBe(lists[0]);
    expect(members[1]).toBe(members[0]);
    // The list, its count, the viewer's standings, the creators.
    expect(lists[0]! - session).toBeLessThanOrEqual(4);
    // The group, the viewer's standing, the members, their count, their users.
    expect(members[0]! - session).toBeLessThanOrEqual(5);
  });

  it("publishes a scheduled discussion draft into its group (parentRecordType group)", async () => {
    const group = await postGroup(f, { privacy: "private" });
    const name = `Scheduled for the group ${engine}`;
    const draft = await f.api.post(
      "/api/v2/drafts",
      {
        recordType: "discussion",
        parentRecordType: "group",
        parentRecordID: group.groupID,
        draftStatus: "scheduled",
        dateScheduled: new Date(Date.now() + 60_000).toISOString(),
        attributes: { body: "Group news.", format: "markdown", draftMeta: { name } },
      },
      { as: f.as.moderator },
    );
    expect(draft.statusCode, draft.body).toBe(201);
    const db = f.t.database.db;
    await db
      .updateTable("drafts")
      .set({ dateScheduled: new Date(Date.now() - 1000).toISOString() })
      .where("draftID", "=", draft.json<{ draftID: number }>().draftID)
      .execute();
    await f.t.app.platform.jobs.runNow(PUBLISH_JOB);
    const posted = await db
      .selectFrom("discussions")
      .select(["groupID", "categoryID"])
      .where("name", "=", name)
      .executeTakeFirst();
    expect(posted).toEqual({ groupID: group.groupID, categoryID: group.categoryID });
  });

  it("documents its routes in the OpenAPI document", async () => {
    const response = await f.api.get("/api/v2/open-api/v3");
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    for (const path of ["/groups", "/groups/{id}", "/groups/{id}/members", "/groups/{id}/invitations/{userID}"].map(
      (path) => `/api/v2${path}`,
    ))
      expect(paths, path).toContain(path);
  });

  it("deletes a group with its discussions, comments, members and category", async () => {
    const group = await postGroup(f, { privacy: "public" });
    await addMember(f, group.groupID, f.users.member.userID);
    const discussion = await postDiscussion(f.api, f.as.member, { groupID: group.groupID } as never);
    await postComment(f.api, f.as.leader, discussion.discussionID);
    const before = (await f.api.get(`/api/v2/users/${f.users.member.userID}`, { as: f.admin })).json<{
      countDiscussions: number;
    }>();
    const notLeader = await f.api.delete(`/api/v2/groups/${group.groupID}`, { as: f.as.member });
    expect(notLeader.statusCode).toBe(403);
    const removed = await f.api.delete(`/api/v2/groups/${group.groupID}`, { as: f.as.leader });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await getGroup(f, group.groupID, f.admin)).statusCode).toBe(404);
    expect((await f.api.get(`/api/v2/discussions/${discussion.discussionID}`, { as: f.admin })).statusCode).toBe(410);
    expect((await f.api.get(`/api/v2/categories/${group.categoryID}`, { as: f.admin })).statusCode).toBe(404);
    const after = (await f.api.get(`/api/v2/users/${f.users.member.userID}`, { as: f.admin })).json<{
      countDiscussions: number;
    }>();
    expect(after.countDiscussions).toBe(before.countDiscussions - 1);
    const db = f.t.database.db;
    const leftovers = await db
      .selectFrom("groupMembers")
      .select("userID")
      .where("groupID", "=", group.groupID)
      .execute();
    expect(leftovers).toEqual([]);
    const search = await f.api.get(`/api/v2/search?query=${encodeURIComponent(discussion.name)}`, { as: f.admin });
    expect(search.json<Array<{ recordID: number }>>().map((row) => row.recordID)).not.toContain(
      discussion.discussionID,
    );
  });
});
