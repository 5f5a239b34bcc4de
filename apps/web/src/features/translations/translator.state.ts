import type { TranslationPatchItem, TranslationRemoveItem } from "@parley/contracts/translations";

/*
 * The content translator's rules (spec §4, §5), free of React so they are tested on their own.
 * Saved values and unsaved edits are both keyed by translationPropertyKey.
 */

/** A property to translate (spec §3): its source text, type and input limit. */
export interface TranslatableProperty {
  propertyName: string;
  translationPropertyKey: string;
  label: string;
  sourceText: string;
  propertyType: "text" | "multiline";
  maxLength: number;
}

export type SavedTranslations = Readonly<Record<string, string>>;
export type FormTranslations = Readonly<Record<string, string>>;

/** What the field shows: the unsaved edit, else the saved translation, else nothing. */
export const shownValue = (key: string, saved: SavedTranslations, form: FormTranslations) =>
  form[key] ?? saved[key] ?? "";

/** A row's state: an unsaved-changes marker when it differs from the saved value; not translated when empty and unsaved. */
export function rowState(key: string, saved: SavedTranslations, form: FormTranslations) {
  const unsaved = form[key] !== undefined && form[key] !== (saved[key] ?? "");
  return { unsaved, notTranslated: !unsaved && shownValue(key, saved, form).trim() === "" };
}

export const hasUnsavedEdits = (keys: readonly string[], saved: SavedTranslations, form: FormTranslations) =>
  keys.some((key) => rowState(key, saved, form).unsaved);

/**
 * What a save sends (spec §4): a non-empty edit is saved as a translation, clearing an existing
 * translation removes it, and an empty edit of an untranslated property is ignored.
 */
export function saveOperations(
  target: { recordType: string; recordID: number; locale: string },
  properties: readonly TranslatableProperty[],
  saved: SavedTranslations,
  form: FormTranslations,
): { save: TranslationPatchItem[]; remove: TranslationRemoveItem[] } {
  const save: TranslationPatchItem[] = [];
  const remove: TranslationRemoveItem[] = [];
  for (const property of properties) {
    const edit = form[property.translationPropertyKey];
    if (edit === undefined) continue;
    const before = saved[property.translationPropertyKey];
    const item = {
      recordType: target.recordType,
      recordID: target.recordID,
      propertyName: property.propertyName,
      locale: target.locale,
    };
    if (edit.trim() !== "") {
      if (edit !== before) save.push({ ...item, translation: edit });
    } else if (before !== undefined) remove.push(item);
  }
  return { save, remove };
}

/** The saved values after a successful save: edits merged in, cleared ones gone. */
export function mergeSaved(saved: SavedTranslations, form: FormTranslations): SavedTranslations {
  const next: Record<string, string> = { ...saved };
  for (const [key, value] of Object.entries(form)) {
    if (value.trim() === "") delete next[key];
    else next[key] = value;
  }
  return next;
}

/** The locales content may be translated into: every enabled one but the source (spec §2). */
export const targetLocales = <L extends { localeID: string }>(locales: readonly L[], sourceLocale: string) =>
  locales.filter((locale) => locale.localeID !== sourceLocale);

/**
 * The service that machine-translates into a locale: the locale's own, else the site's default, when it
 * may translate (configured); null when there is none.
 */
export function machineServiceFor(
  locale: { translationService?: string | null } | undefined,
  services: ReadonlyArray<{ type: string; name: string; isDefault: boolean; canTranslate: boolean }>,
): { type: string; name: string } | null {
  const own = locale?.translationService;
  const service = own
    ? services.find((candidate) => candidate.type === own)
    : services.find((candidate) => candidate.isDefault);
  return service?.canTranslate ? { type: service.type, name: service.name } : null;
}

/** The properties a machine translation fills: those with a source text and nothing shown yet. */
export const untranslated = (
  properties: readonly TranslatableProperty[],
  saved: SavedTranslations,
  form: FormTranslations,
) =>
  properties.filter(
    (property) =>
      property.sourceText.trim() !== "" && shownValue(property.translationPropertyKey, saved, form).trim() === "",
  );

/** The machine translations as unsaved edits (each cut to its field's limit). */
export function machineEdits(
  properties: readonly TranslatableProperty[],
  translations: readonly string[],
): FormTranslations {
  return Object.fromEntries(
    properties.map((property, index) => [
      property.translationPropertyKey,
      (translations[index] ?? "").slice(0, property.maxLength),
    ]),
  );
}
