import { describe, expect, it } from "vitest";
import { hashPassword, isLegacyHash, verifyPassword } from "./password.ts";

describe("passwords", () => {
  it("hashes with scrypt and a per-password salt, and verifies", async () => {
    const first = await hashPassword("correct horse battery");
    const second = await hashPassword("correct horse battery");
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword("correct horse battery", first)).toBe(true);
    expect(await verifyPassword("correct horse batterx", first)).toBe(false);
  });

  it("hashes at a lower cost when given one (tests' accounts), and verifies at the cost the hash records", async () => {
    const cheap = await hashPassword("correct horse battery", 2 ** 10);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword("correct horse battery", cheap)).toBe(true);
    expect(await verifyPassword("correct horse batterx", cheap)).toBe(false);
  });

  it("rejects missing or malformed hashes", async () => {
    expect(await verifyPassword("x", null)).toBe(false);
    expect(await verifyPassword("x", "md5$abc")).toBe(false);
    expect(await verifyPassword("x", "scrypt$1$2")).toBe(false);
  });

  // Vectors made outside this code: phpass portable hashes by Python's passlib 1.7.4 (`passlib.hash.phpass` with
  // the salt and rounds shown), bcrypt `$2y$` by PHP 8.2's `password_hash(…, PASSWORD_BCRYPT, ["cost" => 4])`.
  const vanillaHashes = [
    ["phpass $P$, 2^8 rounds", "old phpass secret", "$P$6abcdefghmpkwSgVDmoDid8px4JXA/."],
    ["phpass $P$, 2^11 rounds, UTF-8", "pässwörd ünïcode", "$P$9Zz09./QqeQACMyDL2uElf4G4orLWq1"],
    ["phpass $H$ (phpBB), 2^7 rounds", "phpbb", "$H$5saltsaltYHUud45RJhLdkGvWiKI8Q0"],
    ["bcrypt $2y$", "old bcrypt secret", "$2y$04$mIzZvRa8GRd2//cHu3SZiul7328k3dMynqZdb4MVcFSqJhLFc8d3K"],
    ["bcrypt $2y$, UTF-8", "pässwörd ünïcode", "$2y$04$uymsb29ezyk9k6NFnrKDIeTnoRVqErRhkpI/Z4gQEuPNDsKimkiBe"],
  ] as const;

  it.each(vanillaHashes)(
    "verifies a Vanilla import's %s hash, and marks it for replacement",
    async (_, password, hash) => {
      expect(isLegacyHash(hash)).toBe(true);
      expect(await verifyPassword(password, hash)).toBe(true);
      expect(await verifyPassword(`${password}x`, hash)).toBe(false);
      expect(await verifyPassword(password.slice(1), hash)).toBe(false);
    },
  );

  it("rejects malformed Vanilla hashes and does not mark Parley's own as legacy", async () => {
    expect(await verifyPassword("old phpass secret", "$P$6abcdefghmpkwSgVDmoDid8px4JXA")).toBe(false);
    // A round count below phpass's minimum (2^7) is refused as phpass refuses it.
    expect(await verifyPassword("old phpass secret", "$P$4abcdefghmpkwSgVDmoDid8px4JXA/.")).toBe(false);
    expect(await verifyPassword("x", "$2y$04$short")).toBe(false);
    expect(isLegacyHash(await hashPassword("x", 2 ** 10))).toBe(false);
    expect(isLegacyHash(null)).toBe(false);
  });
});
