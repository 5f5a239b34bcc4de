import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  AuthenticateResult,
  TwoFactorConfirmBody,
  TwoFactorEnableBody,
  TwoFactorRecoveryCodes,
  TwoFactorSignInBody,
  TwoFactorState,
  TwoFactorUserParams,
} from "@parley/contracts";
import type { createAuthenticateService } from "./authenticate.service.ts";
import type { TwoFactorService } from "./two-factor.service.ts";

const tags = ["Users"];

interface Options {
  twoFactor: TwoFactorService;
  authenticate: ReturnType<typeof createAuthenticateService>;
}

/**
 * Two-factor sign-in (issue 34, item 5; Parley's own, Vanilla has none): the member's enrolment, recovery codes and
 * turning it off under `/users/me/two-factor`, a user manager's reset, and the code step of a password sign-in.
 */
export const twoFactorRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { twoFactor, authenticate }) => {
  app.get(
    "/users/me/two-factor",
    {
      schema: {
        tags,
        summary:
          "Parley: the signed-in member's two-factor state; the key and its QR code only while a setup waits for its first code.",
        response: { 200: TwoFactorState },
      },
    },
    async (request) => twoFactor.state(request.viewer),
  );

  app.post(
    "/users/me/two-factor/setup",
    {
      schema: {
        tags,
        summary: "Parley: start two-factor setup: a new key for an authenticator app, shown until confirmed.",
        body: Type.Object({}),
        response: { 200: TwoFactorState },
      },
    },
    async (request, reply) => {
      reply.code(200);
      return twoFactor.setup(request.viewer);
    },
  );

  app.post(
    "/users/me/two-factor/enable",
    {
      schema: {
        tags,
        summary:
          "Parley: confirm the setup with a current code; turns two-factor on and answers the 10 recovery codes once.",
        body: TwoFactorEnableBody,
        response: { 200: TwoFactorRecoveryCodes },
      },
    },
    async (request, reply) => {
      reply.code(200);
      return twoFactor.enable(request.viewer, request.body.code);
    },
  );

  app.post(
    "/users/me/two-factor/recovery-codes",
    {
      schema: {
        tags,
        summary:
          "Parley: new recovery codes (the old ones stop working, remembered devices are forgotten), confirmed with the password or a code.",
        body: TwoFactorConfirmBody,
        response: { 200: TwoFactorRecoveryCodes },
      },
    },
    async (request, reply) => {
      reply.code(200);
      return twoFactor.regenerate(request.viewer, request.body, reply);
    },
  );

  app.post(
    "/users/me/two-factor/disable",
    {
      schema: {
        tags,
        summary: "Parley: turn two-factor off, confirmed with the password or a code.",
        body: TwoFactorConfirmBody,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await twoFactor.disable(request.viewer, request.body, request, reply);
      reply.code(204);
      return null;
    },
  );

  app.delete(
    "/users/:id/two-factor",
    {
      schema: {
        tags,
        summary: "Parley: turn a member's two-factor off (user managers; for a member who lost their phone and codes).",
        params: TwoFactorUserParams,
        response: { 204: Type.Null() },
      },
    },
    async (request) => {
      await twoFactor.reset(request.params.id, request.viewer);
      return null;
    },
  );

  app.post(
    "/authenticate/two-factor",
    {
      schema: {
        tags: ["Authentication"],
        summary:
          "Parley: the code step of a password sign-in that answered 202: a code from the authenticator app or a recovery code; sets the session cookie.",
        body: TwoFactorSignInBody,
        response: { 201: AuthenticateResult },
      },
    },
    async (request, reply) => authenticate.signInWithCode(request.body, request, reply),
  );
};
