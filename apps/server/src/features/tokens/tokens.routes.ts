import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { AccessToken, AccessTokenIdParams, AccessTokenPost } from "@parley/contracts";
import type { TokensService } from "./tokens.service.ts";

const tags = ["Tokens"];

export const tokensRoutes: FastifyPluginAsyncTypebox<{ service: TokensService }> = async (app, { service }) => {
  app.get(
    "/tokens",
    { schema: { tags, summary: "Your access tokens.", response: { 200: Type.Array(AccessToken) } } },
    async (request) => service.list(request.viewer),
  );
  app.post(
    "/tokens",
    {
      schema: {
        tags,
        summary: "Create an access token; its value is shown only in this answer.",
        body: AccessTokenPost,
        response: { 201: AccessToken },
      },
    },
    async (request) => service.create(request.viewer, request.body.name),
  );
  app.get(
    "/tokens/:id",
    {
      schema: {
        tags,
        summary: "One of your access tokens (without its value).",
        params: AccessTokenIdParams,
        response: { 200: AccessToken },
      },
    },
    async (request) => service.get(request.viewer, request.params.id),
  );
  app.delete(
    "/tokens/:id",
    {
      schema: {
        tags,
        summary: "Revoke an access token.",
        params: AccessTokenIdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request) => {
      await service.revoke(request.viewer, request.params.id);
      return null;
    },
  );
};
