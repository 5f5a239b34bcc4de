import { describe, expect, it } from "vitest";
import {
  hasUnsavedEdits,
  machineEdits,
  machineServiceFor,
  mergeSaved,
  rowState,
  saveOperations,
  shownValue,
  targetLocales,
  untranslated,
  type TranslatableProperty,
} from "./translator.state.ts";

const property = (propertyName: string): TranslatableProperty => ({
  propertyName,
  translationPropertyKey: `category.7.${propertyName}`,
  label: propertyName,
  sourceText: `Source ${propertyName}`,
  propertyType: "text",
  maxLength: 255,
});
const name = property("name");
const description = property("description");
const target = { recordType: "category", recordID: 7, locale: "fr" };

describe("the content translator's save rules", () => {
  it("saves a non-empty edit, removes a cleared translation, ignores an empty edit of an untranslated property", () => {
    const saved = { "category.7.description": "Ancienne" };
    expect(saveOperations(target, [name, description], saved, { "category.7.name": "Nom" })).toEqual({
      save: [{ ...target, propertyName: "name", translation: "Nom" }],
      remove: [],
    });
    expect(saveOperations(target, [name, description], saved, { "category.7.description": "" })).toEqual({
      save: [],
      remove: [{ ...target, propertyName: "description" }],
    });
    expect(saveOperations(target, [name, description], saved, { "category.7.name": "   " })).toEqual({
      save: [],
      remove: [],
    });
    // An edit back to the saved value sends nothing; untouched properties send nothing.
    expect(saveOperations(target, [name, description], saved, { "category.7.description": "Ancienne" })).toEqual({
      save: [],
      remove: [],
    });
  });

  it("marks unsaved rows and untranslated ones", () => {
    const saved = { "category.7.name": "Nom" };
    expect(rowState("category.7.name", saved, {})).toEqual({ unsaved: false, notTranslated: false });
    expect(rowState("category.7.description", saved, {})).toEqual({ unsaved: false, notTranslated: true });
    expect(rowState("category.7.name", saved, { "category.7.name": "" })).toEqual({
      unsaved: true,
      notTranslated: false,
    });
    expect(rowState("category.7.description", saved, { "category.7.description": "Tout" })).toEqual({
      unsaved: true,
      notTranslated: false,
    });
    expect(rowState("category.7.name", saved, { "category.7.name": "Nom" }).unsaved).toBe(false);
    expect(hasUnsavedEdits(["category.7.name"], saved, { "category.7.name": "Nom" })).toBe(false);
    expect(hasUnsavedEdits(["category.7.name"], saved, { "category.7.name": "Nom 2" })).toBe(true);
    expect(shownValue("category.7.name", saved, {})).toBe("Nom");
  });

  it("merges a successful save into the saved values", () => {
    expect(
      mergeSaved(
        { "category.7.name": "Nom", "category.7.description": "Tout" },
        {
          "category.7.name": "Nouveau",
          "category.7.description": "",
        },
      ),
    ).toEqual({ "category.7.name": "Nouveau" });
  });

  it("offers every locale but the source", () => {
    expect(targetLocales([{ localeID: "en" }, { localeID: "fr" }, { localeID: "de" }], "en")).toEqual([
      { localeID: "fr" },
      { localeID: "de" },
    ]);
  });
});

describe("machine translation", () => {
  const services = [
    { type: "deepl", name: "DeepL", isDefault: false, canTranslate: true },
    { type: "google", name: "Google Cloud Translation", isDefault: true, canTranslate: true },
  ];
  it("uses the locale's own service, else the default, only when it may translate", () => {
    expect(machineServiceFor({ translationService: "deepl" }, services)).toEqual({ type: "deepl", name: "DeepL" });
    expect(machineServiceFor({ translationService: null }, services)?.type).toBe("google");
    expect(machineServiceFor(undefined, services)?.type).toBe("google");
    expect(machineServiceFor({ translationService: null }, [{ ...services[1]!, canTranslate: false }])).toBeNull();
    expect(machineServiceFor({ translationService: "deepl" }, [])).toBeNull();
  });

  it("fills only the empty fields that have a source, each within its limit", () => {
    const props = [
      {
        propertyName: "name",
        translationPropertyKey: "k.name",
        label: "Name",
        sourceText: "General",
        propertyType: "text" as const,
        maxLength: 5,
      },
      {
        propertyName: "description",
        translationPropertyKey: "k.description",
        label: "Description",
        sourceText: "",
        propertyType: "multiline" as const,
        maxLength: 50,
      },
      {
        propertyName: "title",
        translationPropertyKey: "k.title",
        label: "Title",
        sourceText: "Hello",
        propertyType: "text" as const,
        maxLength: 50,
      },
    ];
    const missing = untranslated(props, { "k.title": "Bonjour" }, {});
    expect(missing.map((property) => property.propertyName)).toEqual(["name"]);
    expect(machineEdits(missing, ["Général"])).toEqual({ "k.name": "Génér" });
  });
});
