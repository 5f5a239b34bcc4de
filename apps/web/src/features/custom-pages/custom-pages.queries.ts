import { queryOptions } from "@tanstack/react-query";
import type { CustomPage, CustomPagePatch, CustomPagePost, Me } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** The dashboard's Pages screen (Appearance). */
export const customPagesPath = "/dashboard/pages";
/** The layout editor (the layouts feature's dashboard screen) for a page's own layout. */
export const layoutEditorPath = (layoutID: number) => `/dashboard/layouts/${layoutID}/edit`;

export const customPageKeys = { all: ["custom-pages"] as const, roles: ["custom-pages", "roles"] as const };

/** Every custom page, published or not (site.manage). */
export const customPagesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: customPageKeys.all,
    queryFn: async ({ signal }) =>
      (await api.get<CustomPage[]>("/custom-pages", { status: ["published", "unpublished"] }, signal)).data,
  });

/** The roles a page may be limited to. */
export const pageRolesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: customPageKeys.roles,
    queryFn: async ({ signal }) =>
      (await api.get<Array<{ roleID: number; name: string }>>("/roles", undefined, signal)).data,
  });

export const customPagesApi = {
  create: async (api: ApiClient, body: CustomPagePost) =>
    (await api.request<CustomPage>({ method: "POST", path: "/custom-pages", body })).data,
  patch: async (api: ApiClient, customPageID: number, body: CustomPagePatch) =>
    (await api.request<CustomPage>({ method: "PATCH", path: `/custom-pages/${customPageID}`, body })).data,
  remove: async (api: ApiClient, customPageID: number) =>
    void (await api.request({ method: "DELETE", path: `/custom-pages/${customPageID}` })),
};

/** Who manages the custom pages (site.manage; the server checks again). */
export const canManageCustomPages = (me: Pick<Me, "userID" | "isAdmin" | "permissions">) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("site.manage"));
