import { parseColor, toHex, type Color } from "@parley/contracts/colors";
import { themePalette, type ThemePalette } from "@parley/contracts/theme-css";
import type { Theme, ThemePatch, ThemePreset, ThemeVariables } from "@parley/contracts";

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
] as const satisfies ReadonlyArray<{
  name: string;
  path: readonly string[];
  palette: keyof ThemePalette;
}>;

export type ColorFieldName = (typeof colorFields)[number]["name"];
export type EditorFieldName = "name" | "revisionName" | "preset" | ColorFieldName;
export type ThemeEditorValues = Record<EditorFieldName, string>;

export const themePresets: readonly ThemePreset[] = ["light", "dark"];

/** The API's field names (422 errors) → the form's. */
export const editorFieldNames: Record<string, EditorFieldName> = {
  name: "name",
  revisionName: "revisionName",
  "assets.variables.data.global.options.preset": "preset",
  ...Object.fromEntries(colorFields.map((field) => [`assets.variables.data.${field.path.join(".")}`, field.name])),
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
  const variables = theme.assets.variables.data ?? {};
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const values = {
    name: theme.name,
    revisionName: "",
    preset: readPath(variables, ["global", "options", "preset"]) === "dark" ? "dark" : "light",
  } as ThemeEditorValues;
  for (const field of colorFields) values[field.name] = text(readPath(variables, field.path));
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
  return tree;
}

/** `PATCH /themes/{id}` for a save: the name, the new revision's name (when given) and its variables. */
export function editorPatch(values: ThemeEditorValues, base: ThemeVariables = {}): ThemePatch {
  const revisionName = values.revisionName.trim();
  return {
    name: values.name.trim(),
    ...(revisionName ? { revisionName } : {}),
    assets: { variables: { data: editorVariables(values, base) } },
  };
}

/** The colours the form's values resolve to (a colour not readable yet falls back, as on the site). */
export const editorPalette = (values: ThemeEditorValues, base: ThemeVariables = {}): ThemePalette =>
  themePalette(editorVariables(values, base));

/** What `<input type="color">` shows for a field's text: its colour as `#rrggbb`, else the fallback's. */
export function pickerValue(text: string, fallback: Color): string {
  const color = parseColor(text.trim());
  return toHex(color ?? fallback);
}

/** Whether the form differs from the theme as saved (a new revision's name counts). */
export const hasUnsavedChanges = (values: ThemeEditorValues, saved: ThemeEditorValues): boolean =>
  (Object.keys(saved) as EditorFieldName[]).some((name) => values[name] !== saved[name]);
