import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { Invitation, InvitationAllowance, InvitationIdParams, InvitationPost } from "@parley/contracts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { InvitationsService } from "./invitations.service.ts";

const tags = ["Users"];

/** /invitations: who may register while the registration method is `invitation` (users.add). */
export const invitationsRoutes: FastifyPluginAsyncTypebox<{ invitations: InvitationsService }> = async (
  app,
  { invitations },
) => {
  app.get(
    "/invitations",
    {
      schema: {
        tags,
        summary: "Parley: the latest invitations to register, newest first (users.add).",
        response: { 200: Type.Array(Invitation) },
      },
    },
    async (request) => invitations.list(requestContext(request)),
  );
  app.get(
    "/invitations/remaining",
    {
      schema: {
        tags,
        summary:
          "Parley: the invitations the viewer may still send this month (UTC), by the highest of their roles' invitations per month (users.add).",
        response: { 200: InvitationAllowance },
      },
    },
    async (request) => invitations.allowance(requestContext(request)),
  );
  app.post(
    "/invitations",
    {
      schema: {
        tags,
        summary: "Parley: invite an e-mail address to register; the link is mailed to it (users.add).",
        body: InvitationPost,
        response: { 201: Invitation },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return invitations.create(request.body, requestContext(request));
    },
  );
  app.delete(
    "/invitations/:id",
    {
      schema: {
        tags,
        summary: "Parley: revoke an invitation; its link stops working (users.add).",
        params: InvitationIdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await invitations.remove(request.params.id, requestContext(request));
      reply.status(204);
      return null;
    },
  );
};
