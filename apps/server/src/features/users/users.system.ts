import { randomBytes } from "node:crypto";
import type { Platform } from "../../platform/context.ts";
import { banColumns } from "./users.update.ts";
import { newUserRow } from "./users.register.ts";
import { createUsersRepo } from "./users.repo.ts";

/** The system account's address: it has no mailbox, no roles and no usable password. */
const SYSTEM_EMAIL = "system@parley.invalid";

/**
 * The account the site acts as when it acts by itself (Vanilla's System user): automatic reports and bans are
 * its. Made on first use, with no roles (it can do nothing by signing in, and cannot: its password is random).
 */
export async function systemUserID(platform: Platform): Promise<number> {
  const repo = createUsersRepo(platform.db);
  const found = await platform.db
    .selectFrom("users")
    .select("userID")
    .where("email", "=", SYSTEM_EMAIL)
    .executeTakeFirst();
  if (found) return found.userID;
  const name = (await repo.findByName("System")) ? `System ${randomBytes(2).toString("hex")}` : "System";
  const row = await newUserRow({
    name,
    email: SYSTEM_EMAIL,
    password: randomBytes(24).toString("base64url"),
    emailConfirmed: true,
    ip: "127.0.0.1",
    now: platform.clock.nowIso(),
  });
  return repo.insert({ ...row, bypassSpam: 1 });
}

/**
 * A ban the site gives by itself (after too many spam verdicts, or a ban rule saved with "also ban the members it
 * matches"): as `PUT /users/{id}/ban` writes it, with the system account as its author unless `insertUserID` says
 * whose it is; administrators, deleted and already banned accounts are left alone. Answers whether it banned.
 */
export async function banAutomatically(
  platform: Platform,
  userID: number,
  reason: string,
  insertUserID?: number,
): Promise<boolean> {
  const repo = createUsersRepo(platform.db);
  const row = await repo.findById(userID);
  if (!row || row.isAdmin >= 1 || row.banned === 1 || row.deleted === 1) return false;
  const now = platform.clock.nowIso();
  await repo.update(userID, {
    ...banColumns(true, now, { reason, insertUserID: insertUserID ?? (await systemUserID(platform)) }),
    dateUpdated: now,
  });
  await platform.events.emit("user.access.changed", { userID });
  await platform.events.emit("user.banned", { userID });
  return true;
}
