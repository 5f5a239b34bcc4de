import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { Rank, RankInput, RankPatch, UserRankInput } from "@parley/contracts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { RanksService } from "./ranks.service.ts";

const IdParams = Type.Object({ id: Type.Integer() });
const tags = ["Ranks"];

/** The ranks add-on: the ranks (site managers manage them) and a member's rank set by hand (Vanilla's). */
export const ranksRoutes: FastifyPluginAsyncTypebox<{ service: RanksService }> = async (app, { service }) => {
  app.get(
    "/ranks",
    {
      schema: {
        tags,
        summary:
          "Parley: every rank, lowest level first, with its criteria and how many members hold it (ranks add-on).",
        response: { 200: Type.Array(Rank) },
      },
    },
    async (request) => service.list(requestContext(request)),
  );

  app.get(
    "/ranks/:id",
    { schema: { tags, summary: "Parley: one rank (ranks add-on).", params: IdParams, response: { 200: Rank } } },
    async (request) => service.get(request.params.id, requestContext(request)),
  );

  app.post(
    "/ranks",
    {
      schema: {
        tags,
        summary: "Parley: adds a rank (site managers); every member's rank is computed again.",
        body: RankInput,
        response: { 201: Rank },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.body, requestContext(request))),
  );

  app.patch(
    "/ranks/:id",
    {
      schema: {
        tags,
        summary: "Parley: changes a rank (site managers); every member's rank is computed again.",
        params: IdParams,
        body: RankPatch,
        response: { 200: Rank },
      },
    },
    async (request) => service.update(request.params.id, request.body, requestContext(request)),
  );

  app.delete(
    "/ranks/:id",
    {
      schema: {
        tags,
        summary: "Parley: deletes a rank (site managers); its members go back to their computed rank.",
        params: IdParams,
      },
    },
    async (request, reply) => {
      await service.remove(request.params.id, requestContext(request));
      return reply.code(204).send();
    },
  );

  app.put(
    "/users/:id/rank",
    {
      schema: {
        tags: ["Users"],
        summary: "Update the rank of a user: set by hand (kept by the recomputation), or null for the computed one.",
        params: IdParams,
        body: UserRankInput,
        response: { 200: UserRankInput },
      },
    },
    async (request) => service.setUserRank(request.params.id, request.body.rankID, requestContext(request)),
  );
};
