import { limits } from "./limits.ts";

/**
 * Theme colours (spec §3 "Theme colour values", §5 "Colours"): hex with 3 or 6 digits, rgb(), rgba(),
 * hsl() and hsla(); mixing, lightening and darkening; the luminance rule that decides whether a colour
 * is light; serialising back to `#rrggbb` or `rgba(…)`. Used by the server (theme CSS in the page head)
 * and by the web app alike.
 */

/** A colour: red, green and blue from 0 to 255, alpha from 0 to 1. */
export interface Color {
  r: number;
  g: number;
  b: number;
  a: number;
}

export interface ParseColorOptions {
  /** Throw on invalid input instead of answering null (spec §5: "an invalid colour throws when strict"). */
  strict?: boolean;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const FUNCTION = /^(rgba?|hsla?)\(\s*([^()]*?)\s*\)$/i;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** A plain number or a percentage; `percentScale` is what 100% means. */
function readNumber(text: string, percentScale: number | null): number | null {
  const isPercent = text.endsWith("%");
  const body = isPercent ? text.slice(0, -1) : text;
  if (!NUMBER.test(body)) return null;
  const value = Number(body);
  if (!Number.isFinite(value)) return null;
  if (isPercent) return percentScale === null ? null : (value / 100) * percentScale;
  return value;
}

function readAlpha(text: string | undefined): number | null {
  if (text === undefined) return 1;
  const value = readNumber(text, 1);
  return value !== null && value >= 0 && value <= 1 ? value : null;
}

const HUE_UNITS: Record<string, number> = { deg: 1, grad: 0.9, rad: 180 / Math.PI, turn: 360 };

function readHue(text: string): number | null {
  const unit = /(deg|grad|rad|turn)$/i.exec(text)?.[1]?.toLowerCase();
  const value = readNumber(unit ? text.slice(0, -unit.length) : text, null);
  if (value === null) return null;
  const degrees = value * (unit ? HUE_UNITS[unit]! : 1);
  return ((degrees % 360) + 360) % 360;
}

/** The arguments of `rgb(1, 2, 3)`, `rgb(1 2 3 / 50%)`, `rgba(1, 2, 3, 0.5)`: three values and an optional alpha. */
function splitArguments(body: string): string[] | null {
  if (body.includes(",")) {
    const parts = body.split(",").map((part) => part.trim());
    return parts.length === 3 || parts.length === 4 ? parts : null;
  }
  const [main = "", alpha, ...rest] = body.split("/").map((part) => part.trim());
  if (rest.length) return null;
  const parts = main.split(/\s+/).filter(Boolean);
  if (parts.length !== 3) return null;
  if (alpha === undefined) return parts;
  return alpha ? [...parts, alpha] : null;
}

/** HSL (hue in degrees, saturation and lightness from 0 to 1) to RGB from 0 to 255. */
function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const c = s * Math.min(l, 1 - l);
  const f = (n: number) => l - c * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/** RGB (0–255) to HSL: hue in degrees, saturation and lightness from 0 to 1. */
export function toHsl(color: Color): { h: number; s: number; l: number } {
  const r = color.r / 255;
  const g = color.g / 255;
  const b = color.b / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { h: h * 60, s, l };
}

export function fromHsl(h: number, s: number, l: number, a = 1): Color {
  const [r, g, b] = hslToRgb(h, clamp01(s), clamp01(l));
  return { r, g, b, a };
}

function parseLoose(value: string): Color | null {
  const text = value.trim();
  const hex = HEX.exec(text)?.[1];
  if (hex) {
    const digits =
      hex.length === 3 ? [...hex].map((digit) => digit + digit) : [hex.slice(0, 2), hex.slice(2, 4), hex.slice(4, 6)];
    const [r, g, b] = digits.map((pair) => parseInt(pair, 16)) as [number, number, number];
    return { r, g, b, a: 1 };
  }
  const match = FUNCTION.exec(text);
  if (!match) return null;
  const name = match[1]!.toLowerCase();
  const parts = splitArguments(match[2]!);
  if (!parts) return null;
  const alpha = readAlpha(parts[3]);
  if (alpha === null) return null;
  if (name.startsWith("rgb")) {
    const channels = parts.slice(0, 3).map((part) => readNumber(part, 255));
    if (channels.some((channel) => channel === null || channel < 0 || channel > 255)) return null;
    const [r, g, b] = channels as [number, number, number];
    return { r, g, b, a: alpha };
  }
  const h = readHue(parts[0]!);
  // Saturation and lightness are percentages (a bare number is read as one, as browsers do).
  const [s, l] = parts.slice(1, 3).map((part) => readNumber(part.endsWith("%") ? part : `${part}%`, 1));
  if (h === null || s == null || l == null || s < 0 || s > 1 || l < 0 || l > 1) return null;
  return fromHsl(h, s, l, alpha);
}

/**
 * Reads a colour written as `#abc`, `#aabbcc`, `rgb()`, `rgba()`, `hsl()` or `hsla()` (comma or space
 * syntax, alpha as a number or percentage). Invalid input gives null, or throws when `strict`.
 */
export function parseColor(value: string, options: ParseColorOptions = {}): Color | null {
  const color = typeof value === "string" ? parseLoose(value) : null;
  if (!color && options.strict) {
    throw new Error(
      `Invalid colour ${JSON.stringify(value)}: use hex with 3 or 6 digits, rgb(), rgba(), hsl() or hsla().`,
    );
  }
  return color;
}

export const isValidColor = (value: string): boolean => parseColor(value) !== null;

/** Like `parseColor` with `strict`: the colour, or an Error. */
export const colorOf = (value: string | Color): Color =>
  typeof value === "string" ? parseColor(value, { strict: true })! : value;

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

const channel = (value: number) => Math.round(Math.min(255, Math.max(0, value)));

/** `#rrggbb` in lower case (alpha is dropped). */
export function toHex(color: Color | string): string {
  const { r, g, b } = colorOf(color);
  return `#${[r, g, b].map((value) => channel(value).toString(16).padStart(2, "0")).join("")}`;
}

/** `rgba(r, g, b, a)` with the alpha rounded to 3 decimals. */
export function toRgba(color: Color | string): string {
  const { r, g, b, a } = colorOf(color);
  return `rgba(${channel(r)}, ${channel(g)}, ${channel(b)}, ${Math.round(clamp01(a) * 1000) / 1000})`;
}

/** `#rrggbb` when opaque, `rgba(…)` otherwise: what goes into CSS. */
export const formatColor = (color: Color | string): string => (colorOf(color).a >= 1 ? toHex(color) : toRgba(color));

/**
 * Mixes two colours as Sass's `mix()` does: `weight` (0 to 1) is the share of `first`, and the
 * alpha difference shifts the balance towards the more opaque colour. Weights outside [0, 1] throw.
 */
export function mixColors(first: Color | string, second: Color | string, weight = 0.5): Color {
  if (!(weight >= 0 && weight <= 1)) throw new RangeError(`Colour mix weight must lie between 0 and 1, got ${weight}.`);
  const a = colorOf(first);
  const b = colorOf(second);
  const w = weight * 2 - 1;
  const alphaDelta = a.a - b.a;
  const combined = w * alphaDelta === -1 ? w : (w + alphaDelta) / (1 + w * alphaDelta);
  const w1 = (combined + 1) / 2;
  const w2 = 1 - w1;
  return {
    r: a.r * w1 + b.r * w2,
    g: a.g * w1 + b.g * w2,
    b: a.b * w1 + b.b * w2,
    a: a.a * weight + b.a * (1 - weight),
  };
}

function checkAmount(amount: number): void {
  if (!(amount >= 0 && amount <= 1)) throw new RangeError(`Colour amount must lie between 0 and 1, got ${amount}.`);
}

/** Raises HSL lightness by `amount` (a fraction: 0.25 adds 25 points), capped at white. */
export function lighten(color: Color | string, amount: number): Color {
  checkAmount(amount);
  const parsed = colorOf(color);
  const { h, s, l } = toHsl(parsed);
  return fromHsl(h, s, l + amount, parsed.a);
}

/** Lowers HSL lightness by `amount` (a fraction), floored at black. */
export function darken(color: Color | string, amount: number): Color {
  checkAmount(amount);
  const parsed = colorOf(color);
  const { h, s, l } = toHsl(parsed);
  return fromHsl(h, s, l - amount, parsed.a);
}

/** The colour with another alpha. */
export function withAlpha(color: Color | string, alpha: number): Color {
  checkAmount(alpha);
  return { ...colorOf(color), a: alpha };
}

/** Perceived brightness on a 0–255 scale (YIQ weights: 0.299 R + 0.587 G + 0.114 B). */
export function luminance(color: Color | string): number {
  const { r, g, b } = colorOf(color);
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** Light when the luminance is above the threshold of spec §9 (150). */
export const isLightColor = (color: Color | string): boolean => luminance(color) > limits.colors.lightThreshold;

/**
 * The foreground for text on `background`: `dark` on a light background, `light` on a dark one
 * (defaults black and white).
 */
export function contrastingColor(
  background: Color | string,
  options: { light?: Color | string; dark?: Color | string } = {},
): Color {
  return colorOf(isLightColor(background) ? (options.dark ?? "#000000") : (options.light ?? "#ffffff"));
}

/**
 * Moves a colour away from the background's brightness: darker on a light background, lighter on a
 * dark one (hover and pressed states that stay visible in both presets).
 */
export function shiftColor(color: Color | string, amount: number, background: Color | string = color): Color {
  return isLightColor(background) ? darken(color, amount) : lighten(color, amount);
}
