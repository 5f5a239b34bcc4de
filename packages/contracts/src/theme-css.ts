import {
  contrastingColor,
  formatColor,
  isLightColor,
  lighten,
  mixColors,
  parseColor,
  shiftColor,
  type Color,
} from "./colors.ts";
import { limits } from "./limits.ts";
import type { ButtonPreset, ButtonShape, ThemePreset, ThemePreviewVariables, ThemeVariables } from "./themes.ts";

/**
 * A theme's variables as CSS custom properties: what the server writes into every page's head
 * (`<style id="theme-variables">:root{…}</style>`) and what `apps/web/src/ui/theme/theme.css` carries
 * as the fallback. The names are the ones the CSS modules use (`--color-primary`, `--border-radius`, …).
 */

/** Theme defaults of spec §9 that are not layout limits: fonts, borders, motion, and the two presets. */
export const themeDefaults = {
  fontFamily: "Open Sans",
  /** After the theme's families: the system fonts, then the generic family. */
  fontFallbacks: ["system-ui", "-apple-system", "Segoe UI", "Roboto", "Helvetica Neue", "Arial", "sans-serif"],
  fontSizes: { large: 16, medium: 14, small: 12, extraSmall: 10, subtitle: 18, title: 24, largeTitle: 32 },
  fontWeights: { normal: 400, semiBold: 600, bold: 700 },
  borderRadius: 6,
  borderWidth: 1,
  animation: "0.1s ease-out",
  spinnerDuration: "0.7s",
  skeletonDuration: "2s",
  presets: {
    light: { bg: "#ffffff", fg: "#222326" },
    dark: { bg: "#323639", fg: "#f3f4f5" },
  },
  /** Shares of the foreground mixed into the background for muted text, borders and surfaces. */
  mix: { muted: 0.75, border: 0.15, surface: 0.04 },
  /** How far hover and pressed states move from their colour (HSL lightness). */
  stateShift: 0.1,
  /** Error red on a dark background is lightened this much, to keep its contrast. */
  darkErrorLighten: 0.35,
} as const;

/**
 * The font stacks the theme editor offers (a theme's `global.fonts.families.body` / `.heading`): the bundled
 * Open Sans, or fonts the reader's system already has; no stack downloads anything.
 */
export const fontStacks = {
  openSans: ["Open Sans"],
  system: ["system-ui", "-apple-system", "Segoe UI", "Roboto", "Helvetica Neue", "Arial"],
  humanist: ["Seravek", "Gill Sans Nova", "Ubuntu", "Calibri", "DejaVu Sans", "Source Sans Pro"],
  serif: ["Charter", "Bitstream Charter", "Sitka Text", "Cambria", "Georgia", "DejaVu Serif", "serif"],
  monospace: ["ui-monospace", "Cascadia Code", "Menlo", "Consolas", "DejaVu Sans Mono", "monospace"],
} as const satisfies Record<string, readonly string[]>;
export type FontStack = keyof typeof fontStacks;

/** The stack a list of families is (compared name by name), or null for families set some other way. */
export function fontStackOf(families: readonly string[] | undefined): FontStack | null {
  if (!families?.length) return null;
  for (const [name, stack] of Object.entries(fontStacks) as Array<[FontStack, readonly string[]]>)
    if (stack.length === families.length && stack.every((family, index) => family === families[index])) return name;
  return null;
}

/** The radius of pill-shaped buttons: larger than any button is tall. */
export const PILL_RADIUS = 999;

/** A button radius for a shape: the theme's (or its own button radius) when rounded. */
export function buttonRadius(shape: ButtonShape | undefined, rounded: number): number {
  if (shape === "square") return 0;
  if (shape === "pill") return PILL_RADIUS;
  return rounded;
}

/**
 * Whether an image address may go into the page (a theme's logo): `https://…`, `http://…` or a path on
 * this site, with none of the characters that could end an HTML attribute or a CSS `url()`.
 */
export function isSafeImageUrl(value: string): boolean {
  return /^(https?:\/\/[^/\s]|\/(?!\/))[^\s"'`<>()\\]*$/.test(value) && value.length <= 500;
}

export interface ThemeCssOptions {
  /** Throw on an invalid colour instead of falling back to the default (checks of built-in themes). */
  strict?: boolean;
}

const GENERIC_FAMILIES = new Set([
  "serif",
  "sans-serif",
  "monospace",
  "cursive",
  "fantasy",
  "system-ui",
  "ui-serif",
  "ui-sans-serif",
  "ui-monospace",
  "ui-rounded",
]);

/** A font family as CSS: generic names and `-apple-system` bare, the rest quoted; unsafe characters dropped. */
function fontFamily(name: string): string | null {
  const clean = name.replace(/[^\p{L}\p{N} ._-]/gu, "").trim();
  if (!clean) return null;
  if (GENERIC_FAMILIES.has(clean.toLowerCase()) || clean.startsWith("-")) return clean;
  return `"${clean}"`;
}

const px = (value: number) => `${Math.round(value * 100) / 100}px`;

/** A theme's number, or the default when it is missing or not a finite, non-negative number. */
const size = (value: unknown, fallback: number) =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : fallback;

/** The resolved colours of a theme, before they become CSS text (also the theme preview's values). */
export interface ThemePalette {
  preset: ThemePreset;
  primary: Color;
  primaryDark: Color;
  primaryContrast: Color;
  error: Color;
  bg: Color;
  fg: Color;
  bodyBg: Color;
  muted: Color;
  border: Color;
  surface: Color;
  titleBarBg: Color;
  titleBarFg: Color;
  link: Color;
}

/** Resolves the colours of a theme: given values, else the preset's defaults and the rules of spec §9. */
export function themePalette(variables: ThemeVariables = {}, options: ThemeCssOptions = {}): ThemePalette {
  const read = (value: unknown, fallback: Color | string): Color => {
    if (typeof value === "string") {
      const color = parseColor(value, { strict: options.strict ?? false });
      if (color) return color;
    } else if (value !== undefined && options.strict) {
      throw new Error(`Invalid colour ${JSON.stringify(value)}: a colour is a string.`);
    }
    return typeof fallback === "string" ? parseColor(fallback, { strict: true })! : fallback;
  };
  const global = variables.global ?? {};
  const preset: ThemePreset = global.options?.preset === "dark" ? "dark" : "light";
  const presetColors = themeDefaults.presets[preset];
  const defaultPrimary =
    preset === "dark" ? lighten(limits.colors.primary, limits.colors.darkPrimaryLighten) : limits.colors.primary;
  const primary = read(global.mainColors?.primary, defaultPrimary);
  const bg = read(global.mainColors?.bg, presetColors.bg);
  const fg = read(global.mainColors?.fg, presetColors.fg);
  // Of the two main colours, the light one ("paper") and the dark one ("ink"): text on coloured
  // backgrounds takes whichever of them contrasts, by the luminance rule.
  const paper = isLightColor(bg) ? bg : fg;
  const ink = isLightColor(bg) ? fg : bg;
  const titleBarBg = read(variables.titleBar?.colors?.bg, primary);
  return {
    preset,
    primary,
    primaryDark: shiftColor(primary, themeDefaults.stateShift, bg),
    primaryContrast: contrastingColor(primary, { light: paper, dark: ink }),
    // Error red (spec §9) stays readable on a dark background.
    error: isLightColor(bg)
      ? parseColor(limits.colors.error, { strict: true })!
      : lighten(limits.colors.error, themeDefaults.darkErrorLighten),
    bg,
    fg,
    bodyBg: read(global.body?.backgroundImage?.color, bg),
    muted: mixColors(fg, bg, themeDefaults.mix.muted),
    border: read(global.border?.color, mixColors(fg, bg, themeDefaults.mix.border)),
    surface: mixColors(fg, bg, themeDefaults.mix.surface),
    titleBarBg,
    titleBarFg: read(variables.titleBar?.colors?.fg, contrastingColor(titleBarBg, { light: paper, dark: ink })),
    link: read(global.links?.colors?.default, primary),
  };
}

/** The preview colours of the theme record (reference §8: globalBg, globalFg, globalPrimary, titleBar…). */
export function themePreviewVariables(variables: ThemeVariables = {}): ThemePreviewVariables {
  const palette = themePalette(variables);
  return {
    globalBg: formatColor(palette.bg),
    globalFg: formatColor(palette.fg),
    globalPrimary: formatColor(palette.primary),
    titleBarBg: formatColor(palette.titleBarBg),
    titleBarFg: formatColor(palette.titleBarFg),
    backgroundImage: null,
  };
}

interface ButtonColorSet {
  bg: Color | "transparent";
  fg: Color;
  border: Color | "transparent";
}

/** Primary and standard button colours for a preset (spec §3): solid, outline, transparent, advanced, hide. */
function buttonColors(
  preset: ButtonPreset,
  palette: ThemePalette,
  overrides: NonNullable<ThemeVariables["buttons"]>,
  read: (value: unknown, fallback: Color) => Color,
): { primary: ButtonColorSet; standard: ButtonColorSet } {
  const solid = {
    primary: { bg: palette.primary, fg: palette.primaryContrast, border: palette.primary },
    standard: { bg: palette.bg, fg: palette.fg, border: palette.border },
  };
  switch (preset) {
    case "outline":
      return {
        primary: { bg: "transparent", fg: palette.primary, border: palette.primary },
        standard: { bg: "transparent", fg: palette.fg, border: palette.border },
      };
    case "transparent":
      return {
        primary: { bg: "transparent", fg: palette.primary, border: "transparent" },
        standard: { bg: "transparent", fg: palette.fg, border: "transparent" },
      };
    case "advanced": {
      // The theme's own button colours over the solid ones; the text contrasts with a custom background.
      const pick = (set: ButtonColorSet, given: { bg?: string; fg?: string; border?: string } | undefined) => {
        const bg = given?.bg === undefined ? set.bg : read(given.bg, set.bg as Color);
        const fg =
          given?.fg === undefined
            ? given?.bg === undefined || bg === "transparent"
              ? set.fg
              : contrastingColor(bg, { light: palette.primaryContrast, dark: palette.fg })
            : read(given.fg, set.fg);
        const border = given?.border === undefined ? bg : read(given.border, set.border as Color);
        return { bg, fg, border };
      };
      return { primary: pick(solid.primary, overrides.primary), standard: pick(solid.standard, overrides.standard) };
    }
    // "hide" only hides the preset choice in the theme editor; the buttons stay solid.
    default:
      return solid;
  }
}

/**
 * Every CSS custom property of a theme, by name (`--color-primary` → `#037dbc`): the theme's values
 * where it sets them, otherwise the defaults of spec §9; hover states and foregrounds on coloured
 * backgrounds are computed (mix/darken, and the luminance rule with its threshold of 150).
 */
export function themeCssProperties(
  variables: ThemeVariables = {},
  options: ThemeCssOptions = {},
): Record<string, string> {
  const palette = themePalette(variables, options);
  const read = (value: unknown, fallback: Color): Color =>
    (typeof value === "string" ? parseColor(value, { strict: options.strict ?? false }) : null) ?? fallback;
  const global = variables.global ?? {};
  const fonts = global.fonts ?? {};
  const sizes = variables.sizes ?? {};
  const breakpoints = variables.layout?.breakpoints ?? {};
  const color = (value: Color | "transparent") => (value === "transparent" ? value : formatColor(value));

  const familyList = (given: readonly string[]) =>
    [...given, themeDefaults.fontFamily, ...themeDefaults.fontFallbacks]
      .map(fontFamily)
      .filter((family): family is string => family !== null)
      .filter((family, index, all) => all.indexOf(family) === index)
      .join(", ");
  const bodyFamilies = fonts.families?.body ?? [];
  const fontSizes = themeDefaults.fontSizes;
  const radius = size(global.border?.radius, themeDefaults.borderRadius);
  const buttons = variables.buttons ?? {};
  const buttonSet = buttonColors(buttons.preset ?? "solid", palette, buttons, read);
  const hover = (value: Color | "transparent", fallback: Color) =>
    value === "transparent"
      ? formatColor(mixColors(fallback, palette.bg, 0.08))
      : formatColor(shiftColor(value, themeDefaults.stateShift, palette.bg));

  return {
    "color-scheme": palette.preset,
    "--color-primary": formatColor(palette.primary),
    "--color-primary-dark": formatColor(palette.primaryDark),
    "--color-primary-contrast": formatColor(palette.primaryContrast),
    "--color-error": formatColor(palette.error),
    "--color-link": formatColor(palette.link),
    "--color-link-hover": formatColor(shiftColor(palette.link, themeDefaults.stateShift, palette.bg)),
    "--color-bg": formatColor(palette.bg),
    "--color-fg": formatColor(palette.fg),
    "--color-body-bg": formatColor(palette.bodyBg),
    "--color-muted": formatColor(palette.muted),
    "--color-border": formatColor(palette.border),
    "--color-surface": formatColor(palette.surface),
    "--title-bar-bg": formatColor(palette.titleBarBg),
    "--title-bar-fg": formatColor(palette.titleBarFg),
    "--border-radius": px(radius),
    "--border-width": px(size(global.border?.width, themeDefaults.borderWidth)),
    "--font-family": familyList(bodyFamilies),
    "--font-family-heading": familyList(fonts.families?.heading ?? bodyFamilies),
    "--font-size-large": px(size(fonts.sizes?.large, fontSizes.large)),
    "--font-size-medium": px(size(fonts.sizes?.medium, fontSizes.medium)),
    "--font-size-small": px(size(fonts.sizes?.small, fontSizes.small)),
    "--font-size-extra-small": px(size(fonts.sizes?.extraSmall, fontSizes.extraSmall)),
    "--font-size-subtitle": px(size(fonts.sizes?.subtitle, fontSizes.subtitle)),
    "--font-size-title": px(size(fonts.sizes?.title, fontSizes.title)),
    "--font-size-large-title": px(size(fonts.sizes?.largeTitle, fontSizes.largeTitle)),
    "--font-weight-normal": String(themeDefaults.fontWeights.normal),
    "--font-weight-semibold": String(themeDefaults.fontWeights.semiBold),
    "--font-weight-bold": String(themeDefaults.fontWeights.bold),
    "--button-radius": px(buttonRadius(buttons.shape, size(buttons.radius, radius))),
    "--button-min-width": px(size(sizes.buttonMinWidth, limits.sizes.buttonMinWidth)),
    "--button-height": px(size(sizes.buttonHeight, limits.sizes.formElementHeight)),
    "--button-height-medium": px(limits.sizes.buttonMediumHeight),
    "--button-height-compact": px(limits.sizes.buttonCompactHeight),
    "--button-padding-x": px(limits.sizes.buttonPaddingX),
    "--button-primary-bg": color(buttonSet.primary.bg),
    "--button-primary-fg": color(buttonSet.primary.fg),
    "--button-primary-border": color(buttonSet.primary.border),
    "--button-primary-hover-bg": hover(buttonSet.primary.bg, palette.primary),
    "--button-standard-bg": color(buttonSet.standard.bg),
    "--button-standard-fg": color(buttonSet.standard.fg),
    "--button-standard-border": color(buttonSet.standard.border),
    "--button-standard-hover-bg": hover(buttonSet.standard.bg, palette.fg),
    "--form-element-height": px(size(sizes.formElementHeight, limits.sizes.formElementHeight)),
    "--form-element-max-width": px(limits.sizes.formElementMaxWidth),
    "--title-bar-height": px(size(sizes.titleBarHeight, limits.sizes.titleBarHeight)),
    "--title-bar-height-mobile": px(size(sizes.titleBarHeightMobile, limits.sizes.titleBarHeightMobile)),
    "--title-bar-z-index": String(limits.layout.titleBarZIndex),
    "--content-width": px(size(sizes.contentWidth, limits.layout.twoColumns)),
    "--gutter": px(size(sizes.gutter, limits.layout.gutterBase)),
    "--gutter-full": px(limits.layout.gutterFull),
    "--panel-width": px(limits.layout.panelWidth),
    "--middle-column-width": px(limits.layout.middleColumn),
    "--breakpoint-xs": px(size(breakpoints.xs, limits.layout.xs)),
    "--breakpoint-one-column": px(size(breakpoints.oneColumn, limits.layout.oneColumn)),
    "--breakpoint-compact": px(size(breakpoints.compact, limits.layout.compact)),
    "--breakpoint-two-columns": px(size(breakpoints.twoColumns, limits.layout.twoColumns)),
    "--animation": themeDefaults.animation,
    "--spinner-duration": themeDefaults.spinnerDuration,
    "--skeleton-duration": themeDefaults.skeletonDuration,
  };
}

/** The theme as one CSS rule, `:root{--color-primary:#037dbc;…}`, safe to inline in a `<style>` element. */
export function themeCssVariables(variables: ThemeVariables = {}, options: ThemeCssOptions = {}): string {
  const declarations = Object.entries(themeCssProperties(variables, options)).map(
    ([name, value]) => `${name}:${value}`,
  );
  return `:root{${declarations.join(";")}}`;
}
