import type {
  Fragment,
  FragmentCommit,
  FragmentDetails,
  FragmentDisclosure,
  FragmentPatch,
  FragmentPost,
} from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** Parley's `/fragments` (site.manage). */
export const fragmentsApi = {
  list: async (api: ApiClient, signal?: AbortSignal) => (await api.get<Fragment[]>("/fragments", {}, signal)).data,
  /** A fragment with its latest revision's code (its draft, or its last commit). */
  get: async (api: ApiClient, fragmentUUID: string, signal?: AbortSignal) =>
    (await api.get<FragmentDetails>(`/fragments/${encodeURIComponent(fragmentUUID)}`, {}, signal)).data,
  revision: async (api: ApiClient, fragmentUUID: string, fragmentRevisionUUID: string) =>
    (
      await api.get<FragmentDetails>(`/fragments/${encodeURIComponent(fragmentUUID)}`, {
        fragmentRevisionUUID,
      })
    ).data,
  revisions: async (api: ApiClient, fragmentUUID: string, signal?: AbortSignal) =>
    (await api.get<Fragment[]>(`/fragments/${encodeURIComponent(fragmentUUID)}/revisions`, { limit: 100 }, signal))
      .data,
  add: async (api: ApiClient, body: FragmentPost) =>
    (await api.request<FragmentDetails>({ method: "POST", path: "/fragments", body })).data,
  update: async (api: ApiClient, fragmentUUID: string, body: FragmentPatch) =>
    (
      await api.request<FragmentDetails>({
        method: "PATCH",
        path: `/fragments/${encodeURIComponent(fragmentUUID)}`,
        body,
      })
    ).data,
  commit: async (api: ApiClient, fragmentUUID: string, body: FragmentCommit) =>
    (
      await api.request<FragmentDetails>({
        method: "POST",
        path: `/fragments/${encodeURIComponent(fragmentUUID)}/commit-revision`,
        body,
      })
    ).data,
  remove: async (api: ApiClient, fragmentUUID: string) => {
    await api.request({ method: "DELETE", path: `/fragments/${encodeURIComponent(fragmentUUID)}` });
  },
  disclosure: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<FragmentDisclosure>("/fragments/disclosure-state", {}, signal)).data,
  acceptDisclosure: async (api: ApiClient) => {
    await api.request({ method: "PUT", path: "/fragments/disclosure-state", body: { didAccept: true } });
  },
};
