import type { FastifyInstance } from "fastify";
import { limits, type NavigationItem } from "@parley/contracts";
import { HttpError, notFound } from "../../platform/errors.ts";
import type { Platform } from "../../platform/context.ts";
import type { CategoriesService, CategoryDirectory } from "../categories/index.ts";
import type { CommentsService } from "../comments/index.ts";
import type { DiscussionsService } from "../discussions/index.ts";
import type { TagsService } from "../tags/index.ts";
import { layoutsRoutes } from "./layouts.routes.ts";
import { createLayoutsService, type LayoutsDeps, type LayoutsService } from "./layouts.service.ts";
import { botCheckWidget } from "@parley/contracts";
import { createTitleBars } from "./layouts.titlebar.ts";
import { createLayoutsRepo } from "./layouts.repo.ts";
import { createLayoutAssignments, createLayoutsManager } from "./layouts.manage.ts";
import { createCustomPageLayouts } from "./layouts.custom-pages.ts";
import { createFragmentImpls } from "../fragments/index.ts";

export type { LayoutsService };
export { createCustomPageLayouts, type CustomPageLayouts } from "./layouts.custom-pages.ts";
export { createFragmentViews } from "./layouts.fragment-views.ts";

/** Server-supplied layouts (spec §1, §2) and the operators' own (issue 38) under /api/v2/layouts. */
export async function registerLayouts(
  app: FastifyInstance,
  platform: Platform,
  deps: {
    categories: { service: CategoriesService; directory: CategoryDirectory };
    discussions: DiscussionsService;
    comments: CommentsService;
    tags: TagsService;
    /** The current theme's logo images, for the title bar. */
    themeLogo: () => Promise<{ imageUrl: string | null; imageUrlMobile: string | null }>;
    /** The site's active post types (none while the post types add-on is off). */
    sitePostTypes: LayoutsDeps["sitePostTypes"];
    /** The custom pages: the one a lookup names (if the viewer may see it), and those the title bar links. */
    customPages: {
      forPage: LayoutsDeps["customPage"];
      navigation: () => Promise<NavigationItem[]>;
    };
    sections?: LayoutsDeps["sections"];
  },
): Promise<LayoutsService> {
  const { categories, discussions, comments, tags, themeLogo, sitePostTypes, customPages } = deps;
  const customPageLayouts = createCustomPageLayouts(platform.db);
  const repo = createLayoutsRepo(platform.db);
  const assignments = createLayoutAssignments(repo, platform.contentChanges, platform.events);
  const service = createLayoutsService({
    siteConfig: platform.siteConfig,
    titleBars: createTitleBars(
      platform.siteConfig,
      platform.config.botCheck ? botCheckWidget(platform.config.botCheck) : null,
      themeLogo,
      () => customPages.navigation(),
    ),
    resolveCategory: async (idOrCode) => {
      try {
        const row = await categories.service.resolve(/^\d+$/.test(idOrCode) ? idOrCode : `$urlcode:${idOrCode}`);
        const entry = await categories.directory.get(row.categoryID);
        return { ...row, allowedDiscussionTypes: entry?.allowedDiscussionTypes ?? null };
      } catch (error) {
        throw error instanceof HttpError && error.status === 404 ? notFound("Category") : error;
      }
    },
    categoryExists: async (categoryID) => (await categories.directory.get(categoryID)) !== undefined,
    loadDiscussion: (discussionID, viewer) => discussions.loadShown(discussionID, viewer),
    locateComment: (commentID, context) => comments.locate(commentID, limits.pager.commentsPerPage, context),
    findTag: (idOrCode) => tags.find(idOrCode),
    ideaStatuses: () => discussions.ideaStatuses({}),
    sitePostTypes,
    assignedLayout: (viewType, categoryID) => assignments.find(viewType, categoryID),
    customPage: (recordType, recordID, viewer) => customPages.forPage(recordType, recordID, viewer),
    customPageLayout: (layoutID) => customPageLayouts.find(layoutID),
    fragmentImpl: createFragmentImpls(platform.db),
    ...(deps.sections ? { sections: deps.sections } : {}),
  });
  const manager = createLayoutsManager({
    db: platform.db,
    repo,
    clock: platform.clock,
    events: platform.events,
    pages: service,
    category: async (categoryID) => {
      const entry = await categories.directory.get(categoryID);
      return entry ? { name: entry.name, url: `/categories/${encodeURIComponent(entry.urlcode)}` } : null;
    },
  });
  await app.register(layoutsRoutes, { prefix: "/api/v2", manager });
  return service;
}
