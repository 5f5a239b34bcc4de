import { Type, type Static } from "typebox";
import {
  attachmentRecordTypes,
  attachmentsLimits,
  attachmentTypes,
  ticketCreateMethods,
} from "./attachments-constants.ts";
import { DateTime, Nullable } from "./common.ts";

/*
 * Attachments (issue 40, item 3; the shapes of Vanilla's dashboard-attachments.yml and its controller-only
 * `/attachments/catalog` and `/attachments/schema`): a record in an outside system (a ticket) attached to a post,
 * with its id, address and status, created and refreshed through an integration a site manager configures.
 */

export * from "./attachments-constants.ts";

const RecordType = Type.Enum(attachmentRecordTypes);

export const AttachmentMetadatum = Type.Object({
  labelCode: Type.String(),
  value: Type.String(),
  url: Type.Optional(Type.String()),
});

export const Attachment = Type.Object({
  attachmentID: Type.Integer(),
  recordType: RecordType,
  recordID: Type.Integer(),
  type: Type.String({ description: "The integration type (`ticket`)." }),
  source: Type.String({ description: "The integration's name as configured (`Helpdesk`)." }),
  sourceID: Type.String({ description: "The remote record's id." }),
  sourceUrl: Nullable(Type.String()),
  status: Type.String({ description: "The remote record's status as it last answered." }),
  foreignUserID: Type.Integer({ description: "The post's author." }),
  insertUserID: Type.Integer(),
  dateInserted: DateTime,
  updateUserID: Nullable(Type.Integer()),
  dateUpdated: Nullable(DateTime),
  lastModifiedDate: Nullable(DateTime),
  metadata: Type.Array(AttachmentMetadatum),
});
export type Attachment = Static<typeof Attachment>;

export const AttachmentsQuery = Type.Object({
  recordType: RecordType,
  recordID: Type.Optional(Type.Integer({ minimum: 1, description: "One post (Vanilla's); or `recordIDs`." })),
  recordIDs: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1 }), {
      minItems: 1,
      maxItems: attachmentsLimits.listMaxIDs,
      description: `Several posts of the type at once (\`1,2,3\`, at most ${attachmentsLimits.listMaxIDs}), each one the viewer may see.`,
    }),
  ),
});
export type AttachmentsQuery = Static<typeof AttachmentsQuery>;

export const AttachmentPost = Type.Object(
  {
    attachmentType: Type.Enum(attachmentTypes),
    recordType: RecordType,
    recordID: Type.Integer({ minimum: 1 }),
    name: Type.String({ minLength: 1, maxLength: attachmentsLimits.nameMaxLength, description: "The ticket's title." }),
    body: Type.String({ maxLength: attachmentsLimits.bodyMaxLength, description: "The ticket's description." }),
  },
  { additionalProperties: false },
);
export type AttachmentPost = Static<typeof AttachmentPost>;

export const AttachmentsRefresh = Type.Object(
  {
    attachmentIDs: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1 }),
    onlyStale: Type.Optional(Type.Boolean({ default: false })),
  },
  { additionalProperties: false },
);
export type AttachmentsRefresh = Static<typeof AttachmentsRefresh>;

export const AttachmentSchemaQuery = Type.Object({
  attachmentType: Type.Enum(attachmentTypes),
  recordType: RecordType,
  recordID: Type.Integer({ minimum: 1 }),
});
export type AttachmentSchemaQuery = Static<typeof AttachmentSchemaQuery>;

const SchemaField = Type.Object({
  type: Type.Literal("string"),
  title: Type.String(),
  default: Type.String(),
  minLength: Type.Optional(Type.Integer()),
  maxLength: Type.Integer(),
  "x-control": Type.Object({ inputType: Type.Literal("textBox"), multiline: Type.Boolean() }),
});

export const AttachmentFormSchema = Type.Object({
  type: Type.Literal("object"),
  properties: Type.Object({ name: SchemaField, body: SchemaField }),
  required: Type.Array(Type.String()),
});
export type AttachmentFormSchema = Static<typeof AttachmentFormSchema>;

export const AttachmentIntegration = Type.Object({
  attachmentType: Type.Enum(attachmentTypes),
  name: Type.String(),
  title: Type.String(),
  label: Type.String({ description: "The options menu's action." }),
  submitButton: Type.String(),
  externalIDLabel: Type.String(),
  logoIcon: Type.String(),
  attachmentTypeIcon: Type.String(),
  postSuccessMessage: Type.String(),
  writeableContentScope: Type.Enum(["all", "own", "none"]),
  recordTypes: Type.Array(RecordType),
  canCreate: Type.Boolean({ description: "Whether the viewer may create one (staff)." }),
});
export type AttachmentIntegration = Static<typeof AttachmentIntegration>;

export const AttachmentCatalog = Type.Record(Type.String(), AttachmentIntegration);
export type AttachmentCatalog = Static<typeof AttachmentCatalog>;

const ticketFields = {
  enabled: Type.Boolean(),
  name: Type.String({ minLength: 1, maxLength: attachmentsLimits.integrationNameMaxLength }),
  baseUrl: Type.String({ maxLength: attachmentsLimits.urlMaxLength }),
  createUrl: Type.String({ maxLength: attachmentsLimits.urlMaxLength, description: "Relative to the base URL." }),
  createMethod: Type.Enum(ticketCreateMethods),
  createBody: Type.String({ maxLength: attachmentsLimits.templateMaxLength, description: "A JSON template." }),
  statusUrl: Type.String({ maxLength: attachmentsLimits.urlMaxLength, description: "Relative; `{sourceID}` too." }),
  idPath: Type.String({ maxLength: attachmentsLimits.pathMaxLength }),
  urlPath: Type.String({ maxLength: attachmentsLimits.pathMaxLength }),
  statusPath: Type.String({ maxLength: attachmentsLimits.pathMaxLength }),
  authHeaderName: Type.String({ maxLength: attachmentsLimits.headerNameMaxLength }),
};

export const TicketIntegrationSettings = Type.Object({
  ...ticketFields,
  hasAuthSecret: Type.Boolean({ description: "The auth header's value is write-only: only whether one is set." }),
  dateUpdated: Nullable(DateTime),
  updateUserID: Nullable(Type.Integer()),
});
export type TicketIntegrationSettings = Static<typeof TicketIntegrationSettings>;

export const TicketIntegrationPatch = Type.Partial(
  Type.Object({
    ...ticketFields,
    authSecret: Type.String({
      maxLength: attachmentsLimits.secretMaxLength,
      description: "The auth header's value (write-only; an empty string removes it).",
    }),
  }),
  { additionalProperties: false },
);
export type TicketIntegrationPatch = Static<typeof TicketIntegrationPatch>;
