import { describe, expect, it } from "vitest";
import { canQuote, canReply } from "./postRules.ts";

describe("post button rules (spec §5)", () => {
  it("Reply needs comments.add", () => {
    expect(canReply({ "comments.add": true })).toBe(true);
    expect(canReply({ "comments.add": false })).toBe(false);
    expect(canReply(undefined)).toBe(false);
  });

  it("Quote needs comments.add, and on a closed discussion discussions.close too", () => {
    expect(canQuote({ "comments.add": true }, false)).toBe(true);
    expect(canQuote({ "comments.add": false }, false)).toBe(false);
    expect(canQuote({ "comments.add": true }, true)).toBe(false);
    expect(canQuote({ "comments.add": true, "discussions.close": true }, true)).toBe(true);
  });
});
