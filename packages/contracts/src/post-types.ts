import { Type, type Static } from "typebox";
import { DateTime, Nullable } from "./common.ts";
import { profileFieldRules } from "./profile-fields-constants.ts";
import {
  postFieldDataTypes,
  postFieldFormTypes,
  postFieldVisibilities,
  postTypeRules,
} from "./post-types-constants.ts";

export * from "./post-types-constants.ts";

const DataType = Type.Enum(postFieldDataTypes);
const FormType = Type.Enum(postFieldFormTypes);
const Visibility = Type.Enum(postFieldVisibilities);
const RecordID = Type.String({ minLength: 1, maxLength: postTypeRules.idMaxLength, pattern: postTypeRules.idPattern });
const IDs = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000 });
const FieldIDs = Type.Array(Type.String({ minLength: 1, maxLength: postTypeRules.idMaxLength }), { maxItems: 200 });

const DropdownOption = Type.Union([
  Type.String({ minLength: 1, maxLength: profileFieldRules.optionMaxLength }),
  Type.Number(),
]);
const DropdownOptions = Nullable(Type.Array(DropdownOption, { maxItems: profileFieldRules.maxDropdownOptions }));

/** One post field's definition (`GET /post-fields`). */
export const PostField = Type.Object({
  postFieldID: Type.String(),
  postTypeIDs: Type.Array(Type.String(), { description: "The post types the field belongs to." }),
  label: Type.String(),
  description: Type.String(),
  dataType: DataType,
  formType: FormType,
  dropdownOptions: Nullable(Type.Array(Type.Union([Type.String(), Type.Number()]))),
  visibility: Visibility,
  displayOptions: Type.Object({}, { description: "Vanilla's display options; Parley shows values under the post." }),
  isRequired: Type.Boolean(),
  isActive: Type.Boolean(),
  dateInserted: DateTime,
  dateUpdated: Nullable(DateTime),
  insertUserID: Type.Integer(),
  updateUserID: Nullable(Type.Integer()),
});
export type PostField = Static<typeof PostField>;

const label = Type.String({ minLength: 1, maxLength: postTypeRules.labelMaxLength });
const description = Type.String({ maxLength: postTypeRules.descriptionMaxLength });

/** `POST /post-fields`. */
export const PostFieldPost = Type.Object(
  {
    postFieldID: RecordID,
    postTypeID: Type.Optional(Type.String({ minLength: 1, maxLength: postTypeRules.idMaxLength })),
    label,
    description: Type.Optional(description),
    dataType: DataType,
    formType: FormType,
    dropdownOptions: Type.Optional(DropdownOptions),
    visibility: Visibility,
    isRequired: Type.Optional(Type.Boolean()),
    isActive: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type PostFieldPost = Static<typeof PostFieldPost>;

/** `PATCH /post-fields/{postFieldID}`: its id, data and form types are fixed once made. */
export const PostFieldPatch = Type.Object(
  {
    label: Type.Optional(label),
    description: Type.Optional(description),
    dropdownOptions: Type.Optional(DropdownOptions),
    visibility: Type.Optional(Visibility),
    isRequired: Type.Optional(Type.Boolean()),
    isActive: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type PostFieldPatch = Static<typeof PostFieldPatch>;

/** `GET /post-fields` filters (Vanilla's). */
export const PostFieldQuery = Type.Object({
  postTypeID: Type.Optional(Type.String({ minLength: 1, maxLength: postTypeRules.idMaxLength })),
  dataType: Type.Optional(DataType),
  formType: Type.Optional(FormType),
  visibility: Type.Optional(Visibility),
  isRequired: Type.Optional(Type.Boolean()),
  isActive: Type.Optional(Type.Boolean()),
});
export type PostFieldQuery = Static<typeof PostFieldQuery>;

export const PostFieldParams = Type.Object({
  postFieldID: Type.String({ minLength: 1, maxLength: postTypeRules.idMaxLength }),
});

/** `PUT /post-fields/{postTypeID}/sorts`: postFieldID → sort, within the post type. */
export const PostFieldSorts = Type.Record(Type.String(), Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }));
export type PostFieldSorts = Static<typeof PostFieldSorts>;

/** A post type (`GET /post-types`): an original one (discussion, question, idea, poll) or a site's own. */
export const PostType = Type.Object({
  postTypeID: Type.String(),
  name: Type.String(),
  parentPostTypeID: Nullable(Type.String({ description: "The original type it is a kind of; null for originals." })),
  postButtonLabel: Type.String(),
  postHelperText: Type.String(),
  roleIDs: Type.Array(Type.Integer(), { description: "The roles that may post it; empty: every role." }),
  categoryIDs: Type.Array(Type.Integer(), { description: "Parley: the categories that take it (site types)." }),
  isOriginal: Type.Boolean(),
  isActive: Type.Boolean(),
  isDeleted: Type.Boolean(),
  dateInserted: Nullable(DateTime),
  dateUpdated: Nullable(DateTime),
  insertUserID: Nullable(Type.Integer()),
  updateUserID: Nullable(Type.Integer()),
  postFields: Type.Optional(Type.Array(PostField)),
});
export type PostType = Static<typeof PostType>;

const name = Type.String({ minLength: 1, maxLength: postTypeRules.nameMaxLength });
const helper = Type.String({ maxLength: postTypeRules.helperTextMaxLength });

/** `POST /post-types`. */
export const PostTypePost = Type.Object(
  {
    postTypeID: RecordID,
    name,
    parentPostTypeID: Type.String({ minLength: 1, maxLength: postTypeRules.idMaxLength }),
    isActive: Type.Optional(Type.Boolean()),
    postButtonLabel: Type.Optional(Type.String({ maxLength: postTypeRules.nameMaxLength })),
    postHelperText: Type.Optional(helper),
    roleIDs: Type.Optional(IDs),
    categoryIDs: Type.Optional(IDs),
    postFieldIDs: Type.Optional(FieldIDs),
  },
  { additionalProperties: false },
);
export type PostTypePost = Static<typeof PostTypePost>;

/** `PATCH /post-types/{postTypeID}`: its id and parent are fixed once made. */
export const PostTypePatch = Type.Object(
  {
    name: Type.Optional(name),
    isActive: Type.Optional(Type.Boolean()),
    postButtonLabel: Type.Optional(Type.String({ maxLength: postTypeRules.nameMaxLength })),
    postHelperText: Type.Optional(helper),
    roleIDs: Type.Optional(IDs),
    categoryIDs: Type.Optional(IDs),
    postFieldIDs: Type.Optional(FieldIDs),
  },
  { additionalProperties: false },
);
export type PostTypePatch = Static<typeof PostTypePatch>;

const PostTypeExpand = Type.Array(Type.Enum(["all", "insertUser", "updateUser", "postFields"]), { maxItems: 4 });

/** `GET /post-types` filters (Vanilla's). */
export const PostTypeQuery = Type.Object({
  postTypeID: Type.Optional(Type.String({ minLength: 1, maxLength: postTypeRules.idMaxLength })),
  parentPostTypeID: Type.Optional(Type.String({ minLength: 1, maxLength: postTypeRules.idMaxLength })),
  isOriginal: Type.Optional(Type.Boolean()),
  isActive: Type.Optional(Type.Boolean()),
  includeDeleted: Type.Optional(Type.Boolean()),
  expand: Type.Optional(PostTypeExpand),
});
export type PostTypeQuery = Static<typeof PostTypeQuery>;

export const PostTypeGetQuery = Type.Pick(PostTypeQuery, ["includeDeleted", "expand"]);
export type PostTypeGetQuery = Static<typeof PostTypeGetQuery>;

export const PostTypeParams = Type.Object({
  postTypeID: Type.String({ minLength: 1, maxLength: postTypeRules.idMaxLength }),
});

/** A discussion's post field values, postFieldID → value (Vanilla's `postMeta`). */
export const PostMeta = Type.Record(
  Type.String(),
  Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Array(Type.String()), Type.Null()]),
);
export type PostMeta = Static<typeof PostMeta>;
