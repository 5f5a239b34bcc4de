import {
  limits,
  type FieldError,
  type ThemePatch,
  type ThemeScript,
  type ThemeTextAssetName,
  type ThemeVariables,
} from "@parley/contracts";
import { fieldError, validationFailed } from "../../platform/errors.ts";
import { sanitizeSiteHtml } from "../../platform/render/index.ts";

/**
 * A theme revision's assets besides its variables (Vanilla's `dashboard-themes.yml`): the custom header and
 * footer (HTML, sanitised when saved), the styles (CSS, served as a stylesheet of its own), the JavaScript and the
 * scripts' addresses (in pages only while `themes.allowCustomScripts` is on).
 */
export interface ThemeAssets {
  header: string;
  footer: string;
  styles: string;
  javascript: string;
  scripts: ThemeScript[];
}

export const emptyAssets = (): ThemeAssets => ({ header: "", footer: "", styles: "", javascript: "", scripts: [] });

/** Every asset's name, the extension of its raw file and that file's content type. */
export const assetFiles = {
  header: { extension: "html", type: "html", contentType: "text/html" },
  footer: { extension: "html", type: "html", contentType: "text/html" },
  styles: { extension: "css", type: "css", contentType: "text/css" },
  javascript: { extension: "js", type: "js", contentType: "application/javascript" },
  scripts: { extension: "json", type: "json", contentType: "application/json" },
  variables: { extension: "json", type: "json", contentType: "application/json" },
} as const;
export type ThemeAssetName = keyof typeof assetFiles;

/** `expand` values that ask for an asset's data (`css.data` is Vanilla's other name for the styles'). */
export const expandsAsset = (expand: string[] | undefined, name: ThemeAssetName) =>
  (expand ?? []).some(
    (value) =>
      value === "all" || value === "true" || value === `${name}.data` || (name === "styles" && value === "css.data"),
  );

/** A revision's stored scripts (JSON), or none when the column holds anything else. */
export function parseScripts(json: string): ThemeScript[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed)
      ? parsed.flatMap((item) =>
          item && typeof item === "object" && typeof (item as ThemeScript).url === "string"
            ? [{ url: (item as ThemeScript).url }]
            : [],
        )
      : [];
  } catch {
    return [];
  }
}

/**
 * A script's address as a page may load it and the Content-Security-Policy may name it: https, no credentials,
 * and none of the characters that would end a CSP source or an HTML attribute.
 */
function isSafeScriptUrl(url: string): boolean {
  if (url.length > limits.themes.scriptUrlMaxLength || /[\s;,'"<>\\`]/.test(url) || !URL.canParse(url)) return false;
  const parsed = new URL(url);
  return parsed.protocol === "https:" && !parsed.username && !parsed.password && parsed.hostname !== "";
}

const maxLengths: Record<ThemeTextAssetName, number> = {
  header: limits.themes.htmlAssetMaxLength,
  footer: limits.themes.htmlAssetMaxLength,
  styles: limits.themes.stylesMaxLength,
  javascript: limits.themes.javascriptMaxLength,
};

/**
 * The assets a POST or PATCH writes, checked (one 422 naming every asset too long or script address refused)
 * and the header and footer sanitised; the ones it leaves out are absent.
 */
export function assetsToWrite(input: ThemePatch["assets"], origin: string): Partial<ThemeAssets> {
  const errors: FieldError[] = [];
  const out: Partial<ThemeAssets> = {};
  for (const name of ["header", "footer", "styles", "javascript"] as const) {
    const data = input?.[name]?.data;
    if (data === undefined) continue;
    if (data.length > maxLengths[name])
      errors.push(
        fieldError(
          `assets.${name}.data`,
          "maxLength",
          `The ${name} is ${data.length.toLocaleString("en")} characters long: the most is ${maxLengths[name].toLocaleString("en")}.`,
          422,
        ),
      );
    else out[name] = name === "header" || name === "footer" ? sanitizeSiteHtml(data, origin).trim() : data;
  }
  const scripts = input?.scripts?.data;
  if (scripts !== undefined) {
    if (scripts.length > limits.themes.scriptsMaxItems)
      errors.push(
        fieldError(
          "assets.scripts.data",
          "maxItems",
          `A theme lists at most ${limits.themes.scriptsMaxItems} scripts.`,
          422,
        ),
      );
    scripts.forEach((script, index) => {
      if (!isSafeScriptUrl(script.url.trim()))
        errors.push(
          fieldError(
            `assets.scripts.data.${index}.url`,
            "invalid",
            "Use an https:// address without spaces, quotes, commas or semicolons.",
            422,
          ),
        );
    });
    out.scripts = scripts.map((script) => ({ url: script.url.trim() }));
  }
  if (errors.length) throw validationFailed(errors);
  return out;
}

/** The columns of a new revision: the base revision's assets with the ones written. */
export const revisionColumns = (base: ThemeAssets, written: Partial<ThemeAssets>, variables: ThemeVariables) => {
  const assets = { ...base, ...written };
  return { ...assets, scripts: JSON.stringify(assets.scripts), variables: JSON.stringify(variables) };
};
