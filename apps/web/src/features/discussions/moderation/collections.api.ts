import type { Collection } from "@parley/contracts";
import { collectionRules } from "@parley/contracts/collections-constants";
import type { ApiClient } from "../../../lib/api.ts";

/** A record as the collections API names it. */
export interface CollectionRecordRef {
  recordID: number;
  recordType: string;
}

/** The collections calls of spec §7 (community.manage to write). */
export const collectionsApi = {
  /** Every collection, for the picker (the API's largest page). */
  list: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<Collection[]>("/collections", { limit: collectionRules.maxLimit }, signal)).data,
  /** The collections a record is in. */
  byResource: async (api: ApiClient, record: CollectionRecordRef, signal?: AbortSignal) =>
    (await api.get<Collection[]>("/collections/by-resource", { ...record }, signal)).data,
  /** A new collection holding the record. */
  create: async (api: ApiClient, name: string, record: CollectionRecordRef) =>
    (await api.request<Collection>({ method: "POST", path: "/collections", body: { name, records: [record] } })).data,
  /** Spec §7: the record's collections are first cleared with an empty list, then set. */
  setForResource: async (api: ApiClient, record: CollectionRecordRef, collectionIDs: number[]) => {
    await api.request<Collection[]>({
      method: "PUT",
      path: "/collections/by-resource",
      body: { record, collectionIDs: [] },
    });
    if (collectionIDs.length === 0) return [];
    return (
      await api.request<Collection[]>({
        method: "PUT",
        path: "/collections/by-resource",
        body: { record, collectionIDs },
      })
    ).data;
  },
};
