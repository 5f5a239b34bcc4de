import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password.ts";

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
});
