import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  GroupApplicantListQuery,
  GroupApplicantPatch,
  GroupApply,
  GroupInvitationPost,
  GroupMemberListQuery,
  GroupMemberPatch,
  GroupMemberPost,
  groupRules,
  Limit,
  Page,
} from "@parley/contracts";
import { setPagingHeaders } from "../../platform/http/pagination.ts";
import type { GroupMembersService } from "./group-members.service.ts";
import { IdParams } from "./groups.routes.ts";
import { requestContext } from "../../platform/http/request-context.ts";

const MemberParams = Type.Object({ id: Type.Integer(), userID: Type.Integer() });
const pageDefaults = { limit: groupRules.membersDefaultLimit };

/** A group's members, applicants and invitations, and joining, applying and leaving. */
export const groupMembersRoutes: FastifyPluginAsyncTypebox<{ members: GroupMembersService }> = async (
  app,
  { members },
) => {
  const tags = ["Groups"];
  app.get(
    "/groups/:id/members",
    {
      schema: {
        tags,
        summary: "List a group's members (of a private or secret group: to its members and moderators).",
        params: IdParams,
        querystring: GroupMemberListQuery,
        response: { 200: Type.Array(Type.Ref("GroupMember")) },
      },
    },
    async (request, reply) => {
      const result = await members.listMembers(request.params.id, request.query, requestContext(request));
      setPagingHeaders(request, reply, { ...result, count: result.items.length, defaults: pageDefaults });
      return result.items;
    },
  );

  app.post(
    "/groups/:id/members",
    {
      schema: {
        tags,
        summary: "Add a user to a group at once (leaders).",
        params: IdParams,
        body: GroupMemberPost,
        response: { 201: Type.Ref("GroupMember") },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return members.addMember(request.params.id, request.body, requestContext(request));
    },
  );

  app.patch(
    "/groups/:id/members/:userID",
    {
      schema: {
        tags,
        summary: "Make a member a leader or a member (leaders; a group keeps at least one leader).",
        params: MemberParams,
        body: GroupMemberPatch,
        response: { 200: Type.Ref("GroupMember") },
      },
    },
    async (request) =>
      members.setRole(request.params.id, request.params.userID, request.body.role, requestContext(request)),
  );

  app.delete(
    "/groups/:id/members/:userID",
    {
      schema: {
        tags,
        summary: "Remove a member (leaders), or oneself.",
        params: MemberParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await members.removeMember(request.params.id, request.params.userID, requestContext(request));
      reply.status(204);
      return null;
    },
  );

  app.post(
    "/groups/:id/join",
    {
      schema: {
        tags,
        summary: "Join a public group, or any group with an invitation waiting (answers the group, 201).",
        params: IdParams,
        body: Type.Optional(Type.Object({})),
        response: { 201: Type.Ref("Group") },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return members.join(request.params.id, requestContext(request));
    },
  );

  app.post(
    "/groups/:id/leave",
    {
      schema: {
        tags,
        summary: "Leave a group (its last leader cannot).",
        params: IdParams,
        body: Type.Optional(Type.Object({})),
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await members.leave(request.params.id, requestContext(request));
      reply.status(204);
      return null;
    },
  );

  app.post(
    "/groups/:id/apply",
    {
      schema: {
        tags,
        summary: "Apply to join a private group (one pending application at a time).",
        params: IdParams,
        body: GroupApply,
        response: { 201: Type.Ref("GroupApplicant") },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return members.apply(request.params.id, request.body.reason, requestContext(request));
    },
  );

  app.get(
    "/groups/:id/applicants",
    {
      schema: {
        tags,
        summary: "List a group's applications (leaders).",
        params: IdParams,
        querystring: GroupApplicantListQuery,
        response: { 200: Type.Array(Type.Ref("GroupApplicant")) },
      },
    },
    async (request, reply) => {
      const result = await members.listApplicants(request.params.id, request.query, requestContext(request));
      setPagingHeaders(request, reply, { ...result, count: result.items.length, defaults: pageDefaults });
      return result.items;
    },
  );

  app.patch(
    "/groups/:id/applicants/:userID",
    {
      schema: {
        tags,
        summary: "Approve (the user joins) or deny a pending application (leaders).",
        params: MemberParams,
        body: GroupApplicantPatch,
        response: { 200: Type.Ref("GroupApplicant") },
      },
    },
    async (request) =>
      members.decide(request.params.id, request.params.userID, request.body.status, requestContext(request)),
  );

  app.post(
    "/groups/:id/invitations",
    {
      schema: {
        tags,
        summary: "Invite users by id or e-mail address (leaders); members and users already invited are skipped.",
        params: IdParams,
        body: GroupInvitationPost,
        response: { 201: Type.Array(Type.Ref("GroupInvitation")) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return members.invite(request.params.id, request.body, requestContext(request));
    },
  );

  app.get(
    "/groups/:id/invitations",
    {
      schema: {
        tags,
        summary: "List a group's waiting invitations (leaders).",
        params: IdParams,
        querystring: Type.Object({
          page: Type.Optional(Page),
          limit: Type.Optional(Limit(groupRules.maxLimit, groupRules.membersDefaultLimit)),
        }),
        response: { 200: Type.Array(Type.Ref("GroupInvitation")) },
      },
    },
    async (request, reply) => {
      const result = await members.listInvitations(request.params.id, request.query, requestContext(request));
      setPagingHeaders(request, reply, { ...result, count: result.items.length, defaults: pageDefaults });
      return result.items;
    },
  );

  app.delete(
    "/groups/:id/invitations/:userID",
    {
      schema: {
        tags,
        summary: "Withdraw an invitation (leaders), or decline one's own.",
        params: MemberParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await members.removeInvitation(request.params.id, request.params.userID, requestContext(request));
      reply.status(204);
      return null;
    },
  );
};
