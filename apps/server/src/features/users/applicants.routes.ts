import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { Applicant, ApplicantListQuery, NoBody } from "@parley/contracts";
import { setPagingHeaders } from "../../platform/http/pagination.ts";
import type { ApplicantsService } from "./applicants.service.ts";
import { requestContext } from "../../platform/http/request-context.ts";

const tags = ["Users"];
const UserIDParams = Type.Object({ userID: Type.Integer() });

/** /applicants: registration by approval (applicants.manage). */
export const applicantsRoutes: FastifyPluginAsyncTypebox<{ applicants: ApplicantsService }> = async (
  app,
  { applicants },
) => {
  app.get(
    "/applicants",
    {
      schema: {
        tags,
        summary: "List the accounts waiting for approval, oldest first (applicants.manage).",
        querystring: ApplicantListQuery,
        response: { 200: Type.Array(Applicant) },
      },
    },
    async (request, reply) => {
      const result = await applicants.list(request.query, requestContext(request));
      setPagingHeaders(request, reply, {
        page: result.page,
        limit: result.limit,
        total: result.total,
        count: result.items.length,
        defaults: { limit: 30 },
      });
      return result.items;
    },
  );

  app.post(
    "/applicants/:userID/approve",
    {
      schema: {
        tags,
        summary: "Approve an applicant: they become a member and are told by e-mail.",
        params: UserIDParams,
        body: NoBody,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await applicants.approve(request.params.userID, requestContext(request));
      reply.code(204);
      return null;
    },
  );

  app.post(
    "/applicants/:userID/decline",
    {
      schema: {
        tags,
        summary: "Decline an applicant: the account, which never took part, is deleted.",
        params: UserIDParams,
        body: NoBody,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await applicants.decline(request.params.userID, requestContext(request));
      reply.code(204);
      return null;
    },
  );
};
