import { randomBytes } from "node:crypto";
import type { Clock } from "../../platform/clock.ts";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  allowedExtensionOf,
  categoryImageMaxSize,
  isImageExtension,
  uploadBadExtensionMessage,
  uploadMessages,
  uploadTooBigMessage,
  type Media,
  type UploadLimits,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { badRequest, fieldError, HttpError, validationFailed } from "../../platform/errors.ts";
import type { Limiter } from "../../platform/http/rate-limit.ts";
import type { RequestContext as MediaRequestContext } from "../../platform/http/request-context.ts";
import type { SiteConfig } from "../../platform/site-config.ts";
import type { Storage, StoredObject } from "../../platform/storage/index.ts";
import { imageKindOf, sniffImage } from "./media.images.ts";
import { createMediaManagement, type RecordAccess } from "./media.manage.ts";
import { mediaPolicy } from "./media.policy.ts";
import {
  deleteQuietly,
  FOREIGN_TYPES,
  manageable,
  presentMedia,
  refuseForeignImage,
  removeQuietly,
  STORED_PATH,
  storedPathFor,
} from "./media.shared.ts";
import type { MediaRepo, MediaRow } from "./media.repo.ts";

/** Uploads a member may make per window (a flood of files fills the disk faster than posts do). */
export const UPLOADS_PER_WINDOW = 60;
export const UPLOAD_WINDOW_MS = 10 * 60_000;
/** Enough of a file to read any image header we accept (a JPEG's size may follow 64 KB of EXIF). */
export const SNIFF_BYTES = 256 * 1024;
/** A category's icon and banner: images only, and smaller than the site's largest upload (contracts' limits). */
const CATEGORY_IMAGE_MESSAGE = "A category's icon or banner must be an image: jpg, jpeg, png, gif or webp.";

/** MIME types reported for common non-image files; they are always served as downloads anyway. */
export const mimeTypes: Record<string, string> = {
  txt: "text/plain",
  log: "text/plain",
  pdf: "application/pdf",
  zip: "application/zip",
  gz: "application/gzip",
  "tar.gz": "application/gzip",
  tgz: "application/gzip",
  "7z": "application/x-7z-compressed",
  rar: "application/vnd.rar",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
};

/** A multipart body that busboy could not read (cut short, no boundary): a 400 saying so. */
export const malformedUpload = (cause: unknown) =>
  cause instanceof HttpError ? cause : badRequest(uploadMessages.malformed);

/** The part of a multipart request holding the file, as the route hands it over. */
export interface IncomingFile {
  filename: string;
  stream: Readable & { truncated?: boolean };
  fields: { foreignType?: string; foreignID?: string };
}

/** The client's file name as a label: no folders, no control characters, at most 255 characters. */
export function displayName(filename: string): string {
  // eslint-disable-next-line no-control-regex -- taking control characters out is the point
  const visible = filename.replace(/[\u0000-\u001f\u007f]/g, "");
  const base = visible.split(/[\\/]/).pop() ?? "";
  return base.trim().slice(-255) || "file";
}

export async function readStart(file: string, length: number): Promise<Buffer> {
  const handle = await fs.promises.open(file, "r");
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** An image the server made (not uploaded as it is), to store like an upload. */
export interface GeneratedImage {
  bytes: Buffer;
  extension: string;
  mime: string;
  width: number;
  height: number;
  name: string;
  foreignType: string;
  foreignID: number;
  insertUserID: number;
}

interface Deps {
  repo: MediaRepo;
  siteConfig: SiteConfig;
  /** Where the files are kept (`platform.storage`). */
  storage: Storage;
  /** A folder on this machine for an upload being received and checked, before it is stored. */
  scratchDir: string;
  limiter: Limiter;
  clock: Clock;
  records: RecordAccess;
}

/**
 * Uploads: checked against the site's limits, images checked by their bytes, stored under a random
 * name, and only then recorded; a failure at any step leaves neither a row nor a file behind.
 */
export function createMediaService({ repo, siteConfig, storage, scratchDir, limiter, clock, records }: Deps) {
  const limits = async (): Promise<UploadLimits> => ({
    maxSize: await siteConfig.get("upload.maxSize"),
    allowedExtensions: (await siteConfig.get("upload.allowedExtensions"))
      .split(/[\s,]+/)
      .map((extension) => extension.trim().toLowerCase().replace(/^\.+/, ""))
      .filter((extension) => /^[a-z0-9]+(?:\.[a-z0-9]+)?$/.test(extension)),
  });

  const loadManageable = (viewer: Viewer, mediaID: number) => manageable(viewer, () => repo.findById(mediaID));
  const management = createMediaManagement({ repo, storage, records });

  return {
    ...management,
    limits,

    /**
     * Receives one file: permission and rate limit first, then `receive` reads the multipart body
     * with the size limit (so nothing is read for a refused request).
     */
    async upload(
      receive: (maxSize: number) => Promise<IncomingFile | undefined>,
      context: MediaRequestContext,
    ): Promise<Media> {
      const { viewer, origin } = context;
      requireAccess(viewer, mediaPolicy.canUpload);
      const limited = await limiter.hit(String(viewer.userID));
      if (!limited.allowed) {
        throw new HttpError(429, `Too many uploads. Please wait ${limited.retryAfterSeconds} seconds and try again.`);
      }
      const { maxSize, allowedExtensions } = await limits();
      const incoming = await receive(maxSize);
      if (!incoming) throw validationFailed([fieldError("file", "missingField", "file is required.")]);

      const extension = allowedExtensionOf(incoming.filename, allowedExtensions);
      if (extension === null) {
        incoming.stream.resume();
        throw validationFailed([fieldError("file", "invalid", uploadBadExtensionMessage(allowedExtensions), 422)]);
      }
      const foreignType = incoming.fields.foreignType?.trim() || null;
      const foreignID = incoming.fields.foreignID?.trim() ? Number(incoming.fields.foreignID) : null;
      if (foreignType !== null && !FOREIGN_TYPES.has(foreignType)) {
        incoming.stream.resume();
        throw validationFailed([
          fieldError(
            "foreignType",
            "invalid",
            "foreignType must be one of: discussion, comment, embed, category.",
            422,
          ),
        ]);
      }
      if (foreignID !== null && !(Number.isInteger(foreignID) && foreignID > 0)) {
        incoming.stream.resume();
        throw validationFailed([fieldError("foreignID", "invalid", "foreignID is not a valid integer.", 422)]);
      }
      const forCategory = foreignType === "category";
      if (forCategory && !isImageExtension(extension)) {
        incoming.stream.resume();
        throw validationFailed([fieldError("file", "invalid", CATEGORY_IMAGE_MESSAGE, 422)]);
      }

      await fs.promises.mkdir(scratchDir, { recursive: true });
      const temporary = path.join(scratchDir, randomBytes(16).toString("hex"));
      let stored: string | null = null;
      try {
        await pipeline(incoming.stream, fs.createWriteStream(temporary, { flags: "wx" })).catch((error: unknown) => {
          // The client's body broke off (truncated, no closing boundary): theirs to fix, not ours.
          throw incoming.stream.errored ? malformedUpload(error) : error;
        });
        if (incoming.stream.truncated) throw new HttpError(413, uploadTooBigMessage(maxSize));
        const { size } = await fs.promises.stat(temporary);
        // A category's image: its own, smaller limit (known once the fields are read).
        const categoryMax = Math.min(maxSize, categoryImageMaxSize);
        if (forCategory && size > categoryMax) throw new HttpError(413, uploadTooBigMessage(categoryMax));
        if (size === 0) throw validationFailed([fieldError("file", "invalid", "The uploaded file is empty.", 422)]);

        let type = mimeTypes[extension] ?? "application/octet-stream";
        let width: number | null = null;
        let height: number | null = null;
        if (isImageExtension(extension)) {
          const image = sniffImage(await readStart(temporary, SNIFF_BYTES));
          if (!image || image.kind !== imageKindOf(extension)) {
            throw validationFailed([fieldError("file", "invalid", uploadMessages.notImage, 422)]);
          }
          ({ mime: type, width, height } = image);
        }

        const relative = storedPathFor(new Date(), extension);
        stored = relative;
        await storage.put(relative, { stream: fs.createReadStream(temporary), size }, type);
        const row = await repo.insert({
          path: relative,
          name: displayName(incoming.filename),
          type,
          size,
          width,
          height,
          foreignType,
          foreignID,
          insertUserID: viewer.userID,
          dateInserted: clock.nowIso(),
        });
        stored = null;
        return presentMedia(row, origin);
      } finally {
        await removeQuietly(temporary);
        if (stored) await deleteQuietly(storage, stored);
      }
    },

    async get(mediaID: number, context: MediaRequestContext): Promise<Media> {
      return presentMedia(await loadManageable(context.viewer, mediaID), context.origin);
    },

    /**
     * Stores an image the server made itself (a member's photo, re-encoded): under a random name like any upload,
     * then recorded with the record it belongs to. Answers its path under /uploads (`/uploads/yyyy/mm/…`).
     */
    async storeImage(image: GeneratedImage): Promise<{ mediaID: number; path: string }> {
      const relative = storedPathFor(new Date(), image.extension);
      await storage.put(relative, image.bytes, image.mime);
      try {
        const row = await repo.insert({
          path: relative,
          name: image.name,
          type: image.mime,
          size: image.bytes.length,
          width: image.width,
          height: image.height,
          foreignType: image.foreignType,
          foreignID: image.foreignID,
          insertUserID: image.insertUserID,
          dateInserted: clock.nowIso(),
        });
        return { mediaID: row.mediaID, path: `/uploads/${relative}` };
      } catch (error) {
        await deleteQuietly(storage, relative);
        throw error;
      }
    },

    /** Removes the media of one record but those in `keep` (a member's older photos): each record, then its file. */
    async removeAttached(foreignType: string, foreignID: number, keep: number[] = []): Promise<void> {
      for (const row of await repo.listFor(foreignType, foreignID)) {
        if (keep.includes(row.mediaID)) continue;
        await repo.remove(row.mediaID);
        await deleteQuietly(storage, row.path);
      }
    },

    /** One stored image taken back (the write it was for failed): its record, then its file. */
    async discard(mediaID: number): Promise<void> {
      const row = await repo.findById(mediaID);
      if (!row) return;
      await repo.remove(mediaID);
      await deleteQuietly(storage, row.path);
    },

    /** Removes the record, then its file (a file left by a crash is unreachable garbage, never a dead link). */
    async remove(mediaID: number, context: MediaRequestContext): Promise<void> {
      const row = await loadManageable(context.viewer, mediaID);
      // An image the server made for another record (a member's photo) goes with that record: deleting it here
      // would leave the record pointing at a missing file.
      refuseForeignImage(row);
      await repo.remove(row.mediaID);
      await deleteQuietly(storage, row.path);
    },

    /** The stored path of an imported forum's file by its old path under /uploads (its old address), or null. */
    async importedCopy(importedPath: string): Promise<string | null> {
      return (await repo.findByImportedPath(importedPath))?.path ?? null;
    },

    /**
     * A stored file to serve at its address (`/uploads/<path>`) to this viewer: its record, its object, and whether a
     * shared cache may keep it. Null when there is no such record or object, or it is not theirs to read (as if none).
     */
    async open(
      relative: string,
      context: MediaRequestContext,
    ): Promise<{ row: MediaRow; object: StoredObject; shared: boolean } | null> {
      if (!STORED_PATH.test(relative)) return null;
      const row = await repo.findByPath(relative);
      if (!row) return null;
      const readable = await management.readableAtAddress(row, context);
      if (readable === null) return null;
      const object = await storage.get(relative);
      return object && { row, object, shared: readable === "shared" };
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
