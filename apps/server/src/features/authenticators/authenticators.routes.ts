import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  Authenticator,
  AuthenticatorIdParams,
  AuthenticatorListQuery,
  AuthenticatorPatch,
  AuthenticatorPost,
  AuthenticatorTypeRecord,
  ConnectBody,
  ConnectResult,
  OAuth2Authenticator,
  OAuth2AuthenticatorPatch,
  OAuth2AuthenticatorPost,
  PendingConnection,
  SignInButton,
} from "@parley/contracts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { Connections } from "./authenticators.connect.ts";
import type { OAuth2Settings } from "./authenticators.oauth2-settings.ts";
import type { AuthenticatorsService } from "./authenticators.service.ts";

const tags = ["Authenticators"];

interface Options {
  service: AuthenticatorsService;
  oauth2: OAuth2Settings;
  connections: Connections;
}

/** /authenticators, /authenticator-types: parse, call the service. */
export const authenticatorsRoutes: FastifyPluginAsyncTypebox<Options> = async (
  app,
  { service, oauth2, connections },
) => {
  app.get(
    "/authenticator-types",
    {
      schema: {
        tags,
        summary: "The kinds of authenticator one may add.",
        response: { 200: Type.Array(AuthenticatorTypeRecord) },
      },
    },
    async (request) => service.types(requestContext(request)),
  );
  app.get(
    "/authenticators",
    {
      schema: {
        tags,
        summary: "List the authenticators (site managers). Their secrets are never answered.",
        querystring: AuthenticatorListQuery,
        response: { 200: Type.Array(Authenticator) },
      },
    },
    async (request) => service.list(request.query, requestContext(request)),
  );
  app.post(
    "/authenticators",
    {
      schema: {
        tags,
        summary: "Add an authenticator (an OpenID Connect provider).",
        body: AuthenticatorPost,
        response: { 201: Authenticator },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return service.create(request.body, requestContext(request));
    },
  );
  app.post(
    "/authenticators/oauth2",
    {
      schema: {
        tags,
        summary: "Add an OAuth 2 provider (not OpenID Connect): its addresses, client, scopes and profile keys.",
        body: OAuth2AuthenticatorPost,
        response: { 201: OAuth2Authenticator },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return oauth2.create(request.body, requestContext(request));
    },
  );
  app.get(
    "/authenticators/oauth2/:id",
    {
      schema: {
        tags,
        summary: "One OAuth 2 authenticator (site managers). Its secret is never answered.",
        params: AuthenticatorIdParams,
        response: { 200: OAuth2Authenticator },
      },
    },
    async (request) => oauth2.get(request.params.id, requestContext(request)),
  );
  app.patch(
    "/authenticators/oauth2/:id",
    {
      schema: {
        tags,
        summary: "Change an OAuth 2 authenticator; a secret given replaces the one kept.",
        params: AuthenticatorIdParams,
        body: OAuth2AuthenticatorPatch,
        response: { 200: OAuth2Authenticator },
      },
    },
    async (request) => oauth2.update(request.params.id, request.body, requestContext(request)),
  );
  app.get(
    "/authenticators/sign-in-buttons",
    {
      schema: {
        tags,
        summary: "Parley: the active, visible authenticators the sign-in and registration pages offer, to anyone.",
        response: { 200: Type.Array(SignInButton) },
      },
    },
    async () => service.buttons(),
  );
  app.get(
    "/authenticators/connection",
    {
      schema: {
        tags,
        summary:
          "Parley: the first sign-in with another site this browser is finishing (a name or a password to give).",
        response: { 200: PendingConnection },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return connections.get(request);
    },
  );
  app.post(
    "/authenticators/connection",
    {
      schema: {
        tags,
        summary:
          "Parley: finish a first sign-in with another site: a name for the new account, or the password of the account to link.",
        body: ConnectBody,
        response: { 201: ConnectResult },
      },
    },
    async (request, reply) => {
      const result = await connections.finish(request.body, request, reply);
      reply.status(201);
      return result;
    },
  );
  app.get(
    "/authenticators/:id",
    {
      schema: {
        tags,
        summary: "One authenticator (site managers).",
        params: AuthenticatorIdParams,
        response: { 200: Authenticator },
      },
    },
    async (request) => service.get(request.params.id, requestContext(request)),
  );
  app.patch(
    "/authenticators/:id",
    {
      schema: {
        tags,
        summary: "Change an authenticator; a secret given replaces the one kept.",
        params: AuthenticatorIdParams,
        body: AuthenticatorPatch,
        response: { 200: Authenticator },
      },
    },
    async (request) => service.update(request.params.id, request.body, requestContext(request)),
  );
  app.delete(
    "/authenticators/:id",
    {
      schema: {
        tags,
        summary: "Remove an authenticator and its members' links to it (their accounts stay).",
        params: AuthenticatorIdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.id, requestContext(request));
      reply.status(204);
      return null;
    },
  );
};
