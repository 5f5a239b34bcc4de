import type { Kysely } from "kysely";
import type { Signature, UserFragment, UserRank } from "@parley/contracts";
import type { DB } from "../../platform/db/schema.ts";
import type { ReadCache } from "../../platform/read-cache.ts";
import { letterAvatarPath } from "../../platform/render/letter-avatar.ts";
import { fragmentColumns, presentSignature, presentUserFragment } from "./users.present.ts";
import { rankFragments } from "./users.ranks.ts";

/** 'Unknown User' for an id that matches nobody (spec §3 placeholders: userID 0, no photo, null activity). */
export const unknownUser = (origin: string): UserFragment => ({
  userID: 0,
  name: "Unknown User",
  photoUrl: `${origin}${letterAvatarPath("Unknown User")}`,
  url: `${origin}/`,
  dateLastActive: null,
});

/**
 * Loads the users a list embeds (insertUser, lastUser…) in one query, with their rank's label (a second, small one)
 * while the ranks add-on is on (`ranksEnabled`).
 */
export function createUserFragments(
  db: Kysely<DB>,
  ranksEnabled: () => Promise<boolean> = async () => false,
  /**
   * The rows kept for every list (`platform/read-cache.ts`): a list's authors are read from the database once, then
   * until a content change (a renamed, banned or deleted member among them) or 10 s. Signatures are always read.
   */
  kept: ReadCache | null = null,
) {
  const rowsOf = (ids: number[], signatures: boolean) =>
    db
      .selectFrom("users")
      .select([...fragmentColumns, "rankID", ...(signatures ? (["signature", "signatureFormat"] as const) : [])])
      .where("userID", "in", ids)
      .execute();
  /**
   * A kept row's fragment, presented once and shared while the row is kept (a frozen row is one of the kept rows: it
   * is dropped with them); any other row's, presented each time. Shared fragments are frozen.
   */
  const presented = new WeakMap<object, { origin: string; fragment: UserFragment }>();
  const presentedOnce = (row: Parameters<typeof presentUserFragment>[0], origin: string): UserFragment => {
    if (!Object.isFrozen(row)) return presentUserFragment(row, origin);
    const known = presented.get(row);
    if (known?.origin === origin) return known.fragment;
    const fragment = Object.freeze(presentUserFragment(row, origin));
    presented.set(row, { origin, fragment });
    return fragment;
  };
  const loadBoth = async (userIDs: Iterable<number | null | undefined>, origin: string, signatures: boolean) => {
    const ids = [...new Set([...userIDs].filter((id): id is number => typeof id === "number" && id > 0))];
    const fragments = new Map<number, UserFragment>();
    const signatureMap = new Map<number, Signature | null>();
    if (ids.length === 0) return { fragments, signatures: signatureMap };
    // A fragment's columns only, with the signature's when wanted (a member's row is mostly its texts).
    const rows: Array<Awaited<ReturnType<typeof rowsOf>>[number]> =
      kept && !signatures
        ? await kept.byID(
            "user-fragment",
            ids,
            (missing) => rowsOf(missing, false),
            (row) => row.userID,
          )
        : await rowsOf(ids, signatures);
    const ranked = rows.some((row) => row.rankID !== null);
    const ranks =
      ranked && (await ranksEnabled())
        ? await rankFragments(
            db,
            rows.map((row) => row.rankID),
          )
        : new Map<number, UserRank>();
    for (const row of rows) {
      const rank = row.rankID === null ? undefined : ranks.get(row.rankID);
      fragments.set(row.userID, rank ? { ...presentUserFragment(row, origin), rank } : presentedOnce(row, origin));
      if (signatures) signatureMap.set(row.userID, presentSignature(row, origin));
    }
    return { fragments, signatures: signatureMap };
  };
  return {
    async load(userIDs: Iterable<number | null | undefined>, origin: string): Promise<Map<number, UserFragment>> {
      return (await loadBoth(userIDs, origin, false)).fragments;
    },
    /** The same one query, plus each user's rendered signature (`expand=insertUser.signature`). */
    loadWithSignatures: (userIDs: Iterable<number | null | undefined>, origin: string) =>
      loadBoth(userIDs, origin, true),
  };
}

export type UserFragments = ReturnType<typeof createUserFragments>;
