import type { ChangeLogEntry, PageInfo } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

interface LogPage {
  items: ChangeLogEntry[];
  paging: PageInfo | null;
}

const list = async (api: ApiClient, path: string, query: Record<string, unknown>, signal?: AbortSignal) => {
  const { data, paging } = await api.get<ChangeLogEntry[]>(path, query, signal);
  return { items: data, paging } satisfies LogPage;
};

/** The history calls (community.moderate): a discussion's revisions, its deleted comments, a restore. */
export const logApi = {
  revisions: (api: ApiClient, discussionID: number, query: { page: number; limit: number }, signal?: AbortSignal) =>
    list(api, `/discussions/${discussionID}/revisions`, query, signal),
  deletedComments: (
    api: ApiClient,
    discussionID: number,
    query: { page: number; limit: number },
    signal?: AbortSignal,
  ) => list(api, `/discussions/${discussionID}/deleted-comments`, query, signal),
  restore: async (api: ApiClient, logID: number) =>
    (await api.request<ChangeLogEntry>({ method: "POST", path: `/log/${logID}/restore` })).data,
};
