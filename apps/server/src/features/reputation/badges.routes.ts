import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { Badge, BadgePageQuery, BadgeRecipient, UserBadge } from "@parley/contracts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { BadgesService } from "./badges.service.ts";

const IdParams = Type.Object({ id: Type.Integer() });

/** The badges add-on: its badges, who earned one, and a member's (`/users/{id}/badges`, Vanilla's). */
export const badgesRoutes: FastifyPluginAsyncTypebox<{ service: BadgesService }> = async (app, { service }) => {
  app.get(
    "/badges",
    {
      schema: {
        tags: ["Badges"],
        summary: "Parley: every badge, with what earns it and how many members have it (badges add-on).",
        response: { 200: Type.Array(Badge) },
      },
    },
    async (request) => service.list(requestContext(request)),
  );

  app.get(
    "/badges/:id",
    {
      schema: {
        tags: ["Badges"],
        summary: "Parley: one badge (badges add-on).",
        params: IdParams,
        response: { 200: Badge },
      },
    },
    async (request) => service.get(request.params.id, requestContext(request)),
  );

  app.get(
    "/badges/:id/recipients",
    {
      schema: {
        tags: ["Badges"],
        summary:
          "Parley: the members who earned a badge, the latest first (banned, deleted and private members left off but for personalInfo.view).",
        params: IdParams,
        querystring: BadgePageQuery,
        response: { 200: Type.Array(BadgeRecipient) },
      },
    },
    async (request) => service.recipients(request.params.id, request.query, requestContext(request)),
  );

  app.get(
    "/users/:id/badges",
    {
      schema: {
        tags: ["Users"],
        summary:
          "The badges a member earned, the latest first (a private or banned member's: themself and personalInfo.view).",
        params: IdParams,
        querystring: BadgePageQuery,
        response: { 200: Type.Array(UserBadge) },
      },
    },
    async (request) => service.ofMember(request.params.id, request.query, requestContext(request)),
  );
};
