import { beforeEach, describe, expect, it } from "vitest";
import type { Draft } from "@parley/contracts";
import { editTarget, fakeDraftsApi as fakeApi, serverDraft } from "./drafts.fixtures.ts";
import { localDrafts, type DraftTarget } from "./draftStore.ts";
import { reconcileDraft, toServer } from "./draftSync.ts";

const target: DraftTarget = {
  recordType: "comment",
  parentRecordType: "discussion",
  parentRecordID: 7,
  commentParentID: null,
};

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

  it("keeps an edit's draft with its record: found by recordID, never mixed with a new post's draft", async () => {
    const edit = editTarget;
    const newPost: DraftTarget = { ...edit, recordID: null, parentRecordID: 0 };
    const editOnServer: Draft = {
      ...serverDraft(8, "Edited body", Date.now()),
      recordType: "discussion",
      recordID: 31,
      parentRecordType: "category",
      parentRecordID: 4,
    };
    const { api, calls } = fakeApi(new Map([[8, editOnServer]]));
    localDrafts.save({ ...newPost, draftID: null, body: "A new post", format: "markdown", lastSaved: Date.now() });
    const draft = await reconcileDraft(api, edit);
    expect(calls[0]).toMatch(/^GET \/drafts/);
    expect(draft).toMatchObject({ draftID: 8, body: "Edited body", recordID: 31 });
    // The new post's local copy is untouched; each form finds its own.
    expect(localDrafts.find(newPost)).toMatchObject({ body: "A new post" });
    expect(localDrafts.find(edit)).toMatchObject({ draftID: 8, body: "Edited body" });
    // Saved with its record, so the server's draft names the discussion being edited.
    expect(toServer({ ...edit, draftID: 8, body: "x", format: "markdown", name: "T", lastSaved: 0 })).toMatchObject({
      recordType: "discussion",
      recordID: 31,
      parentRecordID: 4,
      attributes: { draftMeta: { name: "T", categoryID: 4 } },
    });
    expect(toServer({ ...newPost, draftID: null, body: "x", format: "markdown", lastSaved: 0 })).not.toHaveProperty(
      "recordID",
    );
  });
});
