import { afterEach, describe, expect, it } from "vitest";
import { t } from "./i18n.ts";
import { setTranslations } from "./translator.ts";

describe("t", () => {
  afterEach(async () => {
    await setTranslations({});
  });

  it("returns the English key when there is no translation", () => {
    expect(t("Sign In")).toBe("Sign In");
  });

  it("fills {placeholders} from values, numbers included", () => {
    expect(t("{type} Not Found", { type: "Category" })).toBe("Category Not Found");
    expect(t("This category has {count} discussions.", { count: 12 })).toBe("This category has 12 discussions.");
    expect(t("{a} and {a}", { a: "x" })).toBe("x and x");
  });

  it("leaves a placeholder without a value as written", () => {
    expect(t("Hello {name}, {other}", { name: "Ada" })).toBe("Hello Ada, {other}");
  });

  it("leaves braces alone when no values are given", () => {
    expect(t("{type} Not Found")).toBe("{type} Not Found");
  });

  it("never reads a filled-in value as a placeholder", () => {
    expect(t("{a} and {b}", { a: "{b}", b: "y" })).toBe("{b} and y");
  });

  it("uses a translation pack and fills its placeholders", async () => {
    await setTranslations({ "{type} Not Found": "{type} introuvable", "Sign In": "Connexion" });
    expect(t("Sign In")).toBe("Connexion");
    expect(t("{type} Not Found", { type: "Catégorie" })).toBe("Catégorie introuvable");
    expect(t("Untranslated")).toBe("Untranslated");
  });

  it("keeps the same rules once a pack has loaded the engine", async () => {
    await setTranslations({ "Hello {name}, {other}": "Bonjour {name}, {other}" }, "fr");
    expect(t("Hello {name}, {other}", { name: "{other}" })).toBe("Bonjour {other}, {other}");
    expect(t("{type} Not Found")).toBe("{type} Not Found");
    await setTranslations({}, "en");
    expect(t("Hello {name}, {other}", { name: "Ada" })).toBe("Hello Ada, {other}");
  });
});
