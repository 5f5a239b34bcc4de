import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  RoleDefaultsBody,
  RoleDeleteQuery,
  RoleIdParams,
  RoleListQuery,
  RolePatch,
  RolePermissionsBody,
  RoleEdit,
  RolePost,
} from "@parley/contracts";
import type { SetDefaultRoles } from "./roles.defaults.ts";
import type { RoleExpansions } from "./roles.service.ts";
import type { RolesService } from "./roles.service.ts";

const tags = ["Roles"];
const fragments = Type.Array(Type.Ref("PermissionFragment"));
/** `expand`: permissions (also `true`, Vanilla's old spelling) and Parley's countUsers; `all` is both. */
const expansions = (expand: string[] | undefined): RoleExpansions => {
  const names = new Set(expand ?? []);
  return {
    permissions: names.has("permissions") || names.has("all") || names.has("true"),
    countUsers: names.has("countUsers") || names.has("all"),
  };
};

/**
 * /roles: every role (not paged), and their grants with expand=permissions (site.manage); /roles/defaults, the
 * roles each kind of registration gives.
 */
export const rolesRoutes: FastifyPluginAsyncTypebox<{
  service: RolesService;
  setDefaultRoles: SetDefaultRoles;
}> = async (app, { service, setDefaultRoles }) => {
  app.get(
    "/roles",
    {
      schema: {
        tags,
        summary: "List roles.",
        querystring: RoleListQuery,
        response: { 200: Type.Array(Type.Ref("Role")) },
      },
    },
    async (request) => service.list(request.viewer, expansions(request.query.expand)),
  );
  app.put(
    "/roles/defaults",
    {
      schema: {
        tags,
        summary:
          "Set the roles a kind of registration gives (the roles of its type), in one transaction: the listed roles take the type, the others lose it (site.manage). Answers every role.",
        body: RoleDefaultsBody,
        response: { 200: Type.Array(Type.Ref("Role")) },
      },
    },
    async (request) => setDefaultRoles(request.viewer, request.body),
  );
  app.get(
    "/roles/:id",
    {
      schema: {
        tags,
        summary: "Get a role.",
        params: RoleIdParams,
        querystring: RoleListQuery,
        response: { 200: Type.Ref("Role") },
      },
    },
    async (request) => service.get(request.viewer, request.params.id, expansions(request.query.expand)),
  );
  app.get(
    "/roles/:id/edit",
    {
      schema: {
        tags,
        summary: "Get a role for editing (community.manage).",
        params: RoleIdParams,
        response: { 200: RoleEdit },
      },
    },
    async (request) => service.edit(request.viewer, request.params.id),
  );
  app.post(
    "/roles",
    {
      schema: {
        tags,
        summary: "Create a role with its permissions.",
        body: RolePost,
        response: { 201: Type.Ref("Role") },
      },
    },
    async (request) => service.create(request.viewer, request.body),
  );
  app.patch(
    "/roles/:id",
    {
      schema: {
        tags,
        summary:
          "Edit a role; each permissions entry replaces that scope's grants (a category entry makes it a junction).",
        params: RoleIdParams,
        body: RolePatch,
        response: { 200: Type.Ref("Role") },
      },
    },
    async (request) => service.patch(request.viewer, request.params.id, request.body),
  );
  app.delete(
    "/roles/:id",
    {
      schema: {
        tags,
        summary:
          "Delete a custom role; with replacementRoleID its members are given that role first (one transaction).",
        params: RoleIdParams,
        querystring: RoleDeleteQuery,
        response: { 204: Type.Null() },
      },
    },
    async (request) => {
      await service.remove(request.viewer, request.params.id, request.query.replacementRoleID);
      return null;
    },
  );
  app.get(
    "/roles/:id/permissions",
    {
      schema: {
        tags,
        summary: "Get a role's permissions: the global fragment first, then one per category.",
        params: RoleIdParams,
        response: { 200: fragments },
      },
    },
    async (request) => service.permissions(request.viewer, request.params.id),
  );
  app.patch(
    "/roles/:id/permissions",
    {
      schema: {
        tags,
        summary: "Update permissions on a role: names set true are granted, false taken away, the others kept.",
        params: RoleIdParams,
        body: RolePermissionsBody,
        response: { 200: fragments },
      },
    },
    async (request) => service.mergePermissions(request.viewer, request.params.id, request.body),
  );
  app.put(
    "/roles/:id/permissions",
    {
      schema: {
        tags,
        summary: "Overwrite all permissions for a role: the given fragments become all of its grants.",
        params: RoleIdParams,
        body: RolePermissionsBody,
        response: { 200: fragments },
      },
    },
    async (request) => service.replacePermissions(request.viewer, request.params.id, request.body),
  );
};
