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
