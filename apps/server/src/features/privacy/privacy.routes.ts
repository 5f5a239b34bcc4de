import { createReadStream } from "node:fs";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { UserExport, UserExportParams } from "@parley/contracts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { Exports } from "./privacy.exports.ts";

const tags = ["Users"];

/** "Download my data": ask, list one's requests, download one's archive. Parley's own endpoints. */
export const privacyRoutes: FastifyPluginAsyncTypebox<{ exports: Exports }> = async (app, { exports }) => {
  app.post(
    "/users/me/export",
    {
      schema: {
        tags,
        summary:
          "Parley: ask for an archive of one's data (profile, posts, messages, reactions, bookmarks, drafts, notification preferences); built in the background, then a notification and an e-mail say it is ready. One at a time, one a day.",
        body: Type.Object({}),
        response: { 201: UserExport },
      },
      // Clients usually send no body at all: it means `{}`.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      reply.status(201);
      return exports.request(requestContext(request));
    },
  );

  app.get(
    "/users/me/exports",
    {
      schema: {
        tags,
        summary: "Parley: one's data archive requests, the newest first; `downloadUrl` while one is ready.",
        response: { 200: Type.Array(UserExport) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return exports.list(requestContext(request));
    },
  );

  app.get(
    "/users/me/exports/:id/download",
    {
      schema: {
        tags,
        summary:
          "Parley: the zip archive of one's data (the session's own request only; another member's is 404), until it expires (410).",
        params: UserExportParams,
      },
    },
    async (request, reply) => {
      const { file, name } = await exports.download(request.params.id, requestContext(request));
      return reply
        .header("cache-control", "no-store")
        .header("content-disposition", `attachment; filename="${name}"`)
        .type("application/zip")
        .send(createReadStream(file));
    },
  );
};
