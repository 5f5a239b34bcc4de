import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { CategoryGrantsParams, CategoryRoleGrants } from "@parley/contracts";
import type { SetCategoryGrants } from "./roles.category-grants.ts";

/** PUT /categories/{id}/permissions: the roles' grants in one category, at once (the roles feature owns grants). */
export const categoryGrantsRoutes: FastifyPluginAsyncTypebox<{ setCategoryGrants: SetCategoryGrants }> = async (
  app,
  { setCategoryGrants },
) => {
  app.put(
    "/categories/:id/permissions",
    {
      schema: {
        tags: ["Categories"],
        summary:
          "Set what each listed role may do in the category, in one transaction; the category then has its own permissions (site.manage).",
        params: CategoryGrantsParams,
        body: CategoryRoleGrants,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await setCategoryGrants(request.viewer, Number(request.params.id), request.body);
      reply.code(204);
      return null;
    },
  );
};
