import type { Draft } from "@parley/contracts";
import { ApiError, type ApiClient, type ApiRequest } from "../../lib/api.ts";
import type { DraftTarget } from "./draftStore.ts";

/** The edit form of discussion 31 (in category 4). */
export const editTarget: DraftTarget = {
  recordType: "discussion",
  recordID: 31,
  parentRecordType: "category",
  parentRecordID: 4,
  commentParentID: null,
};

/** Tests' fixtures: a server draft, and an API holding drafts by id that records its calls. */
export const serverDraft = (draftID: number, body: string, lastSaved: number): Draft => ({
  draftID,
  recordType: "comment",
  recordID: null,
  parentRecordType: "discussion",
  parentRecordID: 7,
  attributes: {
    body,
    format: "markdown",
    draftMeta: { commentParentID: null },
    lastSaved: new Date(lastSaved).toISOString(),
  },
  insertUserID: 2,
  dateInserted: new Date(lastSaved).toISOString(),
  updateUserID: 2,
  dateUpdated: new Date(lastSaved).toISOString(),
  draftStatus: "draft",
  dateScheduled: null,
  failedReason: null,
  name: "",
  excerpt: body,
  editUrl: "",
});

/** A fake API: drafts by id; records the calls (with their bodies). */
export function fakeDraftsApi(drafts: Map<number, Draft>) {
  const calls: string[] = [];
  let nextID = 100;
  const answer = <T>(data: T) => ({ data, paging: null });
  const api: ApiClient = {
    async get<T>(path: string) {
      calls.push(`GET ${path}`);
      if (path === "/drafts") return answer([...drafts.values()] as T);
      const draft = drafts.get(Number(path.split("/").pop()));
      if (!draft) throw new ApiError(404, { message: "Draft Not Found" });
      return answer(draft as T);
    },
    async request<T>(request: ApiRequest) {
      calls.push(`${request.method} ${request.path}`);
      const body = request.body as Partial<Draft> & { attributes: Record<string, unknown> };
      if (request.method === "POST") {
        const created = { ...serverDraft(nextID++, "", Date.now()), ...body };
        drafts.set(created.draftID, created);
        return answer(created as T);
      }
      const id = Number(request.path.split("/").pop());
      const existing = drafts.get(id);
      if (!existing) throw new ApiError(404, { message: "Draft Not Found" });
      drafts.set(id, { ...existing, attributes: body.attributes });
      return answer(drafts.get(id) as T);
    },
  };
  return { api, calls };
}
