import fs from "node:fs";
import type { Kysely } from "kysely";
import { isImageExtension } from "@parley/contracts";
import type { DB } from "../../platform/db/schema.ts";
import type { Storage } from "../../platform/storage/index.ts";
import { imageKindOf, sniffImage } from "./media.images.ts";
import { displayName, mimeTypes, readStart, SNIFF_BYTES } from "./media.service.ts";
import { storedPathFor } from "./media.shared.ts";

/*
 * Files of an imported forum (features/import: Vanilla's `GDN_Media` and members' photos in its uploads folder),
 * copied into the uploads' storage as any upload is stored (`yyyy/mm/<random>.<ext>`) and recorded with the path
 * they had in the old forum's uploads folder (`importedPath`), so `/uploads/<old path>` answers 301 to the copy.
 */

export interface ImportedFile {
  /** The file to copy, an absolute path in the old forum's uploads folder. */
  sourceFile: string;
  /** Its path relative to that folder (`FileUpload/ab/cd.png`, `userpics/12/pab.jpg`). */
  importedPath: string;
  name: string;
  foreignType: string | null;
  foreignID: number | null;
  insertUserID: number;
  dateInserted: string;
}

/** An imported file's stored path, by its old path: a re-run skips those already copied. */
export async function importedMediaPaths(db: Kysely<DB>, importedPaths: string[]): Promise<Map<string, string>> {
  if (importedPaths.length === 0) return new Map();
  const rows = await db
    .selectFrom("media")
    .select(["importedPath", "path"])
    .where("importedPath", "in", importedPaths)
    .execute();
  return new Map(rows.map((row) => [row.importedPath!, row.path]));
}

/** The stored file's extension: the source's (letters and digits, lower-cased); an image's only when it is one. */
async function storedExtension(
  file: string,
): Promise<{ extension: string; type: string; width: number | null; height: number | null }> {
  const raw = /\.([A-Za-z0-9]{1,10})$/.exec(file)?.[1]?.toLowerCase() ?? "bin";
  if (!isImageExtension(raw))
    return { extension: raw, type: mimeTypes[raw] ?? "application/octet-stream", width: null, height: null };
  // An image shows inline: only when its bytes are the image its extension says, else it is kept as a download.
  const image = sniffImage(await readStart(file, SNIFF_BYTES));
  if (!image || image.kind !== imageKindOf(raw))
    return { extension: "bin", type: "application/octet-stream", width: null, height: null };
  return { extension: raw, type: image.mime, width: image.width, height: image.height };
}

/**
 * Copies imported files into the uploads' storage and records them (in the caller's transaction), each under a new
 * random name in the folder of its date, with a new id (nothing links to a file by the old forum's media id).
 * Answers the stored path of each by its old path. A copy whose record fails to go in stays as unreachable garbage, never a dead link.
 */
export async function insertImportedMedia(
  db: Kysely<DB>,
  storage: Storage,
  files: ImportedFile[],
): Promise<Map<string, { mediaID: number; path: string }>> {
  const stored = new Map<string, { mediaID: number; path: string }>();
  for (const file of files) {
    const { size } = await fs.promises.stat(file.sourceFile);
    const { extension, type, width, height } = await storedExtension(file.sourceFile);
    const relative = storedPathFor(new Date(file.dateInserted), extension);
    await storage.put(relative, { stream: fs.createReadStream(file.sourceFile), size }, type);
    const row = {
      path: relative,
      name: displayName(file.name),
      type,
      size,
      width,
      height,
      foreignType: file.foreignType,
      foreignID: file.foreignID,
      insertUserID: file.insertUserID,
      dateInserted: file.dateInserted,
      importedPath: file.importedPath,
    };
    const inserted = await db.insertInto("media").values(row).returning("mediaID").executeTakeFirstOrThrow();
    stored.set(file.importedPath, { mediaID: inserted.mediaID, path: relative });
  }
  return stored;
}
