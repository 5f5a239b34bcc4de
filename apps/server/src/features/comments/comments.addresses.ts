import type { Kysely } from "kysely";
import { postAddresses } from "../../platform/db/post-addresses.ts";
import type { DB } from "../../platform/db/schema.ts";

/** The addresses a member commented from (the IP addresses panel). */
export const commentAddressesOf = (db: Kysely<DB>, userID: number): Promise<string[]> =>
  postAddresses(db, "comments").of(userID);

/** Who commented from any of `ipAddresses`. */
export const commentAuthorsAt = (
  db: Kysely<DB>,
  ipAddresses: string[],
): Promise<Array<{ userID: number; ipAddress: string }>> => postAddresses(db, "comments").authorsAt(ipAddresses);
