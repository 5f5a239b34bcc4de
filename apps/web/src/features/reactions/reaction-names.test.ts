import { afterEach, describe, expect, it } from "vitest";
import fr from "../../../locales/fr.json";
import de from "../../../locales/de.json";
import { setTranslations } from "../../lib/translator.ts";
import { reactionName } from "./reaction-names.ts";

afterEach(async () => {
  await setTranslations({});
});

describe("reaction names in the interface's language", () => {
  it("translates the default reactions and keeps an operator's own names as written", async () => {
    expect(reactionName("Like")).toBe("Like");
    await setTranslations(fr, "fr");
    expect(["Like", "Agree", "Off Topic"].map(reactionName)).toEqual(["J'aime", "D'accord", "Hors sujet"]);
    // An operator's reaction named like an interface sentence is theirs, not the interface's.
    expect(reactionName("Kudos")).toBe("Kudos");
    expect(reactionName("Delete")).toBe("Delete");
    await setTranslations(de, "de");
    expect(reactionName("Insightful")).toBe("Aufschlussreich");
  });
});
