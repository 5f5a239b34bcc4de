import { describe, expect, it } from "vitest";
import { importedPasswordHash, isImportedHash, verifyImportedHash } from "./imported-hashes.ts";
import { isLegacyHash, verifyPassword } from "./password.ts";

/*
 * Each kind's hash of "old secret" made outside this module (Python's hashlib, from each forum's documented
 * recipe), so a check here is a check against the recipe, not against itself.
 */
const PASSWORD = "old secret";
const hashes: Array<[method: string, stored: string, name?: string]> = [
  ["vBulletin", "29634ec0a33c72fdf05fec1e9190ad64a1b"],
  ["MyBB", "1a026bcd45d522963045232213f22eab:xYz12345"],
  ["ipb", "a1a3dd939f6a14a95a0dc61a9899f790$s4lt!"],
  ["joomla", "447578683c25e6a29c7933a897d24f29:JSALT"],
  ["punbb", "c90e3e1864467fdabd87d26389afdc5b81d48adb$pSalt"],
  ["smf", "ec43049eaba59badca20053061030adaa18c30e3", "Smf_Member"],
  ["Django", "md5$dsalt$8161291d03722deeabad74d45003038a"],
  ["Django", "pbkdf2_sha256$1000$dsalt$G93mgMuYDsdVU+7FTEcy2BWuOAlxCXfv4HLlodLjH2w="],
  ["Django", "ef2413644a523a875e9f3a1e194995a4"],
  [
    "xenforo",
    'a:3:{s:4:"hash";s:64:"a26467ecb57f432b7a4b657f92ee6164e2edf150f0fcf3e9378d11f3628b3d81";s:4:"salt";s:6:"xfsalt";s:8:"hashFunc";s:6:"sha256";}',
  ],
  ["Vanilla", "ef2413644a523a875e9f3a1e194995a4"],
  ["phpBB", "EF2413644A523A875E9F3A1E194995A4"],
];

describe("other forums' password hashes, as the porter names them", () => {
  it.each(hashes)("checks a %s hash and nothing else", async (method, stored, name = "") => {
    const kept = importedPasswordHash(method, stored);
    expect(kept).not.toBeNull();
    expect(isImportedHash(kept!)).toBe(true);
    expect(isLegacyHash(kept)).toBe(true);
    expect(await verifyImportedHash(PASSWORD, kept!, name)).toBe(true);
    expect(await verifyPassword(PASSWORD, kept, name)).toBe(true);
    expect(await verifyPassword("old secreT", kept, name)).toBe(false);
    expect(await verifyPassword("", kept, name)).toBe(false);
  });

  it("keeps phpass and bcrypt as they are, whatever the method says", () => {
    const phpass = "$P$6abcdefghmpkwSgVDmoDid8px4JXA/.";
    const bcrypt = "$2y$04$mIzZvRa8GRd2//cHu3SZiul7328k3dMynqZdb4MVcFSqJhLFc8d3K";
    expect(importedPasswordHash("phpBB", phpass)).toBe(phpass);
    expect(importedPasswordHash("Vanilla", bcrypt)).toBe(bcrypt);
    expect(importedPasswordHash("crypt", bcrypt)).toBe(bcrypt);
    // XenForo 1.2+ wraps a bcrypt hash in its serialized array: kept as bcrypt.
    expect(importedPasswordHash("xenforo", `a:1:{s:4:"hash";s:60:"${bcrypt}";}`)).toBe(bcrypt);
  });

  it("keeps no hash for methods it cannot check, and refuses a forged method", async () => {
    for (const method of ["Reset", "Random", "crypt", "yaf", "webwiz", "Unknown", "SomethingElse"])
      expect(importedPasswordHash(method, "abcdef0123456789abcdef0123456789"), method).toBeNull();
    expect(importedPasswordHash("Vanilla", "plain text password")).toBeNull();
    expect(importedPasswordHash("vBulletin", "")).toBeNull();
    expect(importedPasswordHash("vBulletin", null)).toBeNull();
    expect(isImportedHash("imported$nosuch$abc")).toBe(false);
    expect(await verifyPassword(PASSWORD, "imported$nosuch$abc")).toBe(false);
  });
});
