import type { UserEdit, UserPatch, UserPhoto } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** The profile form's calls: its record (`GET /users/{id}/edit`), the text fields, and the photo. */
export const profileEditApi = {
  record: async (api: ApiClient, userID: number, signal?: AbortSignal) =>
    (await api.get<UserEdit>(`/users/${userID}/edit`, {}, signal)).data,
  save: (api: ApiClient, userID: number, body: UserPatch) =>
    api.request<unknown>({ method: "PATCH", path: `/users/${userID}`, body }),
  /** The photo, with the square the member chose (`x`, `y`, `size` in the image's pixels) when they chose one. */
  uploadPhoto: (api: ApiClient, userID: number, body: FormData) =>
    api.request<UserPhoto>({ method: "POST", path: `/users/${userID}/photo`, body }),
  removePhoto: (api: ApiClient, userID: number) =>
    api.request<null>({ method: "DELETE", path: `/users/${userID}/photo` }),
};
