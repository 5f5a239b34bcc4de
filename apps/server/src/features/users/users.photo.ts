import type { Readable } from "node:stream";
import type { Metadata } from "sharp";
import { uploadMessages, uploadTooBigMessage, userPhotoLimits, type UserPhoto } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { fieldError, HttpError, validationFailed } from "../../platform/errors.ts";
import type { Limiter } from "../../platform/http/rate-limit.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { sniffImage, type GeneratedImage } from "../media/index.ts";
import { usersPolicy } from "./users.policy.ts";
import { photoUrlOf } from "./users.present.ts";
import { resolveUser } from "./users.read.ts";
import type { UserRow, UsersRepo } from "./users.repo.ts";

/** Where a member's photo files are kept: the media feature's storage, each file a media record of the member. */
export interface PhotoStore {
  storeImage(image: GeneratedImage): Promise<{ mediaID: number; path: string }>;
  removeAttached(foreignType: string, foreignID: number, keep?: number[]): Promise<void>;
  /** One stored image taken back (its record, then its file). */
  discard(mediaID: number): Promise<void>;
  limits(): Promise<{ maxSize: number }>;
}

/** The photo of a multipart request as the route hands it over (read within the size limit), and its other fields. */
export interface IncomingPhoto {
  bytes: Buffer;
  fields: Record<string, string | undefined>;
}

interface PhotoDeps {
  repo: UsersRepo;
  platform: Platform;
  store: PhotoStore;
}

/** Photos a member may upload per window (each one is decoded and re-encoded). */
const PHOTOS_PER_WINDOW = 20;
const PHOTO_WINDOW_MS = 10 * 60_000;
const FOREIGN_TYPE = "user";

/** The uploads' limiter (one per process, or shared through Redis). */
export const photoLimiter = (platform: Platform): Limiter =>
  platform.limiter("user-photo", PHOTOS_PER_WINDOW, PHOTO_WINDOW_MS);
/** A multipart body's own bytes (boundaries, part headers, the crop fields) past the file's. */
const MULTIPART_OVERHEAD = 16 * 1024;

const notImage = () => validationFailed([fieldError("photo", "invalid", uploadMessages.notImage, 422)]);

/** Oneself, or a member who edits others. */
async function loadEditable(deps: PhotoDeps, id: string, viewer: Viewer): Promise<UserRow> {
  requireSignedIn(viewer);
  const row = await resolveUser(deps, id, viewer);
  if (!usersPolicy.isSelf(viewer, row)) requireAccess(viewer, usersPolicy.canEditOthers);
  return row;
}

/** Reads a file into memory up to `maxSize` bytes: past it, a 413 (busboy cuts the file off; nothing more is kept). */
export async function readLimited(stream: Readable & { truncated?: boolean }, maxSize: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxSize) break;
    chunks.push(chunk);
  }
  if (size > maxSize || stream.truncated) {
    stream.resume();
    throw new HttpError(413, uploadTooBigMessage(maxSize));
  }
  return Buffer.concat(chunks);
}

/** The crop box (x, y, size in the source's pixels, as it shows upright), or null for a centred square. */
function cropOf(fields: IncomingPhoto["fields"], width: number, height: number) {
  const given = (["x", "y", "size"] as const).filter((name) => (fields[name] ?? "").trim() !== "");
  if (given.length === 0) return null;
  const values = (["x", "y", "size"] as const).map((name) => Number(fields[name]));
  const [x, y, size] = values as [number, number, number];
  const errors = (["x", "y", "size"] as const)
    .filter((_name, index) => !Number.isInteger(values[index]))
    .map((name) => fieldError(name, "invalid", `${name} must be a whole number of pixels.`, 422));
  if (errors.length) throw validationFailed(errors);
  if (x < 0 || y < 0 || size < 1 || x + size > width || y + size > height) {
    throw validationFailed([
      fieldError("size", "invalid", `The crop box must lie within the image (${width} × ${height} pixels).`, 422),
    ]);
  }
  return { left: x, top: y, width: size, height: size };
}

/**
 * sharp, loaded with the first photo: libvips and its libraries are ≈ 7 MB of every process's resident memory
 * from the moment they load (issue 26's 150 MB), and most processes never resize a photo.
 */
const loadSharp = async () => (await import("sharp")).default;

/**
 * The photo made from an upload: its kind judged by its bytes (PNG, JPEG, GIF or WebP; never SVG or anything else),
 * decoded within a pixel limit, turned upright, cropped (the box given, or a centred square), resized to
 * `userPhotoLimits.size` and re-encoded (PNG when it has transparency, else JPEG): no metadata, nothing the upload
 * carried past its pixels.
 */
async function makePhoto(bytes: Buffer, fields: IncomingPhoto["fields"]) {
  const kind = sniffImage(bytes);
  if (!kind) throw notImage();
  const sharp = await loadSharp();
  const source = () => sharp(bytes, { limitInputPixels: userPhotoLimits.maxPixels, failOn: "error", pages: 1 });
  let metadata: Metadata;
  try {
    metadata = await source().metadata();
  } catch {
    throw notImage();
  }
  // What the decoder reads must be what the bytes began as (a PNG header on something else is no PNG).
  if (metadata.format !== kind.kind) throw notImage();
  const { width, height } = metadata.autoOrient;
  const box = cropOf(fields, width, height);
  const side = Math.min(width, height);
  const size = userPhotoLimits.size;
  let pixels: Buffer;
  try {
    pixels = await source()
      .rotate()
      .extract(box ?? { left: (width - side) >> 1, top: (height - side) >> 1, width: side, height: side })
      .resize(size, size, { fit: "cover" })
      .ensureAlpha()
      .raw()
      .toBuffer();
  } catch {
    throw notImage();
  }
  // JPEG unless some pixel is see-through (a PNG then): small files for the photos most members upload.
  let opaque = true;
  for (let index = 3; index < pixels.length && opaque; index += 4) opaque = pixels[index] === 255;
  const encode = async (side: number) => {
    const made = sharp(pixels, { raw: { width: size, height: size, channels: 4 } }).resize(side, side);
    return opaque
      ? await made.removeAlpha().jpeg({ quality: 85, mozjpeg: true }).toBuffer()
      : await made.png({ compressionLevel: 9 }).toBuffer();
  };
  return {
    bytes: await encode(size),
    thumbnail: await encode(userPhotoLimits.thumbnailSize),
    ...(opaque ? { extension: "jpg", mime: "image/jpeg" } : { extension: "png", mime: "image/png" }),
  };
}

/**
 * `POST /users/{id}/photo`: load → authorize (oneself or users.edit) → a rate limit → the body's size (a declared
 * length past the limit is refused before a byte is read; a stream past it is cut off) → the image made anew
 * (`makePhoto`) → stored in two sizes, each a media record of the member → `users.photoUrl` and `photoThumbnail` set (its path, so it follows the site's
 * address) → the member's older photo files removed → `user.profile.changed` (cached guest answers that show the
 * member drop it).
 */
export async function setUserPhoto(
  deps: PhotoDeps & { limiter: Limiter },
  id: string,
  declaredLength: number | null,
  receive: (maxSize: number) => Promise<IncomingPhoto | undefined>,
  context: RequestContext,
): Promise<UserPhoto> {
  const { repo, platform, store } = deps;
  const { viewer, origin } = context;
  const row = await loadEditable(deps, id, viewer);
  const limited = await deps.limiter.hit(String(viewer.userID));
  if (!limited.allowed) {
    throw new HttpError(429, `Too many uploads. Please wait ${limited.retryAfterSeconds} seconds and try again.`);
  }
  const maxSize = Math.min(userPhotoLimits.maxSize, (await store.limits()).maxSize);
  if (declaredLength !== null && declaredLength > maxSize + MULTIPART_OVERHEAD) {
    throw new HttpError(413, uploadTooBigMessage(maxSize));
  }
  const incoming = await receive(maxSize);
  if (!incoming) throw validationFailed([fieldError("photo", "missingField", "photo is required.")]);
  const { bytes } = incoming;
  if (bytes.length === 0) throw validationFailed([fieldError("photo", "invalid", "The uploaded file is empty.", 422)]);
  const photo = await makePhoto(bytes, incoming.fields);

  const image = { extension: photo.extension, mime: photo.mime, foreignType: FOREIGN_TYPE, foreignID: row.userID };
  const stored: Array<{ mediaID: number; path: string }> = [];
  try {
    stored.push(
      await store.storeImage({
        ...image,
        bytes: photo.bytes,
        width: userPhotoLimits.size,
        height: userPhotoLimits.size,
        name: `photo.${photo.extension}`,
        insertUserID: viewer.userID,
      }),
    );
    stored.push(
      await store.storeImage({
        ...image,
        bytes: photo.thumbnail,
        width: userPhotoLimits.thumbnailSize,
        height: userPhotoLimits.thumbnailSize,
        name: `thumbnail.${photo.extension}`,
        insertUserID: viewer.userID,
      }),
    );
    await repo.update(row.userID, {
      photoUrl: stored[0]!.path,
      photoThumbnail: stored[1]!.path,
      dateUpdated: platform.clock.nowIso(),
    });
  } catch (error) {
    for (const { mediaID } of stored) await store.discard(mediaID).catch(() => undefined);
    throw error;
  }
  await store.removeAttached(
    FOREIGN_TYPE,
    row.userID,
    stored.map(({ mediaID }) => mediaID),
  );
  await platform.events.emit("user.profile.changed", { userID: row.userID });
  return { photoUrl: photoUrlOf(stored[0]!.path, origin, row.name) };
}

/** `DELETE /users/{id}/photo`: load → authorize → `users.photoUrl` cleared → the photo's files removed → the event. */
export async function removeUserPhoto(deps: PhotoDeps, id: string, context: RequestContext): Promise<void> {
  const { repo, platform, store } = deps;
  const row = await loadEditable(deps, id, context.viewer);
  await repo.update(row.userID, { photoUrl: null, photoThumbnail: null, dateUpdated: platform.clock.nowIso() });
  await store.removeAttached(FOREIGN_TYPE, row.userID);
  await platform.events.emit("user.profile.changed", { userID: row.userID });
}
