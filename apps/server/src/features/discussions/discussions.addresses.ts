import type { Kysely } from "kysely";
import { postAddresses } from "../../platform/db/post-addresses.ts";
import type { DB } from "../../platform/db/schema.ts";

/** The addresses a member posted discussions from (the IP addresses panel). */
export const discussionAddressesOf = (db: Kysely<DB>, userID: number): Promise<string[]> =>
  postAddresses(db, "discussions").of(userID);

/** Who posted discussions from any of `ipAddresses`. */
export const discussionAuthorsAt = (
  db: Kysely<DB>,
  ipAddresses: string[],
): Promise<Array<{ userID: number; ipAddress: string }>> => postAddresses(db, "discussions").authorsAt(ipAddresses);
