/** A record's `attributes` column (JSON text) as an object; anything else reads as `{}`. */
export function parseAttributes(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A post's raw body for quoting: rich formats as their parsed array of nodes, others as written. */
export function rawBodyOf(body: string, format: string): string | unknown[] {
  if (format !== "rich" && format !== "rich2") return body;
  try {
    const parsed: unknown = JSON.parse(body);
    return Array.isArray(parsed) ? parsed : body;
  } catch {
    return body;
  }
}

/** What a wiped post or message reads (a member deleted with deleteMethod `wipe`). */
export const wipedBody = { body: "<em>This content has been removed.</em>", format: "html" } as const;
