import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { Media } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { conflict, notFound } from "../../platform/errors.ts";
import type { Storage } from "../../platform/storage/index.ts";
import { mediaPolicy } from "./media.policy.ts";
import type { MediaRow } from "./media.repo.ts";

/** What an upload may be attached to (a member's photo, `user`, is the server's own). */
export const FOREIGN_TYPES = new Set(["discussion", "comment", "embed", "category"]);

/** A stored upload's path (its storage key): `yyyy/mm/<32 hex>.<ext>`. Nothing else is ever served. */
export const STORED_PATH = /^\d{4}\/\d{2}\/[0-9a-f]{32}\.[a-z0-9]+(?:\.[a-z0-9]+)?$/;

export const removeQuietly = (file: string) => fs.promises.rm(file, { force: true }).catch(() => undefined);

/** A stored file deleted after its record: one that cannot be is unreachable garbage, never a dead link. */
export const deleteQuietly = (storage: Storage, key: string) => storage.delete(key).catch(() => undefined);

/** A new upload's key: the folder of its date, a random name, its extension (`2026/12/<32 hex>.png`). */
export function storedPathFor(date: Date, extension: string): string {
  const folder = `${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
  return `${folder}/${randomBytes(16).toString("hex")}.${extension}`;
}

export const presentMedia = (row: MediaRow, origin: string): Media => ({
  mediaID: row.mediaID,
  url: `${origin}/uploads/${row.path}`,
  name: row.name,
  type: row.type,
  size: row.size,
  width: row.width,
  height: row.height,
  dateInserted: toRfc3339(row.dateInserted),
  insertUserID: row.insertUserID,
  foreignType: row.foreignType,
  foreignID: row.foreignID,
});

/** A media record the viewer may change or delete (its uploader, or a moderator): 403 for guests, 404 when none. */
export async function manageable(viewer: Viewer, find: () => Promise<MediaRow | undefined>): Promise<MediaRow> {
  requireAccess(viewer, mediaPolicy.isSignedIn);
  const row = await find();
  if (!row) throw notFound("Media");
  requireAccess(viewer, mediaPolicy.canManage, row);
  return row;
}

/** An image the server made for another record (a member's photo) goes with that record, not through /media. */
export function refuseForeignImage(row: MediaRow): void {
  if (row.foreignType !== null && !FOREIGN_TYPES.has(row.foreignType))
    throw conflict("This image belongs to a member's profile.", "Remove the photo from the profile instead.");
}

/**
 * The stored path a media URL names: an address under `/uploads/` on the site's own address (absolute, or a
 * path); null for anything else.
 */
export function storedPathOf(url: string, origin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (parsed.origin !== new URL(origin).origin || !parsed.pathname.startsWith("/uploads/")) return null;
  const relative = parsed.pathname.slice("/uploads/".length);
  return STORED_PATH.test(relative) ? relative : null;
}
