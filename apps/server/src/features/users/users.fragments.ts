import type { Kysely } from "kysely";
import type { UserFragment } from "@parley/contracts";
import type { DB } from "../../platform/db/schema.ts";
import { defaultPhotoUrl, presentUserFragment } from "./users.present.ts";

/** 'Unknown User' for an id that matches nobody (spec §3 placeholders: userID 0, no photo, null activity). */
export const unknownUser = (origin: string): UserFragment => ({
  userID: 0,
  name: "Unknown User",
  photoUrl: defaultPhotoUrl(origin),
  url: `${origin}/`,
  dateLastActive: null,
});

/** Loads the users a list embeds (insertUser, lastUser…) in one query. */
export function createUserFragments(db: Kysely<DB>) {
  return {
    async load(userIDs: Iterable<number | null | undefined>, origin: string): Promise<Map<number, UserFragment>> {
      const ids = [...new Set([...userIDs].filter((id): id is number => typeof id === "number" && id > 0))];
      const out = new Map<number, UserFragment>();
      if (ids.length === 0) return out;
      const rows = await db.selectFrom("users").selectAll().where("userID", "in", ids).execute();
      for (const row of rows) out.set(row.userID, presentUserFragment(row, origin));
      return out;
    },
  };
}

export type UserFragments = ReturnType<typeof createUserFragments>;
