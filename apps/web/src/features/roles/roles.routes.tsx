import type { QueryClient } from "@tanstack/react-query";
import type { RolePost } from "@parley/contracts";
import { roleTypes, type RoleType } from "@parley/contracts/roles-constants";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow, recordIDParam } from "../../lib/route-errors.ts";
import { memberKeys } from "../members/index.ts";
import { requirePermitted } from "../users/index.ts";
import { rolesApi } from "./roles.api.ts";
import { fragmentsFromForm, keysOfFragments } from "./roles.matrix.ts";
import {
  canManageRoles,
  customCategoriesQuery,
  roleKeys,
  rolePath,
  roleQuery,
  rolesListQuery,
  rolesPagePath,
} from "./roles.queries.ts";
import { RolePage } from "./pages/RolePage.tsx";
import { RolesPage } from "./pages/RolesPage.tsx";

/** The role's fields and grants as the form sent them, and the values to show again if the API refuses them. */
function readRoleForm(form: FormData): { body: RolePost; values: Record<string, string> } {
  const type = formValue(form, "type");
  const permissions = fragmentsFromForm(form);
  const invitationsPerMonth = formValue(form, "invitationsPerMonth").trim();
  const body: RolePost = {
    name: formValue(form, "name").trim(),
    description: formValue(form, "description").trim() || null,
    type: roleTypes.includes(type as RoleType) ? (type as RoleType) : null,
    canSession: form.has("canSession"),
    personalInfo: form.has("personalInfo"),
    ...(invitationsPerMonth === "" ? {} : { invitationsPerMonth: Number(invitationsPerMonth) }),
    permissions,
  };
  const values = {
    intent: "save",
    name: formValue(form, "name"),
    description: formValue(form, "description"),
    type,
    canSession: body.canSession ? "1" : "",
    personalInfo: body.personalInfo ? "1" : "",
    invitationsPerMonth,
    grants: keysOfFragments(permissions).join(" "),
  };
  return { body, values };
}

/**
 * `/dashboard/roles`: the roles, for site.manage; `/dashboard/roles/{id}` and `/dashboard/roles/add`: a role's name,
 * description, default type, sign-in and privacy, and its permissions (globally, and in each category that has its
 * own), saved in one request. Deleting asks first (a second form post), so every step works without JavaScript;
 * the API checks each write again.
 */
export function createRolesRoutes({ queryClient, api }: { queryClient: QueryClient; api: ApiClient }): RouteObject[] {
  const requireManager = (request: Request) => requirePermitted(queryClient, api, request, canManageRoles, "Roles");
  const roleID = (raw: string | undefined) => (raw === "add" ? null : recordIDParam(raw, "Role"));

  const save = async (id: number | null, form: FormData) => {
    const { body, values } = readRoleForm(form);
    if (!body.name) return formInvalid({ name: t("The name is required.") }, values);
    try {
      if (id === null) {
        const role = await rolesApi.create(api, body);
        return redirect(`${rolePath(role.roleID)}?saved=1`);
      }
      await rolesApi.patch(api, id, body);
      return { ok: true, message: t("The role has been saved.") } satisfies FormResult;
    } catch (error) {
      return formError(error, values, { id: "permissions" });
    }
  };

  const remove = async (id: number, form: FormData) => {
    const name = formValue(form, "name");
    const replacement = formValue(form, "replacementRoleID");
    const values = { intent: "delete", name, replacementRoleID: replacement };
    if (formValue(form, "confirmed") !== "yes") return { values: { ...values, confirm: "delete" } };
    try {
      await rolesApi.remove(api, id, /^\d+$/.test(replacement) ? Number(replacement) : null);
    } catch (error) {
      return formError(error, values);
    }
    return redirect(`${rolesPagePath}?deleted=${encodeURIComponent(name)}`);
  };

  return [
    {
      id: "dashboard-roles",
      path: "dashboard/roles",
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireManager(request);
        await loadOrThrow("Roles", () => queryClient.ensureQueryData(rolesListQuery(api)));
        return null;
      },
      element: <RolesPage />,
    },
    {
      id: "dashboard-role",
      path: "dashboard/roles/:roleID",
      loader: async ({ request, params }: LoaderFunctionArgs) => {
        await requireManager(request);
        const id = roleID(params["roleID"]);
        await loadOrThrow("Role", () =>
          Promise.all([
            id === null ? null : queryClient.ensureQueryData(roleQuery(api, id)),
            queryClient.ensureQueryData(customCategoriesQuery(api)),
            queryClient.ensureQueryData(rolesListQuery(api)),
          ]),
        );
        return null;
      },
      action: async ({ request, params }: ActionFunctionArgs) => {
        await requireManager(request);
        const id = roleID(params["roleID"]);
        const form = await request.formData();
        const intent = formValue(form, "intent");
        try {
          if (intent === "save") return await save(id, form);
          if (intent === "delete" && id !== null) return await remove(id, form);
          return null;
        } finally {
          // The member pages offer the roles too: a role added, renamed or deleted shows there at once.
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: roleKeys.all }),
            queryClient.invalidateQueries({ queryKey: memberKeys.roles }),
          ]);
        }
      },
      element: <RolePage />,
    },
  ];
}
