import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";
import bcrypt from "bcryptjs";
import { isImportedHash, verifyImportedHash } from "./imported-hashes.ts";
import { isPortableHash, verifyPortableHash } from "./phpass.ts";

const scrypt = (password: string, salt: Buffer, keyLength: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

const N = 2 ** 15;
const r = 8;
const p = 1;
const KEY_LENGTH = 64;
const maxmemOf = (cost: number, blockSize: number) => 128 * cost * blockSize * 2;

/**
 * scrypt (N = 2^15) with a per-password salt: `scrypt$N$r$p$salt$hash`, base64url parts. Only tests pass
 * a lower `cost`, for the accounts they make in the database (a sign-in verifies at the cost a hash records).
 */
export async function hashPassword(password: string, cost = N): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N: cost, r, p, maxmem: maxmemOf(cost, r) });
  return ["scrypt", cost, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

const isBcrypt = (stored: string) => /^\$2[abxy]\$\d\d\$[./0-9A-Za-z]{53}$/.test(stored);

/**
 * Whether a stored hash is one Parley checks but does not make: an import's phpass portable (`$P$`, `$H$`) or
 * bcrypt (`$2y$`, `$2a$`, `$2b$`) hash, or another forum's kind the porter names (imported-hashes.ts). A sign-in
 * that verifies one replaces it with Parley's own.
 */
export const isLegacyHash = (stored: string | null): boolean =>
  stored !== null && (isPortableHash(stored) || isBcrypt(stored) || isImportedHash(stored));

/**
 * Constant-time check of a password against a stored hash; false for anything malformed. Imported hashes are
 * checked as Vanilla did, on the password as typed (PHP never normalised it); `name` is the account's (an SMF hash
 * is salted with it).
 */
export async function verifyPassword(password: string, stored: string | null, name = ""): Promise<boolean> {
  if (!stored) return false;
  if (isImportedHash(stored)) return verifyImportedHash(password, stored, name);
  if (isPortableHash(stored)) return verifyPortableHash(password, stored);
  if (isBcrypt(stored)) return bcrypt.compare(password, stored);
  const [scheme, n, rr, pp, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !rr || !pp || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const cost = Number(n);
  const blockSize = Number(rr);
  const key = await scrypt(password.normalize("NFKC"), Buffer.from(salt, "base64url"), expected.length, {
    N: cost,
    r: blockSize,
    p: Number(pp),
    maxmem: maxmemOf(cost, blockSize),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
