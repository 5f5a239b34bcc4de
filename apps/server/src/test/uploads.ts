import type { Api, Session } from "./accounts.ts";

/* What the upload tests share (media, members' photos): real images, and an upload as a browser sends it. */

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
/** A GIF header of 3×2 (enough for the sniffer). */
export const GIF = Buffer.concat([Buffer.from("GIF89a"), Buffer.from([3, 0, 2, 0, 0, 0, 0]), Buffer.from(";")]);

export const BOUNDARY = "----parley-test-boundary";

/** A file as a form sends it: its name, its bytes, the type the browser says. */
export interface FilePart {
  name: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart/form-data body: the fields, then one file (in `fieldName`). */
export function multipart(file: FilePart | null, fields: Record<string, string> = {}, fieldName = "file") {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? "application/octet-stream"}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

/** `POST /api/v2/media` with one file (or none) and optional fields, as `as` (null: a guest). */
export const uploadMedia = (api: Api, as: Session | null, file: FilePart | null, fields: Record<string, string> = {}) =>
  api.request("POST", "/api/v2/media", {
    as,
    body: multipart(file, fields),
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
  });
