import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { NoBody, UserNote, UserNotePost, Warning, WarningPost, WarningSummary } from "@parley/contracts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { WarningsService } from "./warnings.service.ts";

const tags = ["Warnings"];
const UserParams = Type.Object({ id: Type.Integer() });

/** Parley's warnings and moderators' notes on a member (modelled on Vanilla's Warnings add-on). */
export const warningsRoutes: FastifyPluginAsyncTypebox<{ service: WarningsService }> = async (app, { service }) => {
  app.get(
    "/users/:id/warnings",
    {
      schema: {
        tags,
        summary: "Parley: a member's warnings, newest first (the member themself, or community.moderate).",
        params: UserParams,
        response: { 200: Type.Array(Warning) },
      },
    },
    async (request) => service.list(request.params.id, requestContext(request)),
  );

  app.get(
    "/users/:id/warnings/summary",
    {
      schema: {
        tags,
        summary:
          "Parley: a member's active warning points and read-only end date (the member themself, or community.moderate).",
        params: UserParams,
        response: { 200: WarningSummary },
      },
    },
    async (request) => service.summary(request.params.id, requestContext(request)),
  );

  app.post(
    "/users/:id/warnings",
    {
      schema: {
        tags,
        summary:
          "Parley: warn a member (community.moderate): reason, points (default 1) and days it counts (0: never expires). Points reaching the site's thresholds make the member read-only or banned; the member is notified.",
        params: UserParams,
        body: WarningPost,
        response: { 201: Warning },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return service.warn(request.params.id, request.body, requestContext(request));
    },
  );

  app.post(
    "/users/:id/warnings/:warningID/reverse",
    {
      schema: {
        tags,
        summary:
          "Parley: reverse a warning (community.moderate): it stays listed, counts no more and ends the read-only time it started.",
        params: Type.Object({ id: Type.Integer(), warningID: Type.Integer() }),
        body: NoBody,
        response: { 200: Warning },
      },
    },
    async (request, reply) => {
      reply.status(200);
      return service.reverse(request.params.id, request.params.warningID, requestContext(request));
    },
  );

  app.get(
    "/users/:id/notes",
    {
      schema: {
        tags,
        summary: "Parley: moderators' private notes on a member, newest first (community.moderate).",
        params: UserParams,
        response: { 200: Type.Array(UserNote) },
      },
    },
    async (request) => service.notes(request.params.id, requestContext(request)),
  );

  app.post(
    "/users/:id/notes",
    {
      schema: {
        tags,
        summary: "Parley: add a private note on a member (community.moderate); the member never sees it.",
        params: UserParams,
        body: UserNotePost,
        response: { 201: UserNote },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return service.addNote(request.params.id, request.body, requestContext(request));
    },
  );

  app.delete(
    "/users/:id/notes/:userNoteID",
    {
      schema: {
        tags,
        summary: "Parley: delete a note on a member (community.moderate).",
        params: Type.Object({ id: Type.Integer(), userNoteID: Type.Integer() }),
        response: { 204: Type.Null() },
      },
    },
    async (request) => {
      await service.removeNote(request.params.id, request.params.userNoteID, requestContext(request));
      return null;
    },
  );
};
