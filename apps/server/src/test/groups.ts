import { expect } from "vitest";
import { Type } from "typebox";
import { Value } from "typebox/value";
import {
  Group,
  GroupApplicant,
  GroupInvitation,
  GroupMember,
  UserFragment,
  type Group as GroupRecord,
  type GroupPost,
} from "@parley/contracts";
import type { DialectName } from "../platform/db/database.ts";
import type { Session } from "./accounts.ts";
import { createContentFixture, type ContentFixture } from "./content.ts";

/*
 * The groups' route tests: the demo community, a cast (two members, an outsider, a moderator), and helpers
 * that create groups and check records against the contract.
 */

type GroupCast = "leader" | "member" | "outsider" | "moderator";
export type GroupFixture = ContentFixture<GroupCast>;

const schemas = { UserFragment, Group, GroupMember, GroupApplicant, GroupInvitation };

/** Fails with TypeBox's errors unless the value matches the group schema named (`$ref`s resolved). */
export function expectGroupSchema(name: keyof typeof schemas, value: unknown, list = false): void {
  const schema = list ? Type.Array(Type.Ref(name)) : Type.Ref(name);
  if (Value.Check(schemas, schema, value)) return;
  expect([...Value.Errors(schemas, schema, value)].slice(0, 5), `${name} matches its schema`).toEqual([]);
}

export const createGroupFixture = (engine: DialectName): Promise<GroupFixture> =>
  createContentFixture(engine, {
    leader: { name: "Group Leader", role: "member", bypassSpam: true },
    member: { name: "Group Member", role: "member", bypassSpam: true },
    outsider: { name: "Group Outsider", role: "member", bypassSpam: true },
    moderator: { name: "Group Moderator", role: "moderator", bypassSpam: true },
  });

let names = 0;

/** Creates a group as `as` (the leader unless told) and expects 201. */
export async function postGroup(
  f: GroupFixture,
  fields: Partial<GroupPost> = {},
  as: Session = f.as.leader,
): Promise<GroupRecord> {
  const response = await f.api.post(
    "/api/v2/groups",
    { name: `Test Group ${++names}`, description: "For tests.", privacy: "public", ...fields },
    { as },
  );
  expect(response.statusCode, response.body).toBe(201);
  const group = response.json<GroupRecord>();
  expectGroupSchema("Group", group);
  return group;
}

/** The leader adds a user to the group as a member (or leader) and expects 201. */
export async function addMember(f: GroupFixture, groupID: number, userID: number, role = "member", as = f.as.leader) {
  const response = await f.api.post(`/api/v2/groups/${groupID}/members`, { userID, role }, { as });
  expect(response.statusCode, response.body).toBe(201);
}

export async function getGroup(f: GroupFixture, groupID: number, as: Session | null) {
  return f.api.get(`/api/v2/groups/${groupID}`, { as });
}
