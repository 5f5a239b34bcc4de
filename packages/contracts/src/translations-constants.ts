/**
 * Content locales and translations (spec §2 "Content translator", §3, reference §7). Free of TypeBox, so
 * the browser bundle can import it.
 *
 * These locales are those of the *content* (category names and descriptions) that administrators translate by
 * hand; the interface's own locales are `interface-locales.ts`, and the reader's cookie below is one choice for both.
 */

/** The content locales an administrator may enable (Vanilla's locale keys); `en` is always enabled. */
export const contentLocaleKeys = ["en", "fr", "de", "es", "it", "nl", "pt", "ja"] as const;
export type ContentLocaleKey = (typeof contentLocaleKeys)[number];

export const isContentLocaleKey = (value: string): value is ContentLocaleKey =>
  (contentLocaleKeys as readonly string[]).includes(value);

/** Spec §9: "default translation locale en". */
export const defaultTranslationLocale = "en";

/**
 * The cookie holding a reader's chosen locale, content and interface (set by the language picker's `/locale` route). The API
 * reads it when a call has no `locale` parameter; guests' caches never keep answers of a request with a
 * cookie, and a `locale` parameter is part of the address they are kept under.
 */
export const CONTENT_LOCALE_COOKIE = "parley-content-locale";

/** The resource holding the forum's own content (categories), created by the migration. */
export const FORUM_TRANSLATION_RESOURCE = "forum";

/** The translatable properties of each record type of the forum resource, with their input limits. */
export const translatableProperties = {
  category: {
    name: { propertyType: "text", maxLength: 255 },
    description: { propertyType: "multiline", maxLength: 2000 },
  },
} as const satisfies Record<string, Record<string, { propertyType: "text" | "multiline"; maxLength: number }>>;
export type TranslatableRecordType = keyof typeof translatableProperties;

export const translationRules = {
  /** `GET /translations/{resource}`: Vanilla's default and largest page. */
  defaultLimit: 100,
  maxLimit: 100,
  maxPage: 100,
  /** A stored translation of a record type outside `translatableProperties`. */
  maxTranslationLength: 10_000,
  /** One PATCH changes at most this many translations. */
  maxItems: 500,
  /** One machine translation: at most this many texts (DeepL's own limit per request), each this long. */
  machineMaxTexts: 50,
  machineMaxLength: 5_000,
  /** How long a provider may take before the call gives up (ms). */
  machineTimeoutMs: 10_000,
} as const;

/** `<recordType>.<recordID or recordKey>.<propertyName>` (reference §7). */
export const translationPropertyKey = (item: {
  recordType: string;
  recordID?: number | null | undefined;
  recordKey?: string | null | undefined;
  propertyName: string;
}) => `${item.recordType}.${item.recordID ?? item.recordKey ?? ""}.${item.propertyName}`;
