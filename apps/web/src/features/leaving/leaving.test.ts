import { describe, expect, it } from "vitest";
import { isExternalUrl, leavingHref, readLeavingTarget } from "./leaving.ts";

const origin = "http://localhost:3000";

describe("external links", () => {
  it("counts only http(s) links to another origin as external", () => {
    expect(isExternalUrl("https://example.com/a", origin)).toBe(true);
    expect(isExternalUrl("http://localhost:3000/discussions", origin)).toBe(false);
    expect(isExternalUrl("/discussions", origin)).toBe(false);
    expect(isExternalUrl("#Comment_4", origin)).toBe(false);
    expect(isExternalUrl("mailto:a@example.com", origin)).toBe(false);
    expect(isExternalUrl("tel:+1555", origin)).toBe(false);
    expect(isExternalUrl("http://localhost:4000/", origin)).toBe(true);
  });

  it("reads only absolute http(s) targets", () => {
    expect(readLeavingTarget(new URL(leavingHref("https://example.com/a?b=1&c=2"), origin).searchParams)).toBe(
      "https://example.com/a?b=1&c=2",
    );
    expect(readLeavingTarget(new URLSearchParams("target=javascript:alert(1)"))).toBeNull();
    expect(readLeavingTarget(new URLSearchParams("target=/relative"))).toBeNull();
    expect(readLeavingTarget(new URLSearchParams(""))).toBeNull();
  });
});
