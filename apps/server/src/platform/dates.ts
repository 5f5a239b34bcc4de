/** `2025-09-11T13:30:07.123Z`: the form every date is stored in (nowIso, PostgreSQL's type parser). */
const STORED = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** Any stored date → RFC 3339 with a numeric offset, as Vanilla writes it: `2025-09-11T13:30:07+00:00`. */
export function toRfc3339(value: string | Date): string {
  // The stored form needs no Date (a list presents a few dates per row: 3% of its CPU went here).
  if (typeof value === "string" && STORED.test(value)) return `${value.slice(0, 19)}+00:00`;
  const date = value instanceof Date ? value : new Date(value);
  return date.toISOString().replace(/\.\d{3}Z$/, "+00:00");
}

/** Now, as stored (ISO 8601 UTC). */
export const nowIso = () => new Date().toISOString();
