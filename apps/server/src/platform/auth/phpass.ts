import { createHash, timingSafeEqual } from "node:crypto";

/*
 * phpass's portable hashes (`$P$`, and `$H$` from phpBB): what Vanilla stores for the 'Vanilla' hash method
 * when PHP's bcrypt was not used. Salted MD5 iterated 2^n times, written in phpass's own base-64 alphabet.
 * Only checked, never made: a member signing in with one gets Parley's own hash instead (password.ts).
 */

const ITOA64 = "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** phpass's encode64: little-endian groups of 3 bytes as 4 characters, the last group shortened. */
function encode64(input: Buffer): string {
  let output = "";
  let i = 0;
  const count = input.length;
  while (i < count) {
    let value = input[i++]!;
    output += ITOA64[value & 0x3f];
    if (i < count) value |= input[i]! << 8;
    output += ITOA64[(value >> 6) & 0x3f];
    if (i++ >= count) break;
    if (i < count) value |= input[i]! << 16;
    output += ITOA64[(value >> 12) & 0x3f];
    if (i++ >= count) break;
    output += ITOA64[(value >> 18) & 0x3f];
  }
  return output;
}

/** Whether a stored hash is a phpass portable one this module can check. */
export const isPortableHash = (stored: string): boolean => /^\$[PH]\$[./0-9A-Za-z]{31}$/.test(stored);

/** The portable hash of `password` with the stored hash's setting (its first 12 characters); null if malformed. */
function portableHash(password: string, setting: string): string | null {
  if (!/^\$[PH]\$/.test(setting)) return null;
  const log2 = ITOA64.indexOf(setting[3] ?? "");
  if (log2 < 7 || log2 > 30) return null;
  const salt = setting.slice(4, 12);
  if (salt.length !== 8) return null;
  const secret = Buffer.from(password, "utf8");
  let hash = createHash("md5").update(salt, "binary").update(secret).digest();
  for (let count = 2 ** log2; count > 0; count--) hash = createHash("md5").update(hash).update(secret).digest();
  return setting.slice(0, 12) + encode64(hash);
}

/** Constant-time check of a password against a portable hash. */
export function verifyPortableHash(password: string, stored: string): boolean {
  if (!isPortableHash(stored)) return false;
  const computed = portableHash(password, stored);
  if (computed === null) return false;
  const a = Buffer.from(computed);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}
