import type { Draft, DraftPatch, DraftPost, PageInfo, UserPermissions } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

export interface DraftPage {
  items: Draft[];
  paging: PageInfo | null;
}

/** Calls of the drafts feature (reference §10). */
export const draftsApi = {
  list: async (api: ApiClient, query: Record<string, unknown>, signal?: AbortSignal): Promise<DraftPage> => {
    const { data, paging } = await api.get<Draft[]>("/drafts", query, signal);
    return { items: data, paging };
  },
  get: async (api: ApiClient, id: number, signal?: AbortSignal) =>
    (await api.get<Draft>(`/drafts/${id}`, undefined, signal)).data,
  create: async (api: ApiClient, body: DraftPost) =>
    (await api.request<Draft>({ method: "POST", path: "/drafts", body })).data,
  update: async (api: ApiClient, id: number, body: DraftPatch) =>
    (await api.request<Draft>({ method: "PATCH", path: `/drafts/${id}`, body })).data,
  remove: async (api: ApiClient, id: number) => {
    await api.request<null>({ method: "DELETE", path: `/drafts/${id}` });
  },
  /** A plain or failed draft gets a time; a scheduled one moves to another (`/drafts/schedule/{id}`). */
  schedule: async (api: ApiClient, draft: Pick<Draft, "draftID" | "draftStatus">, dateScheduled: string) =>
    draft.draftStatus === "scheduled"
      ? (
          await api.request<Draft>({
            method: "PATCH",
            path: `/drafts/schedule/${draft.draftID}`,
            body: { dateScheduled },
          })
        ).data
      : (
          await api.request<Draft>({
            method: "PATCH",
            path: `/drafts/${draft.draftID}`,
            body: { draftStatus: "scheduled", dateScheduled },
          })
        ).data,
  /** Whether the member may schedule posts (`schedule.allow`, reference §10). */
  canSchedule: async (api: ApiClient, signal?: AbortSignal) => {
    const { data } = await api.get<UserPermissions>("/users/$me/permissions", undefined, signal);
    return (
      data.isAdmin ||
      data.permissions.some((fragment) => fragment.type === "global" && fragment.permissions["schedule.allow"] === true)
    );
  },
  cancelSchedule: async (api: ApiClient, id: number) =>
    (await api.request<Draft>({ method: "PATCH", path: `/drafts/cancel-schedule/${id}` })).data,
};
