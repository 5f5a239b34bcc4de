import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";
import { adjustUserPoints } from "../users/index.ts";

/** Vanilla's slot types: day, week (from Monday), month, year, all time. */
const slotTypes = ["d", "w", "m", "y", "a"] as const;
export type SlotType = (typeof slotTypes)[number];

/** The all-time slot's start. */
const ALL_TIME = "1970-01-01";

/** Points earned or taken back (negative) by a member, in a category, at a date (when the reaction or acceptance was). */
export interface PointsAward {
  userID: number;
  categoryID: number;
  points: number;
  date: string | Date;
}

/** The start (`YYYY-MM-DD`, UTC) of the slot of this type that holds `date`. */
export function timeSlot(slotType: SlotType, date: Date): string {
  if (slotType === "a") return ALL_TIME;
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const start =
    slotType === "y"
      ? new Date(Date.UTC(year, 0, 1))
      : slotType === "m"
        ? new Date(Date.UTC(year, month, 1))
        : slotType === "w"
          ? new Date(Date.UTC(year, month, date.getUTCDate() - ((date.getUTCDay() + 6) % 7)))
          : new Date(Date.UTC(year, month, date.getUTCDate()));
  return start.toISOString().slice(0, 10);
}

interface LedgerRow {
  slotType: SlotType;
  timeSlot: string;
  categoryID: number;
  userID: number;
  points: number;
}

/** The ledger rows a list of awards adds up to (one per slot, category and member; the zero sums left out). */
function ledgerRows(awards: readonly PointsAward[]): LedgerRow[] {
  const rows = new Map<string, LedgerRow>();
  for (const award of awards) {
    if (award.points === 0 || award.userID <= 0) continue;
    const date = new Date(award.date);
    for (const slotType of slotTypes) {
      const slot = timeSlot(slotType, date);
      for (const categoryID of new Set([0, award.categoryID])) {
        const key = `${slotType}|${slot}|${categoryID}|${award.userID}`;
        const row = rows.get(key) ?? { slotType, timeSlot: slot, categoryID, userID: award.userID, points: 0 };
        row.points += award.points;
        rows.set(key, row);
      }
    }
  }
  return [...rows.values()].filter((row) => row.points !== 0);
}

/**
 * Adds awards to the ledger and to the members' all-time `points`, by increments in the caller's transaction `db`
 * (the write that earns or takes back the points). Rows in one order (slot, start, category, member), so two writes
 * at once never wait on each other in a circle.
 */
export async function awardPoints(db: Kysely<DB>, awards: readonly PointsAward[]): Promise<void> {
  await adjustUserPoints(db, await addToLedger(db, awards));
}

/**
 * Adds awards to the ledger only: the members' all-time totals they add up to are returned, for the caller to add to
 * their `points` (awardPoints at once; the recount once, after all its windows).
 */
export async function addToLedger(db: Kysely<DB>, awards: readonly PointsAward[]): Promise<Map<number, number>> {
  const rows = ledgerRows(awards).sort(
    (a, b) =>
      a.slotType.localeCompare(b.slotType) ||
      a.timeSlot.localeCompare(b.timeSlot) ||
      a.categoryID - b.categoryID ||
      a.userID - b.userID,
  );
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto("userPoints")
      .values(rows.slice(start, start + 500))
      .onConflict((oc) =>
        oc
          .columns(["slotType", "timeSlot", "categoryID", "userID"])
          .doUpdateSet((eb) => ({ points: eb("userPoints.points", "+", eb.ref("excluded.points")) })),
      )
      .execute();
  }
  const totals = new Map<number, number>();
  for (const row of rows)
    if (row.slotType === "a" && row.categoryID === 0)
      totals.set(row.userID, (totals.get(row.userID) ?? 0) + row.points);
  return totals;
}
