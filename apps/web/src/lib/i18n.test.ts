import { afterEach, describe, expect, it } from "vitest";
import { setTranslations, t } from "./i18n.ts";

describe("t", () => {
  afterEach(() => setTranslations({}));

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

  it("uses a translation pack and fills its placeholders", () => {
    setTranslations({ "{type} Not Found": "{type} introuvable", "Sign In": "Connexion" });
    expect(t("Sign In")).toBe("Connexion");
    expect(t("{type} Not Found", { type: "Catégorie" })).toBe("Catégorie introuvable");
    expect(t("Untranslated")).toBe("Untranslated");
  });
});
