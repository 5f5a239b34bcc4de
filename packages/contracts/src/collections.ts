import { Type, type Static } from "typebox";
import { DateTime, Expand, IdFilter, Nullable } from "./common.ts";
import { Limit, Page, PageOrFirst } from "./pagination.ts";
import { collectionRules } from "./collections-constants.ts";

export { collectionRules, type CollectionRecordType } from "./collections-constants.ts";

/** Record items are checked by the server (a bad item answers 422 with its path). */
export const CollectionRecordInput = Type.Object({
  recordID: Type.Integer(),
  recordType: Type.String(),
  sort: Type.Optional(Nullable(Type.Integer())),
});
export type CollectionRecordInput = Static<typeof CollectionRecordInput>;

export const CollectionRecord = Type.Object({
  recordID: Type.Integer(),
  recordType: Type.String(),
  sort: Type.Integer(),
  dateAddedToCollection: DateTime,
});

export const Collection = Type.Object({
  collectionID: Type.Integer(),
  name: Type.String(),
  records: Type.Array(CollectionRecord),
  dateInserted: DateTime,
  dateUpdated: Nullable(DateTime),
  insertUserID: Type.Integer(),
  updateUserID: Nullable(Type.Integer()),
});
export type Collection = Static<typeof Collection>;

/** `name` and `records` are required; their absence answers "name is required. records is required." */
export const CollectionPost = Type.Object({
  name: Type.Optional(Type.String({ maxLength: collectionRules.nameMaxLength })),
  records: Type.Optional(Type.Array(CollectionRecordInput, { maxItems: collectionRules.maxRecords })),
});
export type CollectionPost = Static<typeof CollectionPost>;

export const CollectionPatch = Type.Partial(CollectionPost);
export type CollectionPatch = Static<typeof CollectionPatch>;

export const CollectionListQuery = Type.Object({
  collectionID: Type.Optional(IdFilter("Collections of these ids.")),
  name: Type.Optional(Type.String()),
  page: Type.Optional(PageOrFirst),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: collectionRules.maxLimit, default: collectionRules.defaultLimit }),
  ),
});
export type CollectionListQuery = Static<typeof CollectionListQuery>;

export const CollectionByResourceQuery = Type.Object({ recordID: Type.Integer(), recordType: Type.String() });

/** Replaces the record's collections (the client first sends an empty list, then the new one). */
export const CollectionByResourcePut = Type.Object({
  record: CollectionRecordInput,
  collectionIDs: Type.Array(Type.Integer()),
});
export type CollectionByResourcePut = Static<typeof CollectionByResourcePut>;

/** `GET /collections/contents/{locale}`: the records of every collection (or of those asked for), paged. */
export const CollectionContentsQuery = Type.Object({
  collectionID: Type.Optional(IdFilter("The records of these collections.")),
  dateAddedToCollection: Type.Optional(Type.String({ description: "A date filter (`>2026-01-01`, `[a,b]`)." })),
  expand: Type.Optional(Expand),
  page: Type.Optional(Page),
  limit: Type.Optional(Limit(collectionRules.contentsMaxLimit, collectionRules.contentsDefaultLimit)),
});
export type CollectionContentsQuery = Static<typeof CollectionContentsQuery>;

export const CollectionLocaleParams = Type.Object({ locale: Type.String({ minLength: 1, maxLength: 20 }) });
export const CollectionContentParams = Type.Object({
  id: Type.Integer(),
  locale: Type.String({ minLength: 1, maxLength: 20 }),
});

/** The record itself as its own endpoint presents it (a Discussion, a Category). */
const ExpandedRecord = Type.Object({}, { additionalProperties: true });

export const CollectionRecordContent = Type.Object({
  collectionID: Type.Integer(),
  recordID: Type.Integer(),
  recordType: Type.String(),
  sort: Type.Integer(),
  dateAddedToCollection: DateTime,
  record: ExpandedRecord,
  collection: Type.Optional(Type.Object({ collectionID: Type.Integer(), name: Type.String() })),
});
export type CollectionRecordContent = Static<typeof CollectionRecordContent>;

export const CollectionContent = Type.Object({
  collectionID: Type.Integer(),
  name: Type.String(),
  records: Type.Array(
    Type.Object({ recordID: Type.Integer(), recordType: Type.String(), sort: Type.Integer(), record: ExpandedRecord }),
  ),
});
export type CollectionContent = Static<typeof CollectionContent>;
