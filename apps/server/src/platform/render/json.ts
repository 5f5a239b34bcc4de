/** Reading rich (Quill) and rich2 (Slate) JSON without trusting any of it. */
import { escapeHtml } from "./escape.ts";

/** What an unreadable rich post shows (reference §11.1: never an error on read). */
export const RICH_ERROR_HTML = "<p>There was an error rendering this rich post.</p>";

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const stringOf = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** The body's JSON array, or null when it is not one. */
export function parseJsonArray(body: string): unknown[] | null {
  try {
    const value: unknown = JSON.parse(body);
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/** A positive integer (or its digits), else undefined: for user ids, cell spans and image sizes. */
export function positiveInteger(value: unknown, max = 1_000_000_000): number | undefined {
  const number = typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof number === "number" && Number.isInteger(number) && number > 0 && number <= max ? number : undefined;
}

/** Link card for an embed (never an iframe); images show as images. */
export function embedHtml(data: JsonObject, fallbackUrl: string | undefined, inLink: boolean): string {
  const url = stringOf(data.url) ?? fallbackUrl;
  if (!url) return "";
  const name = stringOf(data.name) ?? "";
  if (data.embedType === "image") {
    const width = positiveInteger(data.width, 10_000);
    const height = positiveInteger(data.height, 10_000);
    const size = (width ? ` width="${width}"` : "") + (height ? ` height="${height}"` : "");
    return `<img src="${escapeHtml(url)}" alt="${escapeHtml(name)}"${size}>`;
  }
  const label = escapeHtml(name || url);
  return inLink ? label : `<a href="${escapeHtml(url)}" class="embedLink">${label}</a>`;
}
