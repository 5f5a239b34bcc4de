import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { WatchedWord, WatchedWordPost } from "@parley/contracts";
import type { WatchedWordsService } from "./spam.words.service.ts";

const tags = ["Watched words"];

/** Parley's /watched-words: moderators and site managers list them; site managers add and remove. */
export const spamRoutes: FastifyPluginAsyncTypebox<{ service: WatchedWordsService }> = async (app, { service }) => {
  app.get(
    "/watched-words",
    {
      schema: {
        tags,
        summary: "Parley: the watched words and their actions (community.moderate or site.manage).",
        response: { 200: Type.Array(WatchedWord) },
      },
    },
    async (request) => service.list(request.viewer),
  );

  app.post(
    "/watched-words",
    {
      schema: {
        tags,
        summary:
          "Parley: watch a word or a pattern (`*`: up to 30 letters or digits) with an action: block, approval, censor or flag (site.manage).",
        body: WatchedWordPost,
        response: { 201: WatchedWord },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return service.add(request.body, request.viewer);
    },
  );

  app.delete(
    "/watched-words/:id",
    {
      schema: {
        tags,
        summary: "Parley: stop watching a word (site.manage).",
        params: Type.Object({ id: Type.Integer() }),
        response: { 204: Type.Null() },
      },
    },
    async (request) => {
      await service.remove(request.params.id, request.viewer);
      return null;
    },
  );
};
