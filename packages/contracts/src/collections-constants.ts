/**
 * Collections (reference §9, spec §3): named lists of records, curated with community.manage. Free of
 * TypeBox, so the browser bundle can import it.
 */
export const collectionRules = {
  maxRecords: 30,
  nameMaxLength: 255,
  defaultLimit: 20,
  maxLimit: 100,
  /** `GET /collections/contents/{locale}` pages records, not collections (Vanilla's default 100). */
  contentsDefaultLimit: 100,
  contentsMaxLimit: 500,
  recordTypes: ["article", "category", "discussion", "event", "groups", "knowledgeBase"],
} as const;
export type CollectionRecordType = (typeof collectionRules.recordTypes)[number];
