import type { IpAddressSource, MemberIpAddress } from "@parley/contracts";
import type { Kysely } from "kysely";
import { requireAccess } from "../../platform/auth/access.ts";
import type { DB } from "../../platform/db/schema.ts";
import { notFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import {
  commentAddressesOf,
  commentAuthorsAt,
  discussionAddressesOf,
  discussionAuthorsAt,
  memberAddresses,
  membersAtAddresses,
  type UserFragments,
} from "./bans.deps.ts";
import { bansPolicy as policy } from "./bans.policy.ts";

/** Addresses shown for one member at most (the most places first). */
const MAX_ADDRESSES = 50;

/**
 * `GET /users/{id}/ip-addresses` (personalInfo.view): the addresses a member used — at registration, on their
 * last visit, in their browser sessions, on their discussions and comments — each read by the feature that owns
 * it, with the other accounts seen at the same address and the address rules that match it.
 */
export function createAddressBook(deps: {
  db: Kysely<DB>;
  users: UserFragments;
  addressRules: (ips: string[]) => Promise<Map<string, number[]>>;
}) {
  const { db } = deps;
  return async function addressesOf(userID: number, context: RequestContext): Promise<MemberIpAddress[]> {
    requireAccess(context.viewer, policy.canSeeAddresses);
    const member = (await deps.users.load([userID], context.origin)).get(userID);
    if (!member) throw notFound("User");
    const sources = new Map<string, Set<IpAddressSource>>();
    const seen = (ipAddress: string, source: IpAddressSource) => {
      const set = sources.get(ipAddress) ?? new Set();
      set.add(source);
      sources.set(ipAddress, set);
    };
    for (const { ipAddress, source } of await memberAddresses(db, userID)) seen(ipAddress, source);
    for (const ipAddress of await discussionAddressesOf(db, userID)) seen(ipAddress, "discussion");
    for (const ipAddress of await commentAddressesOf(db, userID)) seen(ipAddress, "comment");
    const addresses = [...sources.keys()]
      .sort((a, b) => sources.get(b)!.size - sources.get(a)!.size || a.localeCompare(b))
      .slice(0, MAX_ADDRESSES);

    const others = new Map<string, Set<number>>(addresses.map((ip) => [ip, new Set()]));
    const found = [
      ...(await membersAtAddresses(db, addresses)),
      ...(await discussionAuthorsAt(db, addresses)),
      ...(await commentAuthorsAt(db, addresses)),
    ];
    for (const { userID: otherID, ipAddress } of found) if (otherID !== userID) others.get(ipAddress)?.add(otherID);
    const fragments = await deps.users.load(
      found.map((row) => row.userID),
      context.origin,
    );
    const rules = await deps.addressRules(addresses);
    return addresses.map((ipAddress) => ({
      ipAddress,
      sources: [...sources.get(ipAddress)!],
      otherUsers: [...others.get(ipAddress)!].flatMap((id) => {
        const fragment = fragments.get(id);
        return fragment ? [fragment] : [];
      }),
      banIDs: rules.get(ipAddress) ?? [],
    }));
  };
}

export type AddressBook = ReturnType<typeof createAddressBook>;
