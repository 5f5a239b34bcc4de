/** Navigation helpers both sides use. Free of TypeBox, so the browser bundle can import it. */

/**
 * Navigation URLs (spec §2): absolute (`https://…`, `mailto:…`, `//host/…`), root-relative (`/x`)
 * or '~' URLs are kept as they are; anything else gets a leading slash (`discussions` → `/discussions`).
 */
export function normalizeNavigationUrl(url: string): string {
  const trimmed = url.trim();
  if (/^[a-z][a-z\d+.-]*:/i.test(trimmed) || trimmed.startsWith("/") || trimmed.startsWith("~")) return trimmed;
  return `/${trimmed}`;
}

/**
 * The default navigation (spec §2): Posts, then Categories; then the knowledge base and the groups, which
 * their modules add (spec §3: "other modules can add entries") for those who may read them.
 */
export const defaultNavigationItems = [
  { id: "builtin-discussions", name: "Posts", url: "/discussions" },
  { id: "builtin-categories", name: "Categories", url: "/categories" },
  { id: "builtin-knowledge-base", name: "Knowledge Base", url: "/kb", permission: "kb.view" },
  { id: "builtin-groups", name: "Groups", url: "/groups", permission: "discussions.view" },
] as const;
