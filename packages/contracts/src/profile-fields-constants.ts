/**
 * Custom profile fields (issue 29, Vanilla's dashboard profile fields): kinds, rules and paths shared by server
 * and web. Free of TypeBox, so the browser bundle can import it.
 */
export const profileFieldDataTypes = ["text", "boolean", "date", "number", "string[]"] as const;
export type ProfileFieldDataType = (typeof profileFieldDataTypes)[number];

export const profileFieldFormTypes = [
  "text",
  "text-multiline",
  "dropdown",
  "tokens",
  "checkbox",
  "date",
  "number",
] as const;
export type ProfileFieldFormType = (typeof profileFieldFormTypes)[number];

/** The form types each data type may take (Vanilla's pairs). */
export const profileFieldFormTypesOf: Record<ProfileFieldDataType, readonly ProfileFieldFormType[]> = {
  text: ["text", "text-multiline", "dropdown"],
  number: ["number", "dropdown"],
  boolean: ["checkbox"],
  date: ["date"],
  "string[]": ["tokens"],
};

/** public: everyone who may view profiles; internal: signed-in members; private: the member and personalInfo.view. */
export const profileFieldVisibilities = ["public", "internal", "private"] as const;
export type ProfileFieldVisibility = (typeof profileFieldVisibilities)[number];

/** all: the member and users.edit; restricted: users.edit only; none: no one (read-only). */
export const profileFieldMutabilities = ["all", "restricted", "none"] as const;
export type ProfileFieldMutability = (typeof profileFieldMutabilities)[number];

/** required: a member must give a value; optional; hidden (Vanilla: not asked at registration). */
export const profileFieldRegistrationOptions = ["required", "optional", "hidden"] as const;
export type ProfileFieldRegistrationOption = (typeof profileFieldRegistrationOptions)[number];

export const profileFieldRules = {
  apiNamePattern: "^[A-Za-z][A-Za-z0-9_\\-]*$",
  apiNameMaxLength: 100,
  labelMaxLength: 100,
  descriptionMaxLength: 500,
  /** Fields a site may define. */
  maxFields: 100,
  maxDropdownOptions: 100,
  optionMaxLength: 100,
  textMaxLength: 500,
  textBlockMaxLength: 5000,
  maxTokens: 50,
} as const;

export const profileFieldMessages = {
  missing: "{label} is required.",
  notAnOption: "{label} must be one of its options.",
  notANumber: "{label} must be a number.",
  notADate: "{label} must be a date (YYYY-MM-DD).",
  notABoolean: "{label} must be true or false.",
  notText: "{label} must be text.",
  notTokens: "{label} must be a list of words.",
  tooLong: "{label} is too long.",
  unknownField: "{field} is not a profile field.",
  notEditable: "You may not change {label}.",
  apiNameTaken: "A profile field with this API name already exists.",
  formTypeMismatch: "The form type {formType} does not go with the data type {dataType}.",
  optionsNeeded: "A dropdown needs at least one option.",
  tooManyFields: `A site may have at most ${profileFieldRules.maxFields} profile fields.`,
} as const;

/** The dashboard page that manages the definitions. */
export const profileFieldsDashboardPath = "/dashboard/settings/profile-fields";
