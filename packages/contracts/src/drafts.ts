import { Type, type Static } from "typebox";
import { DateTime, Nullable } from "./common.ts";
import { draftParentRecordTypes, draftRecordTypes, draftStatuses } from "./drafts-constants.ts";
import { limits } from "./limits.ts";
import { Limit, Page } from "./pagination.ts";

export * from "./drafts-constants.ts";

const RecordType = Type.Enum(draftRecordTypes);
const ParentRecordType = Type.Enum(draftParentRecordTypes);
const Status = Type.Enum(draftStatuses);
/** Inputs take the string or the stored number (0 draft, 1 scheduled, 2 error). */
const StatusInput = Type.Union([Status, Type.Integer({ minimum: 0, maximum: 2 })]);

/**
 * What the client keeps in a draft: `body`, `format` (rich2 by default), `draftType`, `draftMeta{…}`,
 * `lastSaved`; opaque to the server apart from what publishing reads.
 */
export const DraftAttributes = Type.Record(Type.String(), Type.Unknown(), {
  description: "Free-form: body, format (rich2 by default), draftType, draftMeta, lastSaved, …",
});
export type DraftAttributes = Static<typeof DraftAttributes>;

/** A draft (reference §10, `dashboard-drafts.yml`); only its owner ever sees it. */
export const Draft = Type.Object(
  {
    draftID: Type.Integer(),
    recordType: RecordType,
    recordID: Nullable(Type.Integer()),
    parentRecordType: Nullable(Type.String()),
    parentRecordID: Nullable(Type.Integer()),
    attributes: DraftAttributes,
    insertUserID: Type.Integer(),
    dateInserted: DateTime,
    updateUserID: Nullable(Type.Integer()),
    dateUpdated: Nullable(DateTime),
    draftStatus: Status,
    dateScheduled: Nullable(DateTime),
    failedReason: Nullable(Type.String()),
    name: Type.String({ description: "The discussion's title, or the discussion a comment goes to." }),
    excerpt: Type.String({ description: "The body's first words as plain text." }),
    editUrl: Type.String({ description: "The page that continues the draft." }),
  },
  { $id: "Draft" },
);
export type Draft = Static<typeof Draft>;

export const DraftListQuery = Type.Object({
  recordType: Type.Optional(RecordType),
  parentRecordType: Type.Optional(ParentRecordType),
  parentRecordID: Type.Optional(Type.Integer()),
  recordID: Type.Optional(Type.Integer()),
  draftStatus: Type.Optional(StatusInput),
  dateUpdated: Type.Optional(Type.String({ description: "A date, `[d1,d2]`, or `>d` / `<=d`." })),
  dateScheduled: Type.Optional(Type.String({ description: "A date, `[d1,d2]`, or `>d` / `<=d`." })),
  sort: Type.Optional(
    Type.Enum(["dateInserted", "-dateInserted", "dateUpdated", "-dateUpdated", "dateScheduled", "-dateScheduled"]),
  ),
  page: Type.Optional(Page),
  limit: Type.Optional(Limit(limits.drafts.maxLimit, limits.drafts.defaultLimit)),
  expand: Type.Optional(Type.Boolean()),
});
export type DraftListQuery = Static<typeof DraftListQuery>;

const draftFields = {
  recordType: RecordType,
  attributes: DraftAttributes,
  recordID: Type.Optional(Nullable(Type.Integer())),
  parentRecordType: Type.Optional(Nullable(ParentRecordType)),
  parentRecordID: Type.Optional(Nullable(Type.Integer())),
  draftStatus: Type.Optional(StatusInput),
  dateScheduled: Type.Optional(Nullable(DateTime)),
};

export const DraftPost = Type.Object(draftFields);
export type DraftPost = Static<typeof DraftPost>;

export const DraftPatch = Type.Partial(Type.Object(draftFields));
export type DraftPatch = Static<typeof DraftPatch>;

export const DraftSchedule = Type.Object({
  dateScheduled: DateTime,
  publishedSilently: Type.Optional(Type.Boolean()),
});
export type DraftSchedule = Static<typeof DraftSchedule>;

/** `GET /drafts/{id}/edit`: what a form needs to continue the draft. */
export const DraftEdit = Type.Object({
  draftID: Type.Integer(),
  recordType: RecordType,
  recordID: Nullable(Type.Integer()),
  parentRecordType: Nullable(Type.String()),
  parentRecordID: Nullable(Type.Integer()),
  attributes: DraftAttributes,
});
export type DraftEdit = Static<typeof DraftEdit>;

export const DraftIdParams = Type.Object({ id: Type.Integer() });

export const sharedDraftSchemas = [Draft];
