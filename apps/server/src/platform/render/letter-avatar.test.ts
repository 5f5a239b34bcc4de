import { describe, expect, it } from "vitest";
import {
  LETTER_AVATAR_COLOURS,
  avatarColour,
  avatarLetter,
  letterAvatarPath,
  letterAvatarSvg,
  parseLetterAvatar,
} from "./letter-avatar.ts";

/** WCAG 2 relative luminance and contrast ratio. */
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe("letter avatars", () => {
  it("take the first letter or digit of a name, in capitals", () => {
    expect(avatarLetter("admin")).toBe("A");
    expect(avatarLetter("  _zoë")).toBe("Z");
    expect(avatarLetter(" élodie")).toBe("É");
    expect(avatarLetter("42 apples")).toBe("4");
    expect(avatarLetter("张伟")).toBe("张");
    expect(avatarLetter("ßeta")).toBe("ß");
    expect(avatarLetter("😀!")).toBe("?");
  });

  it("give a name the same colour whatever its case, and spread names over the colours", () => {
    expect(avatarColour("Ann")).toBe(avatarColour("ann"));
    const names = Array.from({ length: 200 }, (_, i) => `member${i}`);
    const used = new Set(names.map(avatarColour));
    expect(used.size).toBe(LETTER_AVATAR_COLOURS.length);
  });

  it("keep white letters readable on every colour (WCAG AA, 4.5:1)", () => {
    for (const colour of LETTER_AVATAR_COLOURS) expect(contrastWithWhite(colour)).toBeGreaterThanOrEqual(4.5);
  });

  it("have an address that reads back as the same image, and refuse any other", () => {
    const [, , , colour, file] = letterAvatarPath("élodie").split("/");
    const letter = decodeURIComponent(file!.replace(/\.svg$/, ""));
    expect(parseLetterAvatar(colour!, letter)).toEqual({ colour: avatarColour("élodie"), letter: "É" });
    expect(parseLetterAvatar(String(LETTER_AVATAR_COLOURS.length), "A")).toBeNull();
    expect(parseLetterAvatar("-1", "A")).toBeNull();
    expect(parseLetterAvatar("1", "AB")).toBeNull();
    expect(parseLetterAvatar("1", "<")).toBeNull();
    expect(parseLetterAvatar("1", "?")).toEqual({ colour: 1, letter: "?" });
  });

  it("draw the letter on the colour", () => {
    const svg = letterAvatarSvg({ colour: 7, letter: "A" });
    expect(svg).toContain(`fill="${LETTER_AVATAR_COLOURS[7]}"`);
    expect(svg).toMatch(/>A<\/text><\/svg>$/);
  });
});
