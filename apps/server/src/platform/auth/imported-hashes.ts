import { createHash, pbkdf2 as pbkdf2Callback, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { isPortableHash } from "./phpass.ts";

/*
 * Password hashes of other forums, as Vanilla's porter exports them with a `HashMethod` naming their kind
 * (vanilla/vanilla `library/core/class.passwordhash.php` checks them so): those node's crypto can check are kept,
 * marked with their method (`imported$vbulletin$<hash><salt>`), and replaced by Parley's own hash at the member's
 * first sign-in (password.ts). phpass (`$P$`, `$H$`) and bcrypt hashes are kept as they are, whatever the method.
 * A method that cannot be checked (Vanilla's `Reset` and `Random`, crypt's other schemes, unknown names) keeps no
 * hash: the member sets a password through the password reset.
 */

const PREFIX = "imported$";
const isBcrypt = (stored: string) => /^\$2[abxy]\$\d\d\$[./0-9A-Za-z]{53}$/.test(stored);
const HEX32 = /^[0-9a-f]{32}$/i;
// Off the event loop: Django's current hashes take hundreds of thousands of iterations.
const pbkdf2 = promisify(pbkdf2Callback);

const md5 = (value: string | Buffer) => createHash("md5").update(value).digest("hex");
const sha1 = (value: string | Buffer) => createHash("sha1").update(value).digest("hex");
const hashHex = (algorithm: string, value: string) => createHash(algorithm).update(value).digest("hex");

/** Constant-time comparison of two hex (or other) digests, case-insensitively. */
function same(computed: string, expected: string): boolean {
  const a = Buffer.from(computed.toLowerCase());
  const b = Buffer.from(expected.toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A PHP `serialize`d array's string values (XenForo keeps `hash`, `salt` and `hashFunc` so). */
function phpStrings(serialized: string): Map<string, string> {
  const values = new Map<string, string>();
  const pattern = /s:\d+:"([^"]*)";s:\d+:"([^"]*)";/g;
  for (const match of serialized.matchAll(pattern)) values.set(match[1]!, match[2]!);
  return values;
}

const methods = {
  /** Vanilla's unsalted MD5 of old installs (and phpBB 2's). */
  md5: (password: string, stored: string) => same(md5(password), stored),
  /** vBulletin 3 and 4: md5(md5(password) . salt), the salt written after the 32 hex digits. */
  vbulletin: (password: string, stored: string) =>
    same(md5(md5(password) + stored.slice(32).trim()), stored.slice(0, 32)),
  /** Django: bare md5, `md5$salt$hash`, `sha1$salt$hash`, `sha256$salt$hash`, and `pbkdf2_sha256$n$salt$hash`. */
  django: async (password: string, stored: string) => {
    if (!stored.includes("$")) return same(md5(password), stored);
    const [method = "", a = "", b = "", c = ""] = stored.split("$");
    const kind = method.toLowerCase();
    if (kind === "pbkdf2_sha256" || kind === "pbkdf2_sha1") {
      const iterations = Number(a);
      if (!Number.isInteger(iterations) || iterations < 1 || iterations > 10_000_000) return false;
      const expected = Buffer.from(c, "base64");
      const digest = kind === "pbkdf2_sha256" ? "sha256" : "sha1";
      const computed = await pbkdf2(password, b, iterations, expected.length || 32, digest);
      return expected.length > 0 && computed.length === expected.length && timingSafeEqual(computed, expected);
    }
    if (kind === "md5") return same(md5(a + password), b);
    if (kind === "sha256") return same(hashHex("sha256", a + password), b);
    return same(sha1(a + password), b);
  },
  /** Invision Power Board: `hash$salt`, md5(md5(salt) . md5(password)). */
  ipb: (password: string, stored: string) => {
    const at = stored.indexOf("$");
    return at > 0 && same(md5(md5(stored.slice(at + 1)) + md5(password)), stored.slice(0, at));
  },
  /** Joomla: `hash:salt`, md5(password . salt). */
  joomla: (password: string, stored: string) => {
    const [hash = "", salt = ""] = stored.split(/:(.*)/s);
    return same(md5(password + salt), hash);
  },
  /** MyBB: `hash:salt`, md5(md5(salt) . password). */
  mybb: (password: string, stored: string) => {
    const [hash = "", salt = ""] = stored.split(/:(.*)/s);
    return same(md5(md5(salt) + password), hash);
  },
  /** PunBB: `hash$salt`, md5(password) or sha1(salt . sha1(password)). */
  punbb: (password: string, stored: string) => {
    const [hash = "", salt = ""] = stored.split("$");
    return same(md5(password), hash) || same(sha1(salt + sha1(password)), hash);
  },
  /** SMF: sha1(lowercased name . password). */
  smf: (password: string, stored: string, name: string) => same(sha1(name.toLowerCase() + password), stored),
  /** XenForo 1.0/1.1: a serialized array, hash(f, hash(f, password) . salt) with f md5, sha1 or sha256. */
  xenforo: (password: string, stored: string) => {
    const values = phpStrings(stored);
    const hash = values.get("hash") ?? "";
    const salt = values.get("salt") ?? "";
    const func = values.get("hashFunc") || (hash.length === 32 ? "md5" : "sha1");
    if (!["md5", "sha1", "sha256"].includes(func)) return false;
    return hash !== "" && same(hashHex(func, hashHex(func, password) + salt), hash);
  },
} satisfies Record<string, (password: string, stored: string, name: string) => boolean | Promise<boolean>>;

type Method = keyof typeof methods;

/**
 * The hash Parley keeps for a member imported with `stored` under the porter's `method` (case-insensitive):
 * phpass and bcrypt as they are, another checkable kind marked with its method, or null when it cannot be checked.
 */
export function importedPasswordHash(method: string | null, stored: string | null): string | null {
  const hash = stored?.trim() ?? "";
  if (!hash) return null;
  if (isPortableHash(hash) || isBcrypt(hash)) return hash;
  const kind = (method ?? "vanilla").trim().toLowerCase();
  const mark = (name: Method) => `${PREFIX}${name}$${hash}`;
  switch (kind) {
    case "vanilla":
    case "phpbb":
      // Vanilla's older installs and phpBB 2 kept an unsalted MD5.
      return HEX32.test(hash) ? mark("md5") : null;
    case "vbulletin":
      return /^[0-9a-f]{32}./is.test(hash) ? mark("vbulletin") : null;
    case "xenforo": {
      // XenForo 1.2 and later keep a bcrypt hash in the serialized array: kept as bcrypt.
      const inner = phpStrings(hash).get("hash") ?? "";
      if (isBcrypt(inner)) return inner;
      return inner ? mark("xenforo") : null;
    }
    case "django":
    case "ipb":
    case "joomla":
    case "mybb":
    case "punbb":
    case "smf":
      return mark(kind);
    default:
      return null;
  }
}

/** Whether a stored hash is an imported one of the kinds above (not phpass or bcrypt: password.ts knows those). */
export const isImportedHash = (stored: string): boolean => {
  if (!stored.startsWith(PREFIX)) return false;
  const method = stored.slice(PREFIX.length).split("$", 1)[0]!;
  return Object.hasOwn(methods, method);
};

/** Checks a password against an imported hash; `name` is the member's (SMF salts with it). */
export async function verifyImportedHash(password: string, stored: string, name: string): Promise<boolean> {
  if (!isImportedHash(stored)) return false;
  const rest = stored.slice(PREFIX.length);
  const at = rest.indexOf("$");
  const method = rest.slice(0, at) as Method;
  return await methods[method](password, rest.slice(at + 1), name);
}
