import type { IncomingMessage } from "node:http";
import type { FastifyRequest } from "fastify";
import type { SiteSection, SiteSections } from "../site-sections.ts";

/** The section each request's address named (`/{folder}/…`), by its raw request (set before routing). */
const sectionOfRaw = new WeakMap<IncomingMessage, SiteSection>();

/**
 * Fastify's `rewriteUrl` for subcommunities (issue 40): `/{folder}/discussions?x` is routed as `/discussions?x` in
 * that section, `/{folder}` as `/`. Folders never take the API's, assets' or pages' own first segments
 * (contracts' `subcommunityFolderProblem`), so nothing else moves. `request.originalUrl` keeps the address asked.
 */
export function createSectionRouter(sections: () => SiteSections | null) {
  return (raw: IncomingMessage): string => {
    const url = raw.url ?? "/";
    const known = url.length > 1 && !url.startsWith("/api/") ? sections() : null;
    if (!known) return url;
    const end = url.slice(1).search(/[/?#]/);
    const folder = end === -1 ? url.slice(1) : url.slice(1, end + 1);
    const section = folder ? known.byFolder(folder) : undefined;
    if (!section) return url;
    sectionOfRaw.set(raw, section);
    const rest = url.slice(1 + folder.length);
    return rest.startsWith("/") ? rest : `/${rest}`;
  };
}

/** The section of a page or feed request: null on the whole site. */
export const siteSectionOf = (request: FastifyRequest): SiteSection | null => sectionOfRaw.get(request.raw) ?? null;
