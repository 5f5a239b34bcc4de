import type { DraftRecordType } from "@parley/contracts/drafts-constants";

/**
 * The browser's copy of a draft (spec §4 "a local copy is kept"), in localStorage. A draft not yet on
 * the server is kept under a key naming what it is for (`new:comment:12`); once the server gave it an
 * id, that id becomes its key (`12345`).
 */
export interface LocalDraft {
  draftID: number | null;
  recordType: DraftRecordType;
  parentRecordType: string;
  parentRecordID: number;
  /** The comment replied to, or null for a top-level comment. */
  commentParentID: number | null;
  /** The record being edited, or null (or absent) for a new post. */
  recordID?: number | null;
  body: string;
  format: string;
  /** Discussion drafts: the title and category. */
  name?: string;
  categoryID?: number;
  /** Milliseconds since the epoch. */
  lastSaved: number;
}

export interface DraftTarget {
  recordType: DraftRecordType;
  parentRecordType: string;
  parentRecordID: number;
  commentParentID: number | null;
  /** The record being edited (an existing discussion); absent or null for a new post. */
  recordID?: number | null;
}

const PREFIX = "parley:draft:";

const storage = (): Storage | null => {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null; // Storage disabled (privacy settings): drafts then live on the server only.
  }
};

const newDraftKey = (target: DraftTarget) =>
  target.recordID
    ? `edit:${target.recordType}:${target.recordID}`
    : `new:${target.recordType}:${target.parentRecordID}:${target.commentParentID ?? 0}`;
export const keyOf = (draft: LocalDraft) => (draft.draftID ? String(draft.draftID) : newDraftKey(draft));

/** The same form: an edit's draft goes with its record, a new post's with where it is posted. */
export const sameTarget = (draft: DraftTarget, target: DraftTarget) =>
  draft.recordType === target.recordType &&
  (draft.recordID ?? null) === (target.recordID ?? null) &&
  (target.recordID ? true : draft.parentRecordID === target.parentRecordID) &&
  (draft.commentParentID ?? null) === (target.commentParentID ?? null);

function entries(): Array<[string, LocalDraft]> {
  const store = storage();
  if (!store) return [];
  const out: Array<[string, LocalDraft]> = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (!key?.startsWith(PREFIX)) continue;
    try {
      out.push([key.slice(PREFIX.length), JSON.parse(store.getItem(key) ?? "") as LocalDraft]);
    } catch {
      store.removeItem(key);
    }
  }
  return out;
}

export const localDrafts = {
  /** The newest local copy for this form, if any. */
  find(target: DraftTarget): LocalDraft | null {
    const found = entries()
      .map(([, draft]) => draft)
      .filter((draft) => sameTarget(draft, target))
      .sort((a, b) => b.lastSaved - a.lastSaved);
    return found[0] ?? null;
  },
  byID(draftID: number): LocalDraft | null {
    return entries().find(([key]) => key === String(draftID))?.[1] ?? null;
  },
  /** Saves the copy under its key; a copy that just got its id leaves its old key. */
  save(draft: LocalDraft, previousKey?: string): void {
    const store = storage();
    if (!store) return;
    if (previousKey && previousKey !== keyOf(draft)) store.removeItem(PREFIX + previousKey);
    try {
      store.setItem(PREFIX + keyOf(draft), JSON.stringify(draft));
    } catch {
      // Storage full: the server copy still saves.
    }
  },
  /** Forgets every local copy for this form (posted or discarded). */
  remove(target: DraftTarget): void {
    const store = storage();
    for (const [key, draft] of entries()) if (sameTarget(draft, target)) store?.removeItem(PREFIX + key);
  },
  removeID(draftID: number): void {
    storage()?.removeItem(PREFIX + String(draftID));
  },
};

/** Whether autosave is on (spec §4 "Autosave can be enabled or disabled"); on unless turned off. */
export const autosavePreference = {
  key: "parley:autosave",
  enabled: () => storage()?.getItem(autosavePreference.key) !== "off",
  set: (on: boolean) => storage()?.setItem(autosavePreference.key, on ? "on" : "off"),
};
