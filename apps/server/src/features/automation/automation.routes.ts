import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import {
  AutomationCatalog,
  AutomationDispatch,
  AutomationDispatchesQuery,
  AutomationPreview,
  AutomationRule,
  AutomationRuleIDParams,
  AutomationRulePatch,
  AutomationRulePost,
  AutomationRulePreviewBody,
  AutomationRuleStatusPut,
  automationRulesLimits,
} from "@parley/contracts";
import { setPagingHeaders } from "../../platform/http/pagination.ts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { AutomationService } from "./automation.service.ts";

const tags = ["Automation Rules"];

const noStore = (reply: FastifyReply) => reply.header("cache-control", "no-cache, private");

/** /automation-rules (site.manage): parse, call the service, set status and paging headers. */
export const automationRoutes: FastifyPluginAsyncTypebox<{ service: AutomationService }> = async (app, { service }) => {
  app.get(
    "/automation-rules/catalog",
    {
      schema: {
        tags,
        summary: "The triggers and actions a rule may combine, with their values' JSON schemas.",
        response: { 200: AutomationCatalog },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return service.catalog(request.viewer);
    },
  );

  // Vanilla lists rules at /automation-rules/recipes; both answer the same.
  for (const path of ["/automation-rules", "/automation-rules/recipes"])
    app.get(
      path,
      { schema: { tags, summary: "Every automation rule.", response: { 200: Type.Array(AutomationRule) } } },
      async (request, reply) => {
        noStore(reply);
        return service.list(request.viewer);
      },
    );

  app.post(
    "/automation-rules",
    {
      schema: {
        tags,
        summary: "Add a rule (inactive unless told): a trigger and an action, each a type and its value.",
        body: AutomationRulePost,
        response: { 201: AutomationRule },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return service.create(request.body, requestContext(request));
    },
  );

  app.post(
    "/automation-rules/preview",
    {
      schema: {
        tags,
        summary: "Dry run: the records a rule (saved or not) would act on now. Nothing changes.",
        body: AutomationRulePreviewBody,
        response: { 200: AutomationPreview },
      },
    },
    async (request, reply) => {
      noStore(reply).status(200);
      return service.preview(request.body, request.viewer);
    },
  );

  const dispatchesRoute = async (
    automationRuleID: number | null,
    query: AutomationDispatchesQuery,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const result = await service.dispatches(automationRuleID, query, request.viewer);
    noStore(reply);
    setPagingHeaders(request, reply, {
      ...result,
      count: result.items.length,
      defaults: { limit: automationRulesLimits.dispatchesPerPage },
    });
    return result.items;
  };

  app.get(
    "/automation-rules/dispatches",
    {
      schema: {
        tags,
        summary: "Every rule's runs, newest first (paged).",
        querystring: AutomationDispatchesQuery,
        response: { 200: Type.Array(AutomationDispatch) },
      },
    },
    (request, reply) => dispatchesRoute(null, request.query, request, reply),
  );

  for (const path of ["/automation-rules/:automationRuleID", "/automation-rules/:automationRuleID/recipe"])
    app.get(
      path,
      { schema: { tags, summary: "A rule.", params: AutomationRuleIDParams, response: { 200: AutomationRule } } },
      async (request, reply) => {
        noStore(reply);
        return service.get(request.params.automationRuleID, request.viewer);
      },
    );

  app.patch(
    "/automation-rules/:automationRuleID",
    {
      schema: {
        tags,
        summary: "Change a rule's fields given (a trigger or an action is replaced whole).",
        params: AutomationRuleIDParams,
        body: AutomationRulePatch,
        response: { 200: AutomationRule },
      },
    },
    async (request) => service.update(request.params.automationRuleID, request.body, requestContext(request)),
  );

  app.put(
    "/automation-rules/:automationRuleID/status",
    {
      schema: {
        tags,
        summary: "Switch a rule on (`active`: the job runs it) or off.",
        params: AutomationRuleIDParams,
        body: AutomationRuleStatusPut,
        response: { 200: AutomationRule },
      },
    },
    async (request) => service.setStatus(request.params.automationRuleID, request.body, requestContext(request)),
  );

  app.delete(
    "/automation-rules/:automationRuleID",
    {
      schema: {
        tags,
        summary: "Delete a rule and its dispatch log.",
        params: AutomationRuleIDParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.automationRuleID, request.viewer);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/automation-rules/:automationRuleID/trigger",
    {
      schema: {
        tags,
        summary: "Run a rule now (active or not); answers its dispatch, finished.",
        params: AutomationRuleIDParams,
        body: Type.Optional(Type.Object({}, { additionalProperties: false })),
        response: { 201: AutomationDispatch },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return service.trigger(request.params.automationRuleID, requestContext(request));
    },
  );

  app.get(
    "/automation-rules/:automationRuleID/dispatches",
    {
      schema: {
        tags,
        summary: "A rule's runs, newest first (paged).",
        params: AutomationRuleIDParams,
        querystring: AutomationDispatchesQuery,
        response: { 200: Type.Array(AutomationDispatch) },
      },
    },
    (request, reply) => dispatchesRoute(request.params.automationRuleID, request.query, request, reply),
  );

  app.get(
    "/automation-rules/:automationRuleID/dispatches/:automationRuleDispatchUUID",
    {
      schema: {
        tags,
        summary: "One run of a rule.",
        params: Type.Object({
          automationRuleID: Type.Integer({ minimum: 1 }),
          automationRuleDispatchUUID: Type.String({ minLength: 1, maxLength: 40 }),
        }),
        response: { 200: AutomationDispatch },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return service.dispatch(
        request.params.automationRuleID,
        request.params.automationRuleDispatchUUID,
        request.viewer,
      );
    },
  );
};
