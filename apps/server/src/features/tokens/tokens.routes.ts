import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  AccessToken,
  AccessTokenIdParams,
  AccessTokenPost,
  NoBody,
  OAuthToken,
  OAuthTokenPost,
  RoleToken,
} from "@parley/contracts";
import type { OAuthMemberLookup } from "../authenticators/index.ts";
import type { TokensService } from "./tokens.service.ts";

const tags = ["Tokens"];

export const tokensRoutes: FastifyPluginAsyncTypebox<{
  service: TokensService;
  oauthMember: OAuthMemberLookup;
}> = async (app, { service, oauthMember }) => {
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
  app.post(
    "/tokens/roles",
    {
      schema: {
        tags,
        summary: "A role token: a short-lived JWT of your roles, for the GET routes that answer by roles alone.",
        body: NoBody,
        response: { 201: RoleToken },
      },
    },
    async (request) => service.roleToken(request.viewer),
  );

  app.post(
    "/tokens/oauth",
    {
      schema: {
        tags,
        summary: "Exchange an OAuth 2 provider's access token for a short-lived access token here.",
        body: OAuthTokenPost,
        response: { 200: OAuthToken },
      },
    },
    async (request, reply) => {
      const userID = await oauthMember(request.body, request, reply);
      reply.code(200);
      return service.forOAuthMember(userID);
    },
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
