import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { SelfDeleteBody, SelfDeleteResult, UserIdParams } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import { requestContext } from "../../platform/http/request-context.ts";
import { SELF_DELETE_WRONG_PASSWORDS } from "./users.self-delete.ts";
import type { UsersService } from "./users.service.ts";

const tags = ["Users"];

interface Options {
  service: UsersService;
  platform: Platform;
}

/** A member's own deletion (the privacy page) and a site manager's cancelling of one that waits. */
export const usersAccountRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { service, platform }) => {
  const wrongPasswords = platform.limiter(
    "self-delete-password",
    SELF_DELETE_WRONG_PASSWORDS.max,
    SELF_DELETE_WRONG_PASSWORDS.windowMs,
  );

  app.post(
    "/users/me/delete",
    {
      schema: {
        tags,
        summary:
          "Parley: delete one's own account, confirmed with the current password. The site's `account.deleteMethod` (keep or wipe) says what becomes of the posts; with `account.deleteGraceDays` the account is deactivated at once and deleted when the days are over.",
        body: SelfDeleteBody,
        response: { 200: SelfDeleteResult },
      },
    },
    async (request, reply) => {
      // An act on the account, not a record created: 200 (the conventions' POST default is 201).
      reply.code(200);
      return service.deleteOwnAccount(request.body, requestContext(request), wrongPasswords);
    },
  );

  app.delete(
    "/users/:id/scheduled-deletion",
    {
      schema: {
        tags,
        summary: "Parley: cancel a member's own deletion during its grace period (site managers).",
        params: UserIdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request) => {
      await service.cancelScheduledDeletion(request.params.id, requestContext(request));
      return null;
    },
  );
};
