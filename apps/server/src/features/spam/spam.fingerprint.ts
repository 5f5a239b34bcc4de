import { createHash } from "node:crypto";
import { fold } from "./spam.text.ts";

/**
 * A 64-bit SimHash of a text's word triples (as 16 hex digits): near-duplicate texts (a word changed, a link
 * swapped) have fingerprints a few bits apart, so an account posting the same thing again is seen without
 * keeping its posts.
 */
export function fingerprint(text: string): string {
  const words = fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
  const shingles = words.length < 3 ? [words.join(" ")] : words.slice(2).map((_, i) => words.slice(i, i + 3).join(" "));
  const weights = new Array<number>(64).fill(0);
  for (const shingle of shingles) {
    const hash = createHash("md5").update(shingle).digest();
    for (let bit = 0; bit < 64; bit += 1) {
      const on = (hash[bit >> 3]! >> (bit & 7)) & 1;
      weights[bit]! += on ? 1 : -1;
    }
  }
  let hex = "";
  for (let nibble = 0; nibble < 16; nibble += 1) {
    let value = 0;
    for (let bit = 0; bit < 4; bit += 1) if (weights[nibble * 4 + bit]! > 0) value |= 1 << bit;
    hex += value.toString(16);
  }
  return hex;
}

/** Bits that differ between two fingerprints. */
export function distance(a: string, b: string): number {
  let bits = 0;
  for (let i = 0; i < 16; i += 1) {
    let x = parseInt(a[i] ?? "0", 16) ^ parseInt(b[i] ?? "0", 16);
    while (x) {
      bits += x & 1;
      x >>= 1;
    }
  }
  return bits;
}
