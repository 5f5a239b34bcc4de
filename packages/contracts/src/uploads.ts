import { msg } from "./i18n.ts";
/**
 * Upload limits and checks (spec §5, §9), TypeBox-free so the browser can import them: the defaults of
 * the `upload.*` settings, the file-size format, and the client-side check with its messages.
 */

/** The site's maximum upload size and allowed extensions (`GET /media/upload-limits`). */
export interface UploadLimits {
  /** Largest upload, in bytes. */
  maxSize: number;
  /** Lower-case, without the dot. */
  allowedExtensions: string[];
}

/** The defaults of the `upload.maxSize` and `upload.allowedExtensions` settings (Vanilla's: 50 MB and its list). */
export const uploadDefaults: UploadLimits = {
  maxSize: 50 * 1024 * 1024,
  allowedExtensions: [
    ...["txt", "jpg", "jpeg", "gif", "png", "webp", "bmp", "tiff", "ico"],
    ...["zip", "gz", "tar.gz", "tgz", "rar", "7z"],
    ...["pdf", "doc", "xls", "ppt", "docx", "xlsx", "pptx", "odt", "ods", "odp", "log", "psd", "ai"],
  ],
};

/**
 * A category's icon or banner (`POST /media` with foreignType category): an image of at most this many bytes (and
 * within the site's `upload.maxSize`). Here with the upload limits, not in `limits`, which every reading page loads.
 */
export const categoryImageMaxSize = 2 * 1024 * 1024;

/**
 * A member's photo (`POST /users/{id}/photo`): an upload of at most `maxSize` bytes (within the site's `upload.maxSize`)
 * and `maxPixels` pixels, stored as a square of `size` px: spec §9's largest user photo (xlarge, 145 px) at twice the
 * density, which every smaller one is drawn from.
 */
export const userPhotoLimits = {
  maxSize: 5 * 1024 * 1024,
  maxPixels: 40_000_000,
  size: 290,
  /** The thumbnail lists, posts and the title bar show (photos of 24–40 px, at twice the density). */
  thumbnailSize: 80,
} as const;

/**
 * A page's form posted as multipart/form-data (one with a file field, without JavaScript): the whole body at most
 * `maxSize` bytes (the largest photo and the rest of the profile form), at most `maxFiles` files (a category's icon
 * and banner).
 */
export const pageFormUploadLimits = { maxSize: userPhotoLimits.maxSize + 1024 * 1024, maxFiles: 2 } as const;

/** Extensions checked to be real images (by their bytes) and shown inline; any other file downloads. */
export const imageExtensions = ["jpg", "jpeg", "png", "gif", "webp"] as const;

export const isImageExtension = (extension: string | null): boolean =>
  extension !== null && (imageExtensions as readonly string[]).includes(extension);

/** File sizes in B, KB, MB, GB, TB, base 1024, 2 decimals (spec §9): 52428800 → "50.00 MB". */
export function formatFileSize(bytes: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${units[unit]}`;
}

/**
 * The allowed extension a file name ends with (compared case-insensitively; the longest wins, so
 * `a.tar.gz` is `tar.gz`), or null when it has none of them.
 */
export function allowedExtensionOf(name: string, allowed: readonly string[]): string | null {
  const lower = name.toLowerCase();
  let found: string | null = null;
  for (const extension of allowed) {
    const candidate = extension.toLowerCase().replace(/^\.+/, "");
    if (candidate && lower.endsWith(`.${candidate}`) && (found === null || candidate.length > found.length)) {
      found = candidate;
    }
  }
  return found;
}

export const uploadMessages = {
  /** Spec §5/§8; `%s` is the size in readable units. */
  tooBig: msg("The uploaded file was too big (max %s)."),
  badExtension: msg("The uploaded file did not have an allowed extension. Allowed extensions: %s."),
  notImage: "The uploaded file is not a valid image.",
  /** A multipart body cut short, without its boundary, or otherwise unreadable. */
  malformed: "The upload could not be read: its multipart/form-data body is malformed or incomplete.",
} as const;

/** The messages with their values filled in (English; the web app translates the template first). */
export const uploadTooBigMessage = (maxSize: number, template: string = uploadMessages.tooBig) =>
  template.replace("%s", formatFileSize(maxSize));
export const uploadBadExtensionMessage = (allowed: readonly string[], template: string = uploadMessages.badExtension) =>
  template.replace("%s", allowed.join(", "));

/** The client-side check of spec §5: null when the file may be sent, else the message to show. */
export function checkUpload(
  file: { name: string; size: number },
  limits: UploadLimits,
  templates: { tooBig?: string; badExtension?: string } = {},
): string | null {
  if (file.size > limits.maxSize) return uploadTooBigMessage(limits.maxSize, templates.tooBig);
  if (allowedExtensionOf(file.name, limits.allowedExtensions) === null) {
    return uploadBadExtensionMessage(limits.allowedExtensions, templates.badExtension);
  }
  return null;
}
