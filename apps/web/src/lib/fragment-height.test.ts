import { describe, expect, it } from "vitest";
import { clampFragmentHeight } from "./fragment-height.ts";

describe("a fragment frame's height", () => {
  it("keeps what the frame asks within 50 to 4000 pixels, and ignores anything but a number", () => {
    expect(clampFragmentHeight(120.4)).toBe(120);
    expect(clampFragmentHeight(3)).toBe(50);
    expect(clampFragmentHeight(1e9)).toBe(4000);
    expect(clampFragmentHeight("200")).toBeNull();
    expect(clampFragmentHeight(Number.NaN)).toBeNull();
    expect(clampFragmentHeight(undefined)).toBeNull();
  });
});
