const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

const SPECIAL = /[&<>"']/;
const SPECIALS = /[&<>"']/g;

/** Text or an attribute value, escaped for HTML (most text has nothing to escape: returned as it is). */
export function escapeHtml(value: string): string {
  return SPECIAL.test(value) ? value.replace(SPECIALS, (character) => HTML_ESCAPES[character]!) : value;
}
