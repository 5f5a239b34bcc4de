import { Type, type Static } from "typebox";
import { DateTime, Nullable } from "./common.ts";

/** An uploaded file (Vanilla's `POST /media` answer). */
export const Media = Type.Object(
  {
    mediaID: Type.Integer(),
    url: Type.String({ description: "Where the file is served." }),
    name: Type.String({ description: "The file name the client gave." }),
    type: Type.String({ description: "MIME type." }),
    size: Type.Integer({ description: "Size in bytes." }),
    width: Nullable(Type.Integer()),
    height: Nullable(Type.Integer()),
    dateInserted: DateTime,
    insertUserID: Type.Integer(),
    foreignType: Nullable(Type.String()),
    foreignID: Nullable(Type.Integer()),
  },
  { $id: "Media" },
);
export type Media = Static<typeof Media>;

export const MediaIdParams = Type.Object({ id: Type.Integer() });

/** What the upload checks use: the site's maximum size and allowed extensions (`upload.*` config keys). */
export const UploadLimitsSchema = Type.Object({
  maxSize: Type.Integer({ description: "Largest upload, in bytes." }),
  allowedExtensions: Type.Array(Type.String(), { description: "Lower-case, without the dot." }),
});

export const sharedMediaSchemas = [Media];

/** The most records one `DELETE /media/list` or `/media/list-by-url` removes. */
export const mediaListMaxItems = 100;

/** `PATCH /media/{id}/attachment`: the record an upload belongs to (Vanilla's MediaItemPatch). */
export const MediaAttachment = Type.Object({
  foreignType: Type.Enum(["embed", "comment", "discussion"]),
  foreignID: Type.Integer({ minimum: 1 }),
});
export type MediaAttachment = Static<typeof MediaAttachment>;

/** A media record named by its URL (`/media/by-url`, `/media/download-by-url`). */
export const MediaUrlQuery = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2000, description: "The file's URL on this site." }),
});

/** `deleteFile` (Vanilla: keep the file on the CDN); Parley always removes the file with its record. */
const DeleteFile = Type.Optional(
  Type.Boolean({ description: "Accepted for Vanilla's clients; the file always goes with its record." }),
);

export const MediaDeleteByUrlQuery = Type.Object({ url: MediaUrlQuery.properties.url, deleteFile: DeleteFile });

export const MediaListDelete = Type.Object({
  mediaIDs: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: mediaListMaxItems }),
});
export const MediaUrlListDelete = Type.Object({
  urls: Type.Array(MediaUrlQuery.properties.url, { minItems: 1, maxItems: mediaListMaxItems }),
});

/** `POST /media/scrape`: an address to read a preview of. */
export const MediaScrapeBody = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2000 }),
  force: Type.Optional(Type.Boolean({ description: "Read the page again even when a fresh preview is kept." })),
});
export type MediaScrapeBody = Static<typeof MediaScrapeBody>;

/** `POST /media/scrape`'s answer: what a link's embed shows (Vanilla's scrape result). */
export const MediaScrape = Type.Object({
  url: Type.String(),
  type: Type.String({ description: "link, or a known provider (youtube, vimeo, twitter…)." }),
  name: Nullable(Type.String()),
  body: Nullable(Type.String()),
  photoUrl: Nullable(Type.String()),
  height: Nullable(Type.Integer()),
  width: Nullable(Type.Integer()),
  attributes: Nullable(Type.Object({}, { additionalProperties: true })),
});
export type MediaScrape = Static<typeof MediaScrape>;
