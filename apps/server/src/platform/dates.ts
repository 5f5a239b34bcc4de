/** Any stored date → RFC 3339 with a numeric offset, as Vanilla writes it: `2025-09-11T13:30:07+00:00`. */
export function toRfc3339(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return date.toISOString().replace(/\.\d{3}Z$/, "+00:00");
}

/** Now, as stored (ISO 8601 UTC). */
export const nowIso = () => new Date().toISOString();
