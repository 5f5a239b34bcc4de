import type { Kysely } from "kysely";
import { lockAllRows, lockRows } from "../../platform/db/row-locks.ts";
import type { DB } from "../../platform/db/schema.ts";
import { recomputeAllRanks, recomputeRanks } from "./users.ranks.ts";

/*
 * Members' post counts, changed by the features that add and remove posts inside their own transaction
 * (`db` is it): an increment in the database, or a recount by a later statement once the rows are locked
 * (platform/db/row-locks.ts).
 */

export async function adjustPostCount(
  db: Kysely<DB>,
  userID: number,
  column: "countDiscussions" | "countComments",
  delta: number,
): Promise<void> {
  await db
    .updateTable("users")
    .set((eb) => ({ [column]: eb(column, "+", delta) }))
    .where("userID", "=", userID)
    .execute();
  await recomputeRanks(db, [userID]);
}

/** Adds to members' all-time points (the reputation ledger's writes, in the write's transaction), in id order. */
export async function adjustUserPoints(db: Kysely<DB>, deltas: Map<number, number>): Promise<void> {
  for (const [userID, delta] of [...deltas].sort((a, b) => a[0] - b[0])) {
    if (delta === 0) continue;
    await db
      .updateTable("users")
      .set((eb) => ({ points: eb("points", "+", delta) }))
      .where("userID", "=", userID)
      .execute();
  }
  await recomputeRanks(
    db,
    [...deltas].filter(([, delta]) => delta !== 0).map(([userID]) => userID),
  );
}

/** Every member's points back to 0 (the reputation ledger's recount, before it adds them up again). */
export async function clearUserPoints(db: Kysely<DB>): Promise<void> {
  await db.updateTable("users").set({ points: 0 }).where("points", "!=", 0).execute();
}

type PostCount = "countDiscussions" | "countComments";

/**
 * Recounts members' post counts from the discussions and comments tables, after posts went in bulk: the
 * rows are locked first, then recounted by a later statement.
 */
export async function recountPostCounts(
  db: Kysely<DB>,
  userIDs: number[] | "all",
  columns: PostCount[] = ["countDiscussions", "countComments"],
): Promise<void> {
  if (userIDs === "all") await lockAllRows(db, "users", "countComments");
  else await lockRows(db, "users", "userID", userIDs, "countComments");
  if (userIDs !== "all" && userIDs.length === 0) return;
  const counted = { countDiscussions: "discussions", countComments: "comments" } as const;
  let query = db.updateTable("users").set((eb) =>
    Object.fromEntries(
      columns.map((column) => {
        const table = counted[column];
        return [
          column,
          eb
            .selectFrom(table)
            .select((inner) => inner.fn.countAll<number>().as("count"))
            .whereRef(`${table}.insertUserID`, "=", "users.userID"),
        ];
      }),
    ),
  );
  if (userIDs !== "all") query = query.where("userID", "in", userIDs);
  await query.execute();
  if (userIDs === "all") await recomputeAllRanks(db);
  else await recomputeRanks(db, userIDs);
}
