import type { Kysely, Selectable } from "kysely";
import type { IdeaStatus } from "@parley/contracts";
import type { DB, DiscussionStatusesTable } from "../../platform/db/schema.ts";

/*
 * The idea statuses (`discussionStatuses`, this feature's table: the six built in and administrators' own) and the
 * log of each discussion's status changes (`discussionStatusLog`), written in the change's transaction.
 */

type StatusRow = Selectable<DiscussionStatusesTable>;

/** A row → Vanilla's `RecordStatus` (the ideas' subtype). */
const presentStatus = (row: StatusRow): IdeaStatus => ({
  statusID: row.statusID,
  name: row.name,
  state: row.state === "closed" ? "closed" : "open",
  recordType: "discussion",
  recordSubtype: "ideation",
  isDefault: row.isDefault === 1,
  isSystem: row.isSystem === 1,
  isInternal: row.isInternal === 1,
});

/** Every idea status, built in first, then by ID. */
async function ideaStatusRows(db: Kysely<DB>): Promise<IdeaStatus[]> {
  const rows = await db.selectFrom("discussionStatuses").selectAll().orderBy("statusID").execute();
  return rows.map(presentStatus);
}

export async function ideaStatusRow(db: Kysely<DB>, statusID: number): Promise<IdeaStatus | undefined> {
  const row = await db.selectFrom("discussionStatuses").selectAll().where("statusID", "=", statusID).executeTakeFirst();
  return row ? presentStatus(row) : undefined;
}

/** Cached for a few seconds across processes; a change in this process drops it at once (as the categories'). */
const TTL_MS = 5_000;
const cache = new WeakMap<object, { at: number; statuses: IdeaStatus[] }>();

/**
 * The idea statuses from memory (every list of ideas and each layout's filter needs them): read again after a few
 * seconds, or at once after a change made here (`forgetIdeaStatuses`). Not for a transaction's reads.
 */
export async function cachedIdeaStatuses(db: Kysely<DB>): Promise<IdeaStatus[]> {
  const entry = cache.get(db);
  if (entry && Date.now() - entry.at < TTL_MS) return entry.statuses;
  const statuses = await ideaStatusRows(db);
  cache.set(db, { at: Date.now(), statuses });
  return statuses;
}

export function forgetIdeaStatuses(db: Kysely<DB>): void {
  cache.delete(db);
}

/** The status a new idea takes (1, Active, unless an administrator chose another). */
export async function defaultIdeaStatusID(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom("discussionStatuses")
    .select("statusID")
    .where("isDefault", "=", 1)
    .orderBy("statusID")
    .executeTakeFirst();
  return row?.statusID ?? 1;
}

/**
 * Before the default changes: the ideas that had it without a status of their own keep it, written on their rows
 * (an idea without one has the default, whichever it is then).
 */
async function keepDefaultOfIdeas(db: Kysely<DB>): Promise<void> {
  const current = await defaultIdeaStatusID(db);
  await db
    .updateTable("discussions")
    .set({ ideaStatusID: current })
    .where("type", "=", "idea")
    .where("ideaStatusID", "is", null)
    .execute();
  await db.updateTable("discussionStatuses").set({ isDefault: 0 }).execute();
}

export interface StatusWrite {
  name?: string;
  state?: "open" | "closed";
  isDefault?: boolean;
  isInternal?: boolean;
}

const columns = (write: StatusWrite) => ({
  ...(write.name !== undefined ? { name: write.name } : {}),
  ...(write.state !== undefined ? { state: write.state } : {}),
  ...(write.isDefault !== undefined ? { isDefault: write.isDefault ? 1 : 0 } : {}),
  ...(write.isInternal !== undefined ? { isInternal: write.isInternal ? 1 : 0 } : {}),
});

/** A new status; a new default takes the place of the former one (one default at a time). */
export async function insertIdeaStatus(
  db: Kysely<DB>,
  write: StatusWrite & { name: string },
  userID: number,
  date: string,
): Promise<number> {
  if (write.isDefault) await keepDefaultOfIdeas(db);
  const row = await db
    .insertInto("discussionStatuses")
    .values({
      state: "open",
      ...columns(write),
      name: write.name,
      recordSubtype: "ideation",
      isSystem: 0,
      insertUserID: userID,
      dateInserted: date,
    })
    .returning("statusID")
    .executeTakeFirstOrThrow();
  return row.statusID;
}

export async function updateIdeaStatus(
  db: Kysely<DB>,
  statusID: number,
  write: StatusWrite,
  userID: number,
  date: string,
): Promise<void> {
  if (write.isDefault && (await defaultIdeaStatusID(db)) !== statusID) await keepDefaultOfIdeas(db);
  await db
    .updateTable("discussionStatuses")
    .set({ ...columns(write), updateUserID: userID, dateUpdated: date })
    .where("statusID", "=", statusID)
    .execute();
}

/** How many discussions have the status now (a status in use is not deleted). */
export async function countWithStatus(db: Kysely<DB>, statusID: number): Promise<number> {
  const row = await db
    .selectFrom("discussions")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("ideaStatusID", "=", statusID)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deleteIdeaStatus(db: Kysely<DB>, statusID: number): Promise<void> {
  await db.deleteFrom("discussionStatuses").where("statusID", "=", statusID).execute();
}

/** An idea's own status (null: the default). */
export async function currentIdeaStatusID(db: Kysely<DB>, discussionID: number): Promise<number | null> {
  const row = await db
    .selectFrom("discussions")
    .select("ideaStatusID")
    .where("discussionID", "=", discussionID)
    .executeTakeFirst();
  return row?.ideaStatusID ?? null;
}

export interface StatusLogEntry {
  statusLogID: number;
  discussionID: number;
  statusID: number;
  previousStatusID: number;
  reason: string | null;
  insertUserID: number;
  dateInserted: string;
}

/** One status change, in the change's transaction. */
export async function logStatusChange(db: Kysely<DB>, entry: Omit<StatusLogEntry, "statusLogID">): Promise<void> {
  await db.insertInto("discussionStatusLog").values(entry).execute();
}

/** A page of a discussion's status changes, the latest first, and how many there are. */
export async function statusLogOf(
  db: Kysely<DB>,
  discussionID: number,
  page: { offset: number; limit: number },
): Promise<{ rows: StatusLogEntry[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom("discussionStatusLog")
      .selectAll()
      .where("discussionID", "=", discussionID)
      .orderBy("statusLogID", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom("discussionStatusLog")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("discussionID", "=", discussionID)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}
