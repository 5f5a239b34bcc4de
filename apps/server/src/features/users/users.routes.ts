import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply } from "fastify";
import { Type } from "typebox";
import {
  SignOutResult,
  AuthenticatePasswordBody,
  AuthenticateResult,
  TwoFactorChallenge,
  BanBody,
  ByNamesQuery,
  MeCounts,
  OnlineUsers,
  OnlineUsersQuery,
  RegisterBody,
  RegisterResult,
  RequestPasswordBody,
  UserDeleteBody,
  UserGetQuery,
  UserIdParams,
  UserListQuery,
  UserPatch,
  UserPermissionsQuery,
  UserPost,
} from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import { setPagingHeaders } from "../../platform/http/pagination.ts";
import { clientOf } from "../../platform/http/client-address.ts";
import { tooManyRequests } from "../../platform/http/address-limits.ts";
import type { createAuthenticateService } from "./authenticate.service.ts";
import type { UsersService } from "./users.service.ts";
import { requestContext } from "../../platform/http/request-context.ts";

const NoContent = Type.Null();
const tags = ["Users"];

interface Options {
  service: UsersService;
  authenticate: ReturnType<typeof createAuthenticateService>;
  platform: Platform;
}

/** /users, /authenticate: parse, call the service, set status and paging headers. */
export const usersRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { service, authenticate, platform }) => {
  const registrations = platform.limiter("register-ip", 10, 60 * 60_000);
  const passwordRequests = platform.limiter("request-password-ip", 5, 15 * 60_000);
  const limit = async (limiter: typeof registrations, key: string, reply: FastifyReply) => {
    const result = await limiter.hit(key);
    if (!result.allowed) throw tooManyRequests(reply, result.retryAfterSeconds);
  };

  app.get(
    "/users/me",
    {
      schema: {
        tags,
        summary: "The session's user, or the Guest record (userID 0).",
        response: { 200: Type.Ref("Me") },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-cache, private");
      return service.me(requestContext(request));
    },
  );

  app.get(
    "/users/me-counts",
    { schema: { tags, summary: "Counters for the session's user.", response: { 200: MeCounts } } },
    async (request, reply) => {
      reply.header("cache-control", "no-cache, private");
      return service.meCounts(requestContext(request));
    },
  );

  app.get(
    "/users/online",
    {
      schema: {
        tags,
        summary:
          "Parley: members seen in the last minutes (add-on `online`), the most recent first, and their total; members hiding their status only for site managers.",
        querystring: OnlineUsersQuery,
        response: { 200: OnlineUsers },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-cache");
      return service.online(request.query, requestContext(request));
    },
  );

  app.get(
    "/users/by-names",
    {
      schema: {
        tags,
        summary: "Users by name or name prefix (`ab*`): exact match first, then active members.",
        querystring: ByNamesQuery,
        response: { 200: Type.Array(Type.Ref("UserFragment")) },
      },
    },
    async (request, reply) => {
      const result = await service.byNames(request.query, requestContext(request));
      setPagingHeaders(request, reply, { page: result.page, limit: result.limit, count: result.items.length });
      return result.items;
    },
  );

  app.get(
    "/users",
    {
      schema: {
        tags,
        summary: "List users.",
        querystring: UserListQuery,
        response: { 200: Type.Array(Type.Ref("User")) },
      },
    },
    async (request, reply) => {
      const result = await service.list(request.query, requestContext(request));
      setPagingHeaders(request, reply, {
        page: result.page,
        limit: result.limit,
        total: result.total,
        count: result.items.length,
      });
      return result.items;
    },
  );

  app.get(
    "/users/:id",
    {
      schema: {
        tags,
        summary: "Get a user.",
        params: UserIdParams,
        querystring: UserGetQuery,
        response: { 200: Type.Ref("User") },
      },
    },
    async (request, reply) => {
      if (request.params.id === "$me") reply.header("cache-control", "no-cache, private");
      return service.get(request.params.id, requestContext(request), request.query.expand);
    },
  );

  app.get(
    "/users/:id/permissions",
    {
      schema: {
        tags,
        summary: "A user's permissions; `expand=junctions` adds junctions and aliases.",
        params: UserIdParams,
        querystring: UserPermissionsQuery,
        response: { 200: Type.Ref("UserPermissions") },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-cache, private");
      const expand = request.query.expand ?? [];
      return service.permissionsOf(request.params.id, expand.length > 0, requestContext(request));
    },
  );

  app.post(
    "/users",
    {
      schema: {
        tags,
        summary: "Create a user (users.add).",
        body: UserPost,
        response: { 201: Type.Ref("User") },
      },
    },
    async (request) => service.create(request.body, requestContext(request)),
  );

  app.post(
    "/users/register",
    {
      schema: {
        tags,
        summary: "Register a new account.",
        body: RegisterBody,
        response: { 201: RegisterResult },
      },
    },
    async (request, reply) => {
      await limit(registrations, clientOf(request).address, reply);
      return service.register(request.body, requestContext(request));
    },
  );

  app.post(
    "/users/request-password",
    {
      schema: {
        tags,
        summary: "E-mail a password reset link (the answer is the same whether the address is known or not).",
        body: RequestPasswordBody,
        response: { 201: Type.Object({ message: Type.String() }) },
      },
    },
    async (request, reply) => {
      await limit(passwordRequests, clientOf(request).address, reply);
      await service.requestPassword(request.body.email, requestContext(request));
      return {
        message: "If that email belongs to an account, a message with a link to reset the password is on its way.",
      };
    },
  );

  app.post(
    "/users/password-reset",
    {
      schema: {
        tags,
        summary: "Set a new password with the token of a reset link.",
        body: Type.Object({ token: Type.String({ minLength: 1 }), password: Type.String() }),
        response: { 201: Type.Object({ userID: Type.Integer() }) },
      },
    },
    async (request) => {
      const reset = await service.resetPassword(request.body.token, request.body.password);
      await authenticate.forgetFailures(reset.userID, request);
      return reset;
    },
  );

  app.post(
    "/users/:id/confirm-email",
    {
      schema: {
        tags,
        summary: "Confirm a user's e-mail with the code of the confirmation link.",
        params: UserIdParams,
        body: Type.Object({ confirmationCode: Type.String({ minLength: 1 }) }),
        response: { 201: Type.Object({ userID: Type.Integer(), emailConfirmed: Type.Boolean() }) },
      },
    },
    async (request) => {
      const result = await service.confirmEmail(request.params.id, request.body.confirmationCode);
      return { userID: result.userID, emailConfirmed: true };
    },
  );

  app.post(
    "/users/me/send-confirm-email",
    {
      schema: {
        tags,
        summary: "E-mail a new confirmation link to the session's user.",
        body: Type.Object({}),
        response: { 201: Type.Object({ message: Type.String() }) },
      },
    },
    async (request, reply) => {
      await limit(passwordRequests, `confirm:${clientOf(request).address}`, reply);
      await service.resendConfirmation(requestContext(request));
      return { message: "A confirmation email has been sent." };
    },
  );

  app.patch(
    "/users/:id",
    {
      schema: {
        tags,
        summary: "Edit a user.",
        params: UserIdParams,
        body: UserPatch,
        response: { 200: Type.Ref("User") },
      },
    },
    async (request) => service.patch(request.params.id, request.body, requestContext(request)),
  );

  app.put(
    "/users/:id/hidden",
    {
      schema: {
        tags,
        summary: "Hide a member from the online lists, or show them again (themself, or who edits members).",
        params: UserIdParams,
        body: Type.Object({ hidden: Type.Boolean() }),
        response: { 200: Type.Object({ hidden: Type.Boolean() }) },
      },
    },
    async (request) => {
      const user = await service.patch(request.params.id, { hidden: request.body.hidden }, requestContext(request));
      return { hidden: user.hidden ?? request.body.hidden };
    },
  );

  app.put(
    "/users/:id/ban",
    {
      schema: {
        tags,
        summary:
          "Ban or unban a user; a ban may say why (`reason`, moderators read it) and when it ends (`dateBanExpires`).",
        params: UserIdParams,
        body: BanBody,
        response: { 200: Type.Object({ banned: Type.Boolean() }) },
      },
    },
    async (request) => service.ban(request.params.id, request.body, requestContext(request)),
  );

  app.delete(
    "/users/:id",
    {
      schema: {
        tags,
        summary: "Delete a user: keep, wipe or delete their posts.",
        params: UserIdParams,
        body: UserDeleteBody,
        response: { 204: NoContent },
      },
    },
    async (request) => {
      await service.remove(request.params.id, request.body?.deleteMethod ?? "delete", requestContext(request));
      return null;
    },
  );

  app.post(
    "/authenticate/password",
    {
      schema: {
        tags: ["Authentication"],
        summary:
          "Sign in with a name or e-mail and a password; sets the session cookie. For an account with two-factor on, 202 and no session: the code goes to `/authenticate/two-factor`.",
        body: AuthenticatePasswordBody,
        response: { 201: AuthenticateResult, 202: TwoFactorChallenge },
      },
    },
    async (request, reply) => authenticate.signIn(request.body, request, reply),
  );

  app.delete(
    "/authenticate",
    {
      schema: {
        tags: ["Authentication"],
        summary:
          "Sign out: 204; or, signed in with an OpenID Connect provider that signs out too, 200 and its end-session address for the browser to go on to (Parley's).",
        response: { 200: SignOutResult, 204: NoContent },
      },
    },
    async (request, reply) => {
      const signOutUrl = await authenticate.signOut(request, reply);
      if (signOutUrl) {
        reply.status(200);
        return { signOutUrl };
      }
      return null;
    },
  );
};
