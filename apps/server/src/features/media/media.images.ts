/**
 * What an image file really is, read from its first bytes (never from its name or the client's MIME type):
 * PNG, JPEG, GIF or WebP, with the width and height its header gives.
 */
export interface ImageInfo {
  /** jpeg, png, gif or webp */
  kind: "jpeg" | "png" | "gif" | "webp";
  mime: string;
  width: number | null;
  height: number | null;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (bytes: Buffer, at: number, length: number) => bytes.toString("latin1", at, at + length);

const positive = (value: number) => (Number.isInteger(value) && value > 0 ? value : null);

function png(bytes: Buffer): ImageInfo | null {
  if (!startsWith(bytes, PNG) || bytes.length < 24 || ascii(bytes, 12, 4) !== "IHDR") return null;
  return {
    kind: "png",
    mime: "image/png",
    width: positive(bytes.readUInt32BE(16)),
    height: positive(bytes.readUInt32BE(20)),
  };
}

function gif(bytes: Buffer): ImageInfo | null {
  const signature = ascii(bytes, 0, 6);
  if ((signature !== "GIF87a" && signature !== "GIF89a") || bytes.length < 10) return null;
  return {
    kind: "gif",
    mime: "image/gif",
    width: positive(bytes.readUInt16LE(6)),
    height: positive(bytes.readUInt16LE(8)),
  };
}

function webp(bytes: Buffer): ImageInfo | null {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WEBP") return null;
  const chunk = ascii(bytes, 12, 4);
  let width = 0;
  let height = 0;
  if (chunk === "VP8 " && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
    width = bytes.readUInt16LE(26) & 0x3fff;
    height = bytes.readUInt16LE(28) & 0x3fff;
  } else if (chunk === "VP8L" && bytes[20] === 0x2f) {
    const bits = bytes.readUInt32LE(21);
    width = (bits & 0x3fff) + 1;
    height = ((bits >> 14) & 0x3fff) + 1;
  } else if (chunk === "VP8X") {
    width = bytes.readUIntLE(24, 3) + 1;
    height = bytes.readUIntLE(27, 3) + 1;
  } else {
    return null;
  }
  return { kind: "webp", mime: "image/webp", width: positive(width), height: positive(height) };
}

/** Start-of-frame markers carry the size (C4 DHT, C8 JPG and CC DAC are not frames). */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpeg(bytes: Buffer): ImageInfo | null {
  if (!startsWith(bytes, [0xff, 0xd8, 0xff])) return null;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    // Markers without a length.
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) break;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker) && offset + 9 <= bytes.length) {
      return {
        kind: "jpeg",
        mime: "image/jpeg",
        height: positive(bytes.readUInt16BE(offset + 5)),
        width: positive(bytes.readUInt16BE(offset + 7)),
      };
    }
    offset += 2 + length;
  }
  // A JPEG whose size lies past what was read still is a JPEG.
  return { kind: "jpeg", mime: "image/jpeg", width: null, height: null };
}

/** The image the bytes start with, or null when they are no image we accept. */
export function sniffImage(bytes: Buffer): ImageInfo | null {
  return png(bytes) ?? jpeg(bytes) ?? gif(bytes) ?? webp(bytes);
}

/** The image kind a file extension promises. */
export const imageKindOf = (extension: string): ImageInfo["kind"] | null =>
  extension === "jpg" || extension === "jpeg"
    ? "jpeg"
    : extension === "png" || extension === "gif" || extension === "webp"
      ? extension
      : null;
