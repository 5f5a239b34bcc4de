import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import {
  IdParams,
  NotificationGetQuery,
  NotificationListQuery,
  NotificationPatch,
  NotificationPreferences,
  NotificationPreferencesParams,
  NotificationPreferencesPatch,
  UnsubscribeParams,
  UnsubscribePatch,
  UnsubscribeResult,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { HttpError, notFound } from "../../platform/errors.ts";
import { setPagingHeaders } from "../../platform/http/pagination.ts";
import { requestContext } from "../../platform/http/request-context.ts";
import { notificationsPolicy } from "./notifications.policy.ts";
import { preferencesSchema } from "./notifications.schema.ts";
import type { NotificationMail } from "./notifications.mail.ts";
import type { Preferences } from "./notifications.preferences.ts";
import type { NotificationsService } from "./notifications.service.ts";
import { emailPreferenceResult, unsubscribeChanges } from "./notifications.unsubscribe.ts";

const tags = ["Notifications"];

export interface NotificationRoutesOptions {
  service: NotificationsService;
  preferences: Preferences;
  mail: NotificationMail;
  /** A guest viewer, for the unsubscribe link (the token is its authority, not a session). */
  guest: () => Promise<Viewer>;
}

export const notificationsRoutes: FastifyPluginAsyncTypebox<NotificationRoutesOptions> = async (
  app,
  { service, preferences, mail, guest },
) => {
  // The signed token is the authority of the unsubscribe routes: each is handled as a guest's, so a mail client's
  // one-click POST (RFC 8058, no cookie, no Origin) works and a session adds nothing.
  const asGuest = async (request: FastifyRequest) => {
    request.viewer = await guest();
  };
  const readToken = async (token: string) => {
    const found = await mail.readToken(token);
    if (!found) throw new HttpError(404, "This unsubscribe link is not valid.");
    return found;
  };
  app.get(
    "/notifications",
    {
      schema: {
        tags,
        summary: "The signed-in member's notifications, newest first (more-pager).",
        querystring: NotificationListQuery,
        response: { 200: Type.Array(Type.Ref("Notification")) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-cache, private");
      const result = await service.list(request.query, requestContext(request));
      setPagingHeaders(request, reply, { page: result.page, limit: result.limit, count: result.items.length });
      return result.items;
    },
  );

  app.patch(
    "/notifications",
    {
      schema: {
        tags,
        summary: "Mark every notification read (the unread count becomes 0).",
        body: NotificationPatch,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await service.markAllRead(requestContext(request));
      reply.code(204);
      return null;
    },
  );

  app.get(
    "/notifications/:id",
    {
      schema: {
        tags,
        summary: "One of the signed-in member's notifications.",
        params: IdParams,
        querystring: NotificationGetQuery,
        response: { 200: Type.Ref("Notification") },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-cache, private");
      return service.get(request.params.id, request.query.expand, requestContext(request));
    },
  );

  app.patch(
    "/notifications/:id",
    {
      schema: {
        tags,
        summary: "Mark a notification read (`{read: true}`).",
        params: IdParams,
        body: NotificationPatch,
        response: { 200: Type.Ref("Notification") },
      },
    },
    async (request) => service.markRead(request.params.id, requestContext(request)),
  );

  app.put(
    "/notifications/:id/read",
    {
      schema: {
        tags,
        summary: "Mark a notification read.",
        params: IdParams,
        body: Type.Unknown({ description: "No body." }),
        response: { 200: Type.Ref("Notification") },
      },
    },
    async (request) => service.markRead(request.params.id, requestContext(request)),
  );

  const ownerOf = async (viewer: Viewer, id: number | "$me") => {
    requireSignedIn(viewer);
    const userID = id === "$me" ? viewer.userID : id;
    requireAccess(viewer, notificationsPolicy.canManagePreferencesOf, userID);
    // Someone else's by id: a 404 for no such member (a write for them failed on the foreign key, 500).
    if (userID !== viewer.userID && !(await preferences.memberExists(userID))) throw notFound("User");
    return userID;
  };

  app.get(
    "/notification-preferences/schema",
    {
      schema: {
        tags,
        summary: "The preferences page's form: activity types with labels, each with `popup` and `email`.",
        response: { 200: Type.Unknown() },
      },
    },
    async () => preferencesSchema(),
  );

  app.get(
    "/notification-preferences",
    {
      schema: {
        tags,
        summary: "The signed-in member's notification preferences.",
        response: { 200: NotificationPreferences },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-cache, private");
      return preferences.of(await ownerOf(request.viewer, "$me"));
    },
  );

  app.patch(
    "/notification-preferences",
    {
      schema: {
        tags,
        summary: "Change the signed-in member's notification preferences (only the ones given).",
        body: NotificationPreferencesPatch,
        response: { 200: NotificationPreferences },
      },
    },
    async (request) => preferences.patch(await ownerOf(request.viewer, "$me"), request.body),
  );

  app.get(
    "/notification-preferences/:id",
    {
      schema: {
        tags,
        summary: "A member's notification preferences (their own, or users.edit).",
        params: NotificationPreferencesParams,
        response: { 200: NotificationPreferences },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-cache, private");
      return preferences.of(await ownerOf(request.viewer, request.params.id));
    },
  );

  app.patch(
    "/notification-preferences/:id",
    {
      schema: {
        tags,
        summary: "Change a member's notification preferences (their own, or users.edit).",
        params: NotificationPreferencesParams,
        body: NotificationPreferencesPatch,
        response: { 200: NotificationPreferences },
      },
    },
    async (request) => preferences.patch(await ownerOf(request.viewer, request.params.id), request.body),
  );

  app.post(
    "/unsubscribe/:token",
    {
      onRequest: asGuest,
      schema: {
        tags,
        summary: "One-click unsubscribe (the link in notification e-mail): turns that activity's e-mail off.",
        params: UnsubscribeParams,
        // A mail client's one-click POST sends `List-Unsubscribe=One-Click` (form-encoded); it is ignored.
        body: Type.Unknown({ description: "Ignored." }),
        response: { 201: UnsubscribeResult },
      },
    },
    async (request, reply) => {
      const found = await readToken(request.params.token);
      await preferences.patch(found.userID, { [found.activityType]: { email: false } });
      reply.code(201);
      return emailPreferenceResult(found.activityType, false);
    },
  );

  app.patch(
    "/unsubscribe/:token",
    {
      onRequest: asGuest,
      schema: {
        tags,
        summary: "From the unsubscribe page: turn the e-mail or pop-up preference of the link's activity on or off.",
        params: UnsubscribeParams,
        body: UnsubscribePatch,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const found = await readToken(request.params.token);
      await preferences.patch(found.userID, unsubscribeChanges(found.activityType, request.body));
      reply.code(204);
      return null;
    },
  );

  app.post(
    "/unsubscribe/resubscribe/:token",
    {
      onRequest: asGuest,
      schema: {
        tags,
        summary: "Undo an unsubscribe: turns the e-mail of the link's activity back on.",
        params: UnsubscribeParams,
        body: Type.Unknown({ description: "Ignored." }),
        response: { 200: UnsubscribeResult },
      },
    },
    async (request, reply) => {
      const found = await readToken(request.params.token);
      await preferences.patch(found.userID, { [found.activityType]: { email: true } });
      // Nothing is created: Vanilla's 200.
      reply.code(200);
      return emailPreferenceResult(found.activityType, true);
    },
  );
};
