import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { ErrorBody, UserEdit, UserIdParams, UserPhoto, uploadMessages } from "@parley/contracts";
import { badRequest, HttpError } from "../../platform/errors.ts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { UsersDeps } from "./users.operation.ts";
import { userEditRecord } from "./users.edit.ts";
import {
  photoLimiter,
  readLimited,
  removeUserPhoto,
  setUserPhoto,
  type IncomingPhoto,
  type PhotoStore,
} from "./users.photo.ts";

const tags = ["Users"];
/** The crop box's fields; anything else in the body is ignored. */
const CROP_FIELDS = new Set(["x", "y", "size"]);

/** The multipart body, for the documentation only: the handler reads the stream itself. */
const PhotoBody = Type.Unsafe({
  description:
    "multipart/form-data: `photo` (required: PNG, JPEG, GIF or WebP, at most `userPhotoLimits.maxSize`); optional `x`, `y`, `size`: a square crop box in the image's pixels (else a centred square).",
});

interface Options {
  deps: Pick<UsersDeps, "repo" | "platform">;
  store: PhotoStore;
}

/** `/users/{id}/photo` (Vanilla's) and `/users/{id}/edit`: a member's photo, and what their profile form edits. */
export const userPhotoRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { deps, store }) => {
  // Only this plugin's routes parse multipart bodies: one file and the crop box's three fields.
  await app.register(multipart, { limits: { files: 1, fields: 3, fieldSize: 32, parts: 4 } });
  const photoDeps = { repo: deps.repo, platform: deps.platform, store, limiter: photoLimiter(deps.platform) };

  app.post(
    "/users/:id/photo",
    {
      schema: {
        tags,
        summary: "Set a user's photo (oneself, or users.edit): cropped square, resized and re-encoded.",
        consumes: ["multipart/form-data"],
        params: UserIdParams,
        body: PhotoBody,
        response: { 200: UserPhoto, 413: ErrorBody },
      },
    },
    async (request, reply) => {
      // Vanilla answers this POST 200 with the photo's address (nothing is created that has its own URL).
      reply.code(200);
      const declared = Number(request.headers["content-length"]);
      return setUserPhoto(
        photoDeps,
        request.params.id,
        Number.isFinite(declared) ? declared : null,
        async (maxSize): Promise<IncomingPhoto | undefined> => {
          if (!request.isMultipart()) return undefined;
          const fields: IncomingPhoto["fields"] = {};
          let bytes: Buffer | undefined;
          try {
            for await (const part of request.parts({ limits: { fileSize: maxSize } })) {
              if (part.type === "file") {
                if (part.fieldname === "photo" && bytes === undefined) bytes = await readLimited(part.file, maxSize);
                else part.file.resume();
              } else if (CROP_FIELDS.has(part.fieldname)) {
                fields[part.fieldname] = String(part.value);
              }
            }
          } catch (error) {
            throw error instanceof HttpError ? error : badRequest(uploadMessages.malformed);
          }
          return bytes === undefined ? undefined : { bytes, fields };
        },
        requestContext(request),
      );
    },
  );

  app.delete(
    "/users/:id/photo",
    {
      schema: {
        tags,
        summary: "Remove a user's photo (oneself, or users.edit); the default silhouette shows again.",
        params: UserIdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await removeUserPhoto(photoDeps, request.params.id, requestContext(request));
      reply.code(204);
      return null;
    },
  );

  app.get(
    "/users/:id/edit",
    {
      schema: {
        tags,
        summary: "What a user's profile form edits, as sources (oneself, or users.edit).",
        params: UserIdParams,
        response: { 200: UserEdit },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-cache, private");
      return userEditRecord(deps, request.params.id, requestContext(request));
    },
  );
};
