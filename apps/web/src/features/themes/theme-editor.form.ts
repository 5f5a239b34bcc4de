import { parseColor, toHex, type Color } from "@parley/contracts/colors";
import {
  fontStackOf,
  fontStacks,
  themeCssProperties,
  themePalette,
  type FontStack,
  type ThemePalette,
} from "@parley/contracts/theme-css";
import { limits } from "@parley/contracts/limits";
import type { ButtonPreset, ButtonShape, Theme, ThemePatch, ThemePreset, ThemeVariables } from "@parley/contracts";

/**
 * The theme editor's form: its fields, read from a theme and from a posted form, and turned back into
 * the variables of a new revision. A colour left empty is not written: the preset's (or the rules of
 * spec §9) apply, as for the built-in themes.
 */

/** The colours the editor changes: the form field, the variable's path, the palette colour it resolves to. */
export const colorFields = [
  { name: "primary", path: ["global", "mainColors", "primary"], palette: "primary" },
  { name: "bg", path: ["global", "mainColors", "bg"], palette: "bg" },
  { name: "fg", path: ["global", "mainColors", "fg"], palette: "fg" },
  { name: "titleBarBg", path: ["titleBar", "colors", "bg"], palette: "titleBarBg" },
  { name: "titleBarFg", path: ["titleBar", "colors", "fg"], palette: "titleBarFg" },
  { name: "link", path: ["global", "links", "colors", "default"], palette: "link" },
] as const satisfies ReadonlyArray<{
  name: string;
  path: readonly string[];
  palette: keyof ThemePalette;
}>;

/**
 * The design fields besides the colours: each a text the form holds and the variable it writes (an empty
 * text removes the variable, so the default applies). Numbers are written as numbers.
 */
const designFields = [
  { name: "bodyFont", path: ["global", "fonts", "families", "body"], kind: "fontStack" },
  { name: "headingFont", path: ["global", "fonts", "families", "heading"], kind: "fontStack" },
  { name: "fontSize", path: ["global", "fonts", "sizes", "medium"], kind: "number" },
  { name: "radius", path: ["global", "border", "radius"], kind: "number" },
  { name: "buttonPreset", path: ["buttons", "preset"], kind: "text" },
  { name: "buttonShape", path: ["buttons", "shape"], kind: "text" },
  { name: "logoUrl", path: ["titleBar", "logo", "desktop", "url"], kind: "text" },
  { name: "logoUrlMobile", path: ["titleBar", "logo", "mobile", "url"], kind: "text" },
] as const satisfies ReadonlyArray<{ name: string; path: readonly string[]; kind: "fontStack" | "number" | "text" }>;

export type ColorFieldName = (typeof colorFields)[number]["name"];
type DesignFieldName = (typeof designFields)[number]["name"];
/** The assets the editor writes as text: the header and footer (HTML), styles (CSS), JavaScript, scripts (one address a line). */
const assetFields = ["header", "footer", "styles", "javascript", "scripts"] as const;
type AssetFieldName = (typeof assetFields)[number];
export type EditorFieldName = "name" | "revisionName" | "preset" | ColorFieldName | DesignFieldName | AssetFieldName;
export type ThemeEditorValues = Record<EditorFieldName, string>;

export const themePresets: readonly ThemePreset[] = ["light", "dark"];
/** The font stacks offered, in the order of the menu. */
export const fontStackNames = Object.keys(fontStacks) as FontStack[];
/** A font field's value for families that are none of the stacks: kept as they are. */
export const CUSTOM_FONT = "custom";
/** The button presets the editor offers ("advanced" and "hide" stay when a theme has them). */
export const buttonPresets: readonly ButtonPreset[] = ["solid", "outline", "transparent"];
export const buttonShapes: readonly ButtonShape[] = ["rounded", "square", "pill"];
/** The radius menu's named sizes, in pixels. */
export const radiusSizes = { none: 0, small: 3, medium: 6, large: 12 } as const;

/** The API's field names (422 errors) → the form's. */
export const editorFieldNames: Record<string, EditorFieldName> = {
  name: "name",
  revisionName: "revisionName",
  "assets.variables.data.global.options.preset": "preset",
  ...Object.fromEntries(
    [...colorFields, ...designFields].map((field) => [`assets.variables.data.${field.path.join(".")}`, field.name]),
  ),
  ...Object.fromEntries(assetFields.map((name) => [`assets.${name}.data`, name])),
  // A refused script address (`assets.scripts.data.2.url`) is the scripts field's error.
  ...Object.fromEntries(
    Array.from({ length: limits.themes.scriptsMaxItems + 1 }, (_, index) => [
      `assets.scripts.data.${index}.url`,
      "scripts",
    ]),
  ),
};

type Tree = Record<string, unknown>;

function readPath(tree: unknown, path: readonly string[]): unknown {
  let value = tree;
  for (const key of path) value = value && typeof value === "object" ? (value as Tree)[key] : undefined;
  return value;
}

/** Sets a value deep in a tree, making the objects on its way; undefined removes it (and makes none). */
function writePath(tree: Tree, path: readonly string[], value: unknown): void {
  let node = tree;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    const isObject = next && typeof next === "object" && !Array.isArray(next);
    if (!isObject && value === undefined) return;
    node = node[key] = isObject ? { ...(next as Tree) } : {};
  }
  const last = path[path.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
}

/** The form's values for a theme as saved: its name, a new revision's (empty) name, its preset and colours. */
export function editorValues(theme: Pick<Theme, "name" | "assets">): ThemeEditorValues {
  const { header, footer, styles, javascript, scripts } = theme.assets;
  const variables = theme.assets.variables.data ?? {};
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const values = {
    name: theme.name,
    revisionName: "",
    preset: readPath(variables, ["global", "options", "preset"]) === "dark" ? "dark" : "light",
  } as ThemeEditorValues;
  for (const field of colorFields) values[field.name] = text(readPath(variables, field.path));
  Object.assign(values, {
    header: header.data ?? "",
    footer: footer.data ?? "",
    styles: styles.data ?? "",
    javascript: javascript.data ?? "",
    scripts: (scripts.data ?? []).map((script) => script.url).join("\n"),
  });
  for (const field of designFields) {
    const value = readPath(variables, field.path);
    if (field.kind === "fontStack")
      values[field.name] = Array.isArray(value) && value.length ? (fontStackOf(value as string[]) ?? CUSTOM_FONT) : "";
    else values[field.name] = typeof value === "number" ? String(value) : text(value);
  }
  return values;
}

/** The editor's fields of a posted form (missing ones are empty). */
export function readEditorForm(form: FormData): ThemeEditorValues {
  const read = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = {
    name: read("name"),
    revisionName: read("revisionName"),
    preset: read("preset"),
  } as ThemeEditorValues;
  for (const field of colorFields) values[field.name] = read(field.name);
  for (const field of designFields) values[field.name] = read(field.name);
  for (const name of assetFields) values[name] = read(name);
  return values;
}

/**
 * The variables of a new revision: the theme's (`base`, everything the editor does not show kept) with
 * the form's preset and colours; an empty colour is removed, so the default applies.
 */
export function editorVariables(values: ThemeEditorValues, base: ThemeVariables = {}): ThemeVariables {
  const tree = structuredClone(base) as Tree;
  writePath(tree, ["global", "options", "preset"], values.preset === "dark" ? "dark" : "light");
  for (const field of colorFields) writePath(tree, field.path, values[field.name].trim() || undefined);
  for (const field of designFields) {
    const text = values[field.name].trim();
    // Families that are no stack stay as the theme has them.
    if (field.kind === "fontStack" && text === CUSTOM_FONT) continue;
    let value: unknown = text || undefined;
    if (text && field.kind === "fontStack") value = text in fontStacks ? [...fontStacks[text as FontStack]] : undefined;
    // A number the server checks (bounds, 400 naming the field); text that is not one goes as it is, refused.
    if (text && field.kind === "number") value = Number.isFinite(Number(text)) ? Number(text) : text;
    writePath(tree, field.path, value);
  }
  return tree;
}

/** `PATCH /themes/{id}` for a save: the name, the new revision's name (when given) and its variables. */
export function editorPatch(values: ThemeEditorValues, base: ThemeVariables = {}): ThemePatch {
  const revisionName = values.revisionName.trim();
  return {
    name: values.name.trim(),
    ...(revisionName ? { revisionName } : {}),
    assets: {
      variables: { data: editorVariables(values, base) },
      header: { data: values.header },
      footer: { data: values.footer },
      styles: { data: values.styles },
      javascript: { data: values.javascript },
      scripts: {
        data: values.scripts
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean)
          .map((url) => ({ url })),
      },
    },
  };
}

/** The colours the form's values resolve to (a colour not readable yet falls back, as on the site). */
export const editorPalette = (values: ThemeEditorValues, base: ThemeVariables = {}): ThemePalette =>
  themePalette(editorVariables(values, base));

/** The CSS custom properties the form's values make (the live preview wears them), as the site would. */
export const editorCssProperties = (values: ThemeEditorValues, base: ThemeVariables = {}): Record<string, string> =>
  themeCssProperties(editorVariables(values, base));

/** What `<input type="color">` shows for a field's text: its colour as `#rrggbb`, else the fallback's. */
export function pickerValue(text: string, fallback: Color): string {
  const color = parseColor(text.trim());
  return toHex(color ?? fallback);
}

/** Whether the form differs from the theme as saved (a new revision's name counts). */
export const hasUnsavedChanges = (values: ThemeEditorValues, saved: ThemeEditorValues): boolean =>
  (Object.keys(saved) as EditorFieldName[]).some((name) => values[name] !== saved[name]);
