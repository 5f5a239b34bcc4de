import type { Readable } from "node:stream";
import { isImageExtension, type Media, type MediaAttachment } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { HttpError, notFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import type { Storage } from "../../platform/storage/index.ts";
import { mediaPolicy } from "./media.policy.ts";
import type { MediaRepo, MediaRow } from "./media.repo.ts";
import { deleteQuietly, manageable, presentMedia, refuseForeignImage, storedPathOf } from "./media.shared.ts";

/**
 * Whether the viewer may see a record media is attached to: resolves when they may, throws the owner's 403 or 404
 * when not. Handed in by app.ts from the records' owners (discussions, comments, categories).
 */
export type RecordAccess = Record<
  "discussion" | "comment" | "category",
  (id: number, context: RequestContext) => Promise<void>
>;

/** A file to send as a download: its bytes, its name, its type. */
export interface MediaDownload {
  body: Readable;
  name: string;
  type: string;
  size: number;
}

const hasRecordCheck = (foreignType: string | null): foreignType is keyof RecordAccess =>
  foreignType === "discussion" || foreignType === "comment" || foreignType === "category";

/**
 * The media operations beside upload (dashboard-media.yml): by URL, in lists, attached to another record, and
 * downloaded. Changing or deleting is for the uploader or a moderator; a download is for whoever may see the
 * record the file is attached to.
 */
export function createMediaManagement(deps: { repo: MediaRepo; storage: Storage; records: RecordAccess }) {
  const { repo, storage, records } = deps;

  const byUrl = (url: string, context: RequestContext) => {
    const stored = storedPathOf(url, context.origin);
    return stored === null ? Promise.resolve(undefined) : repo.findByPath(stored);
  };

  /** Removes rows (one statement, so all or none), then their files. Each was checked before. */
  async function removeRows(rows: MediaRow[]): Promise<void> {
    for (const row of rows) refuseForeignImage(row);
    await repo.removeMany(rows.map((row) => row.mediaID));
    for (const row of rows) await deleteQuietly(storage, row.path);
  }

  /** Every listed record the viewer may delete, or the first refusal (404 for one missing, 403, 409). */
  async function loadAll(viewer: RequestContext["viewer"], finds: Array<() => Promise<MediaRow | undefined>>) {
    const rows: MediaRow[] = [];
    for (const find of finds) {
      const row = await manageable(viewer, find);
      if (!rows.some((seen) => seen.mediaID === row.mediaID)) rows.push(row);
    }
    return rows;
  }

  /** The viewer may download a file: its uploader or a moderator, else whoever may see what it is attached to. */
  async function mayDownload(row: MediaRow, context: RequestContext): Promise<void> {
    if (mediaPolicy.canManage(context.viewer, row)) return;
    // A member's photo is shown to everyone anyway.
    if (row.foreignType === "user") return;
    if (hasRecordCheck(row.foreignType) && row.foreignID !== null) {
      await records[row.foreignType](row.foreignID, context);
      return;
    }
    // Not attached yet (or to an embed): its uploader's alone.
    requireAccess(context.viewer, mediaPolicy.canManage, row);
  }

  async function download(row: MediaRow | undefined, context: RequestContext): Promise<MediaDownload> {
    if (!row) throw notFound("Media");
    await mayDownload(row, context);
    const object = await storage.get(row.path);
    if (!object) throw notFound("Media");
    const extension = row.path.slice(row.path.indexOf(".") + 1);
    return {
      body: object.body,
      name: row.name,
      type: isImageExtension(extension) ? row.type : "application/octet-stream",
      size: object.size,
    };
  }

  return {
    /**
     * Whether the viewer may read a file at its address (`/uploads/…`), and whether a shared cache may keep it. One
     * attached to a discussion, comment or category: for whoever may see that record (its uploader and moderators
     * too), never kept by a shared cache, so a record hidden later is not served from one. Any other (an editor's
     * upload before it is attached, an embed's, a member's photo): for whoever has its address, whose random name
     * no one guesses. Null when refused, as if there were no such file.
     */
    async readableAtAddress(row: MediaRow, context: RequestContext): Promise<"shared" | "private" | null> {
      if (!hasRecordCheck(row.foreignType) || row.foreignID === null) return "shared";
      try {
        await mayDownload(row, context);
        return "private";
      } catch (error) {
        if (error instanceof HttpError && (error.status === 401 || error.status === 403 || error.status === 404))
          return null;
        throw error;
      }
    },

    /** `GET /media/by-url`: as `GET /media/{id}`. */
    async getByUrl(url: string, context: RequestContext): Promise<Media> {
      return presentMedia(await manageable(context.viewer, () => byUrl(url, context)), context.origin);
    },

    /** `DELETE /media/by-url`: as `DELETE /media/{id}`. */
    async removeByUrl(url: string, context: RequestContext): Promise<void> {
      await removeRows(await loadAll(context.viewer, [() => byUrl(url, context)]));
    },

    /** `DELETE /media/list`: every one the viewer may delete, or none. */
    async removeList(mediaIDs: number[], context: RequestContext): Promise<void> {
      await removeRows(
        await loadAll(
          context.viewer,
          mediaIDs.map((id) => () => repo.findById(id)),
        ),
      );
    },

    /** `DELETE /media/list-by-url`: every one the viewer may delete, or none. */
    async removeListByUrl(urls: string[], context: RequestContext): Promise<void> {
      await removeRows(
        await loadAll(
          context.viewer,
          urls.map((url) => () => byUrl(url, context)),
        ),
      );
    },

    /**
     * `PATCH /media/{id}/attachment`: the uploader or a moderator attaches the file to a discussion or comment they
     * may see, or to an embed.
     */
    async attach(mediaID: number, body: MediaAttachment, context: RequestContext): Promise<Media> {
      const row = await manageable(context.viewer, () => repo.findById(mediaID));
      refuseForeignImage(row);
      if (hasRecordCheck(body.foreignType)) await records[body.foreignType](body.foreignID, context);
      await repo.attach(mediaID, body.foreignType, body.foreignID);
      return presentMedia({ ...row, foreignType: body.foreignType, foreignID: body.foreignID }, context.origin);
    },

    /** `GET /media/{id}/download`. */
    downloadById: async (mediaID: number, context: RequestContext) => download(await repo.findById(mediaID), context),

    /** `GET /media/download-by-url`. */
    downloadByUrl: async (url: string, context: RequestContext) => download(await byUrl(url, context), context),
  };
}
