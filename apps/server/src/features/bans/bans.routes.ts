import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { BanRule, BanRuleListQuery, BanRulePatch, BanRulePost, banRuleRules, MemberIpAddress } from "@parley/contracts";
import { setPagingHeaders } from "../../platform/http/pagination.ts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { AddressBook } from "./bans.addresses.ts";
import type { BansService } from "./bans.service.ts";

const tags = ["Ban rules"];
/** A rule's or a member's numeric id. */
const BanIdParams = Type.Object({ id: Type.Integer() });

/** Parley's /ban-rules (site.manage or community.manage) and a member's /ip-addresses (personalInfo.view). */
export const bansRoutes: FastifyPluginAsyncTypebox<{ service: BansService; addressesOf: AddressBook }> = async (
  app,
  { service, addressesOf },
) => {
  app.get(
    "/ban-rules",
    {
      schema: {
        tags,
        summary:
          "Parley: the ban rules, the newest first, with the members each matched and the registrations it refused.",
        querystring: BanRuleListQuery,
        response: { 200: Type.Array(BanRule) },
      },
    },
    async (request, reply) => {
      const result = await service.list(request.query, request.viewer);
      setPagingHeaders(request, reply, {
        ...result,
        count: result.items.length,
        defaults: { limit: banRuleRules.defaultLimit },
      });
      return result.items;
    },
  );

  app.get(
    "/ban-rules/:id",
    { schema: { tags, summary: "Parley: one ban rule.", params: BanIdParams, response: { 200: BanRule } } },
    async (request) => service.get(request.params.id, request.viewer),
  );

  app.post(
    "/ban-rules",
    {
      schema: {
        tags,
        summary:
          "Parley: refuse registrations and sign-ins by IP address or range, e-mail domain or name pattern (422 for a bad value or one matching your own account or address).",
        body: BanRulePost,
        response: { 201: BanRule },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return service.create(request.body, requestContext(request));
    },
  );

  app.patch(
    "/ban-rules/:id",
    {
      schema: {
        tags,
        summary: "Parley: change a ban rule's type, value or notes.",
        params: BanIdParams,
        body: BanRulePatch,
        response: { 200: BanRule },
      },
    },
    async (request) => service.update(request.params.id, request.body, requestContext(request)),
  );

  app.delete(
    "/ban-rules/:id",
    {
      schema: { tags, summary: "Parley: delete a ban rule.", params: BanIdParams, response: { 204: Type.Null() } },
    },
    async (request) => {
      await service.remove(request.params.id, request.viewer);
      return null;
    },
  );

  app.get(
    "/users/:id/ip-addresses",
    {
      schema: {
        tags,
        summary:
          "Parley: the IP addresses a member used, with the other accounts seen at each and the address rules matching it (personalInfo.view).",
        params: BanIdParams,
        response: { 200: Type.Array(MemberIpAddress) },
      },
    },
    async (request) => addressesOf(request.params.id, requestContext(request)),
  );
};
