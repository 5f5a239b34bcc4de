import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply } from "fastify";
import { Type } from "typebox";
import {
  ErrorBody,
  isImageExtension,
  MediaAttachment,
  MediaDeleteByUrlQuery,
  MediaIdParams,
  mediaListMaxItems,
  MediaListDelete,
  MediaUrlListDelete,
  MediaUrlQuery,
  UploadLimitsSchema,
} from "@parley/contracts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { MediaDownload } from "./media.manage.ts";
import { malformedUpload, type IncomingFile, type MediaService } from "./media.service.ts";

/** Bodies past the size limit (the platform adds the standard failures). */
const tooLarge = { 413: ErrorBody };
const tags = ["Media"];

/**
 * The multipart body, for the documentation only: the file is streamed to disk by the handler, so the
 * schema has no `type` or keywords and never refuses the (unparsed) body.
 */
const UploadBody = Type.Unsafe({
  description:
    "multipart/form-data: `file` (required), `foreignType` (discussion, comment, embed, or category: images only, at most `categoryImageMaxSize`), `foreignID` (integer).",
});

const imageTypes: Record<string, string> = {
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
};

/** RFC 6266 attachment with the uploaded name (ASCII fallback plus the UTF-8 form). */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** A download's body, for the documentation (the file's bytes). */
const Download = Type.Unsafe({
  description: "The file, as an attachment (Content-Disposition) with its uploaded name.",
});

/** Headers every served file gets: nothing here may run as a page (no sniffing, a sandboxing CSP). */
const safeFileHeaders = (reply: FastifyReply) =>
  reply
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; sandbox")
    .header("cross-origin-resource-policy", "same-origin");

/** A permission-checked download: always an attachment, never cached by a shared cache. */
const sendDownload = (reply: FastifyReply, download: MediaDownload) =>
  safeFileHeaders(reply)
    .header("cache-control", "no-cache, private")
    .header("content-length", String(download.size))
    .header("content-disposition", attachment(download.name))
    .type(download.type)
    .send(download.body);

/** /api/v2/media (upload, read, delete, attach, download) and the files themselves under /uploads. */
export const mediaRoutes: FastifyPluginAsyncTypebox<{ service: MediaService }> = async (app, { service }) => {
  // Only this plugin's routes parse multipart bodies. One file, a few small fields.
  await app.register(multipart, { limits: { files: 1, fields: 5, fieldSize: 1024, parts: 6 } });

  app.post(
    "/api/v2/media",
    {
      schema: {
        tags,
        summary: "Upload a file (multipart `file`); images are checked by their contents.",
        consumes: ["multipart/form-data"],
        body: UploadBody,
        response: { 201: Type.Ref("Media"), ...tooLarge },
      },
    },
    async (request, reply) => {
      const media = await service.upload(async (maxSize): Promise<IncomingFile | undefined> => {
        if (!request.isMultipart()) return undefined;
        const part = await request
          .file({ limits: { fileSize: maxSize }, throwFileSizeLimit: false })
          .catch((error: unknown) => {
            throw malformedUpload(error);
          });
        if (!part || part.fieldname !== "file") {
          part?.file.resume();
          return undefined;
        }
        const field = (name: string) => {
          const value = part.fields[name];
          return value && !Array.isArray(value) && value.type === "field" ? String(value.value) : undefined;
        };
        const foreignType = field("foreignType");
        const foreignID = field("foreignID");
        return {
          filename: part.filename,
          stream: part.file,
          fields: { ...(foreignType ? { foreignType } : {}), ...(foreignID ? { foreignID } : {}) },
        };
      }, requestContext(request));
      reply.code(201);
      return media;
    },
  );

  app.get(
    "/api/v2/media/upload-limits",
    {
      schema: {
        tags,
        summary: "The largest upload and the allowed extensions, for checks before uploading.",
        response: { 200: UploadLimitsSchema, ...tooLarge },
      },
    },
    async () => service.limits(),
  );

  app.get(
    "/api/v2/media/by-url",
    {
      schema: {
        tags,
        summary: "A media record by its file's URL on this site (its uploader or a moderator).",
        querystring: MediaUrlQuery,
        response: { 200: Type.Ref("Media"), ...tooLarge },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-cache, private");
      return service.getByUrl(request.query.url, requestContext(request));
    },
  );

  app.delete(
    "/api/v2/media/by-url",
    {
      schema: {
        tags,
        summary: "Delete a media record and its file by the file's URL (its uploader or a moderator).",
        querystring: MediaDeleteByUrlQuery,
        response: { 204: Type.Null(), ...tooLarge },
      },
    },
    async (request, reply) => {
      await service.removeByUrl(request.query.url, requestContext(request));
      reply.code(204);
      return null;
    },
  );

  app.delete(
    "/api/v2/media/list",
    {
      schema: {
        tags,
        summary: `Delete up to ${mediaListMaxItems} media records and their files by ID: all of them, or none when one may not be.`,
        body: MediaListDelete,
        response: { 204: Type.Null(), ...tooLarge },
      },
    },
    async (request, reply) => {
      await service.removeList(request.body.mediaIDs, requestContext(request));
      reply.code(204);
      return null;
    },
  );

  app.delete(
    "/api/v2/media/list-by-url",
    {
      schema: {
        tags,
        summary: `Delete up to ${mediaListMaxItems} media records and their files by URL: all of them, or none when one may not be.`,
        body: MediaUrlListDelete,
        response: { 204: Type.Null(), ...tooLarge },
      },
    },
    async (request, reply) => {
      await service.removeListByUrl(request.body.urls, requestContext(request));
      reply.code(204);
      return null;
    },
  );

  app.get(
    "/api/v2/media/download-by-url",
    {
      schema: {
        tags,
        summary: "Download a file by its URL (whoever may see the record it is attached to).",
        querystring: MediaUrlQuery,
        response: { 200: Download, ...tooLarge },
      },
    },
    async (request, reply) =>
      sendDownload(reply, await service.downloadByUrl(request.query.url, requestContext(request))),
  );

  app.get(
    "/api/v2/media/:id/download",
    {
      schema: {
        tags,
        summary: "Download a file (whoever may see the record it is attached to).",
        params: MediaIdParams,
        response: { 200: Download, ...tooLarge },
      },
    },
    async (request, reply) =>
      sendDownload(reply, await service.downloadById(request.params.id, requestContext(request))),
  );

  app.patch(
    "/api/v2/media/:id/attachment",
    {
      schema: {
        tags,
        summary:
          "Attach an upload to a discussion or comment the caller may see, or an embed (its uploader or a moderator).",
        params: MediaIdParams,
        body: MediaAttachment,
        response: { 200: Type.Ref("Media"), ...tooLarge },
      },
    },
    async (request) => service.attach(request.params.id, request.body, requestContext(request)),
  );

  app.get(
    "/api/v2/media/:id",
    {
      schema: {
        tags,
        summary: "A media record (its uploader or a moderator).",
        params: MediaIdParams,
        response: { 200: Type.Ref("Media"), ...tooLarge },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-cache, private");
      return service.get(request.params.id, requestContext(request));
    },
  );

  app.delete(
    "/api/v2/media/:id",
    {
      schema: {
        tags,
        summary: "Delete a media record and its file (its uploader or a moderator).",
        params: MediaIdParams,
        response: { 204: Type.Null(), ...tooLarge },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.id, requestContext(request));
      reply.code(204);
      return null;
    },
  );

  // The files: images verified at upload show inline; anything else only ever downloads, and nothing here may run
  // as a page (no sniffing, a sandboxing CSP). Streamed from the storage (the disk or the bucket), never redirected
  // to it: the permission check and these headers stay Parley's.
  app.get("/uploads/*", { schema: { hide: true } }, async (request, reply) => {
    const relative = (request.params as { "*": string })["*"];
    const found = await service.open(relative, requestContext(request));
    safeFileHeaders(reply);
    if (!found) {
      // An imported forum's file at its old address (`/uploads/FileUpload/ab/cd.png`): to its copy.
      const copy = await service.importedCopy(relative);
      if (copy) return reply.header("cache-control", "public, max-age=86400").redirect(`/uploads/${copy}`, 301);
      return reply.code(404).type("text/plain; charset=utf-8").send("Not Found");
    }
    const extension = relative.slice(relative.indexOf(".") + 1);
    reply
      .header("cache-control", found.shared ? "public, max-age=31536000, immutable" : "private, max-age=3600")
      .header("content-length", String(found.object.size));
    if (isImageExtension(extension)) {
      reply.type(imageTypes[extension]!).header("content-disposition", "inline");
    } else {
      reply.type("application/octet-stream").header("content-disposition", attachment(found.row.name));
    }
    return reply.send(found.object.body);
  });
};
