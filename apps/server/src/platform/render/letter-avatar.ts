/**
 * Letter avatars (as Discourse draws them): a member without a photo is shown by the first letter of their name on a
 * colour taken from the name, so faces differ at a glance. The address carries both, so the image is the same for
 * everyone, made without the database and cached for good: `/avatars/letter/{colour}/{letter}.svg`.
 */

/** Background colours, each with white text at a contrast of at least 4.5:1 (WCAG AA), checked by a test. */
export const LETTER_AVATAR_COLOURS = [
  "#b91c1c",
  "#c2410c",
  "#a16207",
  "#4d7c0f",
  "#15803d",
  "#0f766e",
  "#0e7490",
  "#1d4ed8",
  "#4338ca",
  "#6d28d9",
  "#a21caf",
  "#be185d",
] as const;

const LETTER = /^[\p{L}\p{N}]$/u;

/** The name's first letter or digit, in capitals ("?" when it has none). */
export function avatarLetter(name: string): string {
  const first = Array.from(name.normalize("NFC")).find((char) => LETTER.test(char));
  if (!first) return "?";
  const upper = first.toLocaleUpperCase("en");
  // A capital that is two characters ("ß" → "SS") keeps the letter as it was.
  return Array.from(upper).length === 1 ? upper : first;
}

/** The colour of a name: FNV-1a of its lower-case form, so "Ann" and "ann" look alike. */
export function avatarColour(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of name.toLocaleLowerCase("en")) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % LETTER_AVATAR_COLOURS.length;
}

/** The site-relative address of a name's letter avatar. */
export const letterAvatarPath = (name: string) =>
  `/avatars/letter/${avatarColour(name)}/${encodeURIComponent(avatarLetter(name))}.svg`;

/** The address's parts, or null when they are not one of the colours and a single letter. */
export function parseLetterAvatar(colour: string, letter: string): { colour: number; letter: string } | null {
  if (!/^\d{1,2}$/.test(colour) || Number(colour) >= LETTER_AVATAR_COLOURS.length) return null;
  if (letter !== "?" && !LETTER.test(letter)) return null;
  return { colour: Number(colour), letter };
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The image: a square of the colour (pages round it), the letter centred in white. */
export const letterAvatarSvg = ({ colour, letter }: { colour: number; letter: string }) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="40" height="40">` +
  `<rect width="40" height="40" fill="${LETTER_AVATAR_COLOURS[colour]}"/>` +
  `<text x="20" y="20" dy="0.35em" text-anchor="middle" fill="#fff" font-size="20" font-weight="600" ` +
  `font-family="system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif">${escapeXml(letter)}</text>` +
  `</svg>`;
