/**
 * Paths of the web app (apps/web/src/router.tsx) and the server that show a member's own things, forms, or
 * nothing worth indexing: search, signing in and registering, posting and editing, drafts, messages,
 * notifications, settings and preferences, the dashboard, moderation, the API.
 */
const privatePaths = [
  "/api/",
  "/entry/",
  "/search",
  "/post/",
  "/drafts",
  "/messages",
  "/profile/edit",
  "/profile/account",
  "/profile/privacy",
  "/profile/ignored",
  "/profile/notifications",
  "/profile/preferences",
  "/discussions/bookmarked",
  "/discussions/participated",
  "/discussions/mine",
  "/dashboard",
  "/log/",
  "/unsubscribe/",
  "/home/leaving",
  "/kb/articles/add",
  "/kb/articles/*/editor",
  "/group/add",
  "/group/*/edit",
];

/**
 * `/robots.txt`: the public forum allowed; the private paths disallowed, at the root and under each subcommunity's
 * folder (`sectionPaths`, every section's `/{folder}`: the same pages answer there); the administrator's own lines
 * (`seo.robotsAdditions`) after them; where the sitemap index is, then each subcommunity's that lists something
 * (`sitemapSectionPaths`). A forum guests cannot read disallows all.
 */
export function robotsTxt(options: {
  open: boolean;
  origin: string;
  additions: string;
  sectionPaths?: readonly string[];
  sitemapSectionPaths?: readonly string[];
}): string {
  const lines = ["User-agent: *"];
  if (options.open) {
    lines.push("Allow: /");
    for (const base of new Set(["", ...(options.sectionPaths ?? [])]))
      lines.push(...privatePaths.map((path) => `Disallow: ${base}${path}`));
  } else lines.push("Disallow: /");
  const additions = options.additions
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (additions.length) lines.push("", ...additions);
  if (options.open)
    lines.push(
      "",
      `Sitemap: ${options.origin}/sitemap.xml`,
      ...(options.sitemapSectionPaths ?? []).map((path) => `Sitemap: ${options.origin}${path}/sitemap.xml`),
    );
  return `${lines.join("\n")}\n`;
}
