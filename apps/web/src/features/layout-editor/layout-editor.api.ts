import type {
  LayoutCatalog,
  LayoutHydrateBody,
  LayoutPatch,
  LayoutPost,
  LayoutRecord,
  LayoutRevision,
  LayoutSpec,
  LayoutView,
  LayoutViewsPut,
} from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

const layoutPath = (layoutID: string | number) => `/layouts/${encodeURIComponent(String(layoutID))}`;

/** The operators' layouts (dashboard-layouts.yml): the dashboard's editor only; the server asks for site.manage. */
export const layoutEditorApi = {
  list: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<LayoutRecord[]>("/layouts", { expand: "layoutViews" }, signal)).data,
  /** A layout with its widgets; a view type's name answers its default, as an operator starts from it. */
  get: async (api: ApiClient, layoutID: string, signal?: AbortSignal) =>
    (await api.get<LayoutRecord>(layoutPath(layoutID), { expand: "layoutViews" }, signal)).data,
  catalog: async (api: ApiClient, layoutViewType: string, signal?: AbortSignal) =>
    (await api.get<LayoutCatalog>("/layouts/catalog", { layoutViewType }, signal)).data,
  /** The names of the members who saved revisions. */
  authors: async (api: ApiClient, userIDs: readonly number[], signal?: AbortSignal) =>
    Object.fromEntries(
      await Promise.all(
        [...new Set(userIDs)].map(async (userID) => {
          const user = await api.get<{ name: string }>(`/users/${userID}`, undefined, signal).catch(() => null);
          return [userID, user?.data.name ?? ""] as const;
        }),
      ),
    ) as Record<number, string>,
  revisions: async (api: ApiClient, layoutID: string, signal?: AbortSignal) =>
    (await api.get<LayoutRevision[]>(`${layoutPath(layoutID)}/revisions`, undefined, signal)).data,
  create: async (api: ApiClient, body: LayoutPost) =>
    (await api.request<LayoutRecord>({ method: "POST", path: "/layouts", body })).data,
  update: async (api: ApiClient, layoutID: string, body: LayoutPatch) =>
    (await api.request<LayoutRecord>({ method: "PATCH", path: layoutPath(layoutID), body })).data,
  remove: async (api: ApiClient, layoutID: string) => {
    await api.request<null>({ method: "DELETE", path: layoutPath(layoutID) });
  },
  /** `POST /layouts/hydrate`: an unsaved layout as a page would show it (the live preview). */
  hydrate: async (api: ApiClient, body: LayoutHydrateBody, signal?: AbortSignal) =>
    (await api.request<LayoutSpec>({ method: "POST", path: "/layouts/hydrate", body, ...(signal ? { signal } : {}) }))
      .data,
  restore: async (api: ApiClient, layoutID: string, revisionID: number) =>
    (
      await api.request<LayoutRecord>({
        method: "POST",
        path: `${layoutPath(layoutID)}/revisions/${revisionID}/restore`,
        body: {},
      })
    ).data,
  /** Publishes: the layout replaces what those pages showed. */
  assign: async (api: ApiClient, layoutID: string, views: LayoutViewsPut) =>
    (await api.request<LayoutView[]>({ method: "PUT", path: `${layoutPath(layoutID)}/views`, body: views })).data,
  /** Unpublishes: those pages show their default again. */
  unassign: async (api: ApiClient, layoutID: string, layoutViewIDs: readonly number[]) => {
    await api.request<null>({
      method: "DELETE",
      path: `${layoutPath(layoutID)}/views`,
      query: { layoutViewIDs: layoutViewIDs.join(",") },
    });
  },
};
