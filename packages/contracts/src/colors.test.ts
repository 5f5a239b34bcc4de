import { describe, expect, it } from "vitest";
import {
  contrastingColor,
  darken,
  formatColor,
  isLightColor,
  isValidColor,
  lighten,
  luminance,
  mixColors,
  parseColor,
  shiftColor,
  toHex,
  toRgba,
  withAlpha,
} from "./colors.ts";
import { limits } from "./limits.ts";

describe("parseColor", () => {
  it("reads hex with 3 or 6 digits in either case", () => {
    expect(parseColor("#037DBC")).toEqual({ r: 3, g: 125, b: 188, a: 1 });
    expect(parseColor("#037dbc")).toEqual({ r: 3, g: 125, b: 188, a: 1 });
    expect(parseColor("#fA0")).toEqual({ r: 255, g: 170, b: 0, a: 1 });
    expect(parseColor("  #ffffff ")).toEqual({ r: 255, g: 255, b: 255, a: 1 });
  });

  it("reads rgb() and rgba() in comma and space syntax, with percentages", () => {
    expect(parseColor("rgb(3, 125, 188)")).toEqual({ r: 3, g: 125, b: 188, a: 1 });
    expect(parseColor("rgba(3,125,188,0.5)")).toEqual({ r: 3, g: 125, b: 188, a: 0.5 });
    expect(parseColor("RGBA(0, 0, 0, .25)")).toEqual({ r: 0, g: 0, b: 0, a: 0.25 });
    expect(parseColor("rgb(3 125 188 / 50%)")).toEqual({ r: 3, g: 125, b: 188, a: 0.5 });
    expect(parseColor("rgb(100%, 0%, 50%)")).toEqual({ r: 255, g: 0, b: 127.5, a: 1 });
  });

  it("reads hsl() and hsla() into the same colours as their hex", () => {
    expect(toHex(parseColor("hsl(0, 100%, 50%)")!)).toBe("#ff0000");
    expect(toHex(parseColor("hsl(120deg 100% 25%)")!)).toBe("#008000");
    expect(toHex(parseColor("hsl(240, 100%, 50%)")!)).toBe("#0000ff");
    expect(toHex(parseColor("hsl(0.5turn, 100%, 50%)")!)).toBe("#00ffff");
    expect(toHex(parseColor("hsl(-120, 100%, 50%)")!)).toBe("#0000ff");
    const hsla = parseColor("hsla(200, 97%, 37%, 0.4)")!;
    expect(hsla.a).toBe(0.4);
    expect(toHex(hsla)).toBe("#037dba");
    expect(toHex(parseColor("hsl(0, 0%, 100%)")!)).toBe("#ffffff");
  });

  it("answers null for anything else, or throws a clear error when strict", () => {
    for (const bad of [
      "",
      "037DBC",
      "#12",
      "#1234",
      "#12345",
      "#1234567",
      "#ggg",
      "red",
      "transparent",
      "rgb(1, 2)",
      "rgb(1, 2, 3, 4, 5)",
      "rgb(256, 0, 0)",
      "rgb(-1, 0, 0)",
      "rgba(0, 0, 0, 1.5)",
      "rgb(a, b, c)",
      "rgb(1 2 3 /)",
      "hsl(0, 120%, 50%)",
      "hsl(x, 10%, 50%)",
      "url(#x)",
      "rgb(1, 2, 3); color: red",
    ]) {
      expect(parseColor(bad), bad).toBeNull();
      expect(isValidColor(bad), bad).toBe(false);
      expect(() => parseColor(bad, { strict: true }), bad).toThrow(/Invalid colour/);
    }
    expect(parseColor(42 as unknown as string)).toBeNull();
    expect(parseColor("#fff", { strict: true })).toEqual({ r: 255, g: 255, b: 255, a: 1 });
  });
});

describe("serialising", () => {
  it("writes lower-case #rrggbb, rgba() with rounded alpha, and picks one by opacity", () => {
    expect(toHex({ r: 3.4, g: 124.6, b: 300, a: 0.2 })).toBe("#037dff");
    expect(toRgba("#037DBC")).toBe("rgba(3, 125, 188, 1)");
    expect(toRgba({ r: 0, g: 0, b: 0, a: 1 / 3 })).toBe("rgba(0, 0, 0, 0.333)");
    expect(formatColor("#ABC")).toBe("#aabbcc");
    expect(formatColor("rgba(255, 0, 0, 0.5)")).toBe("rgba(255, 0, 0, 0.5)");
    expect(formatColor(withAlpha("#000", 0.1))).toBe("rgba(0, 0, 0, 0.1)");
    expect(() => toHex("nope")).toThrow(/Invalid colour/);
  });
});

describe("mixing, lightening and darkening", () => {
  it("mixes by the share of the first colour; weights outside [0, 1] throw", () => {
    expect(toHex(mixColors("#ff0000", "#0000ff", 0.5))).toBe("#800080");
    expect(toHex(mixColors("#ff0000", "#0000ff", 1))).toBe("#ff0000");
    expect(toHex(mixColors("#ff0000", "#0000ff", 0))).toBe("#0000ff");
    expect(toHex(mixColors("#ffffff", "#000000", 0.25))).toBe("#404040");
    expect(toHex(mixColors("#ffffff", "#000000"))).toBe("#808080");
    for (const weight of [-0.01, 1.01, Number.NaN, 50]) {
      expect(() => mixColors("#fff", "#000", weight), String(weight)).toThrow(/between 0 and 1/);
    }
  });

  it("leans towards the more opaque colour, as Sass does, and mixes alpha by weight", () => {
    const mixed = mixColors("rgba(255, 0, 0, 1)", "rgba(0, 0, 255, 0)", 0.5);
    expect(toHex(mixed)).toBe("#ff0000");
    expect(mixed.a).toBe(0.5);
  });

  it("lightens and darkens by a fraction of HSL lightness, capped at white and black", () => {
    expect(toHex(lighten("#000000", 0.5))).toBe("#808080");
    expect(toHex(darken("#ffffff", 0.5))).toBe("#808080");
    expect(toHex(lighten("#808080", 1))).toBe("#ffffff");
    expect(toHex(darken("#808080", 1))).toBe("#000000");
    // The dark preset's primary (spec §9: #037DBC lightened 25%) keeps its hue and gets lighter.
    const darkPrimary = lighten(limits.colors.primary, limits.colors.darkPrimaryLighten);
    expect(toHex(darkPrimary)).toBe("#43bdfc");
    expect(luminance(darkPrimary)).toBeGreaterThan(luminance(limits.colors.primary));
    expect(lighten("rgba(0, 0, 0, 0.5)", 0.1).a).toBe(0.5);
    expect(() => lighten("#000", 2)).toThrow(RangeError);
    expect(() => darken("#000", -0.1)).toThrow(RangeError);
  });

  it("shifts a colour away from its background's brightness", () => {
    expect(luminance(shiftColor("#037dbc", 0.1, "#ffffff"))).toBeLessThan(luminance("#037dbc"));
    expect(luminance(shiftColor("#037dbc", 0.1, "#323639"))).toBeGreaterThan(luminance("#037dbc"));
  });
});

describe("luminance and contrast", () => {
  it("measures brightness on a 0–255 scale", () => {
    expect(luminance("#000")).toBe(0);
    expect(luminance("#fff")).toBeCloseTo(255, 6);
    expect(luminance("#037DBC")).toBeCloseTo(95.704, 3);
  });

  it("calls a colour light only above the threshold of 150", () => {
    expect(limits.colors.lightThreshold).toBe(150);
    expect(isLightColor("#ffffff")).toBe(true);
    expect(isLightColor("#f5f6f7")).toBe(true);
    expect(isLightColor("#037DBC")).toBe(false);
    expect(isLightColor("#323639")).toBe(false);
    expect(isLightColor("#969696")).toBe(false); // luminance 150 exactly
    expect(isLightColor("#979797")).toBe(true); // 151
  });

  it("picks white text on dark backgrounds and dark text on light ones", () => {
    expect(toHex(contrastingColor("#037DBC"))).toBe("#ffffff");
    expect(toHex(contrastingColor("#ffffff"))).toBe("#000000");
    expect(toHex(contrastingColor("#ffffff", { dark: "#222326" }))).toBe("#222326");
    expect(toHex(contrastingColor("#000", { light: "#eeeeee" }))).toBe("#eeeeee");
    expect(() => contrastingColor("nope")).toThrow(/Invalid colour/);
  });
});
