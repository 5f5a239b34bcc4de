import type { Draft, DraftPost } from "@parley/contracts";
import { limits } from "@parley/contracts/limits";
import { ApiError, type ApiClient } from "../../lib/api.ts";
import { draftsApi } from "./drafts.api.ts";
import { keyOf, localDrafts, sameTarget, type DraftTarget, type LocalDraft } from "./draftStore.ts";

/** What a form holds: the body and its format, and a discussion's title and category. */
export interface DraftContent {
  body: string;
  format: string;
  name?: string;
  categoryID?: number;
}

const lastSavedOf = (draft: Draft) => {
  const stated = draft.attributes["lastSaved"];
  const time = typeof stated === "string" ? Date.parse(stated) : Number.NaN;
  return Number.isNaN(time) ? Date.parse(draft.dateUpdated ?? draft.dateInserted) : time;
};

/** A server draft as the browser's copy. */
function fromServer(draft: Draft, target: DraftTarget): LocalDraft {
  const attributes = draft.attributes;
  const meta = (attributes["draftMeta"] ?? {}) as Record<string, unknown>;
  const body = attributes["body"];
  return {
    ...target,
    draftID: draft.draftID,
    body: typeof body === "string" ? body : Array.isArray(body) ? JSON.stringify(body) : "",
    format: typeof attributes["format"] === "string" ? attributes["format"] : limits.drafts.defaultFormat,
    ...(typeof meta["name"] === "string" ? { name: meta["name"] } : {}),
    ...(typeof meta["categoryID"] === "number" ? { categoryID: meta["categoryID"] } : {}),
    lastSaved: lastSavedOf(draft),
  };
}

/** The API body of a browser copy (spec §3's attributes: body, format, draftType, draftMeta, lastSaved). */
export function toServer(draft: LocalDraft): DraftPost {
  const draftMeta =
    draft.recordType === "comment"
      ? { commentParentID: draft.commentParentID, format: draft.format }
      : { name: draft.name ?? "", categoryID: draft.categoryID ?? draft.parentRecordID, pinLocation: "none" };
  return {
    recordType: draft.recordType,
    ...(draft.recordID ? { recordID: draft.recordID } : {}),
    parentRecordType: draft.parentRecordType as DraftPost["parentRecordType"],
    parentRecordID: draft.parentRecordID,
    attributes: {
      body: draft.body,
      format: draft.format,
      draftType: draft.recordType,
      draftMeta,
      lastSaved: new Date(draft.lastSaved).toISOString(),
    },
  };
}

/** Creates the draft when it has no id, updates it when it has; a new id replaces the local key. */
export async function pushDraft(api: ApiClient, draft: LocalDraft): Promise<LocalDraft> {
  if (draft.draftID) {
    try {
      await draftsApi.update(api, draft.draftID, toServer(draft));
      return draft;
    } catch (error) {
      // Deleted elsewhere (posted from another tab, removed on the drafts page): made again below.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  const previousKey = keyOf(draft);
  const created = await draftsApi.create(api, toServer(draft));
  const saved = { ...draft, draftID: created.draftID };
  localDrafts.save(saved, previousKey);
  return saved;
}

/**
 * On opening a form: the draft to continue, reconciling the browser's copy with the server's (spec
 * §4). A local copy newer than the server's is pushed; a local copy whose server draft cannot be
 * fetched is created again on the server; otherwise the server's wins. Network trouble keeps the local one.
 */
export async function reconcileDraft(
  api: ApiClient,
  target: DraftTarget,
  /** A draft link names the draft to continue (`/post/editdiscussion/0/{draftID}`). */
  draftID?: number,
): Promise<LocalDraft | null> {
  if (draftID) {
    try {
      const named = fromServer(await draftsApi.get(api, draftID), target);
      const local = localDrafts.byID(draftID);
      if (local && local.lastSaved > named.lastSaved) return await pushDraft(api, local);
      localDrafts.remove(target);
      localDrafts.save(named);
      return named;
    } catch {
      return localDrafts.byID(draftID);
    }
  }
  const local = localDrafts.find(target);
  let server: Draft | null = null;
  try {
    if (local?.draftID) {
      server = await draftsApi.get(api, local.draftID).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      });
    } else {
      // An edit's draft is found by its record; a new post's by where it goes.
      const { items } = await draftsApi.list(api, {
        recordType: target.recordType,
        ...(target.recordID ? { recordID: target.recordID } : { parentRecordID: target.parentRecordID }),
        limit: 10,
      });
      server =
        items.find((draft) => {
          if (draft.draftStatus !== "draft") return false;
          const meta = (draft.attributes["draftMeta"] ?? {}) as Record<string, unknown>;
          return sameTarget(
            {
              recordType: draft.recordType,
              recordID: draft.recordID,
              parentRecordType: draft.parentRecordType ?? "",
              parentRecordID: draft.parentRecordID ?? 0,
              commentParentID: Number(meta["commentParentID"] ?? 0) || null,
            },
            target,
          );
        }) ?? null;
    }
    if (local && (!server || local.lastSaved > lastSavedOf(server))) {
      // Its server draft is gone: it is created again, and the new id replaces the old key.
      if (!server && local.draftID) localDrafts.removeID(local.draftID);
      return await pushDraft(api, server ? { ...local, draftID: server.draftID } : { ...local, draftID: null });
    }
    if (server) {
      const copy = fromServer(server, target);
      if (local) localDrafts.remove(target);
      localDrafts.save(copy);
      return copy;
    }
    return null;
  } catch {
    return local;
  }
}
