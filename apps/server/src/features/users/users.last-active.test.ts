import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Discussion as DiscussionRecord, User, UserFragment } from "@parley/contracts";
import type { Session } from "../../test/accounts.ts";
import { createContentFixture, postDiscussion, type ContentFixture } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";

const cast = {
  hid: { name: "Hal Hidden", role: "member", bypassSpam: true },
  open: { name: "Opal Open", role: "member" },
  other: { name: "Oli Other", role: "member" },
  mod: { name: "Mo Moderator", role: "moderator" },
} as const;
type Who = keyof typeof cast;

/**
 * A member hiding their online status (`hidden`) shows no `dateLastActive` to others: not on their profile, in the
 * members list, in name look-ups or embedded in posts; they see it themself, as do personalInfo.view holders
 * (moderators, administrators) where the record is theirs to see.
 */
describe.each(engines)("the last activity of a member hiding their status on %s", (engine) => {
  let f: ContentFixture<Who>;
  let discussionID: number;
  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
    const hidden = await f.api.patch(`/api/v2/users/${f.users.hid.userID}`, { hidden: true }, { as: f.as.hid });
    expect(hidden.statusCode, hidden.body).toBe(200);
    discussionID = (await postDiscussion(f.api, f.as.hid, { categoryID: f.category.general, name: "Quiet one" }))
      .discussionID;
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const viewers = (): Array<[string, Session | null, boolean]> => [
    ["themself", f.as.hid, true],
    ["another member", f.as.other, false],
    ["a moderator (personalInfo.view)", f.as.mod, true],
    ["an administrator", f.admin, true],
    ["a guest", null, false],
  ];

  it("leaves it out of GET /users/{id} but for themself and personalInfo.view", async () => {
    for (const [who, as, sees] of viewers()) {
      const hid = (await f.api.get(`/api/v2/users/${f.users.hid.userID}`, { as })).json<User>();
      expect(hid.dateLastActive === null, who).toBe(!sees);
      const open = (await f.api.get(`/api/v2/users/${f.users.open.userID}`, { as })).json<User>();
      expect(open.dateLastActive, who).not.toBeNull();
    }
  });

  it("leaves it out of the members list and name look-ups alike", async () => {
    for (const [who, as, sees] of viewers()) {
      const list = await f.api.get(`/api/v2/users?query=Hal%20Hidden`, { as });
      if (list.statusCode === 200) {
        const hid = list.json<User[]>().find((user) => user.userID === f.users.hid.userID);
        if (hid) expect(hid.dateLastActive === null, who).toBe(!sees);
      }
      const byName = await f.api.get(`/api/v2/users/by-names?name=Hal%20Hidden`, { as });
      expect(byName.statusCode, who).toBe(200);
      expect(byName.json<UserFragment[]>()[0]!.dateLastActive === null, who).toBe(!sees);
    }
    const list = (await f.api.get(`/api/v2/users?limit=100`, { as: f.admin })).json<User[]>();
    expect(list.find((user) => user.userID === f.users.hid.userID)!.dateLastActive).not.toBeNull();
  });

  it("leaves it out of the author embedded in posts, for everyone (those records are shared)", async () => {
    for (const [who, as] of viewers()) {
      const discussion = (
        await f.api.get(`/api/v2/discussions/${discussionID}?expand=insertUser`, { as })
      ).json<DiscussionRecord>();
      expect(discussion.insertUser?.dateLastActive, who).toBeNull();
    }
  });
});
