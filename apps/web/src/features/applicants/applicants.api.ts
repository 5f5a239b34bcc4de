import type { Applicant } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** Registration by approval (`/applicants`, applicants.manage). */
export const applicantsApi = {
  list: async (api: ApiClient, page: number, signal?: AbortSignal) => {
    const { data, paging } = await api.get<Applicant[]>("/applicants", { page, limit: applicantsPageLimit }, signal);
    return { items: data, paging };
  },
  approve: async (api: ApiClient, userID: number) => {
    await api.request({ method: "POST", path: `/applicants/${userID}/approve` });
  },
  decline: async (api: ApiClient, userID: number) => {
    await api.request({ method: "POST", path: `/applicants/${userID}/decline` });
  },
};

export const applicantsPageLimit = 30;
