import { Type, type Static } from "typebox";
import {
  profileFieldDataTypes,
  profileFieldFormTypes,
  profileFieldMutabilities,
  profileFieldRegistrationOptions,
  profileFieldRules,
  profileFieldVisibilities,
} from "./profile-fields-constants.ts";

export * from "./profile-fields-constants.ts";

const DataType = Type.Enum(profileFieldDataTypes);
const FormType = Type.Enum(profileFieldFormTypes);
const Visibility = Type.Enum(profileFieldVisibilities);
const Mutability = Type.Enum(profileFieldMutabilities);
const RegistrationOption = Type.Enum(profileFieldRegistrationOptions);

/** Where a field is shown besides the edit form: user cards, posts, the members' search; profiles (Parley). */
export const ProfileFieldDisplayOptions = Type.Object(
  {
    userCards: Type.Optional(Type.Boolean()),
    posts: Type.Optional(Type.Boolean()),
    search: Type.Optional(Type.Boolean()),
    profiles: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ProfileFieldDisplayOptions = Static<typeof ProfileFieldDisplayOptions>;

const DropdownOption = Type.Union([
  Type.String({ minLength: 1, maxLength: profileFieldRules.optionMaxLength }),
  Type.Number(),
]);
const DropdownOptions = Type.Union([
  Type.Array(DropdownOption, { maxItems: profileFieldRules.maxDropdownOptions }),
  Type.Null(),
]);

/** One profile field's definition (`GET /profile-fields`). */
export const ProfileField = Type.Object({
  apiName: Type.String(),
  label: Type.String(),
  description: Type.String(),
  dataType: DataType,
  formType: FormType,
  visibility: Visibility,
  mutability: Mutability,
  displayOptions: Type.Object({
    userCards: Type.Boolean(),
    posts: Type.Boolean(),
    search: Type.Boolean(),
    profiles: Type.Boolean(),
  }),
  dropdownOptions: Type.Union([Type.Array(Type.Union([Type.String(), Type.Number()])), Type.Null()]),
  registrationOptions: RegistrationOption,
  enabled: Type.Boolean(),
  sort: Type.Integer(),
});
export type ProfileField = Static<typeof ProfileField>;

const label = Type.String({ minLength: 1, maxLength: profileFieldRules.labelMaxLength });
const description = Type.String({ maxLength: profileFieldRules.descriptionMaxLength });

/** `POST /profile-fields`. */
export const ProfileFieldPost = Type.Object(
  {
    apiName: Type.String({
      minLength: 1,
      maxLength: profileFieldRules.apiNameMaxLength,
      pattern: profileFieldRules.apiNamePattern,
    }),
    label,
    description: Type.Optional(description),
    dataType: DataType,
    formType: FormType,
    visibility: Visibility,
    mutability: Type.Optional(Mutability),
    displayOptions: Type.Optional(ProfileFieldDisplayOptions),
    dropdownOptions: Type.Optional(DropdownOptions),
    registrationOptions: Type.Optional(RegistrationOption),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ProfileFieldPost = Static<typeof ProfileFieldPost>;

/** `PATCH /profile-fields/{apiName}`: the data type and API name are fixed once made. */
export const ProfileFieldPatch = Type.Object(
  {
    label: Type.Optional(label),
    description: Type.Optional(description),
    formType: Type.Optional(FormType),
    visibility: Type.Optional(Visibility),
    mutability: Type.Optional(Mutability),
    displayOptions: Type.Optional(ProfileFieldDisplayOptions),
    dropdownOptions: Type.Optional(DropdownOptions),
    registrationOptions: Type.Optional(RegistrationOption),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ProfileFieldPatch = Static<typeof ProfileFieldPatch>;

/** `GET /profile-fields` filters (Vanilla's). */
export const ProfileFieldQuery = Type.Object({
  dataType: Type.Optional(Type.Array(DataType)),
  formType: Type.Optional(Type.Array(FormType)),
  visibility: Type.Optional(Visibility),
  mutability: Type.Optional(Mutability),
  registrationOptions: Type.Optional(RegistrationOption),
  enabled: Type.Optional(Type.Boolean()),
});
export type ProfileFieldQuery = Static<typeof ProfileFieldQuery>;

export const ProfileFieldParams = Type.Object({
  apiName: Type.String({ minLength: 1, maxLength: profileFieldRules.apiNameMaxLength }),
});

/** `PUT /profile-fields/sorts`: apiName → sort. */
export const ProfileFieldSorts = Type.Record(Type.String(), Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }));
export type ProfileFieldSorts = Static<typeof ProfileFieldSorts>;

/** A member's value of one field: text, a number, a boolean, a date (YYYY-MM-DD), tokens; null when unset. */
export const ProfileFieldValue = Type.Union([
  Type.String(),
  Type.Number(),
  Type.Boolean(),
  Type.Array(Type.String()),
  Type.Null(),
]);
export type ProfileFieldValue = Static<typeof ProfileFieldValue>;

/** `GET`/`PATCH /users/{id}/profile-fields`: apiName → value (the fields the viewer may see). */
export const UserProfileFields = Type.Record(Type.String(), ProfileFieldValue);
export type UserProfileFields = Static<typeof UserProfileFields>;

/** `PATCH /users/{id}/profile-fields`: any values, each checked against its field (422 naming the field). */
export const UserProfileFieldsPatch = Type.Record(Type.String(), Type.Unknown());
