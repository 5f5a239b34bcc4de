import { beforeEach, describe, expect, it } from "vitest";
import type { Draft } from "@parley/contracts";
import { ApiError, type ApiClient, type ApiRequest } from "../../lib/api.ts";
import { localDrafts, type DraftTarget } from "./draftStore.ts";
import { reconcileDraft } from "./draftSync.ts";

const target: DraftTarget = {
  recordType: "comment",
  parentRecordType: "discussion",
  parentRecordID: 7,
  commentParentID: null,
};

const serverDraft = (draftID: number, body: string, lastSaved: number): Draft => ({
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

/** A fake API: drafts by id; records the calls. */
function fakeApi(drafts: Map<number, Draft>) {
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
      const body = request.body as { attributes: Record<string, unknown> };
      if (request.method === "POST") {
        const created = { ...serverDraft(nextID++, "", Date.now()), attributes: body.attributes };
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

describe("reconcileDraft (spec §4)", () => {
  beforeEach(() => localStorage.clear());

  it("takes the server's draft when it is newer, and keeps it as the local copy under its id", async () => {
    const { api } = fakeApi(new Map([[5, serverDraft(5, "From the server", Date.now())]]));
    localDrafts.save({
      ...target,
      draftID: null,
      body: "Older local",
      format: "markdown",
      lastSaved: Date.now() - 60_000,
    });
    const draft = await reconcileDraft(api, target);
    expect(draft).toMatchObject({ draftID: 5, body: "From the server" });
    expect(localDrafts.find(target)).toMatchObject({ draftID: 5, body: "From the server" });
    expect(localDrafts.byID(5)).not.toBeNull();
  });

  it("pushes a local copy newer than the server's", async () => {
    const drafts = new Map([[5, serverDraft(5, "Old on the server", Date.now() - 60_000)]]);
    const { api, calls } = fakeApi(drafts);
    localDrafts.save({ ...target, draftID: 5, body: "Newer here", format: "markdown", lastSaved: Date.now() });
    const draft = await reconcileDraft(api, target);
    expect(draft).toMatchObject({ draftID: 5, body: "Newer here" });
    expect(calls).toContain("PATCH /drafts/5");
    expect(drafts.get(5)!.attributes["body"]).toBe("Newer here");
  });

  it("re-creates the draft on the server when fetching it fails, and the new id replaces the local key", async () => {
    const drafts = new Map<number, Draft>();
    const { api, calls } = fakeApi(drafts);
    localDrafts.save({ ...target, draftID: 42, body: "Only here now", format: "markdown", lastSaved: Date.now() });
    const draft = await reconcileDraft(api, target);
    expect(calls).toEqual(["GET /drafts/42", "POST /drafts"]);
    expect(draft).toMatchObject({ draftID: 100, body: "Only here now" });
    expect(localDrafts.byID(42)).toBeNull();
    expect(localDrafts.byID(100)).toMatchObject({ body: "Only here now" });
    expect(drafts.get(100)!.attributes).toMatchObject({ body: "Only here now", draftType: "comment" });
  });
});
