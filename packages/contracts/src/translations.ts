import { Type, type Static } from "typebox";
import { translationRules } from "./translations-constants.ts";

/*
 * Locales, translation services and content translations (reference §7; dashboard-locales.yml,
 * dashboard-translations.yml). Our own schemas, in Vanilla's field names.
 */

const LocaleKey = Type.String({ minLength: 2, maxLength: 20, pattern: "^[a-zA-Z0-9_-]+$" });

/** A content locale (`GET /locales`). */
export const Locale = Type.Object(
  {
    localeID: Type.String({ minLength: 1, description: "The locale's id for API calls (its key here)." }),
    localeKey: Type.String({ description: "The locale without a regional part (fr)." }),
    regionalKey: Type.String({ description: "The locale with its regional part when it has one." }),
    displayNames: Type.Record(Type.String(), Type.String(), {
      description: "The locale's name in each enabled locale: {en: 'French', fr: 'français'}.",
    }),
    translatable: Type.Boolean({ description: "Content may be translated into it (every locale but the source)." }),
    machineTranslationService: Type.Boolean({ description: "A translation service is assigned to it." }),
    translationService: Type.Union([Type.String(), Type.Null()], {
      description: "The type of the service assigned to it, or null.",
    }),
  },
  { $id: "Locale" },
);
export type Locale = Static<typeof Locale>;

export const LocaleIDParams = Type.Object({ localeID: LocaleKey });

/** `GET /locales/translations/{locale}` (and `.js`): an interface locale's pack. */
export const LocalePackParams = Type.Object({ locale: LocaleKey });
export const LocalePackQuery = Type.Object({
  etag: Type.Optional(
    Type.String({ maxLength: 100, description: "A cache buster; the answer does not depend on it." }),
  ),
});
/** An interface locale's strings: the English sentence → its translation. */
export const LocalePack = Type.Record(Type.String(), Type.String());

/** `POST /locales`: enable a content locale of the catalogue (Vanilla's query parameters). */
export const LocalePostQuery = Type.Object({
  locale: LocaleKey,
  translatable: Type.Optional(
    Type.Boolean({ description: "Every locale but en is translatable in Parley; false is refused." }),
  ),
});
export type LocalePostQuery = Static<typeof LocalePostQuery>;

export const LocalePatch = Type.Object({
  translationService: Type.Union([Type.String({ maxLength: 100 }), Type.Null()], {
    description: "A translation service's type, or null (or empty) for none.",
  }),
});
export type LocalePatch = Static<typeof LocalePatch>;

/** A translation service (`GET /translation-services`), the shape Vanilla's client reads. */
export const TranslationService = Type.Object(
  {
    type: Type.String({ minLength: 1 }),
    name: Type.String({ minLength: 1 }),
    isConfigured: Type.Boolean(),
    isDefault: Type.Boolean(),
    configSchema: Type.Record(Type.String(), Type.Unknown(), { description: "A JSON schema of its settings." }),
    canTranslate: Type.Boolean({
      description: "Whether this server can reach the provider and make translations with it (never, here).",
    }),
    description: Type.String(),
  },
  { $id: "TranslationService" },
);
export type TranslationService = Static<typeof TranslationService>;

export const TranslationServiceParams = Type.Object({ type: Type.String({ minLength: 1, maxLength: 100 }) });

/** A service's settings (its configSchema's properties) and whether it is the default. */
export const TranslationServicePut = Type.Record(Type.String({ maxLength: 100 }), Type.Unknown());

/**
 * `POST /translations/machine` (Parley's): texts machine-translated by the locale's translation service
 * (else the default one), for a site manager to review in the content translator before saving. Nothing
 * is stored.
 */
export const MachineTranslationPost = Type.Object({
  locale: Type.String({ minLength: 1, maxLength: 20, description: "The locale to translate into." }),
  sourceLocale: Type.Optional(
    Type.String({ minLength: 1, maxLength: 20, description: "The texts' locale (the site's source, en)." }),
  ),
  texts: Type.Array(Type.String({ maxLength: translationRules.machineMaxLength }), {
    minItems: 1,
    maxItems: translationRules.machineMaxTexts,
  }),
});
export type MachineTranslationPost = Static<typeof MachineTranslationPost>;

export const MachineTranslation = Type.Object({
  translationService: Type.String({ description: "The service that translated them." }),
  locale: Type.String(),
  translations: Type.Array(Type.String(), { description: "One per text, in their order." }),
});
export type MachineTranslation = Static<typeof MachineTranslation>;

/** The resource a translation belongs to (path parameter). */
export const TranslationResourceParams = Type.Object({
  resource: Type.String({ minLength: 1, maxLength: 100, pattern: "^[a-zA-Z0-9_-]+$" }),
});

const RecordType = Type.String({ minLength: 1, maxLength: 100 });
const PropertyName = Type.String({ minLength: 1, maxLength: 100 });
const RecordID = Type.Integer({ minimum: 1 });
const RecordKey = Type.String({ minLength: 1, maxLength: 100 });

export const TranslationListQuery = Type.Object({
  locale: LocaleKey,
  validateLocale: Type.Optional(
    Type.Boolean({ default: true, description: "Refuse a locale the site has not enabled (default true)." }),
  ),
  recordType: Type.Optional(RecordType),
  recordIDs: Type.Optional(Type.Array(RecordID, { maxItems: 500 })),
  recordKeys: Type.Optional(Type.Array(RecordKey, { maxItems: 500 })),
  propertyName: Type.Optional(PropertyName),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: translationRules.maxPage, default: 1 })),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: translationRules.maxLimit, default: translationRules.defaultLimit }),
  ),
});
export type TranslationListQuery = Static<typeof TranslationListQuery>;

/** One stored translation (`GET /translations/{resource}`). */
export const Translation = Type.Object(
  {
    resource: Type.String(),
    recordType: Type.String(),
    recordID: Type.Optional(Type.Integer()),
    recordKey: Type.Optional(Type.String()),
    propertyName: Type.String(),
    propertyType: Type.Optional(Type.String()),
    translationPropertyKey: Type.String(),
    locale: Type.String(),
    translation: Type.String(),
    dateUpdated: Type.String({ format: "date-time" }),
  },
  { $id: "Translation" },
);
export type Translation = Static<typeof Translation>;

const itemFields = {
  recordType: RecordType,
  recordID: Type.Optional(RecordID),
  recordKey: Type.Optional(RecordKey),
  propertyName: PropertyName,
  locale: LocaleKey,
};

export const TranslationPatchItem = Type.Object({
  ...itemFields,
  translation: Type.String({ maxLength: translationRules.maxTranslationLength }),
});
export type TranslationPatchItem = Static<typeof TranslationPatchItem>;
export const TranslationPatch = Type.Array(TranslationPatchItem, { minItems: 1, maxItems: translationRules.maxItems });

export const TranslationRemoveItem = Type.Object(itemFields);
export type TranslationRemoveItem = Static<typeof TranslationRemoveItem>;
export const TranslationRemove = Type.Array(TranslationRemoveItem, {
  minItems: 1,
  maxItems: translationRules.maxItems,
});

/** `POST /translations`: a new resource. */
export const TranslationResourcePost = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  sourceLocale: LocaleKey,
  urlCode: Type.String({ minLength: 1, maxLength: 100, pattern: "^[a-zA-Z0-9_-]+$" }),
});
export type TranslationResourcePost = Static<typeof TranslationResourcePost>;

export const TranslationResource = Type.Object({
  name: Type.String(),
  sourceLocale: Type.String(),
  urlCode: Type.String(),
  dateInserted: Type.String({ format: "date-time" }),
});
export type TranslationResource = Static<typeof TranslationResource>;
